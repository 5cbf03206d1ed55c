#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Named points where a test can make a debug build of Peel die at once (SIGKILL, as `kill -9`)
/// or take its fallback path, by listing them in `PEEL_FAULTS` (comma-separated). Release builds
/// compile none of it.
enum FaultInjection {
    /// True when `point` is listed in `PEEL_FAULTS` (debug builds only).
    static func isSet(_ point: String) -> Bool {
        #if DEBUG
        return active.contains(point)
        #else
        return false
        #endif
    }

    /// Dies here, like `kill -9`, when `point` is listed.
    static func killIfSet(_ point: String) {
        if isSet(point) { raise(SIGKILL) }
    }

    #if DEBUG
    private static let active: Set<String> = Set(
        (ProcessInfo.processInfo.environment["PEEL_FAULTS"] ?? "").split(separator: ",").map(String.init))
    #endif
}
