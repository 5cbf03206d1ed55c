import Foundation

/// Whether the process that named a leftover (a staging folder, a temporary file) with its pid
/// still runs. A pid is reused once its process is gone: any live process with it counted, and a
/// staging folder left by a killed build blocked every later build ("another peel command is
/// writing this folder") though no Peel ran. On Linux the process's name (`/proc/<pid>/comm`)
/// must also be `peel` or this program's own.
enum PeelProcess {
    static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let own = ownName, let theirs = name(of: pid) else { return true }
        return theirs == own || theirs == "peel"
    }

    private static let ownName: String? = name(of: getpid())

    private static func name(of pid: Int32) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
