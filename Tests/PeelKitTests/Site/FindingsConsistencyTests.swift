import Foundation
import Testing
@testable import PeelKit

/// One list of findings feeds the terminal, the review page and catalog.json: the counts agree,
/// and a finding no sticker page shows (a `.bmp`, a pack without pack.md) is on the review page.
@Suite struct FindingsConsistencyTests {
    let cli = CLITests()

    /// The planted-problem catalog plus a `.bmp` sticker with its sidecar (a catalog-level error).
    func catalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try ProblemCatalog.make(in: folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/problems/bitmap.bmp")
        try folder.write("---\nalt: A bitmap cat\n---\n", to: "content/problems/bitmap.md")
        return folder
    }

    @Test func terminalReviewPageAndCatalogJSONCountTheSameFindings() throws {
        let folder = try catalog()
        let build = try cli.run(["build", "content", "-o", "site"], in: folder.url, environment: ["CI": "true"])
        #expect(build.status == 1)
        let summary = try #require(build.stdout.firstMatch(of: /Built (\d+) packs?, (\d+) stickers?, (\d+) warnings?, (\d+) errors?/))
        let (warnings, errors) = (Int(summary.3)!, Int(summary.4)!)

        let check = try cli.run(["check", "content", "--no-art-checks"], in: folder.url, environment: ["CI": "true"])  // a plain build runs no art checks
        #expect(check.stdout.contains(": \(errors) errors, \(warnings) warnings"), "check and build agree: \(check.stdout)")

        let page = try folder.read("site/review/index.html")
        let line = try #require(page.firstMatch(of: /<p class="review-summary">([^<]*)<\/p>/))
        #expect(line.1.hasSuffix(": \(errors) errors, \(warnings) warnings, 1 silenced"), "\(line.1)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(folder.read("site/catalog.json").utf8)) as? [String: Any])
        let counts = try #require(json["summary"] as? [String: Any])
        #expect(counts["errors"] as? Int == errors)
        #expect(counts["warnings"] as? Int == warnings)
        let findings = try #require(json["findings"] as? [[String: Any]])
        let counted = findings.filter { $0["suppressed"] as? Bool == false }
        #expect(counted.filter { $0["severity"] as? String == "error" }.count == errors)
        #expect(counted.filter { $0["severity"] as? String == "warning" }.count == warnings)
    }

    @Test func findingsWithoutAStickerPageAreOnTheReviewPage() async throws {
        let folder = try catalog()
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        let page = try folder.read("site/review/index.html")
        let section = try #require(page.range(of: "<h2 id=\"catalog-findings-heading\">Catalog findings</h2>"))
        let list = page[section.upperBound...].prefix { _ in true }
        #expect(list.contains("problems/bitmap.bmp</span> <span class=\"badge badge-error\">error</span> <code>unsupported-format</code>"))
        #expect(list.contains("no-pack-file</span> <span class=\"badge badge-error\">error</span> <code>missing-pack-file</code>"))
        // Every finding is on some page: a sticker's row or the catalog section.
        let stickers = Set(report.findings.compactMap(\.sticker))
        for finding in report.findings where !page.contains("<code>\(finding.code.rawValue)</code>") {
            Issue.record("\(finding.formatted) is on no page (stickers: \(stickers.count))")
        }
    }

    @Test func aSkippedImageIsReportedOnceNotAlsoAsAnOrphanSidecar() throws {
        let folder = try catalog()
        let (_, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        let bitmap = findings.filter { $0.file.hasPrefix("problems/bitmap.") }
        #expect(bitmap.map(\.code) == [.unsupportedFormat], "\(bitmap)")
    }

    @Test func countsUseTheRightPlural() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/p/cat.md")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        let home = try folder.read("site/index.html")
        #expect(home.contains("Packs <span class=\"count\">1 sticker</span>"), "not '1 stickers'")
    }
}

/// What a sticker page and a pack page say when something is left out or cannot be read.
@Suite struct SitePageNotesTests {
    @Test func thePackPageNamesTheStickersTheZipLeavesOut() async throws {
        let folder = try TemporaryFolder()
        let content = try ProblemCatalog.make(in: folder)
        let report = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        let page = try folder.read("site/problems/index.html")
        let note = try #require(page.firstMatch(of: /<p class="hint download-note">([^<]*)<\/p>/))
        let omitted = ArchiveOmission.of(pack: "problems", in: report.findings)
        #expect(omitted.count >= 10, "\(omitted)")
        #expect(note.1.hasPrefix("Its Stickers.xcstickers leaves out \(omitted.count) stickers with errors: "))
        for sticker in omitted { #expect(note.1.contains(sticker.described(as: sticker.fileName))) }
        #expect(note.1.contains("tiny.png (size-out-of-range)"))
        #expect(note.1.contains("heavy.png (file-too-large)"))
        // The zip's catalog really leaves exactly those out.
        let zip = try Data(contentsOf: folder.url.appendingPathComponent("site/problems/problems.zip"))
        let names = String(decoding: zip, as: UTF8.self)
        #expect(!names.contains("tiny.sticker/"))
        #expect(names.contains("clean-cat.sticker/"))
        #expect(ArchiveOmission.summary(report.archiveOmissions)?.hasPrefix("The pack downloads leave \(omitted.count) stickers with errors out of Stickers.xcstickers: problems/") == true)
        let clean = try folder.read("site/iconic/index.html")
        #expect(!clean.contains("download-note"), "a pack whose zip is whole says nothing")
    }

    @Test func aStickerWhoseFrontMatterCannotBeReadSaysSo() async throws {
        let folder = try TemporaryFolder()
        let content = try ProblemCatalog.make(in: folder)
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        let page = try folder.read("site/problems/bad-yaml/index.html")
        #expect(page.contains("The sidecar's front matter could not be read"), "not 'No label yet'")
        #expect(page.contains("<code>problems/bad-yaml.md:3</code>"))
        #expect(!page.contains("No label yet"))
        let missing = try folder.read("site/problems/empty-alt/index.html")
        #expect(missing.contains("No label yet"), "a readable sidecar without a label still says so")
    }
}
