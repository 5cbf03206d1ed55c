/// Where a text stands in one language.
public enum TranslationState: String, Sendable, Codable {
    /// The language the text is written in (the default language's, or its pack's `language:`).
    case source
    /// Translated from the source text as it is now (or from a source Peel cannot compare: no
    /// `translated_from:`).
    case translated
    /// Translated from a source text that has changed since (`translated_from:` differs).
    case stale
    /// Not translated into this language: readers get the source text.
    case missing

    /// `translated_from` against the source text of the moment, both trimmed.
    static func of(translation: String?, translatedFrom: String?, source: String?) -> TranslationState {
        guard let translation, !translation.isEmpty else { return .missing }
        guard let translatedFrom, let source else { return .translated }
        return translatedFrom.trimmed == source.trimmed ? .translated : .stale
    }
}

extension Sticker {
    /// The label's state in `language`, for a sticker whose pack is written in `source`
    /// (`SiteInfo.sourceLanguage(of:)`).
    public func labelState(in language: String, source: String) -> TranslationState {
        if language == source { return .source }
        let translation = translations[language]
        return .of(translation: translation?.alt, translatedFrom: translation?.translatedFrom, source: alt)
    }

    /// The label VoiceOver reads in `language`, and the language it is really in (the source
    /// label stands in for a missing translation).
    public func label(in language: String, source: String) -> (text: String?, language: String) {
        if language != source, let text = translations[language]?.alt { return (text, language) }
        return (alt, source)
    }
}

extension Pack {
    /// The title's state in `language` of `site`'s languages.
    public func titleState(in language: String, site: SiteInfo) -> TranslationState {
        if language == site.sourceLanguage(of: self) { return .source }
        let translation = translations[language]
        return .of(translation: translation?.title, translatedFrom: translation?.translatedFrom, source: title)
    }
}
