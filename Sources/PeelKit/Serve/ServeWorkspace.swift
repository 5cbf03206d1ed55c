import Foundation

/// `peel serve` builds into `peel-serve-<pid>` in the temporary folder and removes it when it
/// stops. A server killed outright (kill -9, a crash, a machine put to sleep and a terminal
/// closed) left it, a whole site and its cache, one more for every such stop.
enum ServeWorkspace {
    static let prefix = "peel-serve-"

    /// This process's workspace in `folder`.
    static func own(in folder: URL) -> URL {
        folder.appendingPathComponent(prefix + String(ProcessInfo.processInfo.processIdentifier))
    }

    /// Removes the workspaces in `folder` whose server is gone: no process has their id any more.
    /// A live server (this user's or another's: `kill` answers EPERM, not ESRCH) keeps its own.
    static func removeAbandoned(in folder: URL) {
        let mine = ProcessInfo.processInfo.processIdentifier
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != mine, !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
