#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// site.md's `exclude:`: what in the content folder is no part of the catalog, for a catalog kept at
/// the root of a repository beside its `docs/`, `scripts/` or `node_modules/` (each was a pack
/// without pack.md, an error). Each pattern is a path relative to the content folder, in shell
/// wildcards (`*`, `?`, `[…]`, which never cross a `/`): `docs` (a folder at the top, whole),
/// `*.txt` (text files at the top), `*/drafts` (a `drafts` folder in every pack). A leading or
/// trailing `/` is allowed and ignored. `site.md` itself is never excluded. Patterns and paths are
/// compared in NFC: `météo` typed on a keyboard names a folder copied from a Mac in NFD.
struct ExcludedPaths: Sendable, Equatable {
    private(set) var patterns: [String] = []

    init(_ patterns: [String] = []) {
        self.patterns = patterns.compactMap(Self.normalised).map(Self.composed)
    }

    /// `text` in NFC (ASCII as it is, without the conversion).
    private static func composed(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// `pattern` without its leading and trailing slashes; nil for one that would leave the
    /// content folder (`..`) or names nothing.
    static func normalised(_ pattern: String) -> String? {
        var trimmed = Substring(pattern.trimmingCharacters(in: .whitespaces))
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard !trimmed.isEmpty, !parts.contains(".."), !parts.contains("") else { return nil }
        return parts.filter { $0 != "." }.joined(separator: "/")
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// True when `path` (relative to the content folder: "docs", "faces/notes.txt") is excluded.
    func contains(_ path: String) -> Bool {
        guard !patterns.isEmpty, path != "site.md" else { return false }
        let path = Self.composed(path)
        return patterns.contains { fnmatch($0, path, FNM_PATHNAME) == 0 }
    }
}
