import Yams

/// A label written as a YAML scalar that reads back exactly: plain when that is safe, otherwise
/// double-quoted with escapes, always on one line.
enum YAMLScalarText {
    static func make(_ text: String) -> String {
        isSafePlain(text) ? text : doubleQuoted(text)
    }

    /// `"…"` with `\\`, `\"` and every character YAML (or a reader of the file) could take as a line
    /// break or control escaped.
    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if needsEscape(scalar) {
                    result += scalar.value <= 0xFF ? "\\x" + hex(scalar.value, digits: 2) : "\\u" + hex(scalar.value, digits: 4)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Plain only for text with nothing YAML treats specially: no indicator first, no `: ` or ` #`,
    /// no surrounding space, nothing escaped, and it must read back as the same string (not null,
    /// a boolean or a number), which Yams itself is asked.
    static func isSafePlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              !" -?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first), last != " ", last != ":",
              !text.unicodeScalars.contains(where: { needsEscape($0) || $0 == "\t" || $0 == "\n" || $0 == "\r" }),
              !text.contains(": "), !text.contains(" #") else { return false }
        guard let node = try? Yams.compose(yaml: "k: " + text, .default, .default, .utf8),
              let value = node.mapping?["k"]?.scalar, value.string == text else { return false }
        return Resolver.default.resolveTag(of: .scalar(value)) == .str
    }

    /// C0 and C1 controls, DEL, the Unicode line and paragraph separators, the byte-order mark and
    /// noncharacters: invisible in an editor, and YAML refuses or reinterprets them unescaped.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
