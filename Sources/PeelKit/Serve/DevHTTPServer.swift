import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP/1.1 server behind `peel serve`. FlyingSocks gives it non-blocking sockets and the
/// epoll/kqueue loop; the rest is Peel's, because FlyingFox's `HTTPServer` offers no limit on a
/// request head (its line reader is quadratic: a 1 MB request line pinned a core) and stops
/// accepting for good on the first failed `accept()`. Here:
/// - a request head is bounded before it is parsed (`RequestHeadReader`: 414 and 431);
/// - at most half the file descriptors the process may open go to connections (`DescriptorBudget`,
///   read again at each one), and never the last ones; past that, the ones idle longest are let go
///   (and the user is told once if that goes on);
/// - `accept()` failing for want of file descriptors (EMFILE: something else took them) lets idle
///   connections go, backs off and tries again, and says so once per episode;
/// - `stop()` ends every connection at once, whatever it is doing.
final class DevHTTPServer: Sendable {
    /// What the server tells the user about, beyond requests.
    enum Notice: Sendable, Equatable {
        /// `accept()` has failed for a while (the message says why); the server is still serving.
        case acceptFailing(String)
        /// It accepts connections again.
        case acceptRecovered
    }

    let port: UInt16
    private let listener: Socket
    private let pool: any AsyncSocketPool
    private let registry = ConnectionRegistry()
    private let handler: DevSiteHandler
    private let notice: @Sendable (Notice) -> Void
    private let serving = TaskBox()

