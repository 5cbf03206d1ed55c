/// What a sticker check looks at: the sticker, its pack and what the image step learnt.
struct CheckSubject {
    let sticker: Sticker
    let pack: Pack
    /// Nil when the image could not be read (the image step reported why).
    let info: ImageInfo?

    /// The sticker's own label (its sidecar's `alt:`), in the pack's language.
    func defaultLabel(site: SiteInfo) -> LabelSubject {
        LabelSubject(sticker: sticker, pack: pack, text: sticker.alt, title: sticker.title,
                     file: sticker.sidecar ?? sticker.source, line: sticker.altLine,
                     language: pack.language ?? site.language, translation: nil)
    }

    /// The sticker's words in every language it has them: its own first, then each translation in
    /// the order `languages:` declares them. Every label rule runs on each.
    func labels(site: SiteInfo) -> [LabelSubject] {
        [defaultLabel(site: site)] + site.translationLanguages(of: pack).compactMap { language in
            guard let translation = sticker.translations[language] else { return nil }
            return LabelSubject(sticker: sticker, pack: pack, text: translation.alt, title: translation.title,
                                file: translation.file, line: translation.altLine, language: language, translation: language)
        }
    }

    /// A finding about the sticker's image file.
    func imageFinding(_ severity: Severity, _ code: FindingCode, _ message: String) -> Finding {
        Finding(severity, code, file: sticker.source, message: message, sticker: sticker.source)
    }

    /// A finding on the art's size: a composed sticker has no file of its own (its path names
    /// none in the content folder, which SARIF and GitHub annotations then pointed at), and its
    /// size is its layers', so the finding is at its first layer. It stays the sticker's.
    func layerFinding(_ severity: Severity, _ code: FindingCode, _ message: String) -> Finding {
        let layer = sticker.composition?.choices.lazy.compactMap(\.file).first
        return Finding(severity, code, file: layer ?? sticker.source, message: message, sticker: sticker.source)
    }
}
