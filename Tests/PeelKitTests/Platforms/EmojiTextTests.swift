import Testing
@testable import PeelKit

/// Emoji are checked as emoji (grapheme clusters and their Unicode properties), not as text.
@Suite struct EmojiTextTests {
    @Test(arguments: ["😂", "🤣", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "🇫🇷", "🇯🇵", "1️⃣", "#️⃣", "*️⃣", "☀️", "❤️", "©️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏾‍💻", "\u{1F327}", "\u{1F576}", "\u{1F327}\u{FE0F}", "☀", "\u{2764}", "\u{2708}"])
    func emojiAreEmoji(_ text: String) {
        #expect(EmojiText.isEmoji(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["abc", "a", "1", "#", "*", "©", "\u{203C}", "\u{2194}", "\u{2122}", "\u{1D400}", "😂😂", "😂 ", "", "🇫", ":)", "👍🏽👍", "1⃣x"])
    func otherTextIsNot(_ text: String) {
        #expect(!EmojiText.isEmoji(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func sidecarEmojiAreCheckedAndSeveralInOneEntryAreNamed() {
        var sticker = Sticker(slug: "cat", source: "pets/cat.png", title: "Cat")
        sticker.sidecar = "pets/cat.md"
        sticker.emojiLine = 3
        sticker.emoji = ["😺", "abc", "😂🤣", "😺"]
        let findings = EmojiChecks.check(sticker)
        #expect(findings.map(\.code) == [.emojiInvalid, .emojiInvalid])
        #expect(findings.allSatisfy { $0.file == "pets/cat.md" && $0.line == 3 && $0.severity == .warning })
        #expect(findings[1].message.contains("emoji: [😂, 🤣]"), "\(findings[1].message)")
        #expect(EmojiChecks.valid(sticker) == ["😺"], "text left out, each emoji once")
    }

    @Test func aPictographWithoutItsVariationSelectorIsQualifiedOnce() {
        // 🌧 copied without U+FE0F: an emoji, exported as keyboards write it, and the same as 🌧️.
        var sticker = Sticker(slug: "rain", source: "sky/rain.png", title: "Rain")
        sticker.emoji = ["\u{1F327}", "\u{1F327}\u{FE0F}", "😂", "\u{2764}"]
        #expect(EmojiChecks.check(sticker).isEmpty)
        #expect(EmojiChecks.valid(sticker) == ["\u{1F327}\u{FE0F}", "😂", "\u{2764}\u{FE0F}"])
        #expect(EmojiText.qualified("😂") == "😂" && EmojiText.qualified("☀️") == "☀️")
    }
}
