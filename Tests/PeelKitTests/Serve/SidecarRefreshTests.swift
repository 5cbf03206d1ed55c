import Foundation
import Testing
@testable import PeelKit

/// `peel serve`'s quick answer to an edited sidecar makes exactly the pages and findings a whole
/// build of the edited content makes, and leaves every other change to the whole build.
@Suite struct SidecarRefreshTests {
    typealias Workspace = IncrementalBuildTests.Workspace

    /// The sample catalog (three languages) built as serve builds it, with what serve keeps.
    private func served() async throws -> (Workspace, ServedSite, SidecarRefresh) {
        let workspace = try Workspace()
        let (_, served) = try await SiteBuilder(options: BuildOptions(content: workspace.content, output: workspace.site))
            .buildKeepingReview()
        let refresh = SidecarRefresh(content: ContentPath(root: workspace.content), site: workspace.site)
        return (workspace, try #require(served), refresh)
    }

    private func path(_ workspace: Workspace, _ file: String) -> String {
        ContentPath(root: workspace.content).root.path + "/" + file
    }

    private func edit(_ workspace: Workspace, _ file: String, _ change: (String) -> String) throws {
        let url = workspace.content.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let edited = change(text)
        #expect(edited != text, "the edit changes \(file)")
        try Data(edited.utf8).write(to: url)
    }

    /// Every page the answer wrote is byte for byte the page a whole build from scratch writes, and
    /// its findings are that build's.
    private func expectSameAsWholeBuild(_ workspace: Workspace, _ result: SidecarRefresh.Result) async throws {
        let fresh = workspace.folder.url.appendingPathComponent("fresh")
        let report = try await SiteBuilder(options: BuildOptions(content: workspace.content, output: fresh, useCache: false)).build()
        for path in result.written.keys.sorted() {
            let quick = try String(contentsOf: workspace.site.appendingPathComponent(path), encoding: .utf8)
            let whole = try String(contentsOf: fresh.appendingPathComponent(path), encoding: .utf8)
            // The pack zip holds the labels (and leaves out rejected stickers), and only the whole
            // build makes it again: the size its link shows is the one thing that may differ.
            #expect(Self.withoutZipSize(quick) == Self.withoutZipSize(whole), "\(path) is what a whole build writes")
        }
        #expect(result.served.review.findings == report.findings)
        // The pages it did not write are the same in both, so the served site is the whole build's
        // but for the review page, its CSV, catalog.json and the pack zip, which the whole build after it makes.
        let left = Set(["review/index.html", "review/labels.csv", "catalog.json"])
        let served = SiteBuilderTests.snapshot(workspace.site)
        for (path, bytes) in SiteBuilderTests.snapshot(fresh) where result.written[path] == nil && !left.contains(path)
            && !path.hasSuffix(".zip") && !path.hasPrefix(".peel") {
            #expect(served[path] == bytes, "\(path) needs no change")
        }
    }

    /// A page with its pack zip's download links (whose texts name the zip's size: the pack's and
    /// the readiness table's) taken out.
    static func withoutZipSize(_ html: String) -> String {
        html.replacingOccurrences(of: #"<a class="(button|readiness-download)" href="[^"]*\.zip" download>[^<]*</a>"#, with: "", options: .regularExpression)
    }

    @Test func aLabelEditRewritesItsPagesInEveryLanguageAsAWholeBuildWould() async throws {
        let (workspace, served, refresh) = try await served()
        try edit(workspace, "weather/rainbow.md") {
            $0.replacingOccurrences(of: "alt: Rainbow arc", with: "alt: Rainbow curve")
        }
        let result = try #require(try refresh.apply([path(workspace, "weather/rainbow.md")], to: served))
        let written = Set(result.written.keys)
        #expect(written.contains("weather/rainbow/index.html"))
        #expect(written.contains("weather/index.html"), "the pack page shows every label")
        // Arabic has no rainbow label, so its page falls back to the English one; French one is now stale.
        #expect(written.contains("ar/weather/rainbow/index.html"))
        #expect(written.contains("fr/weather/rainbow/index.html"))
        #expect(!written.contains { $0.hasPrefix("weather/sun/") }, "a sticker the edit does not touch is left alone")
        #expect(result.served.review.catalog.packs.flatMap(\.stickers).contains { $0.alt?.hasPrefix("Rainbow curve") == true })
        try await expectSameAsWholeBuild(workspace, result)
    }

    @Test func aDescriptionEditPointsItsLinksAtTheSiteAsAWholeBuildWould() async throws {
        let (workspace, served, refresh) = try await served()
        try edit(workspace, "weather/rainbow.md") { $0 + "\nAfter [the sun](sun.md) comes ![nothing](gone.png).\n" }
        let result = try #require(try refresh.apply([path(workspace, "weather/rainbow.md")], to: served))
        let page = try String(contentsOf: workspace.site.appendingPathComponent("weather/rainbow/index.html"), encoding: .utf8)
        #expect(page.contains("After <a href=\"../sun/index.html\">the sun</a> comes nothing."))
        #expect(result.served.review.findings.contains { $0.code == .brokenLink && $0.file == "weather/rainbow.md" })
        try await expectSameAsWholeBuild(workspace, result)
    }

    @Test func aTitleEditRewritesTheNeighboursThatLinkToIt() async throws {
        let (workspace, served, refresh) = try await served()
        try edit(workspace, "weather/moon.md") {
            $0.replacingOccurrences(of: #"(?m)^title:.*$"#, with: "title: Crescent", options: .regularExpression)
        }
        let result = try #require(try refresh.apply([path(workspace, "weather/moon.md")], to: served))
        #expect(result.written.keys.contains("weather/moon/index.html"))
        try await expectSameAsWholeBuild(workspace, result)
    }

    @Test func aTranslationEditAndAnInvalidLabelGiveTheWholeBuildsFindings() async throws {
        let (workspace, served, refresh) = try await served()
        try edit(workspace, "weather/rainbow.fr.md") {
            $0.replacingOccurrences(of: "translated_from: Rainbow arc in six colours",
                                    with: "translated_from: Rainbow arc in red, orange, yellow, green, blue and purple")
        }
        try edit(workspace, "weather/sun.md") {
            $0.replacingOccurrences(of: #"(?m)^alt:.*$"#, with: "alt: sun.png", options: .regularExpression)
        }
        let staleBefore = served.review.findings.filter { $0.code == .staleTranslation && $0.file == "weather/rainbow.fr.md" }
        #expect(!staleBefore.isEmpty, "the sample's French rainbow is out of date")
        let result = try #require(try refresh.apply([path(workspace, "weather/rainbow.fr.md"), path(workspace, "weather/sun.md")],
                                                    to: served))
        let findings = result.served.review.findings
        #expect(!findings.contains { $0.code == .staleTranslation && $0.file == "weather/rainbow.fr.md" })
        #expect(findings.contains { $0.sticker == "weather/sun.png" && $0.severity == .error }, "a file name is no label")
        #expect(result.written.keys.contains("fr/weather/rainbow/index.html"))
        try await expectSameAsWholeBuild(workspace, result)
    }

    @Test func anythingButAnEditedStickerSidecarIsLeftToTheWholeBuild() async throws {
        let (workspace, served, refresh) = try await served()
        // An image, a pack.md, site.md and a template are not sidecars.
        for file in ["weather/sun.png", "weather/pack.md", "site.md", "weather/pack.fr.md"] {
            #expect(try refresh.apply([path(workspace, file)], to: served) == nil, "\(file)")
        }
        // A sidecar with an image edit beside it.
        #expect(try refresh.apply([path(workspace, "weather/sun.md"), path(workspace, "weather/sun.png")], to: served) == nil)
        // A new translation file, and a sidecar that was removed.
        try Data("---\nalt: Tornade\n---\n".utf8).write(to: workspace.content.appendingPathComponent("weather/tornado.fr.md"))
        #expect(try refresh.apply([path(workspace, "weather/tornado.fr.md")], to: served) == nil)
        try FileManager.default.removeItem(at: workspace.content.appendingPathComponent("weather/moon.md"))
        #expect(try refresh.apply([path(workspace, "weather/moon.md")], to: served) == nil)
        // A sticker moved by `order:`: slugs and neighbours may all change.
        try edit(workspace, "weather/rainbow.md") { $0.replacingOccurrences(of: "order: 7", with: "order: 1") }
        #expect(try refresh.apply([path(workspace, "weather/rainbow.md")], to: served) == nil)
        // A path outside the content folder (a --templates folder).
        #expect(try refresh.apply(["/tmp/templates/pack.html"], to: served) == nil)
    }

    @Test func anEditThatChangesNoPageWritesNothing() async throws {
        let (workspace, served, refresh) = try await served()
        try edit(workspace, "weather/sun.md") { $0 + "\n" }
        let before = IncrementalBuildTests.inodes(workspace.site)
        let result = try #require(try refresh.apply([path(workspace, "weather/sun.md")], to: served))
        #expect(result.written.isEmpty)
        #expect(IncrementalBuildTests.inodes(workspace.site) == before)
    }
}
