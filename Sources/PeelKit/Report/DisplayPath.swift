import Foundation

/// Paths for people: a path relative to the content folder, written as seen from the current
/// directory (`content/faces/sun.md`), so a terminal or an editor can open it as printed. A
/// content folder outside the current directory keeps its absolute path.
public struct DisplayPath: Sendable {
    /// What goes before a content-relative path: "" when the content folder is the current
    /// directory, else the folder and a slash.
    public let prefix: String

    public init(root: URL, currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        let rootPath = ContentPath.normalized(root.standardizedFileURL.path) ?? root.path
        let here = ContentPath.normalized(currentDirectory.standardizedFileURL.path) ?? currentDirectory.path
        if rootPath == here {
            prefix = ""
        } else if rootPath.hasPrefix(here == "/" ? "/" : here + "/") {
            prefix = String(rootPath.dropFirst(here == "/" ? 1 : here.count + 1)) + "/"
        } else {
            prefix = rootPath + "/"
        }
    }

    /// `relative` (to the content folder) as seen from the current directory.
    public func path(_ relative: String) -> String {
        prefix + relative
    }

    /// A file as seen from the current directory: relative when it is inside it, else absolute.
    public static func file(_ url: URL, currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String {
        let path = ContentPath.normalized(url.standardizedFileURL.path) ?? url.path
        let here = ContentPath.normalized(currentDirectory.standardizedFileURL.path) ?? currentDirectory.path
        let inside = here == "/" ? "/" : here + "/"
        return path.hasPrefix(inside) ? String(path.dropFirst(inside.count)) : path
    }

    /// A finding's location, `path:line` or `path`.
    public func location(of finding: Finding) -> String {
        finding.line.map { "\(path(finding.file)):\($0)" } ?? path(finding.file)
    }
}
