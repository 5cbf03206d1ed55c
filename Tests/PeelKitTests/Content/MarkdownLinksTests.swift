import Foundation
import Testing
@testable import PeelKit

/// Relative links and images in Markdown point at what the site publishes, from every page that
/// shows them (see `MarkdownLinks`); links to nothing published are `broken-link` findings.
@Suite struct MarkdownLinksTests {
    /// A pack `faces` of two stickers, `grin` and `cool`; `texts` adds or replaces files by path.
    private func catalog(_ texts: [String: String] = [:]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        var files = [
            "content/site.md": "---\ntitle: Stickers\n---\n",
            "content/faces/pack.md": "---\ntitle: Faces\n---\nSee ![the grin](grin.png) and [the other one](cool.png).\n",
            "content/faces/grin.md": "---\nalt: Yellow face with a wide grin\n---\nCompare with ![cool](cool.png).\n",
            "content/faces/cool.md": "---\nalt: Smiling face wearing sunglasses\n---\n",
        ]
        files.merge(texts) { $1 }
        for (path, text) in files { try folder.write(text, to: path) }
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/faces/grin.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/faces/cool.png")
        return folder
    }

    private func build(_ folder: TemporaryFolder) async throws -> BuildReport {
        try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    output: folder.url.appendingPathComponent("site"))).build()
    }

    private func load(_ folder: TemporaryFolder) throws -> (Catalog, [Finding]) {
        try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
    }

    /// The description (`<div class="prose">`) of a built page.
    private func prose(_ folder: TemporaryFolder, _ page: String) throws -> String {
        let html = try folder.read("site/\(page)")
        guard let start = html.range(of: "<div class=\"prose\"")?.lowerBound,
              let end = html[start...].range(of: "</div>")?.upperBound else { return "" }
        return String(html[start..<end])
    }

    @Test func imagesPointAtThePublishedOriginalFromPagesAtEachDepth() async throws {
        let folder = try catalog()
        _ = try await build(folder)
        let pack = try prose(folder, "faces/index.html")
        #expect(pack.contains("<img src=\"grin/grin.png\" alt=\"the grin\" />"), "\(pack)")
        #expect(pack.contains("<a href=\"cool/cool.png\">the other one</a>"), "\(pack)")
        let sticker = try prose(folder, "faces/grin/index.html")
        #expect(sticker.contains("<img src=\"../cool/cool.png\" alt=\"cool\" />"), "\(sticker)")
        // What they point at is there.
        #expect(folder.exists("site/faces/grin/grin.png") && folder.exists("site/faces/cool/cool.png"))
        // catalog.json's descriptions link from the site root, where it is.
        let json = try #require(JSONSerialization.jsonObject(with: Data(folder.read("site/catalog.json").utf8)) as? [String: Any])
        let packs = try #require(json["packs"] as? [[String: Any]])
        let english = try #require((packs.first?["languages"] as? [String: Any])?["en"] as? [String: Any])
        #expect((english["description"] as? String)?.contains("<img src=\"faces/grin/grin.png\" alt=\"the grin\" />") == true, "\(english)")
    }

    /// An animated sticker shown through Markdown gets the theme's reduced-motion poster source
    /// from the build; a still one stays a bare image. motion.js probed `<name>-poster.png` for
    /// every prose image, a 404 in the console for each still one, and without script the
    /// animation played on under reduced motion.
    @Test func animatedStickersInProseCarryTheirPosterSource() async throws {
        let folder = try catalog([
            "content/faces/pack.md": "---\ntitle: Faces\n---\nSee ![the grin](grin.png) and ![a walk](walk.gif).\n",
            "content/faces/walk.md": "---\nalt: A turtle walking\n---\n",
        ])
        try folder.copy(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"), to: "content/faces/walk.gif")
        _ = try await build(folder)
        let pack = try prose(folder, "faces/index.html")
        #expect(pack.contains("<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"walk/walk-poster.png\"><img src=\"walk/walk.gif\" alt=\"a walk\" /></picture>"), "\(pack)")
        #expect(pack.contains("and <picture>") && pack.contains("See <img src=\"grin/grin.png\" alt=\"the grin\" /> and"), "the still one is bare: \(pack)")
        #expect(folder.exists("site/faces/walk/walk-poster.png"), "the poster it names is published")
        let motion = try folder.read("site/assets/motion.js")
        #expect(!motion.contains("-poster.png"), "the script probes no poster")
    }

    @Test func sidecarsPackFilesAndSiteMDLinkToTheirPages() async throws {
        let folder = try catalog([
            "content/faces/grin.md": "---\nalt: Yellow face with a wide grin\n---\n"
                + "[cool](cool.md#top), [the pack](pack.md), [the folder](./), [home](../site.md), [also cool](/faces/cool.md?a=1&b=2)\n",
        ])
        _ = try await build(folder)
        let sticker = try prose(folder, "faces/grin/index.html")
        #expect(sticker.contains("<a href=\"../cool/index.html#top\">cool</a>"), "\(sticker)")
        #expect(sticker.contains("<a href=\"../index.html\">the pack</a>"), "\(sticker)")
        #expect(sticker.contains("<a href=\"../index.html\">the folder</a>"), "\(sticker)")
        #expect(sticker.contains("<a href=\"../../index.html\">home</a>"), "\(sticker)")
        #expect(sticker.contains("<a href=\"../cool/index.html?a=1&amp;b=2\">also cool</a>"), "\(sticker)")
        #expect(folder.exists("site/faces/cool/index.html"))
    }

    @Test func languagePagesLinkToTheirOwnLanguagesPages() async throws {
        let folder = try catalog([
            "content/site.md": "---\ntitle: Stickers\nlanguages: [en, fr]\nfooter: \"[Faces](faces/pack.md)\"\n---\n",
            "content/faces/pack.md": "---\ntitle: Faces\n---\nStart with [the grin](grin.md).\n",
            "content/faces/grin.fr.md": "---\nalt: Visage hilare\n---\nVoir [cool](cool.md) et ![cool](cool.png), ou [ici](grin.md).\n",
        ])
        _ = try await build(folder)
        // The untranslated pack text, on the French pack page, links to the French sticker page.
        #expect(try prose(folder, "fr/faces/index.html").contains("<a href=\"grin/index.html\">the grin</a>"))
        let french = try prose(folder, "fr/faces/grin/index.html")
        #expect(french.contains("<a href=\"../cool/index.html\">cool</a>"), "\(french)")
        #expect(french.contains("<a href=\"index.html\">ici</a>"), "\(french)")
        // Images exist once, at the root.
        #expect(french.contains("<img src=\"../../../faces/cool/cool.png\" alt=\"cool\" />"), "\(french)")
        // The footer, on every page at its depth, in the page's language.
        #expect(try folder.read("site/fr/faces/grin/index.html").contains("<a href=\"../index.html\">Faces</a>"))
        #expect(try folder.read("site/fr/index.html").contains("<a href=\"faces/index.html\">Faces</a>"))
        #expect(try folder.read("site/faces/grin/index.html").contains("<a href=\"../index.html\">Faces</a>"))
        #expect(folder.exists("site/fr/faces/cool/index.html"))
    }

    @Test func linksToNothingPublishedAreFindingsOnTheirLineAndShowAsText() throws {
        let folder = try catalog([
            "content/faces/grin.md": "---\nalt: Yellow face with a wide grin\n---\nFirst line.\n\n"
                + "See [nothing](nope.png) and ![gone](gone.png \"title\").\nThen [notes](notes.txt), [cool](cool.png).\n",
            "content/faces/notes.txt": "notes",
        ])
        let (catalog, findings) = try load(folder)
        let broken = findings.filter { $0.code == .brokenLink }
        #expect(broken.map { "\($0.file):\($0.line ?? 0) \($0.sticker ?? "-") \($0.severity.rawValue)" } == [
            "faces/grin.md:6 faces/grin.png warning", "faces/grin.md:6 faces/grin.png warning", "faces/grin.md:7 faces/grin.png warning",
        ])
        #expect(broken.contains { $0.message.contains("'nope.png'") && $0.message.contains("does not exist") })
        #expect(broken.contains { $0.message.contains("'notes.txt'") && $0.message.contains("does not publish") })
        let pack = catalog.packs[0]
        let html = MarkdownLinks.placed(pack.stickers.first { $0.slug == "grin" }!.descriptionHTML, on: "faces/grin/index.html", language: nil)
        #expect(html == "<p>First line.</p>\n<p>See nothing and gone.\nThen notes, <a href=\"../cool/cool.png\">cool</a>.</p>\n")
    }

    @Test func pathsNeverLeaveTheContentFolder() throws {
        let folder = try catalog([
            "content/faces/pack.md": "---\ntitle: Faces\n---\n[secret](../../etc/passwd) ![key](../../../../root/key.png) "
                + "[up](/../site.md) [back in](../faces/cool.md)\n",
        ])
        // A file beside the content folder exists, but is never linked.
        try folder.write("secret", to: "outside.md")
        try folder.write("---\ntitle: Stickers\n---\n\n[outside](../outside.md)\n", to: "content/site.md")
        let (catalog, findings) = try load(folder)
        #expect(findings.contains { $0.code == .brokenLink && $0.file == "site.md" && $0.line == 5 && $0.message.contains("outside the content folder") })
        #expect(catalog.site.introHTML == "<p>outside</p>\n")
        let broken = findings.filter { $0.code == .brokenLink && $0.file == "faces/pack.md" }
        #expect(broken.count == 3)
        #expect(broken.allSatisfy { $0.message.contains("leads outside the content folder") && $0.line == 4 })
        let html = MarkdownLinks.placed(catalog.packs[0].descriptionHTML, on: "faces/index.html", language: nil)
        #expect(html == "<p>secret key up <a href=\"cool/index.html\">back in</a></p>\n")
        #expect(!html.contains("etc") && !html.contains("root"))
    }

    @Test func absoluteLinksFragmentsAndQueriesStayAsWritten() throws {
        let body = "[web](https://example.com/a.png) [mail](mailto:me@example.com) [frag](#x) [query](?q=1) "
            + "![remote](https://example.com/b.png) ![inline](data:image/png;base64,iVBORw0KGgo=) <https://example.com/c>"
        let folder = try catalog(["content/faces/pack.md": "---\ntitle: Faces\n---\n\(body)\n"])
        let (catalog, findings) = try load(folder)
        #expect(!findings.contains { $0.code == .brokenLink })
        let expected = "<p><a href=\"https://example.com/a.png\">web</a> <a href=\"mailto:me@example.com\">mail</a> <a href=\"#x\">frag</a> "
            + "<a href=\"?q=1\">query</a> <img src=\"https://example.com/b.png\" alt=\"remote\" /> <img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"inline\" /> "
            + "<a href=\"https://example.com/c\">https://example.com/c</a></p>\n"
        #expect(catalog.packs[0].descriptionHTML == expected)
        #expect(MarkdownLinks.placed(catalog.packs[0].descriptionHTML, on: "faces/index.html", language: "fr") == expected)
    }

    /// Safe mode blanks `javascript:`, `vbscript:`, `file:` and `data:` but images: an `<img src="">`
    /// is invalid HTML and a broken image, an `<a href="">` a link to the page itself. Each is
    /// reported, and shows as its text.
    @Test func urlsSafeModeBlanksAreReportedAndShownAsText() throws {
        let body = "![logo](javascript:alert(1)) [js](JavaScript:alert(2)) [vb](vbscript:msgbox) ![f](file:///etc/passwd) "
            + "[d](data:text/html,hi)\n\n[ref]\n\n[ref]: javascript:alert(3)"
        let folder = try catalog(["content/faces/pack.md": "---\ntitle: Faces\n---\n\(body)\n"])
        let (catalog, findings) = try load(folder)
        let broken = findings.filter { $0.code == .brokenLink }
        #expect(broken.count == 6, "\(broken.map(\.message))")
        #expect(broken.contains { $0.line == 4 && $0.message == "image 'javascript:alert(1)' is a javascript: URL, which pages never link to (Markdown runs in safe mode); its alt text is shown instead" })
        #expect(broken.contains { $0.line == 6 && $0.message.hasPrefix("link 'javascript:alert(3)' is a javascript: URL") })
        let html = catalog.packs[0].descriptionHTML
        #expect(html == "<p>logo js vb f d</p>\n<p>ref</p>\n", "\(html)")
    }

    @Test func textsWithoutALinkAreNotWalked() {
        #expect(!MarkdownLinks.mayHoldRelativeLink("Just words, [brackets] and (parentheses) and https://example.com."))
        #expect(MarkdownLinks.mayHoldRelativeLink("[a](b.png)"))
        #expect(MarkdownLinks.mayHoldRelativeLink("[a]\n\n[a]: b.png"))
    }
}
