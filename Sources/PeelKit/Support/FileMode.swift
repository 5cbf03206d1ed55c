import Foundation

/// The permissions a file Peel creates gets in this process: `0644` less the umask. A file from
/// the build cache or a shard is linked into the site only when it has them: a cache made by
/// another runner under another umask (`actions/cache` keeps modes) published 0600 thumbnails a
/// web server could not read, or files more open than this build's umask asks for.
enum FileMode {
    static let fresh: mode_t = 0o644 & ~processUmask()

    /// Linux says the umask in /proc/self/status; elsewhere it is read by setting it and back,
    /// once, before any file is made.
    private static func processUmask() -> mode_t {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        let current = umask(0o022)
        umask(current)
        return current
    }

    /// Whether the file `info` describes has exactly the permissions a new one would get.
    static func isFresh(_ info: stat) -> Bool {
        info.st_mode & 0o7777 == fresh
    }
}
