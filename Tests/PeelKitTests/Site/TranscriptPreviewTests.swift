import Foundation
import Testing
@testable import PeelKit

/// The transcript preview: each sticker page, and each pack page with its cover, shows the sticker
/// in a Messages-like conversation at its true point size (its size class's @3x pixels / 3), the
/// bubbles hidden from assistive technology and the sticker keeping its label, with the page's
/// words in its language. (Chromium checks the look, the toggle and axe: Tests/browser.)
@Suite struct TranscriptPreviewTests {
    private func build() async throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Sizes\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        for (pack, size) in [("tiny", "small"), ("mid", "regular"), ("big", "large")] {
            try folder.write("---\ntitle: \(pack)\nsize: \(size)\n---\n", to: "content/\(pack)/pack.md")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/\(pack)/cat.png")
            try folder.write("---\nalt: Orange cat face\n---\n", to: "content/\(pack)/cat.md")
        }
        try folder.write("---\nalt: Tête de chat orange\ntranslated_from: Orange cat face\n---\n", to: "content/mid/cat.fr.md")
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        return (folder, site)
    }

    private func preview(_ site: URL, _ page: String) throws -> String {
        let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
        let start = try #require(html.range(of: "<section class=\"transcript-preview\""), "\(page) has a transcript preview")
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func theStickerIsShownAtItsTruePointSizeOnEveryStickerAndPackPage() async throws {
        let (folder, site) = try await build()
        defer { withExtendedLifetime(folder) {} }  // the site lives in the temporary folder
        for (pack, points) in [("tiny", 100), ("mid", 136), ("big", 206)] {
            for page in ["\(pack)/cat/index.html", "\(pack)/index.html"] {
                let section = try preview(site, page)
                #expect(section.contains("--sticker-pt: \(points)px"), "\(page)")
                #expect(section.contains("width=\"\(points)\" height=\"\(points)\""), "\(page)")
                #expect(section.contains("\(points) × \(points) pt"), "\(page) says the size")
                // The page's own picture of the sticker says its label; the conversation's copy is not read again.
                #expect(section.contains("alt=\"\" loading"), "the conversation's copy is decorative on \(page)")
                #expect(!section.contains("alt=\"Orange cat face\""), "\(page)")
            }
        }
        // The sticker page shows the original (the @3x art); the pack page reuses its card's thumbnails.
        #expect(try preview(site, "big/cat/index.html").contains("src=\"cat.png\""))
        #expect(try preview(site, "big/index.html").contains("sizes=\"206px\""))
    }

    @Test func theBubblesAreDecorativeAndTheToggleIsALabelledRadioGroup() async throws {
        let (folder, site) = try await build()
        defer { withExtendedLifetime(folder) {} }  // the site lives in the temporary folder
        let section = try preview(site, "mid/cat/index.html")
        let bubbles = section.components(separatedBy: "class=\"bubble ").count - 1
        #expect(bubbles == 3)
        #expect(section.components(separatedBy: "aria-hidden=\"true\"").count - 1 == bubbles, "every bubble, and only they, are hidden")
        #expect(!section.contains("<img src=\"") || !section.contains("bubble.png"), "no images of bubbles")
        for value in ["auto", "light", "dark"] {
            #expect(section.contains("id=\"appearance-\(value)\" value=\"\(value)\""))
            #expect(section.contains("<label for=\"appearance-\(value)\">"))
        }
        #expect(section.contains("<legend>Appearance</legend>"))
        #expect(section.contains("value=\"auto\" checked"), "the reader's colour scheme decides until they choose")
    }

    @Test func theWordsAreThePagesLanguageAndTheLabelTheTranslation() async throws {
        let (folder, site) = try await build()
        defer { withExtendedLifetime(folder) {} }  // the site lives in the temporary folder
        let french = try preview(site, "fr/mid/cat/index.html")
        #expect(french.contains("Dans une conversation"))
        #expect(french.contains("<legend>Apparence</legend>"))
        let frenchPage = try String(contentsOf: site.appendingPathComponent("fr/mid/cat/index.html"), encoding: .utf8)
        #expect(frenchPage.contains("alt=\"Tête de chat orange\""))
        // Not translated: the English label, marked as English.
        let untranslated = try String(contentsOf: site.appendingPathComponent("fr/big/cat/index.html"), encoding: .utf8)
        #expect(untranslated.contains("alt=\"Orange cat face\" dir=\"auto\" lang=\"en\""))
    }
}
