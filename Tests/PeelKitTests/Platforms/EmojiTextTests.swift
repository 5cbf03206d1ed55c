import Testing
@testable import PeelKit

/// Emoji are checked as emoji (grapheme clusters and their Unicode properties), not as text.
@Suite struct EmojiTextTests {
    @Test(arguments: ["😂", "🤣", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "🇫🇷", "🇯🇵", "1️⃣", "#️⃣", "*️⃣", "☀️", "❤️", "©️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏾‍💻"])
    func emojiAreEmoji(_ text: String) {
        #expect(EmojiText.isEmoji(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["abc", "a", "1", "#", "*", "©", "☀", "😂😂", "😂 ", "", "🇫", ":)", "👍🏽👍", "1⃣x"])
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
}
