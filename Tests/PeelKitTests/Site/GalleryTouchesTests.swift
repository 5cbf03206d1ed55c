import Foundation
import Testing
@testable import PeelKit

/// Link previews (Open Graph, Twitter cards), the pack page's filter box and the copy-label button.
@Suite struct GalleryTouchesTests {
    private func build(siteMarkdown: String?) async throws -> (TemporaryFolder, BuildReport) {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        if let siteMarkdown { try folder.write(siteMarkdown, to: "content/site.md") }
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        return (folder, report)
    }

    @Test func openGraphWithABaseURLIsAbsolute() async throws {
        let (folder, report) = try await build(siteMarkdown: "---\ntitle: Pets & Co\nbase_url: https://stickers.example/gallery\nlanguage: en-GB\n---\n")
        #expect(report.findings.filter { !$0.suppressed }.isEmpty)

        let sticker = try folder.read("site/pets/cat/index.html")
        #expect(sticker.contains(#"<meta property="og:type" content="article">"#))
        #expect(sticker.contains(#"<meta property="og:title" content="Cat – Pets">"#))
        #expect(sticker.contains(#"<meta property="og:site_name" content="Pets &amp; Co">"#))
        #expect(sticker.contains(#"<meta property="og:locale" content="en_GB">"#))
        #expect(sticker.contains(#"<meta property="og:description" content="Orange cat face with whiskers">"#))
        #expect(sticker.contains(#"<meta property="og:url" content="https://stickers.example/gallery/pets/cat/">"#))
        #expect(sticker.contains(#"<link rel="canonical" href="https://stickers.example/gallery/pets/cat/">"#))
        #expect(sticker.contains(#"<meta property="og:image" content="https://stickers.example/gallery/pets/cat/cat.png">"#))
        #expect(sticker.contains(#"<meta property="og:image:type" content="image/png">"#))
        #expect(sticker.contains(#"<meta property="og:image:width" content="300">"#))
        #expect(sticker.contains(#"<meta property="og:image:alt" content="Orange cat face with whiskers">"#))
        #expect(sticker.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        #expect(sticker.contains(#"<meta name="twitter:image" content="https://stickers.example/gallery/pets/cat/cat.png">"#))

        let gif = try folder.read("site/pets/turtle/index.html")
        #expect(gif.contains(#"content="https://stickers.example/gallery/pets/turtle/turtle.gif">"#))
        #expect(gif.contains(#"<meta property="og:image:type" content="image/gif">"#))

        let pack = try folder.read("site/pets/index.html")
        #expect(pack.contains(#"<meta property="og:url" content="https://stickers.example/gallery/pets/">"#))
        #expect(pack.contains(#"<meta property="og:image" content="https://stickers.example/gallery/pets/"#))
        #expect(pack.contains(#"<meta name="description" content="4 stickers for Messages by Test Artist.">"#))

        let home = try folder.read("site/index.html")
        #expect(home.contains(#"<meta property="og:type" content="website">"#))
        #expect(home.contains(#"<meta property="og:url" content="https://stickers.example/gallery/">"#))
        #expect(home.contains(#"<meta property="og:image" content="https://stickers.example/gallery/"#))
    }

