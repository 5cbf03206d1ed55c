/// `label-spelling`: words of a label that the dictionary of its language does not know, with
/// Hunspell's suggestions; a typo in a label is spelled out letter by letter by VoiceOver.
///
/// Labels only, not titles: the label is what VoiceOver reads aloud, while a title is shown as
/// written and is most often made from the file name ("Happy sun 2"), whose words are the
/// artist's own.
///
/// Every language's labels are checked: a default-language label in the pack's `language:`, else
/// the site's, and each translation (`moon.fr.md`) in its own language; a bare tag ("en") accepts the spelling
/// of every installed region ("grey" and "gray"), a tag with a region its own. A language without an installed
/// dictionary gets one `spelling-dictionary-missing` warning for the whole catalog, and its labels
/// go unchecked. The dictionary is loaded only when a label needs it.
struct SpellingCheck {
    /// The most suggestions a finding names: the first ones are Hunspell's best.
    static let suggestionLimit = 3

    /// The dictionaries of a language, best first (empty: none installed).
    private let dictionaries: (String) -> [SpellingDictionary]

    init(dictionaries: @escaping (String) -> [SpellingDictionary] = SpellingDictionary.sharedVariants(for:)) {
        self.dictionaries = dictionaries
    }

    /// Loads the shared dictionaries `catalog`'s labels need (tens of milliseconds each), so a
    /// review can do it while its images are analysed; nothing when no sticker has a label.
    static func preload(_ catalog: Catalog) {
        for language in languages(of: catalog) { _ = SpellingDictionary.sharedVariants(for: language) }
    }

    /// The languages labels are written in: each pack's (or the site's) for the default labels, and
    /// every translated language that has a label. Sorted.
    static func languages(of catalog: Catalog) -> [String] {
        var languages = Set<String>()
        for pack in catalog.packs {
            for sticker in pack.stickers {
                for label in CheckSubject(sticker: sticker, pack: pack, info: nil).labels(site: catalog.site) where label.text != nil {
                    languages.insert(label.language)
                }
            }
        }
        return languages.sorted()
    }

