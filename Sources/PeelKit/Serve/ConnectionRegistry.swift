import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The connections `peel serve` has open, and which of them are only waiting for a request: the
/// ones to let go first when the server is full or out of file descriptors. A connection is let go
/// with `shutdown(2)`, which wakes its task wherever it waits (its read sees the end of the
/// stream), so the task itself closes the socket, exactly once.
final class ConnectionRegistry: @unchecked Sendable {
    private struct Entry {
        let socket: Socket
        /// When it began waiting for a request head; nil while a request is being answered.
        var idleSince: ContinuousClock.Instant?
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    private var nextID = 0
    private var isClosed = false

    var count: Int { lock.withLock { entries.count } }

    /// Records a new connection; nil once the server is stopping (the caller closes the socket).
    func add(_ socket: Socket) -> Int? {
        lock.withLock {
            guard !isClosed else { return nil }
            nextID += 1
            entries[nextID] = Entry(socket: socket, idleSince: ContinuousClock.now)
            return nextID
        }
    }

    func setIdle(_ id: Int, _ idle: Bool) {
        lock.withLock { entries[id]?.idleSince = idle ? ContinuousClock.now : nil }
    }

    /// Forgets the connection; call before closing its socket, so `shutdown` never reaches a
    /// descriptor number the kernel has already given to another file.
    func remove(_ id: Int) {
        lock.withLock { entries[id] = nil }
    }

    /// Shuts down the connection that has waited longest for a request. False when none waits.
    @discardableResult
    func evictLongestIdle() -> Bool {
        evictLongestIdle(count: 1) == 1
    }

    /// Shuts down up to `count` of the connections that have waited longest; returns how many.
    func evictLongestIdle(count: Int) -> Int {
        lock.withLock {
            let idle = entries.compactMap { id, entry in entry.idleSince.map { (id: id, since: $0, socket: entry.socket) } }
            let oldest = idle.sorted { $0.since < $1.since }.prefix(count)
            for connection in oldest {
                entries[connection.id]?.idleSince = nil
                Self.shutdown(connection.socket)
            }
            return oldest.count
        }
    }

    /// Shuts every connection down and refuses new ones (the server is stopping).
    func closeAll() {
        lock.withLock {
            isClosed = true
            for entry in entries.values { Self.shutdown(entry.socket) }
        }
    }

    private static func shutdown(_ socket: Socket) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(socket.file.rawValue, Int32(SHUT_RDWR))
        #elseif canImport(Darwin)
        _ = Darwin.shutdown(socket.file.rawValue, SHUT_RDWR)
        #endif
    }
}
