import Foundation
import Testing
@testable import PeelKit

/// What was read in the art, on the sticker page and in the review row, escaped.
@Suite struct ArtTextDisplayTests {
    func pages(artText: [String: ArtTextReading]) async throws -> (sticker: String, review: String, other: String) {
        let review = try await Review.make(content: Fixtures.catalog)
        let renderer = PageRenderer(review: review, artText: artText, templates: try TemplateSet())
        let pack = try #require(review.catalog.packs.first { $0.slug == "pets" })
        let cat = try #require(pack.stickers.firstIndex { $0.source == "pets/cat.png" })
        let other = try #require(pack.stickers.firstIndex { $0.source != "pets/cat.png" })
        return (try renderer.sticker(at: cat, in: pack).render(with: renderer.templates),
                try renderer.review().render(with: renderer.templates),
                try renderer.sticker(at: other, in: pack).render(with: renderer.templates))
    }

    @Test func showsTheWordsReadEscaped() async throws {
        let reading = ArtTextReading(words: [.init(text: "LOL", confidence: 95), .init(text: "<b>&amp", confidence: 90)], raw: "LOL <b>&amp")
        let pages = try await pages(artText: ["pets/cat.png": reading])
        let shown = "Text in the art: “<span dir=\"auto\">LOL &lt;b&gt;&amp;amp</span>”"
        #expect(pages.sticker.contains("<p class=\"art-text\">\(shown)</p>"))
        #expect(pages.review.contains("<span class=\"art-text\">\(shown)</span>"))
        #expect(!pages.review.contains("<b>&amp"))
        #expect(!pages.other.contains("Text in the art"), "only the sticker whose art was read")
    }

    @Test func showsNothingWithoutText() async throws {
        let pages = try await pages(artText: ["pets/cat.png": ArtTextReading(words: [], raw: "ll oO")])
        #expect(!pages.sticker.contains("Text in the art"))
        #expect(!pages.review.contains("Text in the art"))
        let unread = try await self.pages(artText: [:])
        #expect(!unread.sticker.contains("art-text"))
    }

    @Test func readingsRoundTripThroughJSON() throws {
        let reading = ArtTextReading(words: [.init(text: "Café", confidence: 91.5)], raw: "Café")
        let decoded = try JSONDecoder().decode(ArtTextReading.self, from: JSONEncoder().encode(reading))
        #expect(decoded == reading)
    }
}
