/// Whether a language is written in the Latin alphabet, by script as `TextDirection` decides its
/// direction: a tag's script subtag when it has one ("sr-Latn" is, "uz-Cyrl" is not), else the
/// script the language is usually written in (CLDR's likely subtags). A label in Latin letters
/// that is its English source word for word is a translation nobody made when the language is
/// written otherwise (Japanese, Arabic, Russian), whatever `translated_from:` says; in a Latin
/// language it may be right ("Pizza margherita" in Italian).
public enum LatinScript {
    /// Languages whose likely script is not Latin: Arabic, Hebrew, Cyrillic, Greek, Armenian,
    /// Georgian, the Brahmic scripts, Han, Kana, Hangul, Ethiopic, Thaana, Tibetan, Mongolian.
    static let otherScriptLanguages: Set<String> = [
        "ar", "arc", "ckb", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi", "ji", "prs", "pnb", "dv",
        "ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "tg", "mn", "ba", "tt", "cv", "ce", "os", "sah",
        "el", "hy", "ka",
        "hi", "mr", "ne", "sa", "bn", "as", "pa", "gu", "or", "ta", "te", "kn", "ml", "si", "th", "lo", "km", "my",
        "bo", "dz", "ja", "zh", "yue", "ko", "am", "ti",
    ]

    /// True when `tag` is written in Latin letters ("de", "pt-BR", "sr-Latn"), false otherwise
    /// ("ja", "ar", "sr", "ru").
    public static func isUsed(by tag: String) -> Bool {
        let (language, script, _) = LanguageTag.parts(of: tag)
        if let script { return script == "latn" }
        return !otherScriptLanguages.contains(language)
    }
}
