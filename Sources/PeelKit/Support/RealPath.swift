import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real location of a path, symlinks resolved, through `realpath(3)`; for a path that does not
/// exist yet (an output folder before the first build), its deepest existing ancestor resolved,
/// then the rest.
///
/// Not Foundation's `resolvingSymlinksInPath()`: on Linux it copies the path into a fixed buffer of
/// 1,024 bytes and resolves what is left of it, so a content folder under a path of about 1 KiB
/// (a deep CI workspace) resolved to one of its ancestors, its packs looked like symlinks leading
/// outside it, and a build published an empty site. It also leaves a path alone when its last part
/// is missing, so `alias/_site` with `alias` a symlink to the content folder would look elsewhere.
enum RealPath {
    static func of(_ url: URL) -> String {
        var existing = url.standardizedFileURL.path
        var missing: [String] = []
        while true {
            if let resolved = resolve(existing) {
                return missing.reduce(resolved) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            guard existing != "/", !existing.isEmpty else { return url.standardizedFileURL.path }
            let parent = (existing as NSString).deletingLastPathComponent
            missing.insert((existing as NSString).lastPathComponent, at: 0)
            existing = parent.isEmpty ? "/" : parent
        }
    }

    /// `url` with its symlinks resolved (see `of`).
    static func url(_ url: URL) -> URL {
        URL(fileURLWithPath: of(url))
    }

    /// `realpath(3)` of an existing path; nil when it fails (missing, unreadable, a loop).
    private static func resolve(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
