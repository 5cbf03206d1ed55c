/// Arabic's optional vowel marks (harakat, U+064B–U+065F, and the superscript alef, U+0670) and
/// the tatweel that stretches a word (U+0640): "صُورَة" and "صـورة" are the word "صورة" to a
/// reader and to VoiceOver, so the word lists compare them without.
enum ArabicMarks {
    static func removed(from text: String) -> String {
        guard text.unicodeScalars.contains(where: isMark) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isMark($0) })
        return String(scalars)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x064B...0x065F).contains(scalar.value) || scalar.value == 0x0670 || scalar.value == 0x0640
    }
}
