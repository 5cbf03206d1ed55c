/// `label-misses-art-text`: the art says words (LOL, "Happy birthday") that its label does not, so a
/// VoiceOver user never hears them (WCAG 1.1.1: text in an image belongs in its text alternative).
enum ArtTextCheck {
    /// The finding for one sticker, given what was read in its art and its label. None when the art
    /// has no text, when the label says every word, or when there is no label (`missing-label` covers it).
    static func findings(reading: ArtTextReading, label subject: LabelSubject, dictionary: SpellingDictionary? = nil) -> [Finding] {
        guard let label = subject.text, reading.hasText else { return [] }
        let missing = ArtTextMatcher.missingWords(reading.words.map(\.text), in: label) { word in dictionary?.isCorrect(word) ?? false }
        guard !missing.isEmpty else { return [] }
        let quoted = missing.map { "“\($0)”" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
        let them = missing.count == 1 ? "it" : "them"
        return [subject.finding(.warning, .labelMissesArtText,
            "the art says \(list) but the label does not: VoiceOver users miss \(them), so add \(them) to the label")]
    }
}
