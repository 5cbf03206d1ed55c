import Foundation

/// Keeps every path Peel reads inside the content folder: front-matter paths are resolved against
/// their file's folder, `..` is collapsed by hand (Foundation does not always), symlinks are
/// followed, and anything that ends up outside is refused.
struct ContentPath {
    /// The content folder, absolute, symlinks resolved.
    let root: URL

    init(root: URL) {
        let absolute = URL(fileURLWithPath: Self.normalized(root.path) ?? root.path)
        self.root = absolute.resolvingSymlinksInPath()
    }

    /// The path of `url` relative to the root, or nil when it (after following symlinks) is outside.
    func relative(_ url: URL) -> String? {
        guard let lexical = Self.normalized(url.path) else { return nil }
        let resolved = URL(fileURLWithPath: lexical).resolvingSymlinksInPath().path
        guard let canonical = Self.normalized(resolved) else { return nil }
        let rootPath = root.path
        guard canonical.hasPrefix(rootPath + "/") else { return nil }
        return String(canonical.dropFirst(rootPath.count + 1))
    }

    /// Resolves a path written in front matter, relative to `folder` (relative to the root).
    /// Absolute paths and paths that leave the content folder give nil.
    func resolve(_ written: String, in folder: String) -> String? {
        guard !written.isEmpty, !written.hasPrefix("/"), !written.hasPrefix("~"), !written.contains("\0") else { return nil }
        let base = folder.isEmpty ? root.path : root.path + "/" + folder
        return relative(URL(fileURLWithPath: base + "/" + written))
    }

    func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// An absolute path with `.` and `..` collapsed and repeated slashes removed; nil if `..`
    /// climbs above `/`.
    static func normalized(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
