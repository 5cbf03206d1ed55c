import Foundation

/// Text as messengers measure it. Their validators count what their languages count: WhatsApp's
/// Android validator Java's `String.length()` (UTF-16 code units), Discord's JavaScript clients
/// and Python server UTF-16 units or code points. Both are never fewer than the characters people
/// see, and many more for emoji (🐱 is 2 UTF-16 units, 👨‍👩‍👧‍👦 is 11): a limit is kept in UTF-16
/// units, and whole characters are cut.
enum PlatformText {
    static func length(_ text: some StringProtocol) -> Int { text.utf16.count }

    /// Whether `text` is within `range` however the platform counts it: the characters seen reach
    /// the lower bound, and the UTF-16 units stay within the upper one.
    static func fits(_ text: String, _ range: ClosedRange<Int>) -> Bool {
        text.count >= range.lowerBound && length(text) <= range.upperBound
    }

    /// The longest start of `text`, in whole characters, within `limit` UTF-16 units.
    static func prefix(_ text: String, within limit: Int) -> String {
        var units = 0
        var end = text.startIndex
        for character in text {
            units += character.utf16.count
            guard units <= limit else { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    /// `text` cut at a word, with "…", to fit `limit` UTF-16 units; as it is when it fits.
    static func cut(_ text: String, to limit: Int) -> String {
        guard length(text) > limit else { return text }
        let head = prefix(text, within: limit - 1)
        let atWord = head.lastIndex(of: " ").map { String(head[..<$0]) } ?? head
        return atWord.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// "130 characters", or "70 characters, 140 as <platform> counts them" when emoji make the two differ.
    static func describedLength(_ text: String, platform: MessengerPlatform) -> String {
        let count = text.count, units = length(text)
        return plural(count, "character") + (units == count ? "" : ", \(units) as \(platform.name) counts them (UTF-16 units: most emoji count 2 or more)")
    }
}
