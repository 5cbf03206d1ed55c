import Foundation

/// Which kind of file `peel labels import` was given: a CSV sheet or an XLIFF file (or a String
/// Catalog, which it does not import).
public enum LabelFileFormat {
    /// True for a String Catalog (`.xcstrings`, what `peel export xcode` writes) or other JSON:
    /// read as a CSV, it gave a header error listing the columns expected as if they were found.
    public static func isStringCatalog(path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".xcstrings") || name.hasSuffix(".json")
    }

    /// True for a `.xliff` or `.xlf` file, or one whose first character (after a byte-order mark
    /// and blank space) opens markup: a CSV sheet never starts with `<`. The XLIFF reader then
    /// requires the `<xliff>` root.
    public static func isXLIFF(path: String) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".xliff") || name.hasSuffix(".xlf") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return isXLIFF(data: (try? handle.read(upToCount: 512)) ?? Data())
    }

    /// True when `data`'s first character (after a byte-order mark and blank space) opens markup.
    static func isXLIFF(data: Data) -> Bool {
        var text = String(decoding: data.prefix(512), as: UTF8.self)
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text.drop { $0.isWhitespace }.first == "<"
    }
}
