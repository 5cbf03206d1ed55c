import Foundation
import Mustache

/// The language a page is written in. The default language's pages are at the site root, as a
/// site with one language always was; every other declared language has the same pages under a
/// folder named by its tag (`fr/index.html`, `fr/<pack>/index.html`, `fr/<pack>/<sticker>/index.html`).
/// Images, thumbnails, zips and assets exist once, at the root: translated pages link to them.
struct PageLanguage: Sendable {
    /// The page's BCP 47 tag, for `<html lang>`.
    let tag: String
    /// The default language (or the only one): pages at the root.
    let isDefault: Bool
    /// The language the untranslated texts are in (the site's default language).
    let source: String
    let chrome: ChromeStrings
    /// The language the page's body is marked with: its own, or "en" when the theme has no string
    /// table for it, so its words are English (`<body lang="en">`) and its texts carry their `lang`.
    let container: String

    /// `words`: the language of the page's own words when its template is written in one whatever
    /// the page's language (the label review's is English); nil, the page's.
    init(tag: String, site: SiteInfo, templates: TemplateSet, words: String? = nil) {
        self.tag = tag
        isDefault = tag == site.defaultLanguage
        source = site.defaultLanguage
        chrome = templates.chrome(for: words ?? tag)
        container = chrome.language
    }

    /// The path of a page of the default language's site in this language's tree.
    func path(_ sitePath: String) -> String {
        isDefault ? sitePath : "\(tag)/\(sitePath)"
    }

    /// `lang` for a text written in `language` (nil: the language of the body it is in, left unsaid).
    func lang(of language: String) -> String? {
        language.lowercased() == container.lowercased() ? nil : language
    }

    /// `lang` for a text in the page's own language: nil, unless the body is marked English.
    var ownLang: String? { lang(of: tag) }

    /// `language`'s name in the language of this page's words ("anglais" on a French page), for
    /// notes. A page whose theme has no string table for its language has English words, so the
    /// names are English too: "shown in English", not "shown in 영어" inside an English sentence.
    func name(of language: String) -> String {
        let identifier = language.replacingOccurrences(of: "-", with: "_")
        if let name = Locale(identifier: container.replacingOccurrences(of: "-", with: "_")).localizedString(forIdentifier: identifier),
           !name.isEmpty, name != identifier { return name }
        return LanguageName.of(language)
    }
}

/// A text in a page's language, or the default language's text standing in for a missing
/// translation, with the `lang` that says so (nil: the page's language).
struct LocalizedText: Sendable {
    let text: String
    let lang: String?
}

/// What base.mustache needs to say which language a page is in and where its other languages are.
struct PageLanguageModel: Encodable {
    /// `<html lang>`.
    let code: String
    /// "rtl" for right-to-left languages, nil otherwise.
    let dir: String?
    /// The home page of this language, relative to the page.
    let home: String
    /// `<link rel="alternate" hreflang>`: every language's version of the page, and `x-default`.
    let alternates: [AlternateModel]
    /// The language switcher's links (none when the site has one language).
    let switcher: [SwitcherModel]
    let hasSwitcher: Bool
    /// "en" when the theme has no string table for the page's language, so its words are English.
    let chromeLang: String?
    /// The direction of those words ("ltr") when it is not the page language's: the label review,
    /// English on an Arabic site, lays its English out left to right.
    let chromeDir: String?
    /// "en" on a page in another language: for what Peel writes in English whatever the page's
    /// language (findings, file facts), so a screen reader reads it as English.
    let englishLang: String?
}

struct AlternateModel: Encodable {
    let hreflang: String
    let href: String
}

/// One language in the switcher: the same page in that language, named in that language.
struct SwitcherModel: Encodable {
    let href: String
    let code: String
    let dir: String?
    /// The language's own name ("Français", "العربية"), or its English one where the system has
    /// no own name ("Klingon").
    let name: String
    /// The `lang` and `dir` of `name`: the language's, or English's for an English name.
    let nameLang: String
    let nameDir: String?
    let current: Bool
}

/// "Not yet translated" / "may be out of date" on a sticker in a language other than the default.
struct TranslationNoteModel: Encodable {
    /// "missing" or "stale", for the theme's CSS.
    let state: String
    /// The badge: "Not yet translated".
    let badge: String
    /// The sentence that says what the reader sees instead.
    let note: String
}

// Field lookups for templates, as TemplateLookup.swift does for the other models (for speed).

extension PageLanguageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "code": self.code
        case "dir": self.dir
        case "home": self.home
        case "alternates": self.alternates
        case "switcher": self.switcher
        case "hasSwitcher": self.hasSwitcher
        case "chromeLang": self.chromeLang
        case "chromeDir": self.chromeDir
        case "englishLang": self.englishLang
        default: nil
        }
    }
}

extension AlternateModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "hreflang": self.hreflang
        case "href": self.href
        default: nil
        }
    }
}

extension SwitcherModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "href": self.href
        case "code": self.code
        case "dir": self.dir
        case "name": self.name
        case "nameLang": self.nameLang
        case "nameDir": self.nameDir
        case "current": self.current
        default: nil
        }
    }
}

extension TranslationNoteModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "state": self.state
        case "badge": self.badge
        case "note": self.note
        default: nil
        }
    }
}
