/// Text no one sees and VoiceOver does not read: white space and default-ignorable characters
/// only (U+200D ZERO WIDTH JOINER, U+2060 WORD JOINER, U+200E LEFT-TO-RIGHT MARK, U+00AD SOFT
/// HYPHEN, U+FE0F VARIATION SELECTOR-16, ...). A label of them is no label: it passed as a
/// `label-without-words` warning, so `peel check` exited 0 and Xcode got "\u200D" as the label.
enum InvisibleText {
    static func isInvisible(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint || blanks.contains($0.value) }
    }

    /// Characters that show nothing but are neither white space nor default-ignorable: U+2800
    /// BRAILLE PATTERN BLANK, pasted as an "invisible name", and the Hangul fillers.
    static let blanks: Set<UInt32> = [0x2800, 0x115F, 0x1160, 0x3164, 0xFFA0]

    /// `text`, or nil when it is empty or invisible.
    static func visible(_ text: String?) -> String? {
        guard let text, !isInvisible(text) else { return nil }
        return text
    }

    /// The code points of invisible text, as a reader can look them up: "U+200D U+2060".
    static func codePoints(_ text: String) -> String {
        let points = text.unicodeScalars.prefix(4).map { String(format: "U+%04X", $0.value) }
        return points.joined(separator: " ") + (text.unicodeScalars.count > 4 ? " …" : "")
    }
}
