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
        #expect(html == "<p dir=\"auto\">First line.</p>\n<p dir=\"auto\">See nothing and gone.\nThen notes, <a href=\"../cool/cool.png\">cool</a>.</p>\n")
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
        #expect(catalog.site.introHTML == "<p dir=\"auto\">outside</p>\n")
        let broken = findings.filter { $0.code == .brokenLink && $0.file == "faces/pack.md" }
        #expect(broken.count == 3)
        #expect(broken.allSatisfy { $0.message.contains("leads outside the content folder") && $0.line == 4 })
        let html = MarkdownLinks.placed(catalog.packs[0].descriptionHTML, on: "faces/index.html", language: nil)
        #expect(html == "<p dir=\"auto\">secret key up <a href=\"cool/index.html\">back in</a></p>\n")
        #expect(!html.contains("etc") && !html.contains("root"))
    }

    @Test func absoluteLinksFragmentsAndQueriesStayAsWritten() throws {
        let body = "[web](https://example.com/a.png) [mail](mailto:me@example.com) [frag](#x) [query](?q=1) "
            + "![remote](https://example.com/b.png) ![inline](data:image/png;base64,iVBORw0KGgo=) <https://example.com/c>"
        let folder = try catalog(["content/faces/pack.md": "---\ntitle: Faces\n---\n\(body)\n"])
        let (catalog, findings) = try load(folder)
        #expect(!findings.contains { $0.code == .brokenLink })
        let expected = "<p dir=\"auto\"><a href=\"https://example.com/a.png\">web</a> <a href=\"mailto:me@example.com\">mail</a> <a href=\"#x\">frag</a> "
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
        #expect(html == "<p dir=\"auto\">logo js vb f d</p>\n<p dir=\"auto\">ref</p>\n", "\(html)")
    }

    @Test func textsWithoutALinkAreNotWalked() {
        #expect(!MarkdownLinks.mayHoldRelativeLink("Just words, [brackets] and (parentheses) and https://example.com."))
        #expect(MarkdownLinks.mayHoldRelativeLink("[a](b.png)"))
        #expect(MarkdownLinks.mayHoldRelativeLink("[a]\n\n[a]: b.png"))
    }

    /// A pack in another language than the site's default keeps its default-language texts in
    /// translation files (`moon.en.md`); links to them lead to the site's root pages, where the
    /// default language is (they led to `en/…`, which no site has).
    @Test func linksToDefaultLanguageTranslationsLeadToTheRootPages() async throws {
        let folder = try catalog([
            "content/site.md": "---\ntitle: Stickers\nlanguages: [en, ar]\n---\n",
            "content/faces/pack.md": "---\ntitle: وجوه\nlanguage: ar\n---\nانظر [بالإنجليزية](grin.en.md) و[الحزمة](pack.en.md)\n",
            "content/faces/pack.en.md": "---\ntitle: Faces\n---\n",
            "content/faces/grin.md": "---\nalt: وجه أصفر يبتسم\n---\n",
            "content/faces/grin.en.md": "---\nalt: Yellow face with a wide grin\ntranslated_from: وجه أصفر يبتسم\n---\n",
        ])
        let report = try await build(folder)
        #expect(!report.findings.contains { $0.code == .brokenLink }, "\(report.findings.map(\.message))")
        let arabic = try prose(folder, "ar/faces/index.html")
        #expect(arabic.contains("<a href=\"../../faces/grin/index.html\">"), "\(arabic)")
        #expect(arabic.contains("<a href=\"../../faces/index.html\">"), "\(arabic)")
        #expect(folder.exists("site/faces/grin/index.html") && !folder.exists("site/en"))
    }

    /// A Windows path (`C:/Users/…`) is no URL with the scheme `c:`: it is a broken link that says
    /// so, and the page shows the alt text, not an image pointing at the artist's disk.
    @Test func aWindowsPathIsABrokenLinkNotAURL() throws {
        let folder = try catalog([
            "content/faces/pack.md": "---\ntitle: Faces\n---\n![first sketch](C:/Users/me/Pictures/sun.png) [notes](d:\\art\\notes.md) "
                + "[drive](C:sun.png) [share](\\\\server\\share\\sun.png)\n",
        ])
        let (catalog, findings) = try load(folder)
        let broken = findings.filter { $0.code == .brokenLink }
        #expect(broken.count == 4 && broken.allSatisfy { $0.message.contains("one computer's disk") && $0.line == 4 }, "\(broken.map(\.message))")
        let html = catalog.packs[0].descriptionHTML
        #expect(!html.contains("C:/Users") && !html.contains("<img") && html.contains("first sketch"), "\(html)")
    }

    /// A `#` in a file name starts a fragment in a link; when the whole name is a file, the
    /// message says to write `#` as `%23` (and `%23` works).
    @Test func aHashInAFileNameIsExplained() throws {
        let folder = try catalog([
            "content/faces/pack.md": "---\ntitle: Faces\n---\n![one](<first #1.png>) ![two](first%20%231.png)\n",
        ])
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/faces/first #1.png")
        let (catalog, findings) = try load(folder)
        let broken = findings.filter { $0.code == .brokenLink }
        #expect(broken.count == 1 && broken[0].message.contains("%23") && broken[0].message.contains("faces/first #1.png"), "\(broken.map(\.message))")
        #expect(catalog.packs[0].descriptionHTML.contains("alt=\"two\""))
    }

    /// A sticker shown in prose without alt text (`![](cool.png)`) is read by VoiceOver with its
    /// label, in the language of the text showing it; `alt=""` hid it as decoration.
    @Test func aStickerWithoutAltTextInProseGetsItsLabel() async throws {
        let folder = try catalog([
            "content/site.md": "---\ntitle: Stickers\nlanguages: [en, fr]\n---\n",
            "content/faces/pack.md": "---\ntitle: Faces\n---\n![](cool.png) ![shades](cool.png)\n",
            "content/faces/pack.fr.md": "---\ntitle: Visages\n---\n![](cool.png)\n",
            "content/faces/cool.fr.md": "---\nalt: Visage souriant avec des lunettes de soleil\ntranslated_from: Smiling face wearing sunglasses\n---\n",
        ])
        _ = try await build(folder)
        let english = try prose(folder, "faces/index.html")
        #expect(english.contains("alt=\"Smiling face wearing sunglasses\"") && english.contains("alt=\"shades\"") && !english.contains("alt=\"\""), "\(english)")
        let french = try prose(folder, "fr/faces/index.html")
        #expect(french.contains("alt=\"Visage souriant avec des lunettes de soleil\""), "\(french)")
        // A sticker of a pack in another language, shown in an English text without a translation
        // of its label: its own label, marked as that language.
        let arabic = try catalog([
            "content/site.md": "---\ntitle: Stickers\nlanguages: [en, ar]\n---\n![](faces/cool.png)\n",
            "content/faces/pack.md": "---\ntitle: وجوه\nlanguage: ar\n---\n",
            "content/faces/cool.md": "---\nalt: وجه مبتسم بنظارة شمسية\n---\n",
        ])
        let (loaded, _) = try load(arabic)
        #expect(loaded.site.introHTML.contains("alt=\"وجه مبتسم بنظارة شمسية\" lang=\"ar\""), "\(loaded.site.introHTML)")
    }

    /// Findings inside a multi-line `footer:` name the line they are on, whatever the YAML style:
    /// a literal block keeps its lines; a folded one joins a run of lines into one, and a link is
    /// placed on the line of the run it starts on.
    @Test func footerFindingsNameTheirLineInEveryYAMLStyle() throws {
        for (footer, line) in [
            ("footer: |\n  First line.\n  Second with [a](nope.md).\n", 5),
            ("footer: >-\n  First run\n  goes on.\n\n  Then [a](nope.md).\n", 7),
            ("footer: First run\n  goes on.\n\n  Then [a](nope.md).\n", 6),
            ("footer: \"[a](nope.md)\"\n", 3),
            // One run over two lines: the link is on its second.
            ("footer: >-\n  Sticker art by me.\n  License: [CC BY 4.0](licence.md).\n", 5),
            // Double-quoted over two lines, the link first on the second: the opening quote is no
            // column of the text.
            ("footer: \"First line\n  [a](nope.md) goes on\"\n", 4),
            // A `\n` escape breaks the text inside its file line.
            ("footer: \"A\\nB\n  C [a](nope.md)\"\n", 4),
            ("footer: \"A\\n[a](nope.md)\n  goes on\"\n", 3),
            // A more-indented line of a folded block is not folded with the lines around it.
            ("footer: >-\n  Intro text\n    indented line\n  [a](nope.md)\n", 6),
            ("footer: >-\n  Intro\n\n    indented\n\n  [a](nope.md)\n", 8),
            // Escapes are shorter in the text than in the file: `''` is one quote, `\u00e9` one
            // letter; counted by file bytes the link went onto the line above.
            ("footer: 'Art by Jo''s studio\n  [license](nope.md)'\n", 4),
            ("footer: \"Caf\\u00e9 \\\"Jo\\\" art\n  [license](nope.md)\"\n", 4),
        ] {
            let folder = try catalog(["content/site.md": "---\ntitle: Stickers\n\(footer)---\n"])
            let (_, findings) = try load(folder)
            let broken = findings.filter { $0.code == .brokenLink }
            #expect(broken.map(\.line) == [line], "\(footer): \(broken.map { "\($0.line ?? 0) \($0.message)" })")
        }
    }
}
