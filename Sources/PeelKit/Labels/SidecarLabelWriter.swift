import Foundation
import Yams

/// Writes new values into a sidecar's (or a translation file's) bytes and changes nothing else:
/// other keys, comments, key order, line endings, a byte-order mark and the body stay byte for
/// byte. Only the span of each edited key's value is replaced (a plain or quoted scalar, on one
/// line or several, or a `|`/`>` block); a key the front matter lacks is added as its last, a
/// file without front matter gets one, and a missing file is made. The result is parsed again and
/// must read the new values and every other key as before, or the edit is refused.
public enum SidecarLabelWriter {
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The sidecar's new bytes: `original` (nil when there is no sidecar yet) with `label` as its `alt:`.
    public static func write(_ label: String, into original: Data?) throws(Refusal) -> Data {
        try write([(key: "alt", value: label)], into: original)
    }

    /// `original` (nil when there is no file yet) with each of `fields` set, in that order for keys it adds.
    public static func write(_ fields: [(key: String, value: String)], into original: Data?) throws(Refusal) -> Data {
        guard let original, !original.isEmpty else {
            let lines = ["---"] + fields.map { "\($0.key): \(YAMLScalarText.make($0.value))" } + ["---"]
            return Data((lines.joined(separator: "\n") + "\n").utf8)
        }
        guard let text = String(validating: original, as: UTF8.self) else {
            throw Refusal(description: "the sidecar is not UTF-8 text")
        }
        var document = RawLines(text)
        let before = try parsed(text)
        // Replaced from the last line up, so the line numbers the parse gave stay right.
        var added: [String] = []
        var replaced: [(line: Int, key: String, value: String)] = []
        for (key, value) in fields {
            if let field = before[key] { replaced.append((field.line - 1, key, YAMLScalarText.make(value))) }
            else { added.append("\(key): " + YAMLScalarText.make(value)) }
        }
        if document.frontMatterEnd != nil {
            for (line, key, value) in replaced.sorted(by: { $0.line > $1.line }) {
                guard let closing = document.frontMatterEnd else { break }
                let span = try ValueSpan.find(in: document, key: key, keyLine: line, closing: closing)
                document.replace(span, with: span.isEmpty ? " " + value : value)
            }
            if let closing = document.frontMatterEnd {
                for (offset, line) in added.enumerated() { document.insert(line: line, at: closing + offset) }
            }
        } else {
            document.insertFrontMatter(added)
        }
        let result = document.text
        try verify(result, fields: fields, before: before)
        return Data(result.utf8)
    }

    /// The parsed front matter, or a refusal when the file does not parse (nothing to edit safely).
    private static func parsed(_ text: String) throws(Refusal) -> FrontMatter {
        let (frontMatter, findings) = FrontMatter.parse(TextFile.decode(Data(text.utf8)) ?? "", file: "")
        if let problem = findings.first {
            throw Refusal(description: "the sidecar's front matter does not parse (\(problem.message)); fix it first")
        }
        return frontMatter
    }

    /// The edited file must read each of `fields` as written and every other key unchanged.
    private static func verify(_ text: String, fields: [(key: String, value: String)], before: FrontMatter) throws(Refusal) {
        // The file parsed before the edit: if it does not after, the edit broke it (an anchor on
        // the old value that another key names, `alt: &a …` and `title: *a`), not the user.
        let after: FrontMatter
        do {
            after = try parsed(text)
        } catch {
            throw Refusal(description: "the file parses, but not with the new \(fields.map { "\($0.key):" }.joined(separator: " and ")) in place (another key names its value, as an alias of an anchor?); edit it by hand")
        }
        for (key, value) in fields where after[key]?.value.scalar?.string != value {
            throw Refusal(description: "the new \(key) would not read back as written; edit \(key): by hand")
        }
        let edited = Set(fields.map(\.key))
        let others = { (matter: FrontMatter) in matter.fields.filter { !edited.contains($0.key) }.map { [$0.key: $0.value] } }
        guard others(after) == others(before), after.body == before.body else {
            throw Refusal(description: "replacing \(fields.map { "\($0.key):" }.joined(separator: " and ")) would change another key; edit it by hand")
        }
    }
}