    /// Binds 127.0.0.1:`port` (0 for any free port) and starts accepting connections.
    init(port: UInt16, handler: DevSiteHandler, notice: @escaping @Sendable (Notice) -> Void) async throws {
        let socket = try Socket(domain: AF_INET, type: .stream)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            #if canImport(Darwin)
            try socket.setValue(true, for: .noSIGPIPE)
            #endif
            try socket.bind(to: sockaddr_in.inet(ip4: "127.0.0.1", port: port))
            try socket.listen()
            // Never blocks a thread of the concurrency pool: a would-block accept waits in the pool.
            try socket.setFlags(.nonBlocking)
            guard case .ip4(_, let bound) = try socket.sockname() else { throw SocketError.unsupportedAddress }
            self.port = bound
            let pool = SocketPool<Poll>.make()
            try await pool.prepare()
            self.pool = pool
            self.listener = socket
        } catch {
            try? socket.close()
            throw error
        }
        self.handler = handler
        self.notice = notice
        let pool = self.pool
        serving.task = Task { [self] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask { try? await pool.run() }
                group.addTask { await self.acceptConnections() }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Stops accepting, ends every connection and closes the listening socket.
    func stop() async {
        registry.closeAll()
        serving.task?.cancel()
        await serving.task?.value
        try? listener.close()
    }

    private func acceptConnections() async {
        var trouble = AcceptTrouble()
        while !Task.isCancelled {
            let file: Socket.FileDescriptor
            do {
                file = try listener.accept().file
            } catch SocketError.blocked {
                do { try await pool.suspendSocket(listener, untilReadyFor: .connection) } catch { return }
                continue
            } catch SocketError.failed(_, let number, let message) where Self.isShortOfResources(number) {
                // Out of descriptors or memory: the pending connection stays queued in the kernel.
                // Letting the longest-idle connections go frees descriptors in a moment; when none is
                // idle, wait longer each time (the builds may be holding the files).
                let freed = registry.evictLongestIdle(count: AcceptTrouble.headroom) > 0
                if trouble.failed(at: .now) { notice(.acceptFailing(message)) }
                try? await Task.sleep(for: freed ? AcceptTrouble.shortPause : trouble.backoff)
                continue
            } catch SocketError.failed(_, let number, _) where Self.isTransient(number) {
                continue
            } catch {
                // The listening socket itself failed (it was closed): nothing more to accept.
                return
            }
            // Full, or near the descriptor limit, is trouble too: connections are closed to make room.
            let budget = DescriptorBudget.current()
            let overloaded: Bool
            if budget.isShort(after: file.rawValue) {
                if trouble.failed(at: .now) {
                    notice(.acceptFailing("\(file.rawValue + 1) of the \(budget.limit) files it may open are open"))
                }
                overloaded = registry.evictLongestIdle(count: AcceptTrouble.headroom) == 0
            } else if registry.count >= budget.connections {
                if trouble.failed(at: .now) { notice(.acceptFailing("\(budget.connections) open, the most it keeps")) }
                overloaded = !registry.evictLongestIdle()
            } else {
                if trouble.accepted(at: .now) { notice(.acceptRecovered) }
                overloaded = false
            }
            admit(Socket(file: file), overloaded: overloaded)
            // Near the limit, the connections let go need a moment to close: accepting on at full
            // speed would reach the limit first. The kernel queues newcomers meanwhile.
            if budget.isShort(after: file.rawValue) { try? await Task.sleep(for: AcceptTrouble.shortPause) }
        }
    }

    /// Starts answering the connection; `overloaded` (no connection could be let go to make room:
    /// every one is busy, such as event streams) tells the newcomer to come back.
    private func admit(_ socket: Socket, overloaded: Bool) {
        guard let id = registry.add(socket), let connection = try? AsyncSocket(socket: socket, pool: pool) else {
            try? socket.close()
            return
        }
        let handler = self.handler, registry = self.registry
        Task {
            await DevHTTPConnection(socket: connection, id: id, registry: registry, handler: handler, overloaded: overloaded).run()
        }
    }

    /// `accept()` failed for want of descriptors or memory; a retry later can succeed.
    static func isShortOfResources(_ number: Int32) -> Bool {
        [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(number)
    }

    /// `accept()` failed for this one connection only (it was reset while queued, a signal).
    static func isTransient(_ number: Int32) -> Bool {
        // The errors accept(2) on Linux says to treat like EAGAIN, and ECONNABORTED, EINTR, EPERM.
        [ECONNABORTED, EINTR, EPERM, EPROTO, ENOPROTOOPT, ENETDOWN, ENETUNREACH, EHOSTDOWN, EHOSTUNREACH, EOPNOTSUPP, ETIMEDOUT]
            .contains(number)
    }
}

/// When `accept()` keeps failing: how long to wait before the next try, and whether to tell the
/// user (once per episode) that it is failing, or that it works again.
struct AcceptTrouble {
    /// Failures this far apart belong to one episode, told to the user once, when it begins.
    static let quietPeriod: Duration = .seconds(2)
    /// How many idle connections to let go when descriptors run out: one for the newcomer, the
    /// rest for the file its request reads and the files a build opens meanwhile.
    static let headroom = 8
    /// After letting idle connections go, the time their tasks need to close the sockets.
    static let shortPause: Duration = .milliseconds(2)
    /// The longest pause between two tries when nothing could be let go.
    static let maximumBackoff: Duration = .milliseconds(500)

    private var last: ContinuousClock.Instant?
    private var reported = false
    private(set) var backoff: Duration = .milliseconds(5)

    /// Records a failure; true when the user should be told now.
    mutating func failed(at now: ContinuousClock.Instant) -> Bool {
        if let last, now - last > Self.quietPeriod { reset() }
        last = now
        backoff = min(backoff * 2, Self.maximumBackoff)
        guard !reported else { return false }
        reported = true
        return true
    }

    /// Records a success; true when the user was told of failures that have now stopped.
    mutating func accepted(at now: ContinuousClock.Instant) -> Bool {
        backoff = .milliseconds(5)
        guard let last, now - last > Self.quietPeriod else { return false }
        let wasReported = reported
        reset()
        return wasReported
    }

    private mutating func reset() {
        last = nil
        reported = false
    }
}

/// The server's main task, set once after `init` has finished.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Task<Void, Never>?
    var task: Task<Void, Never>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
