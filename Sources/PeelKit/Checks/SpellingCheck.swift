/// `label-spelling`: words of a label that the dictionary of its language does not know, with
/// Hunspell's suggestions; a typo in a label is spelled out letter by letter by VoiceOver.
///
/// Labels only, not titles: the label is what VoiceOver reads aloud, while a title is shown as
/// written and is most often made from the file name ("Happy sun 2"), whose words are the
/// artist's own.
///
/// The language is the pack's `language:`, else the site's. A language without an installed
/// dictionary gets one `spelling-dictionary-missing` warning for the whole catalog, and its labels
/// go unchecked. The dictionary is loaded only when a label needs it.
struct SpellingCheck {
    /// The most suggestions a finding names: the first ones are Hunspell's best.
    static let suggestionLimit = 3

    private let dictionary: (String) -> SpellingDictionary?

    init(dictionary: @escaping (String) -> SpellingDictionary? = SpellingDictionary.shared(for:)) {
        self.dictionary = dictionary
    }

    func findings(for catalog: Catalog) -> [Finding] {
        var findings: [Finding] = []
        var dictionaries: [String: SpellingDictionary?] = [:]
        var suggestions: [String: [String]] = [:]
        let siteWords = CatalogWords(catalog.site.words)
        for pack in catalog.packs where pack.stickers.contains(where: { $0.alt != nil }) {
            let language = pack.language ?? catalog.site.language
            if dictionaries[language] == nil {
                let loaded = dictionary(language)
                dictionaries[language] = .some(loaded)
                if loaded == nil { findings.append(missingDictionary(language, declaredIn: pack.language == nil ? "site.md" : pack.manifest ?? "site.md")) }
            }
            guard let found = dictionaries[language], let spelling = found else { continue }
            let words = siteWords.adding(CatalogWords(pack.words))
            for sticker in pack.stickers {
                guard let label = sticker.alt else { continue }
                let subject = CheckSubject(sticker: sticker, pack: pack, info: nil)
                for word in Self.unknownWords(in: label, dictionary: spelling, words: words) {
                    let key = spelling.name + "\u{0}" + word
                    let offered = suggestions[key] ?? spelling.suggestions(for: LabelWords.straightened(word), limit: Self.suggestionLimit)
                    suggestions[key] = offered
                    findings.append(subject.labelFinding(.warning, .labelSpelling, Self.message(word: word, suggestions: offered, pack: pack)))
                }
            }
        }
        return findings
    }

    /// The words of `label` that neither the catalog's words nor the dictionary know, each once,
    /// in order. A hyphenated word the dictionary knows whole is fine ("well-known"); otherwise each
    /// part is looked up, and only the unknown parts are named.
    static func unknownWords(in label: String, dictionary: SpellingDictionary, words: CatalogWords) -> [String] {
        var unknown: [String] = []
        func known(_ word: String) -> Bool {
            if words.contains(word) { return true }
            let straight = LabelWords.straightened(word)
            if dictionary.isCorrect(straight) { return true }
            // cats': dictionaries list the plural, not its possessive.
            return straight.hasSuffix("s'") && dictionary.isCorrect(String(straight.dropLast()))
        }
        for word in LabelWords.words(in: label) {
            if word.parts.count > 1, LabelWords.isCheckable(word.text), known(word.text) { continue }
            for part in word.parts where !known(part) && !unknown.contains(part) {
                unknown.append(part)
            }
        }
        return unknown
    }

    /// "“whsikers” may be misspelled (did you mean “whiskers”?); ..."
    static func message(word: String, suggestions: [String], pack: Pack) -> String {
        var text = "“\(word)” may be misspelled"
        if !suggestions.isEmpty {
            let quoted = suggestions.map { "“\($0)”" }
            let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
            text += " (did you mean \(list)?)"
        }
        let place = pack.manifest ?? "site.md"
        return text + "; if it is right (a name, a brand), add it to words: in \(place)"
    }

    func missingDictionary(_ language: String, declaredIn file: String) -> Finding {
        let package = SpellingDictionary.debianPackage(for: language)
        return Finding(.warning, .spellingDictionaryMissing, file: file,
                       message: "labels in language '\(language)' (\(file)) are not spell-checked: no Hunspell dictionary for it is installed; "
                           + "install \(package) (Debian; scripts/install-dependencies --language \(language)) or put its .aff and .dic files in a folder named by DICPATH")
    }
}
