/// A CSV cell that a spreadsheet opens as the text it is: RFC 4180 quoting, and a guard so it never
/// runs as a formula. A cell that starts with = + - @ (or a tab or carriage return, which some
/// spreadsheets skip before one) gets a leading apostrophe. A value that already starts with
/// apostrophes before such a character gets one more, so `unguarded` can always take exactly one
/// off: a round trip through `peel labels` never changes a label.
enum SpreadsheetCell {
    private static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` guarded and quoted when it holds a comma, semicolon (so a reader that splits on
    /// semicolons keeps it whole too), quote or line break, or was guarded.
    static func field(_ text: String) -> String {
        let value = guarded(text)
        // Scalars, not Characters: CR LF and a quote with a combining mark are single Characters.
        guard value.containsScalar(in: [",", ";", "\"", "\n", "\r"]) || value != text else { return value }
        return "\"" + value.replacingScalars(["\"": "\"\""]) + "\""
    }

    static func guarded(_ text: String) -> String {
        needsGuard(text) ? "'" + text : text
    }

    /// `text` with the apostrophe `guarded` added taken off. A spreadsheet that shows the cell as
    /// text may have dropped it already; then nothing is taken.
    static func unguarded(_ text: String) -> String {
        guard text.unicodeScalars.first == "'", needsGuard(text) else { return text }
        return String(text.unicodeScalars.dropFirst())
    }

    /// True when the first scalar after any apostrophes is a trigger.
    private static func needsGuard(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first(where: { $0 != "'" }) else { return false }
        return triggers.contains(first)
    }
}
