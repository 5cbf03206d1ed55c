import Foundation

/// Keeps every path Peel reads inside the content folder: front-matter paths are resolved against
/// their file's folder, symlinks are followed, and anything that ends up outside is refused.
struct ContentPath {
    /// The content folder, absolute, symlinks resolved.
    let root: URL

    init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// The path of `url` relative to the root, or nil when it (after following symlinks) is outside.
    func relative(_ url: URL) -> String? {
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
        let rootPath = root.path
        guard resolved.hasPrefix(rootPath + "/") else { return nil }
        return String(resolved.dropFirst(rootPath.count + 1))
    }

    /// Resolves a path written in front matter, relative to `folder` (relative to the root).
    /// Absolute paths and paths that leave the content folder give nil.
    func resolve(_ written: String, in folder: String) -> String? {
        guard !written.hasPrefix("/"), !written.hasPrefix("~"), !written.contains("\0") else { return nil }
        let base = folder.isEmpty ? root : root.appendingPathComponent(folder, isDirectory: true)
        return relative(base.appendingPathComponent(written))
    }

    func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