    /// Every label in every language, each against its language's dictionaries, in the order of
    /// the catalog's labels.
    ///
    /// One language at a time: its dictionaries are loaded when its first label needs them and let
    /// go before the next language's are (with `SpellingDictionary.Retention.whileInUse`), so a
    /// catalog in English, French and Arabic holds 18 MB of Hunspell at once, not 44 MB.
    func findings(for catalog: Catalog) -> [Finding] {
        var found: [(label: Int, finding: Finding)] = []
        let siteWords = CatalogWords(catalog.site.words)
        for language in Self.languages(of: catalog) {
            var spelling: [SpellingDictionary]?
            var suggestions: [String: [String]] = [:]
            // Labels of one catalog share most words ("yellow", "face"): each is looked up once.
            var known: [String: Bool] = [:]
            var reportedInParts = Set<String>()
            // Each label's place in the catalog, the same in every language's pass: findings are put back in that order.
            var labelIndex = 0
            for pack in catalog.packs where pack.stickers.contains(where: { $0.alt != nil || !$0.translations.isEmpty }) {
                // Names and brands (`words:`) are spelled the same in every language.
                let words = siteWords.adding(CatalogWords(pack.words))
                for sticker in pack.stickers {
                    for subject in CheckSubject(sticker: sticker, pack: pack, info: nil).labels(site: catalog.site) {
                        labelIndex += 1
                        guard subject.language == language, let label = subject.text else { continue }
                        if spelling == nil {
                            spelling = dictionaries(language)
                            if spelling?.isEmpty != false && SpellingDictionary.hasWordSpaces(language) {
                                // A pack's own language is declared in its pack.md; the site's and every translated one in site.md.
                                let declaredIn = subject.translation == nil && pack.language != nil ? pack.manifest ?? "site.md" : "site.md"
                                found.append((labelIndex, missingDictionary(language, declaredIn: declaredIn)))
                            }
                        }
                        guard let spelling, let best = spelling.first else { continue }
                        // The source label over again is said once, as an untranslated label (`TranslationChecks`).
                        if let language = subject.translation,
                           TranslationChecks.isSourcePasted(sticker, language: language, pack: pack, site: catalog.site) { continue }
                        var unknown = Self.unknownWords(in: label, dictionaries: spelling, words: words, memo: &known)
                        let parts = LabelWords.words(in: label).flatMap(\.parts)
                        // A brand or name in Latin letters inside an Arabic or Russian label ("ساعة Casio")
                        // is no misspelt Arabic word; a label in Latin letters alone still is another language's.
                        if !LatinScript.isUsed(by: language), unknown.contains(where: Self.isLatinWord),
                           parts.contains(where: { !Self.isLatinWord($0) }) {
                            unknown.removeAll(where: Self.isLatinWord)
                        }
                        // Most words unknown: the label is likely in another language. One finding says
                        // so, instead of one per word, each advising words: (a French label in an English pack).
                        let checkable = parts.count
                        // Japanese, Chinese or Thai in a language written with spaces: a sentence reads as
                        // one "word", and words: was offered for it (which would silence it for good).
                        let unspaced = SpellingDictionary.hasWordSpaces(language) ? unknown.filter(LabelChecks.isWrittenWithoutSpaces) : []
                        if sticker.composition == nil, !unspaced.isEmpty, unspaced.count == unknown.count {
                            found.append((labelIndex, subject.finding(.warning, .labelSpelling,
                                "the label is written in a script without spaces between words (\(unspaced.prefix(2).map { "“\($0)”" }.joined(separator: ", "))), not in \(LanguageName.of(language)); is the label in another language? Write it in \(LanguageName.of(language)), or move it to its language's translation file")))
                            continue
                        }
                        if sticker.composition == nil, unknown.count >= 3, unknown.count * 3 >= checkable * 2 {
                            found.append((labelIndex, subject.finding(.warning, .labelSpelling,
                                "\(unknown.count) of the label's \(checkable) words are not \(LanguageName.of(language)) words (\(unknown.prefix(3).map { "“\($0)”" }.joined(separator: ", "))\(unknown.count > 3 ? ", …" : "")); is the label in another language? Write it in \(LanguageName.of(language)), or move it to its language's translation file")))
                            continue
                        }
                        for word in unknown {
                            // A parts pack's labels share their words: each unknown one is reported once
                            // at its place (the part label that holds it, else the template's line), not
                            // once per combination made with it.
                            let place = Self.partPlace(of: word, in: sticker, pack: pack, language: subject.translation)
                            if sticker.composition != nil,
                               !reportedInParts.insert("\(place?.file ?? subject.file)|\(place?.line ?? subject.line ?? 0)|\(word)").inserted { continue }
                            let offered = suggestions[word] ?? best.suggestions(for: LabelWords.straightened(word.precomposedStringWithCanonicalMapping), limit: Self.suggestionLimit)
                            suggestions[word] = offered
                            // A translation's says which label: on the review's row of the sticker,
                            // beside its English label, "“Visaje” may be misspelled" left it to guess.
                            let inLabel = subject.translation.map { "in the \(LanguageName.of($0)) label, " } ?? ""
                            var finding = subject.finding(.warning, .labelSpelling, inLabel + Self.message(word: word, suggestions: offered, pack: pack))
                            if let place {
                                finding.file = place.file
                                finding.line = place.line
                            }
                            found.append((labelIndex, finding))
                        }
                    }
                }
            }
        }
        // Stable: a label's findings keep the order they were found in.
        return found.enumerated().sorted { ($0.element.label, $0.offset) < ($1.element.label, $1.offset) }.map(\.element.finding)
    }

