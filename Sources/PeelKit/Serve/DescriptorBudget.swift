#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many file descriptors `peel serve` may give to connections, read again at every accepted
/// connection because the limit can change while it serves (`prlimit`, a shell's `ulimit` for a
/// process it started).
///
/// The server never lets connections take the last descriptors. On Linux that is a crash, not a
/// slow-down: libdispatch's worker monitor opens `/proc/<pid>/stat` and aborts the process when the
/// open fails ("workq: registered worker exited prematurely"), so a server that accepted until
/// `accept()` failed with EMFILE died under load a moment later. The builds, the folder watcher and
/// that monitor keep `reserve` descriptors.
struct DescriptorBudget: Equatable {
    /// Descriptors kept for the builds (an image, its cache entry and its output per core), the
    /// folder walk and libdispatch.
    static let reserve = 16
    /// The most connections kept open at once, whatever the limit: a browser opens about six per
    /// page and one event stream per tab.
    static let maximumConnections = 256

    /// The process's soft limit on open files.
    let limit: Int

    /// The limit now; 256 (macOS's default) when it cannot be read.
    static func current() -> DescriptorBudget {
        var value = rlimit()
        #if canImport(Glibc)
        let status = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &value)
        #else
        let status = getrlimit(RLIMIT_NOFILE, &value)
        #endif
        guard status == 0 else { return DescriptorBudget(limit: 256) }
        return DescriptorBudget(limit: Int(clamping: value.rlim_cur))
    }

    /// Half the limit, at most `maximumConnections`: the rest stay free for the builds.
    var connections: Int { max(8, min(Self.maximumConnections, limit / 2)) }

    /// How many descriptors are left once `descriptor` is open. The kernel gives out the lowest
    /// free number, so every number below it is in use: this is at most what is really left.
    func left(after descriptor: Int32) -> Int {
        limit - (Int(descriptor) + 1)
    }

    /// True when `descriptor` leaves less than the reserve.
    func isShort(after descriptor: Int32) -> Bool {
        left(after: descriptor) < Self.reserve
    }
}
