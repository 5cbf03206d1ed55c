import Foundation
import Mustache

/// The words of the theme itself (headings, buttons, "Download", "Copy label") in one language,
/// from the theme's string tables: `strings.<tag>.json` beside the templates, one flat JSON object
/// of key to text per language, English (`strings.en.json`) the reference every table falls back
/// to key by key. Templates show them as `{{t.key}}`; a theme adds a language by adding a file.
///
/// Texts with numbers use `{count}`-style placeholders and are filled here, not in templates, since
/// word order differs between languages ("Sticker 3 of 12", "Sticker 3 von 12", "الملصق 3 من 12").
struct ChromeStrings: Sendable {
    /// The table's language: the page's, or "en" when the theme has no table for it.
    let language: String
    let table: [String: String]

    /// The file name of `tag`'s table.
    static func fileName(_ tag: String) -> String { "strings.\(tag).json" }

    /// `strings.<tag>.json` -> "<tag>", nil for any other file name.
    static func tag(ofFile name: String) -> String? {
        guard name.hasPrefix("strings."), name.hasSuffix(".json") else { return nil }
        let tag = String(name.dropFirst("strings.".count).dropLast(".json".count))
        return tag.isEmpty ? nil : tag
    }

    /// The table for `language`: its own ("pt-BR"), else its primary language's ("pt") when both
    /// are written in the same script, else English. Keys a table lacks come from English.
    init(language: String, tables: [String: [String: String]]) {
        let english = tables["en"] ?? [:]
        let lower = Dictionary(tables.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        let primary = language.split(separator: "-").first.map { String($0).lowercased() } ?? language
        if let own = lower[language.lowercased()] {
            self.language = language
            table = english.merging(own) { _, translated in translated }
        } else if let own = lower[primary], Self.sameScript(language, asPrimary: primary) {
            self.language = language
            table = english.merging(own) { _, translated in translated }
        } else {
            self.language = "en"
            table = english
        }
    }

    /// The script a primary-language table is written in, for the languages written in more
    /// than one: `strings.zh.json` is Simplified Chinese, which a `zh-Hant` or `zh-TW` page must not get.
    static let tableScripts = ["zh": "hans", "sr": "cyrl", "az": "latn", "uz": "latn", "pa": "guru", "mn": "cyrl",
                               "bs": "latn", "ku": "latn", "ms": "latn", "ha": "latn", "sd": "arab", "ks": "arab"]
    /// Regions whose usual script differs from the table's: Traditional Chinese in Taiwan, Hong Kong and Macau.
    static let regionScripts = ["zh": ["tw": "hant", "hk": "hant", "mo": "hant"]]

    /// Whether `tag` is written in the script of its primary language's table (always, unless
    /// the tag names or implies another script).
    static func sameScript(_ tag: String, asPrimary primary: String) -> Bool {
        guard let tableScript = tableScripts[primary] else { return true }
        let subtags = tag.lowercased().split(separator: "-").dropFirst().map(String.init)
        if let script = subtags.first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) { return script == tableScript }
        if let region = subtags.first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }), let implied = regionScripts[primary]?[region] {
            return implied == tableScript
        }
        return true
    }

    subscript(_ key: String) -> String { table[key] ?? key }

    /// `key`'s text with `{name}` placeholders replaced by `values`.
    func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// "1 sticker", "24 stickers": `stickerCountOne` or `stickerCountOther`.
    func stickerCount(_ count: Int) -> String {
        format(count == 1 ? "stickerCountOne" : "stickerCountOther", ["count": "\(count)"])
    }

    /// Reads a table's JSON; names the file in the error when it is not a flat object of strings.
    static func parse(_ data: Data, origin: String) throws -> [String: String] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            // Foundation says where ("Invalid value around character 13."): named as a line.
            let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            let offset = said.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }.last
            throw PeelError.templateSyntax(path: origin, line: offset.map { line(at: $0, in: data) } ?? 1,
                                           message: "a string table is one JSON object of key to text, and this is not valid JSON here (a missing comma or quote?)")
        }
        guard let object = object as? [String: Any] else {
            throw PeelError.templateSyntax(path: origin, line: 1, message: "a string table is one JSON object of key to text")
        }
        var table: [String: String] = [:]
        for (key, value) in object {
            guard let text = value as? String else {
                let text = String(decoding: data, as: UTF8.self)
                let keyLine = text.range(of: "\"\(key)\"").map { 1 + text[..<$0.lowerBound].filter { $0 == "\n" }.count }
                throw PeelError.templateSyntax(path: origin, line: keyLine ?? 1,
                                               message: "'\(key)' is not a string; every value is the text of its key, in quotes")
            }
            table[key] = text
        }
        return table
    }

    /// The 1-based line of byte `offset` in `data`.
    private static func line(at offset: Int, in data: Data) -> Int {
        1 + data.prefix(max(0, min(offset, data.count))).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

/// The chrome strings as templates see them (`{{t.key}}`). Encodes its keys sorted, so a page
/// model's digest (`ModelDigest`) is the same from run to run; a Dictionary encodes in hash order.
struct ChromeTable: Encodable, MustacheParent, Sendable {
    let strings: [String: String]

    func child(named name: String) -> Any? { strings[name] }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for key in strings.keys.sorted() {
            try container.encode(key)
            try container.encode(strings[key]!)
        }
    }
}
