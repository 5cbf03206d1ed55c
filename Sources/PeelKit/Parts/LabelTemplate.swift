import Foundation
import Mustache

/// A parts pack's `label:`: Mustache over the chosen parts' labels, by part name. A left-out
/// optional part is false, so a section (`{{#topping}}, topped with {{topping}}{{/topping}}`)
/// leaves out its words. Labels are text, not HTML: nothing is escaped here (pages escape them).
/// Without a template (or with one Peel cannot use) the labels are joined in part order.
struct LabelTemplate {
    private let template: MustacheTemplate?

    /// The pragma that makes swift-mustache leave values unescaped.
    private static let textPragma = "{{% CONTENT_TYPE: TEXT }}"

    static func make(_ declaration: PartsPack.Declaration, parts: [String], packFile: String,
                     findings: inout [Finding]) -> LabelTemplate {
        guard let text = declaration.label else {
            findings.append(Finding(.warning, .labelTemplateMissing, file: packFile, line: declaration.partsLine,
                                    message: "pack has no label: template, so each composed label is its parts' labels joined in order (\(parts.joined(separator: ", "))); add one such as label: \"{{\(parts.first ?? "part")}} …\" to make them read as a sentence"))
            return LabelTemplate(template: nil)
        }
        let unknown = names(in: text).filter { !parts.contains($0) }
        if !unknown.isEmpty {
            findings.append(Finding(.error, .unknownTemplatePart, file: packFile, line: declaration.labelLine,
                                    message: "label template names \(unknown.map { "'\($0)'" }.joined(separator: ", ")), not \(unknown.count == 1 ? "a part" : "parts") of this pack (parts: \(parts.joined(separator: ", "))); the parts' labels are joined instead"))
            return LabelTemplate(template: nil)
        }
        do {
            return LabelTemplate(template: try MustacheTemplate(string: textPragma + text))
        } catch {
            findings.append(Finding(.error, .invalidValue, file: packFile, line: declaration.labelLine,
                                    message: "label template is not valid Mustache (\(error)); the parts' labels are joined instead"))
            return LabelTemplate(template: nil)
        }
    }

    /// The variable and section names a template uses (`{{name}}`, `{{#name}}`, `{{^name}}`, `{{{name}}}`, `{{&name}}`).
    static func names(in text: String) -> [String] {
        guard let pattern = try? NSRegularExpression(pattern: #"\{\{\{?\s*[#^/&]?\s*([^\s{}!>%=#^/&][^{}]*?)\s*\}?\}\}"#) else { return [] }
        var found: [String] = []
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            let name = String(text[range])
            if name != ".", !found.contains(name) { found.append(name) }
        }
        return found
    }

    func render(_ choices: [Composition.Choice]) -> String {
        guard let template else {
            return choices.compactMap(\.label).joined(separator: ", ")
        }
        var context: [String: Any] = [:]
        for choice in choices { context[choice.part] = choice.label.map { $0 as Any } ?? false }
        return template.render(context)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
