/// The names a template can use, and the check that a theme's templates use no other.
///
/// swift-mustache renders a name no model answers to as nothing, so `{{lable}}` for `{{label}}`
/// in a theme published empty labels without a word. Every name a page model answers to
/// (`TemplateLookup.swift`, `PageLanguage.swift`) is listed here; `TemplateVocabularyTests` fails
/// when a model answers to a name this list lacks, or the list holds a name no model answers to.
/// Which model answers where is left to the templates (a name valid on one page and empty on another
/// is not caught): the check is for names that are nowhere.
enum TemplateVocabulary {
    /// Every name a page model answers to.
    static let values: Set<String> = [
        "action", "alt", "altLang", "altLength", "altLimit", "altMeta", "alternates", "artChecksOff", "artText",
        "backgrounds", "badge", "builder", "cardColor", "cardTitleLang", "catalogFindings", "catalogNotes", "catalogNotesLabel", "hasCatalogNotes", "characters",
        "choices", "chromeDir", "chromeLang", "cleanCount", "code", "codes", "column", "count", "countLabel", "cover",
        "cssClass", "csvHref", "current", "description", "descriptionHTML", "descriptionLang", "dir",
        "displayHeight", "displayWidth", "download", "downloadNote", "english", "englishLang", "errorCount",
        "errorLabel", "facts", "findings", "footerHTML", "footerLang", "hasCatalogFindings", "hasFindings",
        "hasIcons", "hasLabel", "hasLanguages", "hasPackFilter", "hasPackPages", "hasPacks", "hasReadiness",
        "hasReasons", "hasSuppressed", "hasSwitcher", "hasTable", "hasTags", "heading", "height", "hint",
        "home", "href", "hreflang", "iconSetJSON", "icons", "id", "image", "introHTML", "introLang",
        "isAnimated", "isCode", "isComposed", "isSource", "label", "labelLang", "lang", "language",
        "languages", "large", "lightCard", "limit", "linkLang", "locale", "location", "madeOf", "message",
        "missing", "name", "nameDir", "nameLang", "next", "note", "original", "originalName", "overLimit",
        "pack", "packHref", "packPages", "packSlug", "packTitle", "packs", "page", "pageDescription",
        "pageLanguage", "pageTitle", "part", "partLang", "parts", "pixels", "platform", "platformDownload",
        "points", "position", "positionLabel", "posterSrcset", "preview", "previous", "readable", "readiness",
        "reasons", "reviewHref", "root", "rows", "rowsToFollow", "searchText", "severity", "sidecarError",
        "site", "siteName", "size", "sizePixels", "slug", "social", "spoken", "src", "srcset", "stale",
        "state", "status", "sticker", "stickerCount", "stickerCountLabel", "stickers", "stickersWithErrors",
        "stickersWithWarnings", "summaryLine", "suppressed", "suppressedCount", "suppressedLabel",
        "swatchImage", "switcher", "t", "tags", "tagsLang", "title", "titleLang", "titleNote", "transcript",
        "translation", "translationBadge", "translationFilters", "translationStates", "translations",
        "translationsToDo", "twitterCard", "type", "url", "value", "warning", "warningCount", "width",
        "words"
    ]

    /// swift-mustache's transforms (`{{uppercased(title)}}`) and a sequence's own names
    /// (`{{#first()}}`, `{{index()}}`).
    static let transforms: Set<String> = [
        "capitalized", "count", "empty", "enumerated", "equalzero", "even", "first", "index", "last", "lowercased",
        "minusone", "odd", "plusone", "reversed", "sorted", "uppercased",
    ]

    /// The names in a template's tags (`{{name}}`, `{{{name}}}`, `{{&name}}`, `{{#name}}`,
    /// `{{^name}}`, each part of `a.b`, the value inside `transform(name)`) that are neither one of
    /// `values` nor one of `words` (the theme's words, `{{t.key}}`), with their lines; and
    /// transforms swift-mustache does not have. Comments, partials, blocks and pragmas name no
    /// value; after a set-delimiter tag (`{{=<% %>=}}`) the rest is not read.
    /// True for the values that are HTML Peel made safe (`descriptionHTML`, `rowsToFollow`): the
    /// only ones a template may print unescaped (`{{{…}}}`, `{{&…}}`).
    static func isHTML(_ name: String) -> Bool {
        name.hasSuffix("HTML") || name == "rowsToFollow"
    }

    /// The last part of the value a tag's `name` prints: the name inside its transforms
    /// (`lowercased(alt)` prints `alt`), and for `.` the innermost section's (`{{#alt}}{{.}}`).
    static func printedValue(_ name: Substring, in sections: [Substring]) -> String {
        var value = name
        while let parenthesis = value.firstIndex(of: "("), value.hasSuffix(")") {
            value = value[value.index(after: parenthesis)..<value.index(before: value.endIndex)]
        }
        if value == "." || value.isEmpty {
            guard let section = sections.last else { return "." }
            return printedValue(section, in: Array(sections.dropLast()))
        }
        return String(value.split(separator: ".").last ?? value)
    }

    /// Names no model answers to, with their lines; a theme word after `t.` that no string table
    /// has comes as "t.<word>", and an unescaped tag of a value that is no HTML as "raw:<name>".
    static func unknownNames(in text: String, words: Set<String>) -> [(name: String, line: Int)] {
        var unknown: [(name: String, line: Int)] = []
        // The open sections, innermost last: what `.` stands for inside them.
        var sections: [Substring] = []
        for tag in MustacheTags.read(text) {
            let line = tag.line
            var name = tag.content
            var raw = tag.isTriple
            if let sigil = tag.sigil {
                if sigil == "/" { if !sections.isEmpty { sections.removeLast() } }
                if "!%><$/".contains(sigil) { continue }
                if sigil == "&" { raw = true }
                name = tag.name
                if sigil == "#" || sigil == "^" { sections.append(name) }
            }
            // Unescaped output of a value that is text, not HTML: a sticker titled <script> ran. So
            // did `{{#alt}}{{{.}}}{{/alt}}` and `{{{lowercased(alt)}}}`: the value inside the
            // transforms is judged, and `.` is its section's value.
            if raw, !isHTML(printedValue(name, in: sections)) {
                unknown.append(("raw:" + name, line))
                continue
            }
            // transform(transform(name)): the transforms, then the name inside.
            while let parenthesis = name.firstIndex(of: "("), name.hasSuffix(")") {
                let transform = String(name[..<parenthesis])
                if !transforms.contains(transform) { unknown.append((transform + "()", line)) }
                name = name[name.index(after: parenthesis)..<name.index(before: name.endIndex)]
            }
            let parts = name.split(separator: ".").map(String.init)
            for (index, part) in parts.enumerated() {
                // After `t.` only the theme's words: `{{t.download}}` passed as the page value and printed nothing.
                if index > 0 && parts[index - 1] == "t" {
                    if !words.contains(part) { unknown.append(("t." + part, line)) }
                } else if !values.contains(part) && !words.contains(part) {
                    unknown.append((part, line))
                }
            }
        }
        return unknown
    }
}
