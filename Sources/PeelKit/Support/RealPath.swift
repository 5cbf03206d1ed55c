import Foundation

/// The real location of a path that may not exist yet (an output folder before the first build):
/// its deepest existing ancestor with symlinks resolved, then the rest. Foundation's
/// `resolvingSymlinksInPath()` leaves a path alone when its last part is missing, so
/// `alias/_site` with `alias` a symlink to the content folder would look like it is elsewhere.
enum RealPath {
    static func of(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            missing.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        let resolved = existing.resolvingSymlinksInPath().path
        return missing.reduce(resolved) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
    }
}
