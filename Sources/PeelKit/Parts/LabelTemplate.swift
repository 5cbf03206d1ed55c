import Foundation
import Mustache

/// A parts pack's `label:`: Mustache over the chosen parts' labels, by part name. A left-out
/// optional part is absent, so a section (`{{#topping}}, topped with {{topping}}{{/topping}}`)
/// leaves out its words, and a bare `{{topping}}` says nothing (never "false"; a warning
/// suggests the section). Labels are text, not HTML: nothing is escaped here (pages escape them).
/// Without a template (or with one Peel cannot use) the labels are joined in part order.
struct LabelTemplate {
    private let template: MustacheTemplate?

    /// The longest `label:` template Peel parses, in characters.
    static let maximumLength = 1_000

    /// The pragma that makes swift-mustache leave values unescaped.
    private static let textPragma = "{{% CONTENT_TYPE: TEXT }}"

    static func make(_ declaration: PartsPack.Declaration, parts: [String], packFile: String,
                     findings: inout [Finding]) -> LabelTemplate {
        guard let text = declaration.label else {
            findings.append(Finding(.warning, .labelTemplateMissing, file: packFile, line: declaration.partsLine,
                                    message: "pack has no label: template, so each composed label is its parts' labels joined in order (\(parts.joined(separator: ", "))); add one such as label: \"{{\(parts.first ?? "part")}} …\" to make them read as a sentence"))
            return LabelTemplate(template: nil)
        }
        // A label is at most 150 characters (MSSticker's localizedDescription), so its template is
        // short. swift-mustache parses nested sections recursively: some 3,000 levels overflow a
        // worker thread's stack, so a template this long is refused before it is parsed.
        guard text.count <= maximumLength else {
            findings.append(Finding(.error, .invalidValue, file: packFile, line: declaration.labelLine,
                                    message: "label template is \(text.count) characters, more than the \(maximumLength) a label template may have (a label is at most 150); the parts' labels are joined instead"))
            return LabelTemplate(template: nil)
        }
        let unknown = names(in: text).filter { !parts.contains($0) }
        if !unknown.isEmpty {
            findings.append(Finding(.error, .unknownTemplatePart, file: packFile, line: declaration.labelLine,
                                    message: "label template names \(unknown.map { "'\($0)'" }.joined(separator: ", ")), not \(unknown.count == 1 ? "a part" : "parts") of this pack (parts: \(parts.joined(separator: ", "))); the parts' labels are joined instead"))
            return LabelTemplate(template: nil)
        }
        let template: MustacheTemplate
        do {
            template = try MustacheTemplate(string: textPragma + text)
        } catch {
            let words = ((error as? MustacheTemplate.ParserError)?.error as? MustacheTemplate.Error).map(TemplateSet.describe)
                ?? "Mustache cannot read it"
            findings.append(Finding(.error, .invalidValue, file: packFile, line: declaration.labelLine,
                                    message: "label template is not valid Mustache: \(words); the parts' labels are joined instead"))
            return LabelTemplate(template: nil)
        }
        for part in unguardedOptionalParts(in: text, optional: declaration.optional) {
            findings.append(Finding(.warning, .unguardedOptionalPart, file: packFile, line: declaration.labelLine,
                                    message: "'\(part)' is optional, so the stickers without it say nothing where {{\(part)}} is; put it and its words in a section, such as {{#\(part)}} with {{\(part)}}{{/\(part)}}"))
        }
        return LabelTemplate(template: template)
    }

    /// The optional parts the template says (`{{hat}}`) outside a section on them (`{{#hat}}…{{/hat}}`),
    /// once each, in order.
    static func unguardedOptionalParts(in text: String, optional: [String]) -> [String] {
        var open: [String] = []
        var found: [String] = []
        for (kind, name) in tags(in: text) {
            switch kind {
            case "#": open.append(name)
            case "^": open.append("^" + name)
            case "/": if let last = open.lastIndex(where: { $0 == name || $0 == "^" + name }) { open.remove(at: last) }
            default:
                if optional.contains(name), !open.contains(name), !found.contains(name) { found.append(name) }
            }
        }
        return found
    }

    /// The variable and section names a template uses (`{{name}}`, `{{#name}}`, `{{^name}}`, `{{{name}}}`, `{{&name}}`).
    static func names(in text: String) -> [String] {
        var found: [String] = []
        for tag in tags(in: text) where tag.name != "." && !found.contains(tag.name) { found.append(tag.name) }
        return found
    }

    /// Every tag of a template, in order: its kind (`#`, `^`, `/`, `&`, or "" for a variable) and name.
    private static func tags(in text: String) -> [(kind: Substring, name: String)] {
        guard let pattern = try? NSRegularExpression(pattern: #"\{\{\{?\s*([#^/&]?)\s*([^\s{}!>%=#^/&][^{}]*?)\s*\}?\}\}"#) else { return [] }
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let kind = Range(match.range(at: 1), in: text), let name = Range(match.range(at: 2), in: text) else { return nil }
            return (text[kind], String(text[name]))
        }
    }

    func render(_ choices: [Composition.Choice]) -> String {
        guard let template else {
            return choices.compactMap(\.label).joined(separator: ", ")
        }
        var context: [String: Any] = [:]
        for choice in choices { context[choice.part] = choice.label }
        return template.render(context)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
