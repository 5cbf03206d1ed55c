import Foundation

/// Which of the words Tesseract reads are text rather than shapes of the art. A word is kept only
/// when all hold: it has nothing but letters (inner apostrophes and hyphens aside, outer punctuation
/// trimmed); Tesseract's confidence reaches `minimumConfidence`; it is tall enough to be text a viewer
/// reads; and it is either a short all-caps token (LOL, OMG, BRB, OK) or a dictionary word of at least
/// three letters. Two-letter dictionary words ("on", "om") are what line art most often reads as.
struct ArtTextWordFilter {
    /// Tesseract's word confidence (0–100) a word must reach. Measured with ArtTextMeasurement at the
    /// settings used: words rendered into the generated stickers (dark, outlined, on a shape; 300–618 px)
    /// read at 95–96; in the OpenMoji line art of content/ and the samples, the words that pass the
    /// other rules read at most 66 ("NOC", "TES", "YOO"), and two-letter ones up to 85 ("on").
    static let minimumConfidence = 80.0
    /// A word's height as a share of the image's longer side: smaller text (a signature, a watermark)
    /// is not what the sticker says. Measured noise was never below 5 %, so this does not filter noise.
    static let minimumHeightShare = 0.025
    /// Chat abbreviations are 2–5 letters; longer all-caps words must be in the dictionary.
    static let allCapsLength = 2...5
    /// Dictionary words shorter than this are not kept (see above).
    static let minimumDictionaryLength = 3

    /// The dictionaries of the languages the art may be in: a word any of them knows is a word.
    let dictionaries: [SpellingDictionary]

    /// The word as it should be kept, or nil when it is not text.
    func kept(_ word: TesseractEngine.Word, imageSide: Int) -> String? {
        guard let text = Self.cleaned(word.text) else { return nil }
        guard Double(word.height) >= Self.minimumHeightShare * Double(imageSide), word.confidence >= Self.minimumConfidence else { return nil }
        if Self.isAllCapsToken(text) { return text }
        return text.filter(\.isLetter).count >= Self.minimumDictionaryLength && isDictionaryWord(text) ? text : nil
    }

    /// True for "LOL", "OMG": 2–5 upper-case letters, not all of them O: round shapes (a face's
    /// two eyes, wheels, bubbles) read as "OO" and "OOO" (10 of a tester's 600 OpenMoji faces).
    static func isAllCapsToken(_ text: String) -> Bool {
        allCapsLength.contains(text.count) && text.allSatisfy { $0.isLetter && $0.isUppercase } && !text.allSatisfy { $0 == "O" }
    }

    /// Hunspell knows the word: as written, without its accents (English dictionaries spell "café"
    /// as "cafe"), or each part of a hyphenated word.
    private func isDictionaryWord(_ text: String) -> Bool {
        dictionaries.contains { dictionary in
            if dictionary.isCorrect(text) { return true }
            let plain = text.folding(options: .diacriticInsensitive, locale: nil)
            if plain != text, dictionary.isCorrect(plain) { return true }
            let parts = text.split(separator: "-").map(String.init)
            return parts.count > 1 && parts.allSatisfy { $0.count >= 2 && dictionary.isCorrect($0) }
        }
    }

    /// The word with typographic apostrophes made plain and outer punctuation trimmed ("“LOL!”" → "LOL"),
    /// or nil when fewer than two letters remain or anything but letters, apostrophes and hyphens is left.
    static func cleaned(_ text: String) -> String? {
        let plain = text.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "'")
        let trimmed = plain.trimmingCharacters(in: CharacterSet.letters.inverted)
        guard trimmed.filter(\.isLetter).count >= 2 else { return nil }
        guard trimmed.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "-" }) else { return nil }
        return trimmed
    }
}
