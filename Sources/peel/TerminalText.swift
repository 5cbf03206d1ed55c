import PeelKit

/// Text on its way to a terminal. What Peel's own code writes as a literal (line breaks, colour
/// codes from `Terminal.colored`) is kept; every value interpolated into it (a file name, a label,
/// an error message) has its control characters escaped. `Terminal.write` takes only this type, so
/// no text from content reaches a terminal unescaped.
struct TerminalText: ExpressibleByStringInterpolation, Sendable {
    fileprivate(set) var rendered: String

    init(stringLiteral value: String) { rendered = value }

    init(stringInterpolation: Interpolation) { rendered = stringInterpolation.rendered }

    /// Text Peel made itself, trusted as it is (colour codes).
    init(trusted: String) { rendered = trusted }

    struct Interpolation: StringInterpolationProtocol {
        var rendered = ""

        init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity * 2) }

        mutating func appendLiteral(_ literal: String) { rendered += literal }

        /// Already safe: coloured or built from other terminal text.
        mutating func appendInterpolation(_ text: TerminalText) { rendered += text.rendered }

        mutating func appendInterpolation<Value>(_ value: Value) {
            rendered += TerminalEscaping.escaped(String(describing: value))
        }
    }

    static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText {
        TerminalText(trusted: lhs.rendered + rhs.rendered)
    }
}
