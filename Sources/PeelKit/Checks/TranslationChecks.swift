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

    /// Where a sticker's label in `language` goes: its translation file, else `moon.fr.md` beside `moon.md`.
    static func translationFile(of sticker: Sticker, language: String) -> String {
        if let file = sticker.translations[language]?.file { return file }
        let folder = sticker.source.split(separator: "/").dropLast().joined(separator: "/")
        let stem = StickerFileKind.stem(sticker.fileName)
        return (folder.isEmpty ? "" : folder + "/") + "\(stem).\(language).md"
    }
}
