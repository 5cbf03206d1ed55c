import Foundation
import Yams

/// Writes a new label into a sidecar's bytes and changes nothing else: other keys, comments, key
/// order, line endings, a byte-order mark and the body stay byte for byte. Only the span of the
/// `alt:` value is replaced (a plain or quoted scalar, on one line or several, or a `|`/`>` block);
/// a front matter without `alt:` gets it as its last key, a file without front matter gets one,
/// and a missing sidecar is made. The result is parsed again and must read the new label and
/// every other key as before, or the edit is refused.
public enum SidecarLabelWriter {
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The sidecar's new bytes: `original` (nil when there is no sidecar yet) with `label` as its `alt:`.
    public static func write(_ label: String, into original: Data?) throws(Refusal) -> Data {
        guard let original, !original.isEmpty else {
            return Data("---\nalt: \(YAMLScalarText.make(label))\n---\n".utf8)
        }
        guard let text = String(validating: original, as: UTF8.self) else {
            throw Refusal(description: "the sidecar is not UTF-8 text")
        }
        var document = RawLines(text)
        let before = try parsed(text)
        let value = YAMLScalarText.make(label)
        if let closing = document.frontMatterEnd {
            if let field = before["alt"] {
                let span = try ValueSpan.find(in: document, keyLine: field.line - 1, closing: closing)
                document.replace(span, with: span.isEmpty ? " " + value : value)
            } else {
                document.insert(line: "alt: " + value, at: closing)
            }
        } else {
            document.insertFrontMatter(["alt: " + value])
        }
        let result = document.text
        try verify(result, label: label, before: before)
        return Data(result.utf8)
    }

    /// The parsed front matter, or a refusal when the sidecar does not parse (nothing to edit safely).
    private static func parsed(_ text: String) throws(Refusal) -> FrontMatter {
        let (frontMatter, findings) = FrontMatter.parse(TextFile.decode(Data(text.utf8)) ?? "", file: "")
        if let problem = findings.first {
            throw Refusal(description: "the sidecar's front matter does not parse (\(problem.message)); fix it first")
        }
        return frontMatter
    }

    /// The edited file must read `label` as its alt and every other key unchanged.
    private static func verify(_ text: String, label: String, before: FrontMatter) throws(Refusal) {
        let after = try parsed(text)
        guard after["alt"]?.value.scalar?.string == label else {
            throw Refusal(description: "the new label would not read back as written; edit alt: by hand")
        }
        let others = { (matter: FrontMatter) in matter.fields.filter { $0.key != "alt" }.map { [$0.key: $0.value] } }
        guard others(after) == others(before), after.body == before.body else {
            throw Refusal(description: "replacing alt: would change another key; edit alt: by hand")
        }
    }
}
