import Foundation

/// Keeps every path Peel reads inside the content folder: front-matter paths are resolved against
/// their file's folder, `..` is collapsed by hand (Foundation does not always), symlinks are
/// followed, and anything that ends up outside is refused.
struct ContentPath {
    /// The content folder, absolute, symlinks resolved.
    let root: URL

    init(root: URL) {
        let absolute = URL(fileURLWithPath: Self.normalized(root.path) ?? root.path)
        self.root = RealPath.url(absolute)
    }

    /// The path of `url` relative to the root, or nil when it (after following symlinks) is outside.
    func relative(_ url: URL) -> String? {
        guard let lexical = Self.normalized(url.path) else { return nil }
        let resolved = RealPath.of(URL(fileURLWithPath: lexical))
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

    /// `relativePath` as the file system spells it, when it is there only under another Unicode
    /// normalization: a name typed on Linux ("café", NFC) for a file made on a Mac (NFD), or the
    /// other way. File systems compare bytes; Swift's `==` compares canonical equivalents, so each
    /// missing component is looked up among its folder's entries. Nil when no entry matches, or
    /// when two do (both spellings present: neither is meant more than the other).
    func spelledOnDisk(_ relativePath: String) -> String? {
        let files = FileManager.default
        if files.fileExists(atPath: url(relativePath).path) { return relativePath }
        var found: [String] = []
        for component in relativePath.split(separator: "/").map(String.init) {
            let folder = found.joined(separator: "/")
            let candidate = folder.isEmpty ? component : folder + "/" + component
            if files.fileExists(atPath: url(candidate).path) {
                found.append(component)
                continue
            }
            let entries = (try? files.contentsOfDirectory(atPath: folder.isEmpty ? root.path : url(folder).path)) ?? []
            let matches = entries.filter { $0 == component }
            guard matches.count == 1 else { return nil }
            found.append(matches[0])
        }
        return found.joined(separator: "/")
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