    @Test func withoutABaseURLTheTagsThatNeedOneAreLeftOut() async throws {
        let (folder, _) = try await build(siteMarkdown: nil)
        for page in ["site/index.html", "site/pets/index.html", "site/pets/cat/index.html", "site/review/index.html"] {
            let html = try folder.read(page)
            #expect(html.contains(#"<meta property="og:title""#), "\(page)")
            #expect(html.contains(#"<meta name="twitter:card" content="summary">"#), "\(page)")
            #expect(!html.contains("og:image") && !html.contains("og:url") && !html.contains("twitter:image") && !html.contains("canonical"),
                    "\(page) has no relative URL where an absolute one is required")
            #expect(!html.contains("og:locale"), "'en' has no region")
        }
        // Every text is escaped, the XSS fixture's too.
        let evil = try folder.read("site/xss/evil/index.html")
        #expect(!evil.contains("<script>alert"))
        #expect(!evil.contains(#"content="<"#))
    }

    @Test func aBaseURLThatIsNotAbsoluteIsReportedAndNotUsed() async throws {
        for bad in ["stickers.example/gallery", "/gallery/", "javascript:alert(1)", "ftp://stickers.example/", "https://stickers.example/?q=1"] {
            let (folder, report) = try await build(siteMarkdown: "---\nbase_url: \"\(bad)\"\n---\n")
            let finding = try #require(report.findings.first { $0.code == .invalidValue }, "\(bad)")
            #expect(finding.file == "site.md" && finding.line == 2 && finding.severity == .warning)
            #expect(finding.message.contains("is not an absolute http(s) address"))
            #expect(!(try folder.read("site/pets/cat/index.html")).contains("og:image"), "\(bad)")
            // catalog.json does not publish what the pages refused as the site's address.
            #expect(try folder.read("site/catalog.json").contains("\"base_url\" : null"), "\(bad)")
        }
    }

    @Test func aBaseURLWithASpaceIsPercentEncodedWhereverItIsUsed() async throws {
        let (folder, report) = try await build(siteMarkdown: "---\nbase_url: \"https://Stickers.example/my stickers\"\n---\n")
        #expect(!report.findings.contains { $0.code == .invalidValue })
        let page = try folder.read("site/pets/cat/index.html")
        #expect(page.contains("https://stickers.example/my%20stickers/pets/cat/"), "encoded, with its slash")
        #expect(!page.contains("my stickers/"))
        // catalog.json's is the one the pages use: a folder URL a consumer can resolve against.
        #expect(try folder.read("site/catalog.json").contains(#""base_url" : "https://stickers.example/my%20stickers/""#))
    }

    /// With no `cover:`, an unreadable first sticker was the pack's card ("Image can't be read")
    /// and took its link-preview image away; the first readable one is the cover now.
    @Test func theDefaultCoverIsTheFirstReadableSticker() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\ntitle: Pets\nbase_url: https://stickers.example/\n---\n", to: "content/site.md")
        let fox = folder.url.appendingPathComponent("content/pets/fox.png")
        try Data(contentsOf: fox).prefix(300).write(to: fox)   // fox comes first (order: 1)
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        let home = try folder.read("site/index.html")
        let card = try #require(home.range(of: "href=\"pets/index.html\"").map { String(home[$0.lowerBound...].prefix(1500)) })
        #expect(!card.contains("art-missing") && card.contains("pets/cat/cat-"), "\(card)")
        #expect(try folder.read("site/pets/index.html").contains("og:image\" content=\"https://stickers.example/pets/cat/"))
    }

    /// swift-mustache takes "" as true: every page without a description had an empty
    /// `<div class="prose">`.
    @Test func noDescriptionMakesNoEmptyProseBlock() async throws {
        let (folder, _) = try await build(siteMarkdown: "---\ntitle: Pets\n---\n")
        let pages = ["site/index.html", "site/pets/dog/index.html"]
        for page in pages {
            let html = try folder.read(page)
            #expect(!html.contains(#"<div class="prose" dir="auto"></div>"#) && !html.contains(#"<div class="prose"></div>"#), "\(page)")
        }
        #expect(try folder.read("site/pets/cat/index.html").contains(#"<div class="prose" dir="auto"><p dir="auto">A <em>curious</em> cat.</p>"#),
                "a description still shows")
    }

    @Test func packPagesHaveAFilterBoxThatNeedsNoServer() async throws {
        let (folder, _) = try await build(siteMarkdown: nil)
        let pack = try folder.read("site/pets/index.html")
        // Hidden until the script runs (so the page works without JavaScript), labelled, with a live region.
        #expect(pack.contains(#"<div class="sticker-filter" role="search" aria-label="Stickers" data-sticker-filter hidden>"#))
        #expect(pack.contains(#"<label for="sticker-filter-input">Filter by label, title or tag</label>"#))
        #expect(pack.contains(#"<p class="filter-status" role="status" data-filter-status></p>"#))
        #expect(pack.contains(#"<li data-search="Cat Orange cat face with whiskers cat pet" data-slug="cat""#))
        #expect(pack.contains(#"<script src="../assets/pack-filter.js" defer></script>"#))
        #expect(folder.exists("site/assets/pack-filter.js"))
        #expect(folder.exists("site/assets/copy-label.js"))

        let sticker = try folder.read("site/pets/cat/index.html")
        #expect(sticker.contains(#"<p class="label-text" id="label-text" dir="auto">Orange cat face with whiskers</p>"#))
        #expect(sticker.contains(#"<p class="copy-row" data-copy="label-text" hidden><button type="button" class="button button-quiet">Copy label</button>"#))
        #expect(sticker.contains(#"<script src="../../assets/copy-label.js" defer></script>"#))
    }
}
