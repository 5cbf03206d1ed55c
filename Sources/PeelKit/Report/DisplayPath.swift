import Foundation

/// Paths for people: a path relative to the content folder, written as seen from the current
/// directory (`content/faces/sun.md`), so a terminal or an editor can open it as printed. A
/// content folder outside the current directory keeps its absolute path.
public struct DisplayPath: Sendable {
    /// What goes before a content-relative path: "" when the content folder is the current
    /// directory, else the folder and a slash.
    public let prefix: String

    public init(root: URL, currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        let shown = Self.file(root, currentDirectory: currentDirectory)
        prefix = shown == "." ? "" : shown + "/"
    }

    /// `relative` (to the content folder) as seen from the current directory.
    public func path(_ relative: String) -> String {
        prefix + relative
    }

    /// A file or folder as seen from the current directory: "." for it, relative when inside it or
    /// up to two folders above it (`../cat.png` from inside a pack folder), else absolute.
    /// Symlinks are followed on both sides when the paths as given do not show the file inside
    /// the current directory: `cd` through a symlink and `$PWD/content` (a logical path) against
    /// the physical current directory gave `../repo/content/…`, and SARIF URIs outside `%SRCROOT%`.
    public static func file(_ url: URL, currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String {
        let given = file(path: url.standardizedFileURL.path, here: currentDirectory.standardizedFileURL.path)
        guard given.hasPrefix("/") || given.hasPrefix("..") else { return given }
        let resolved = file(path: RealPath.of(url), here: RealPath.of(currentDirectory))
        return resolved.hasPrefix("/") || resolved.hasPrefix("..") ? given : resolved
    }

    private static func file(path given: String, here current: String) -> String {
        let path = ContentPath.normalized(given) ?? given
        let here = ContentPath.normalized(current) ?? current
        if path == here { return "." }
        let target = path.split(separator: "/"), base = here.split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let up = base.count - common
        // Above the root's own folders a relative path says less than the absolute one.
        guard up <= 2, common > 0 || base.isEmpty else { return path }
        return (Array(repeating: "..", count: up) + target[common...].map(String.init)).joined(separator: "/")
    }

    /// `name` beside the content folder, as the current folder sees it (`../_site` from inside
    /// the catalog): where an output goes when the one given would be inside the content.
    public static func beside(_ content: URL, _ name: String) -> String {
        file(content.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(name))
    }

    /// A finding's location, `path:line` or `path`.
    public func location(of finding: Finding) -> String {
        finding.line.map { "\(path(finding.file)):\($0)" } ?? path(finding.file)
    }
}
