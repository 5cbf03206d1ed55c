/// Makes text from content (file names, labels, YAML messages) safe to print on a terminal.
///
/// A file name may hold any byte but `/` and NUL: an ESC sequence in it would recolour or rewrite
/// the terminal, and a newline would start a line that looks like a finding of its own
/// (`README.md: error[forged]: …`). Bidi overrides reorder what the reader sees. Every such
/// character is shown as an escape instead (`\e`, `\n`, `\u{202E}`), so one line of output is
/// always one line and reads in the order it is stored.
public enum TerminalEscaping {
    /// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the
    /// text around them, so a name can read as something it is not. The plain marks U+200E and
    /// U+200F only set the direction of neutral characters beside them, reorder nothing else and
    /// are common in real mixed-direction text, so they are left alone.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// C0 controls, DEL and C1 controls (which include the one-byte CSI, U+009B), and the Unicode
    /// line and paragraph separators, which some terminals break lines at.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `text` with every control and bidi control character written as an escape.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) || isBidiControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1B}": result += "\\e"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }
}
