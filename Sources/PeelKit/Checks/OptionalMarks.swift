/// Marks a reader may leave out of a word: Arabic's optional vowel marks (harakat, U+064B–U+065F,
/// and the superscript alef, U+0670; Quranic marks), the tatweel that stretches a word (U+0640), and Hebrew's
/// points and cantillation (niqqud, U+0591–U+05C7 but its punctuation): "صُورَة" and "صـورة" are
/// the word "صورة", and "תְּמוּנָה" is "תמונה", to a reader and to VoiceOver, so the word lists
/// compare them without. The site's filter boxes (pack-filter.js, review.js) leave these out too.
enum OptionalMarks {
    static func removed(from text: String) -> String {
        guard text.unicodeScalars.contains(where: isMark) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isMark($0) })
        return String(scalars)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x064B...0x065F, 0x0670, 0x0640: true
        // Quranic annotation marks, as some keyboards and copied texts carry them.
        case 0x0610...0x061A, 0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7, 0x06E8, 0x06EA...0x06ED: true
        case 0x0591...0x05BD, 0x05BF, 0x05C1, 0x05C2, 0x05C4, 0x05C5, 0x05C7: true
        default: false
        }
    }
}
