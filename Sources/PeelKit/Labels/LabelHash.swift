import Foundation

/// The fingerprint of a label as it was exported: `sha256:` and the first 16 hex digits of the
/// SHA-256 of its UTF-8. An import compares it with the sidecar's label of the moment, so a label
/// edited since the export is never overwritten unseen. 64 bits tell edits apart (this is no
/// security boundary), and the `sha256:` prefix keeps a spreadsheet from reading an all-digit or
/// `12e4…` hash as a number and rewriting it.
public enum LabelHash {
    public static let prefix = "sha256:"

    public static func of(_ label: String) -> String {
        prefix + Hex.string(SHA256.hash(data: Data(label.utf8))).prefix(16)
    }

    /// True when `text` has the shape `of` gives (case-insensitive hex, as spreadsheets may upper-case).
    public static func isWellFormed(_ text: String) -> Bool {
        guard text.lowercased().hasPrefix(prefix) else { return false }
        let digits = text.dropFirst(prefix.count)
        return digits.count == 16 && digits.allSatisfy(\.isHexDigit)
    }
}
