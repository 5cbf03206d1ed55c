import Foundation

/// `missing-translation` and `stale-translation`: where the catalog's languages stand. A sticker
/// whose label is missing in a declared language is read to VoiceOver users of that language in
/// the default language; a translation made from a label that has changed since says something
/// the sticker no longer shows.
enum TranslationChecks {
    static func findings(for catalog: Catalog) -> [Finding] {
        let site = catalog.site
        guard !site.otherLanguages.isEmpty else { return [] }
        var findings: [Finding] = []
        // Labels translated without `translated_from:`: Peel cannot tell when their source changes.
        var untracked: [String: (count: Int, first: String)] = [:]
        for pack in catalog.packs {
            let sourceLanguage = site.sourceLanguage(of: pack), languages = site.translationLanguages(of: pack)
            let source = LanguageName.of(site.writtenLanguage(of: pack))
            // A composed sticker's translations are its parts': their files get the findings (PartsPack).
            for sticker in pack.stickers where sticker.alt != nil && sticker.composition == nil {
                for language in languages {
                    let name = LanguageName.of(language)
                    let translation = sticker.translations[language]
                    if let translation, translation.alt != nil, translation.translatedFrom == nil {
                        untracked[language, default: (0, translation.file)].count += 1
                    }
                    // The source label pasted into the translation: a language without a dictionary
                    // (Japanese, German without hunspell-de-de) took it as translated, and VoiceOver
                    // read English in a Japanese voice.
                    // `translated_from:` is a translator's word that it is translated (labels import
                    // writes it for units marked final): "Pizza margherita" is Italian too.
                    if let translation, Self.isSourcePasted(sticker, language: language, pack: pack, site: site) {
                        findings.append(Finding(.warning, .missingTranslation, file: translation.file, line: translation.altLine,
                            message: "the \(name) label is the \(source) one, word for word, so VoiceOver on a phone set to \(name) reads \(source); "
                                + "translate it, or remove it from \(translation.file) to say it is not translated yet",
                            sticker: sticker.source, language: language))
                        continue
                    }
                    switch sticker.labelState(in: language, source: sourceLanguage) {
                    case .missing:
                        // A translation file that cannot be read has its own error (yaml-syntax, ...).
                        if translation?.sidecarError != nil || translation?.altInvisible == true { continue }
                        let file = Self.translationFile(of: sticker, language: language)
                        // A translation file without `alt:` is the file to fix: the finding is on it
                        // (an editor, a GitHub annotation and SARIF jumped to the source's label).
                        findings.append(Finding(.warning, .missingTranslation, file: translation?.file ?? sticker.sidecar ?? sticker.source,
                                                line: translation == nil ? sticker.altLine : nil,
                            message: "no \(name) label: VoiceOver on a phone set to \(name) reads the \(source) one; add 'alt:' to \(file)",
                            sticker: sticker.source, language: language))
                    case .stale:
                        guard let translation else { continue }
                        findings.append(Finding(.warning, .staleTranslation, file: translation.file, line: translation.translatedFromLine,
                            message: "the \(name) label was translated from '\(translation.translatedFrom ?? "")', but the \(source) label is now '\(sticker.alt ?? "")'; "
                                + "update the \(name) label, then translated_from:",
                            sticker: sticker.source, language: language))
                    case .source, .translated:
                        break
                    }
                }
            }
            // A pack title never translated: that language's pages show the source one, and
            // nothing said so where a stale one was a warning.
            // A folder without pack.md has its own finding (and a title made from its name).
            for language in languages where pack.manifest != nil && pack.titleState(in: language, site: site) == .missing {
                let translation = pack.translations[language]
                let name = LanguageName.of(language)
                findings.append(Finding(.warning, .missingTranslation, file: translation?.file ?? pack.manifest ?? pack.folder,
                    line: translation == nil ? pack.titleLine : nil,
                    message: "no \(name) pack title: the \(name) pages show the \(source) one, '\(pack.title)'; add title: to \(translation?.file ?? "\(pack.folder)/pack.\(language).md")",
                    language: language))
            }
            for language in languages where pack.titleState(in: language, site: site) == .stale {
                guard let translation = pack.translations[language] else { continue }
                findings.append(Finding(.warning, .staleTranslation, file: translation.file, line: translation.translatedFromLine,
                    message: "the \(LanguageName.of(language)) pack title was translated from '\(translation.translatedFrom ?? "")', but the \(source) title is now '\(pack.title)'; "
                        + "update it, then translated_from:",
                    language: language))
            }
        }
        // One note per language, not one per file: a catalog translated by hand has thousands.
        for language in site.languages {
            guard let (count, first) = untracked[language] else { continue }
            let name = LanguageName.of(language)
            // On site.md, which declares the language: a pack's readiness counts its own notes as changes.
            findings.append(Finding(.note, .staleTranslation, file: "site.md",
                message: "\(count == 1 ? "the \(name) label of \(first) has" : "\(count) \(name) labels (\(first) first) have") no translated_from:, so Peel cannot tell when "
                    + "the label \(count == 1 ? "it translates" : "they translate") changes; add translated_from: with that label, "
                    + "or export them to XLIFF, mark the units final once checked, and import them (peel labels import), which writes it",
                language: language))
        }
        let source = LanguageName.of(site.defaultLanguage)
        // A site title of site.md's own (not Peel's default, which the pages translate) never translated.
        if site.title != SiteInfo().title {
            for language in site.otherLanguages where (site.translations[language]?.title ?? "").trimmed.isEmpty {
                let translation = site.translations[language]?.file
                let name = LanguageName.of(language)
                findings.append(Finding(.warning, .missingTranslation, file: translation ?? "site.md",
                    line: translation == nil ? site.titleLine : nil,
                    message: "no \(name) site title: the \(name) pages show the \(source) one, '\(site.title)'; add title: to \(translation ?? "site.\(language).md")",
                    language: language))
            }
        }
        for language in site.otherLanguages {
            guard let translation = site.translations[language], let from = translation.translatedFrom,
                  from.trimmed != site.title.trimmed else { continue }
            findings.append(Finding(.warning, .staleTranslation, file: translation.file, line: translation.translatedFromLine,
                message: "the \(LanguageName.of(language)) site title was translated from '\(from)', but the \(source) title is now '\(site.title)'; "
                    + "update it, then translated_from:",
                language: language))
        }
        return findings
    }

