/// Keeps a spreadsheet from running a cell as a formula, reversibly. A cell that starts with
/// = + - @ (or a tab or carriage return, which some spreadsheets skip before one) gets a leading
/// apostrophe, as `ReviewCSV` does. Unlike a one-way guard, a value that already starts with
/// apostrophes before such a character gets one more, so `unguarded` can always take exactly one
/// off: a round trip never changes a label.
enum FormulaGuard {
    private static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

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