    /// Where a word of a parts pack's composed label was written: the chosen part's label that
    /// holds it (`base/cone.md`, its `alt:` line; `base/cone.fr.md` for a translation); nil for a
    /// word of the template, or of an ordinary sticker. A typo in a layer was reported on pack.md's
    /// `label:` line, which does not hold it, so an editor opened the wrong file.
    static func partPlace(of word: String, in sticker: Sticker, pack: Pack, language: String?) -> (file: String, line: Int?)? {
        guard let composition = sticker.composition else { return nil }
        for chosen in composition.choices {
            guard let name = chosen.choice, let part = pack.parts.first(where: { $0.name == chosen.part }),
                  let choice = part.choices.first(where: { $0.name == name }) else { continue }
            let written: (label: String?, file: String?, line: Int?)
            if let language {
                guard let translation = choice.translations[language] else { continue }
                written = (translation.label, translation.file, translation.labelLine)
            } else {
                written = (choice.label, choice.sidecar, choice.labelLine)
            }
            guard let label = written.label, let file = written.file,
                  LabelWords.words(in: label).flatMap(\.parts).contains(word) else { continue }
            return (file, written.line)
        }
        return nil
    }

    /// True when every letter of `word` is a Latin one (ASCII, Latin-1 and Latin Extended, as names
    /// and brands are written), and it has one.
    static func isLatinWord(_ word: String) -> Bool {
        var letters = 0
        for scalar in word.unicodeScalars where scalar.properties.isAlphabetic {
            guard scalar.value < 0x250 || (0x1E00...0x1EFF).contains(scalar.value) else { return false }
            letters += 1
        }
        return letters > 0
    }

    /// The words of `label` that neither the catalog's words nor any of the dictionaries know, each once,
    /// in order. A hyphenated word the dictionary knows whole is fine ("well-known"); otherwise each
    /// part is looked up (a name in lower case accepted: T-rex), and only the unknown parts are named.
    /// `memo` keeps these dictionaries' answers by word, for the next label of the same language.
    static func unknownWords(in label: String, dictionaries: [SpellingDictionary], words: CatalogWords,
                             memo: inout [String: Bool]) -> [String] {
        var unknown: [String] = []
        func inDictionary(_ word: String) -> Bool {
            if let answer = memo[word] { return answer }
            // Hunspell compares bytes, and dictionaries are written precomposed (NFC): a decomposed
            // "cafe\u{301}" (macOS input, some copies) was unknown, and since Swift strings (the memo's
            // keys) are equal across the two forms, the first form seen decided for both.
            let straight = LabelWords.straightened(word.precomposedStringWithCanonicalMapping)
            // cats': dictionaries list the plural, not its possessive.
            let forms = straight.hasSuffix("s'") ? [straight, String(straight.dropLast())] : [straight]
            let answer = dictionaries.contains { dictionary in forms.contains(where: dictionary.isCorrect) }
            memo[word] = answer
            return answer
        }
        func known(_ word: String) -> Bool { words.contains(word) || inDictionary(word) }
        for word in LabelWords.words(in: label) {
            if word.parts.count > 1, LabelWords.isCheckable(word.text), known(word.text) { continue }
            // A part of a compound may be a name written in lower case ("T-rex"): its capitalised form counts.
            for part in word.parts where !known(part) && !(word.text != part && known(part.capitalized)) && !unknown.contains(part) {
                unknown.append(part)
            }
        }
        return unknown
    }

    static func unknownWords(in label: String, dictionaries: [SpellingDictionary], words: CatalogWords) -> [String] {
        var memo: [String: Bool] = [:]
        return unknownWords(in: label, dictionaries: dictionaries, words: words, memo: &memo)
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
        let install = SpellingDictionary.debianPackage(for: language).map { "install \($0) (Debian; scripts/install-dependencies --language \(language)) or " }
        return Finding(.warning, .spellingDictionaryMissing, file: file,
                       message: "labels in language '\(language)' (\(file)) are not spell-checked: no Hunspell dictionary for it is installed; "
                           + "\(install ?? "Debian has no package for it: ")put its .aff and .dic files in a folder named by DICPATH",
                       language: language)
    }
}