    /// True when a translated label is its source label over again (letters and digits, any case
    /// or punctuation), in another language than the source's (en-GB may well say what en-US
    /// says), and of two words or more (a name, "OK" or "Taco" is the same in many languages).
    static func isSameLabel(_ translated: String, _ source: String, language: String, source sourceLanguage: String) -> Bool {
        func primary(_ tag: String) -> Substring { tag.lowercased().split(separator: "-").first ?? "" }
        guard primary(language) != primary(sourceLanguage) else { return false }
        let words = LabelChecks.normalized(source)
        return words.contains(" ") && LabelChecks.normalized(translated) == words
    }

    /// True when `sticker`'s label in `language` is its source label over again (`isSameLabel`)
    /// and no `translated_from:` says a translator made it so: the source pasted, not translated.
    /// In a language not written in Latin letters (`LatinScript`), `translated_from:` cannot make
    /// it so: a translator copies the English file, adds the key and forgets the label, and a
    /// Japanese VoiceOver reads English.
    static func isSourcePasted(_ sticker: Sticker, language: String, pack: Pack, site: SiteInfo) -> Bool {
        guard let translation = sticker.translations[language], translation.translatedFrom == nil || !LatinScript.isUsed(by: language),
              let alt = translation.alt, let source = sticker.alt else { return false }
        return isSameLabel(alt, source, language: language, source: site.writtenLanguage(of: pack))
    }

    /// Where a sticker's label in `language` goes: its translation file, else `moon.fr.md` beside `moon.md`.
    static func translationFile(of sticker: Sticker, language: String) -> String {
        if let file = sticker.translations[language]?.file { return file }
        let folder = sticker.source.split(separator: "/").dropLast().joined(separator: "/")
        let stem = StickerFileKind.stem(sticker.fileName)
        return (folder.isEmpty ? "" : folder + "/") + "\(stem).\(language).md"
    }
}
