import Foundation
import Testing
@testable import PeelKit

/// What the theme gives readers and reviewers beyond the pages: the pack viewer's data, the
/// review filters, the pause control, the favicon, the CSV's byte-order mark, and one clear
/// placeholder for an image that cannot be read. (The browser suite drives them; these check
/// what the build writes for them.)
@Suite struct GalleryToolsTests {
    func buildProblems() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let content = try ProblemCatalog.make(in: folder)
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        return folder
    }

    func buildPets() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["site.md", "pets/pack.md", "pets/cat.png", "pets/cat.md"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent(name), to: "content/\(name)")
        }
        try folder.copy(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"), to: "content/pets/weather.gif")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        return folder
    }

    @Test func packPageCarriesTheViewerAndEachStickerAtItsPointSize() async throws {
        let folder = try await buildProblems()
        let page = try folder.read("site/problems/index.html")
        #expect(page.contains("<dialog class=\"viewer\" id=\"viewer\" aria-labelledby=\"viewer-title\" data-viewer>"))
        #expect(page.contains("<script src=\"../assets/viewer.js\" defer></script>"))
        #expect(folder.exists("site/assets/viewer.js"))
        // The problems pack is small: 300 px at @3x, so 100 pt; the link still goes to the sticker page.
        #expect(page.contains("data-slug=\"clean-cat\" data-title=\"Clean cat\" data-label=\"Orange cat face with whiskers\" data-large=\"clean-cat/clean-cat.png\" data-large-width=\"100\" data-large-height=\"100\" data-readable>"))
        #expect(page.contains("<a class=\"sticker-card\" href=\"clean-cat/index.html\">"))
        // Findings travel with the card, inert until the viewer shows them.
        let placeholder = try #require(page.range(of: "data-slug=\"placeholder\"")).upperBound
        let end = try #require(page.range(of: "</li>\n", range: placeholder..<page.endIndex)).lowerBound
        #expect(page[placeholder..<end].contains("<template data-findings><ul class=\"finding-list\" role=\"list\"><li class=\"finding finding-error\"><span class=\"badge badge-error\">error</span> <code>placeholder-label</code>"))
    }

    @Test func anUnreadableImageShowsOnePlaceholderAndNoDownload() async throws {
        let folder = try await buildProblems()
        let page = try folder.read("site/problems/truncated/index.html")
        #expect(page.components(separatedBy: "<img ").count - 1 == 0, "no broken image at all on its page")
        #expect(page.components(separatedBy: "class=\"art-missing\"").count - 1 == 1)
        #expect(!page.contains("Download original"))
        #expect(!page.contains("On different backgrounds"))
        let grid = try folder.read("site/problems/index.html")
        let card = try #require(grid.range(of: "href=\"truncated/index.html\"")).upperBound
        let cardEnd = try #require(grid.range(of: "</a>", range: card..<grid.endIndex)).lowerBound
        #expect(grid[card..<cardEnd].contains("<span class=\"art-missing\">Image can’t be read</span>"))
        #expect(!grid[card..<cardEnd].contains("<img"))
        // A readable sticker keeps its preview and download.
        let clean = try folder.read("site/problems/clean-cat/index.html")
        #expect(clean.contains("Download original (clean-cat.png)"))
        #expect(!clean.contains("art-missing"))
    }

    @Test func reviewPageOffersSearchAndFiltersByPackCodeAndSeverity() async throws {
        let folder = try await buildProblems()
        let page = try folder.read("site/review/index.html")
        #expect(page.contains("<input id=\"review-q\" name=\"q\" type=\"search\""))
        #expect(page.contains("<option value=\"problems\" dir=\"auto\">Problems</option>"))
        #expect(page.contains("<option value=\"placeholder-label\">placeholder-label</option>"))
        #expect(page.contains("<option value=\"no-transparency\">no-transparency</option>"))
        #expect(page.contains("data-pack=\"problems\" data-codes=\"placeholder-label\""))
        #expect(page.contains("data-pack=\"problems\" data-codes=\"not-square size-class-mismatch\""), "several codes, each once, sorted")
        #expect(page.contains("<button type=\"button\" data-filter=\"error\" aria-pressed=\"false\">"))
    }

    @Test func reviewCSVStartsWithAUTF8ByteOrderMark() async throws {
        let folder = try await buildProblems()
        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("site/review/labels.csv"))
        #expect(Array(bytes.prefix(7)) == [0xEF, 0xBB, 0xBF] + Array("pack".utf8))
    }

    @Test func everyPageLinksTheFaviconAndThePauseControl() async throws {
        let folder = try await buildPets()
        #expect(folder.exists("site/assets/favicon.svg"))
        #expect(try folder.read("site/assets/favicon.svg").hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for (page, root) in [("site/index.html", ""), ("site/pets/index.html", "../"), ("site/pets/cat/index.html", "../../"),
                             ("site/review/index.html", "../")] {
            let html = try folder.read(page)
            #expect(html.contains("<link rel=\"icon\" href=\"\(root)assets/favicon.svg\" type=\"image/svg+xml\">"), "\(page)")
            #expect(html.contains("<button type=\"button\" class=\"motion-toggle\" data-motion-toggle aria-pressed=\"false\" hidden>Pause animations</button>"), "\(page)")
            #expect(html.contains("<script src=\"\(root)assets/motion.js\" defer></script>"), "\(page)")
        }
        // The control swaps in the posters Peel makes: the animation's are on its card, its page and in the viewer's data.
        let grid = try folder.read("site/pets/index.html")
        #expect(grid.contains("<source media=\"(prefers-reduced-motion: reduce)\" srcset=\"weather/weather-160w-poster.webp 160w"))
        #expect(grid.contains("data-poster=\"weather/weather-poster.png\""))
        #expect(try folder.read("site/pets/weather/index.html").contains("<source media=\"(prefers-reduced-motion: reduce)\" srcset=\"weather-poster.png\">"))
    }

    @Test func stickerPagesLoadArrowKeyNavigation() async throws {
        let folder = try await buildPets()
        let page = try folder.read("site/pets/cat/index.html")
        #expect(page.contains("rel=\"next\""))
        #expect(page.contains("<script src=\"../../assets/pager-keys.js\" defer></script>"))
        #expect(folder.exists("site/assets/pager-keys.js"))
    }
}
