/// How long a text is as a reader sees it: in user-perceived characters, Unicode's extended
/// grapheme clusters (UAX #29), which Swift's `Character` is. A ZWJ family emoji, a flag, a letter
/// with combining accents, a Hangul syllable written as jamo and a Devanagari conjunct with its
/// vowel sign ("स्ते") each count once, as a reader and VoiceOver's cursor see them; UTF-16 units
/// (what JavaScript's `length` counts) or scalars would count them several times.
enum PerceivedLength {
    static func of(_ text: String) -> Int {
        text.count
    }
}
