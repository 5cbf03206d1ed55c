import Foundation

/// A path that names a file the way another computer would find it: with Windows' backslashes
/// (`..\art\icon.png`, as Explorer shows it), or in another case than the file's (`icon.png` for
/// `Icon.png`, which macOS and Windows find and Linux, a CI runner and a web server do not). Such a
/// path was "does not exist", with nothing to say what was wrong.
enum PathLookalike {
    /// The path with `/` for each `\`, nil when it has none.
    static func slashed(_ written: String) -> String? {
        written.contains("\\") ? written.replacingOccurrences(of: "\\", with: "/") : nil
    }

    /// A file whose relative path (from the content folder) is `path` in another case, found in
    /// its folder on disk; nil when there is none.
    static func caseTwin(of path: String, in content: ContentPath) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard let name = parts.last else { return nil }
        let folder = parts.dropLast().joined(separator: "/")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? content.root.path : content.url(folder).path)) ?? []
        return NameClashes.twin(of: name, among: names).map { folder.isEmpty ? $0 : folder + "/" + $0 }
    }

    /// "; a path names its folders with '/': write ../art/icon.png"
    static func slashAdvice(_ slashed: String) -> String {
        "; a path separates its folders with '/', not '\\' as Windows shows them: write \(slashed)"
    }

    /// "; faces/Icon.png differs from it only in the case of its letters (…): write Icon.png, or rename the file"
    static func caseAdvice(twin: String, write suggestion: String) -> String {
        "; \(twin) differs from it only in the case of its letters, which a Mac or a PC overlooks and Linux and web servers do not: write \(suggestion), or rename the file"
    }
}
