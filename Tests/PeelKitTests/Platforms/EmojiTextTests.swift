import Testing
@testable import PeelKit

/// Emoji are checked as emoji (grapheme clusters and their Unicode properties), not as text.
@Suite struct EmojiTextTests {
    @Test(arguments: ["😂", "🤣", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "🇫🇷", "🇯🇵", "1️⃣", "#️⃣", "*️⃣", "☀️", "❤️", "©️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏾‍💻", "\u{1F327}", "\u{1F576}", "\u{1F327}\u{FE0F}", "☀", "\u{2764}", "\u{2708}"])
    func emojiAreEmoji(_ text: String) {
        #expect(EmojiText.isEmoji(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["abc", "a", "1", "#", "*", "©", "\u{203C}", "\u{2194}", "\u{2122}", "\u{1D400}", "😂😂", "😂 ", "", "🇫", ":)", "👍🏽👍", "1⃣x", "\u{1F3FD}", "\u{1F3FB}\u{200D}\u{1F525}"])
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

    /// ZWJ sequences as web pages and older keyboards give them, without their U+FE0F: 🤷‍♀, ❤‍🔥
    /// and 🏳‍🌈 were "not one emoji" (emoji-missing, refused by every export) though ❤ alone was taken.
    @Test func aZWJSequenceWithoutItsVariationSelectorsIsAnEmojiAndQualified() {
        let shrug = "\u{1F937}\u{200D}\u{2640}", fire = "\u{2764}\u{200D}\u{1F525}", rainbow = "\u{1F3F3}\u{200D}\u{1F308}"
        for emoji in [shrug, fire, rainbow] { #expect(EmojiText.isEmoji(emoji), "\(emoji.unicodeScalars.map { String($0.value, radix: 16) })") }
        #expect(EmojiText.qualified(shrug) == "\u{1F937}\u{200D}\u{2640}\u{FE0F}")
        #expect(EmojiText.qualified(fire) == "\u{2764}\u{FE0F}\u{200D}\u{1F525}")
        #expect(EmojiText.qualified(rainbow) == "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}")
        #expect(EmojiText.qualified("1\u{20E3}") == "1\u{FE0F}\u{20E3}" && EmojiText.qualified("#\u{FE0F}\u{20E3}") == "#\u{FE0F}\u{20E3}")
        // Already qualified, or a skin tone after the base (☝🏽 takes no U+FE0F): unchanged.
        for emoji in ["🏳️‍🌈", "🤷‍♀️", "❤️‍🔥", "\u{261D}\u{1F3FD}", "👨‍👩‍👧"] { #expect(EmojiText.qualified(emoji) == emoji) }
        // Text joined by ZWJ is still no emoji.
        #expect(!EmojiText.isEmoji("a\u{200D}\u{2640}") && !EmojiText.isEmoji("\u{2122}\u{200D}\u{1F525}"))
    }
}
