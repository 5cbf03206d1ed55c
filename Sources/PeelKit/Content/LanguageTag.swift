import Foundation
/// A BCP 47 language tag as `lang` attributes take it ("en", "ar", "pt-BR", "zh-Hant-TW").
/// Checks the shape of RFC 5646's langtag (language, script, region, variants, extensions,
/// private use) without a registry: a tag that parses is well-formed, not necessarily registered.
enum LanguageTag {
    /// The tag when it is well-formed, else nil.
    static func wellFormed(_ text: String) -> String? {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        // BCP 47 also allows a primary subtag of 5–8 letters "registered" with IANA, but none ever
        // was: `French` or `english` is a language's name, which published <html lang="French">.
        guard let language = subtags.first, isAlpha(language, 2...3) else { return nil }
        var index = 1
        // extlang (up to three 3-letter subtags), only after a 2–3 letter language.
        while index < subtags.count, index <= 3, language.count <= 3, isAlpha(subtags[index], 3...3) { index += 1 }
        if index < subtags.count, isAlpha(subtags[index], 4...4) { index += 1 }                                 // script
        if index < subtags.count, isAlpha(subtags[index], 2...2) || isDigit(subtags[index], 3...3) { index += 1 } // region
        while index < subtags.count, isVariant(subtags[index]) { index += 1 }
        // Extensions ("u-ca-buddhist") and private use ("x-whatever"): a singleton, then 2–8 (1–8 for x) alphanumerics.
        while index < subtags.count, subtags[index].count == 1, isAlphanumeric(subtags[index], 1...1) {
            let isPrivate = subtags[index].lowercased() == "x"
            index += 1
            let start = index
            while index < subtags.count, isAlphanumeric(subtags[index], (isPrivate ? 1 : 2)...8) { index += 1 }
            if index == start { return nil }
            if isPrivate { break }
        }
        return index == subtags.count ? text : nil
    }

    /// A tag's language, script and region subtags as RFC 5646 orders them (language, up to three
    /// 3-letter extlangs, a 4-letter script, a 2-letter or 3-digit region): "zh-Hant-TW" is zh,
    /// hant, TW. The language and script lower-cased, the region as written. What a language's
    /// direction (`TextDirection`), alphabet (`LatinScript`) and dictionary (`SpellingDictionary`)
    /// are decided by.
    static func parts(of tag: String) -> (language: String, script: String?, region: String?) {
        let subtags = tag.split(separator: "-").map(String.init)
        let language = subtags.first?.lowercased() ?? ""
        var rest = subtags.dropFirst().drop { $0.count == 3 && $0.allSatisfy(\.isLetter) }
        var script: String?
        if let first = rest.first, first.count == 4, first.allSatisfy(\.isLetter) {
            script = first.lowercased()
            rest = rest.dropFirst()
        }
        let region = rest.first.flatMap { $0.count == 2 && $0.allSatisfy(\.isLetter) || $0.count == 3 && $0.allSatisfy(\.isNumber) ? $0 : nil }
        return (language, script, region)
    }

    /// The tag of a language written by its name, in English or in itself ("French", "français"
    /// → "fr"); nil for anything else.
    static func tag(named name: String) -> String? {
        namedTags[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    /// "because 'French' is a language's name; write its tag, 'fr'", or a reminder of what a tag is.
    static func advice(for written: String) -> String {
        if let tag = tag(named: written) { return "'\(written)' is a language's name, not its tag: write '\(tag)'" }
        return "'\(written)' is not a BCP 47 language tag such as en, fr, ar or pt-BR"
    }

    /// Every two-letter ISO 639-1 language by its English and its own name, lower case.
    private static let namedTags: [String: String] = {
        var names: [String: String] = [:]
        let english = Locale(identifier: "en")
        for code in Locale.LanguageCode.isoLanguageCodes.map(\.identifier) where code.count == 2 {
            for name in [english.localizedString(forLanguageCode: code), Locale(identifier: code).localizedString(forLanguageCode: code)].compactMap({ $0 }) {
                let key = name.lowercased()
                if names[key] == nil { names[key] = code }
            }
        }
        return names
    }()

    private static func isVariant(_ subtag: String) -> Bool {
        isAlphanumeric(subtag, 5...8) || (subtag.count == 4 && subtag.first!.isASCII && subtag.first!.isNumber && isAlphanumeric(subtag, 4...4))
    }

    private static func isAlpha(_ subtag: String, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(subtag.count) && subtag.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    private static func isDigit(_ subtag: String, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(subtag.count) && subtag.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isAlphanumeric(_ subtag: String, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(subtag.count)
            && subtag.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
