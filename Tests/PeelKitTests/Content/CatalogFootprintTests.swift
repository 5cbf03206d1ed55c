import Testing
@testable import PeelKit

/// A catalog holds a `Sticker` for every sticker and a `StickerTranslation` for every sticker and
/// language to the end of a build (100,000 of them at 20,000 stickers in five languages), so both
/// are kept small: lines in four bytes, a rare error out of line. Their fields still read back
/// what was set.
@Suite struct CatalogFootprintTests {
    @Test func stickersAndTranslationsStaySmall() {
        #expect(MemoryLayout<Sticker>.stride <= 192, "was 296 bytes with an inline Finding? and Int? lines")
        #expect(MemoryLayout<StickerTranslation>.stride <= 40, "was 136 bytes")
    }

    @Test func aStickersLinesAndErrorReadBack() {
        var sticker = Sticker(slug: "moon", source: "sky/moon.png", title: "Moon")
        #expect(sticker.altLine == nil && sticker.emojiLine == nil && sticker.sidecarError == nil)
        sticker.altLine = 2
        sticker.emojiLine = 5
        let error = Finding(.error, .unreadableFile, file: "sky/moon.md", line: 1, message: "not UTF-8", sticker: "sky/moon.png")
        sticker.sidecarError = error
        #expect(sticker.altLine == 2 && sticker.emojiLine == 5)
        #expect(sticker.sidecarError?.message == "not UTF-8" && sticker.sidecarError?.line == 1)
        sticker.altLine = nil
        sticker.sidecarError = nil
        #expect(sticker.altLine == nil && sticker.emojiLine == 5 && sticker.sidecarError == nil)
    }
}
