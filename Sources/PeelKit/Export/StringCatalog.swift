import Foundation

/// A String Catalog (`.xcstrings`): the JSON file Xcode 15 and later keeps an app's localized
/// strings in, version "1.0". Each string has, per language, a `stringUnit` with its `state` and
/// `value`; a language without the string is left out, and Xcode falls back to the source language.
///
/// Written as Xcode writes it, so opening and saving it in Xcode changes nothing: keys sorted the
/// way Foundation's JSON writer sorts them, two-space indent, `"key" : value`, no newline at the
/// end, `"extractionState" : "manual"` on every string (Xcode marks a key no source code names as
/// stale unless it was added by hand, and these are looked up by name at run time).
struct StringCatalog: Encodable {
    struct StringUnit: Encodable {
        let state: String
        let value: String
    }

    struct Localization: Encodable {
        let stringUnit: StringUnit
    }

    struct Entry: Encodable {
        /// Context for the translator, shown in Xcode's editor.
        var comment: String?
        var extractionState = "manual"
        var localizations: [String: Localization] = [:]

        /// Adds `text` in `language` in the state a String Catalog gives `state`; a missing text
        /// is left out.
        mutating func add(_ text: String?, language: String, state: TranslationState) {
            guard let text, !text.isEmpty, let unitState = StringCatalog.state(of: state) else { return }
            localizations[language] = Localization(stringUnit: StringUnit(state: unitState, value: text))
        }

        /// A string every other language falls back to must have a value in the catalog's source
        /// language: without one, `String(localized:)` gives the key ("fox"), and VoiceOver reads
        /// that. A pack written in another language (`language: ar`) and not yet translated into
        /// the default one gives its own text there, as `needs_review` (a translator's to do).
        mutating func fillSource(_ sourceLanguage: String, from ownLanguage: String) {
            guard localizations[sourceLanguage] == nil, let own = localizations[ownLanguage] else { return }
            localizations[sourceLanguage] = Localization(stringUnit: StringUnit(state: "needs_review", value: own.stringUnit.value))
        }
    }

    let sourceLanguage: String
    var strings: [String: Entry] = [:]
    let version = "1.0"

    init(sourceLanguage: String) {
        self.sourceLanguage = sourceLanguage
    }

    /// A String Catalog's state for a text in `state`: the source and up-to-date translations are
    /// `translated`, stale ones `needs_review` (Xcode's own state for a source that changed since);
    /// missing ones have none.
    static func state(of state: TranslationState) -> String? {
        switch state {
        case .source, .translated: return "translated"
        case .stale: return "needs_review"
        case .missing: return nil
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    // MARK: - Peel's two catalogs

    static let localizableName = "Localizable.xcstrings"
    static let infoPlistName = "InfoPlist.xcstrings"

    /// The languages `site` ships, the default first (just it when `languages:` declares none).
    static func languages(of site: SiteInfo) -> [String] {
        site.languages.isEmpty ? [site.defaultLanguage] : site.languages
    }

    /// `Localizable.xcstrings`: every sticker's label in every language, keyed by the sticker's name
    /// (its `.sticker` folder's), for `MSSticker(contentsOfFileURL:localizedDescription:)` with
    /// `String(localized: "grinning")`. When two packs have a sticker of the same name, every key
    /// is `<pack>/<sticker>`, so no label is lost and keys stay one pattern.
    static func localizable(_ packs: [Pack], site: SiteInfo) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: site.defaultLanguage)
        let names = packs.flatMap { $0.stickers.map(\.slug) }
        let qualified = Set(names).count != names.count
        for pack in packs {
            // A pack written in another of the site's languages (its `language:`) has its own
            // labels in that one, and its translations in the others, the default included.
            let source = site.sourceLanguage(of: pack)
            for sticker in pack.stickers {
                var entry = Entry(comment: "Accessibility label (VoiceOver) of \(sticker.source)")
                for language in languages(of: site) {
                    let text = language == source ? sticker.alt : sticker.translations[language]?.alt
                    entry.add(text, language: language, state: sticker.labelState(in: language, source: source))
                }
                guard !entry.localizations.isEmpty else { continue }
                entry.fillSource(catalog.sourceLanguage, from: source)
                catalog.strings[qualified ? "\(pack.slug)/\(sticker.slug)" : sticker.slug] = entry
            }
        }
        return catalog
    }

    /// `InfoPlist.xcstrings`: `CFBundleDisplayName`, the name under the app's icon in the sticker
    /// drawer, in every language: the pack's title (the first pack's, when there are several,
    /// as the first pack with icon art gives the app its icon).
    static func infoPlist(_ pack: Pack, site: SiteInfo) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: site.defaultLanguage)
        var entry = Entry(comment: "Bundle display name: the sticker pack's name in Messages")
        for language in languages(of: site) {
            let text = language == site.sourceLanguage(of: pack) ? pack.title : pack.translations[language]?.title
            entry.add(text, language: language, state: pack.titleState(in: language, site: site))
        }
        entry.fillSource(catalog.sourceLanguage, from: site.sourceLanguage(of: pack))
        catalog.strings["CFBundleDisplayName"] = entry
        return catalog
    }

    /// Both files for `packs` (those with stickers to export), by file name; none without a pack.
    static func files(_ packs: [Pack], site: SiteInfo) throws -> [(path: String, data: Data)] {
        guard let first = packs.first else { return [] }
        return [(infoPlistName, try infoPlist(first, site: site).encoded()),
                (localizableName, try localizable(packs, site: site).encoded())]
    }
}
