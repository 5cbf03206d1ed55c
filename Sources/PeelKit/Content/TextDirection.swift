/// Which way a language's text runs, for `dir="rtl"` on its pages. Decided by script: a tag's
/// script subtag when it has one ("az-Arab", "pa-Arab", "ku-Arab" run right to left; "uz-Latn" does
/// not), else the script the language is usually written in (CLDR's likely subtags).
///
/// A small table rather than ICU's `Locale.Language.characterDirection`: Foundation on Linux ships
/// without the ICU data that answers it for every tag, and a page's direction must not depend on the
/// machine that builds it.
public enum TextDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// ISO 15924 codes of the right-to-left scripts in use: Arabic, Hebrew, Syriac, Thaana, N'Ko,
    /// Adlam, Hanifi Rohingya, Mandaic, Samaritan, Mende Kikakui, and Nastaliq/Aramaic variants.
    static let rightToLeftScripts: Set<String> = [
        "arab", "aran", "hebr", "syrc", "syre", "syrj", "syrn", "thaa", "nkoo", "adlm", "rohg",
        "mand", "samr", "mend", "armi", "phnx", "yezi",
    ]

    /// Languages whose likely script (CLDR likelySubtags) is one of those above.
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "nqo", "ps", "sd",
        "syr", "ug", "ur", "yi", "ji", "prs", "pnb", "bal", "glk", "azb", "sdh", "bqi", "luz", "rhg",
    ]

    /// The direction of text in `tag` ("ar" -> rtl, "az-Arab" -> rtl, "fr" -> ltr).
    public static func of(_ tag: String) -> TextDirection {
        let (language, script, _) = LanguageTag.parts(of: tag)
        if let script { return rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight }
        return rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    /// `"rtl"` for right-to-left text, nil for left-to-right (the HTML default, left unsaid).
    public static func attribute(for tag: String) -> String? {
        of(tag) == .rightToLeft ? "rtl" : nil
    }
}
