/// A BCP 47 language tag as `lang` attributes take it ("en", "ar", "pt-BR", "zh-Hant-TW").
/// Checks the shape of RFC 5646's langtag (language, script, region, variants, extensions,
/// private use) without a registry: a tag that parses is well-formed, not necessarily registered.
enum LanguageTag {
    /// The tag when it is well-formed, else nil.
    static func wellFormed(_ text: String) -> String? {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = subtags.first, isAlpha(language, 2...3) || isAlpha(language, 5...8) else { return nil }
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
