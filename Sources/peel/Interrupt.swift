import Dispatch
import Foundation

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP cancel the running work instead of killing the process, so
/// the library can remove its half-written staging folder and leave the previous site in place.
enum Interrupt {
    /// The signals that ask Peel to stop. SIGHUP is what closing a terminal sends: `peel serve`
    /// left its whole site and cache in the temporary folder. Not when it is ignored (`nohup`),
    /// which keeps meaning "run on after the terminal closes".
    static var stopSignals: [Int32] {
        let previous = signal(SIGHUP, SIG_IGN)
        signal(SIGHUP, previous)
        let ignored = previous.map { unsafeBitCast($0, to: Int.self) } == 1   // SIG_IGN
        return ignored ? [SIGINT, SIGTERM] : [SIGINT, SIGTERM, SIGHUP]
    }

    /// The exit status after an interruption, as shells report a process a signal ended:
    /// 128 + the signal, so 130 for Ctrl-C (SIGINT), 143 for SIGTERM (a CI runner's timeout, `kill`)
    /// and 129 for SIGHUP (the terminal closed).
    static var exitStatus: Int32 { 128 + received.value }

    /// The signal that asked to stop, SIGINT until one has.
    static let received = LastSignal()

    final class LastSignal: @unchecked Sendable {
        private let lock = NSLock()
        private var number = SIGINT
        var value: Int32 { lock.withLock { number } }
        func record(_ signal: Int32) { lock.withLock { number = signal } }
    }

    static func cancelling<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await work() }
        let listener = Listener { task.cancel() }
        defer { listener.end() }
        return try await task.value
    }

    /// The stop signals caught instead of killing the process, until `end()`: each is recorded in
    /// `received`, then `handler` runs (on another thread).
    struct Listener {
        private let numbers = Interrupt.stopSignals
        private let sources: [DispatchSourceSignal]

        init(_ handler: @escaping @Sendable () -> Void) {
            sources = numbers.map { number -> DispatchSourceSignal in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    received.record(number)
                    handler()
                }
                source.resume()
                return source
            }
        }

        /// Puts the signals back as they were.
        func end() {
            for source in sources { source.cancel() }
            for number in numbers { signal(number, SIG_DFL) }
        }
    }
}

/// For work done item by item on this thread (`peel fit`): Ctrl-C and SIGTERM ask it to stop
/// after the item under way instead of killing the process, so what it writes last (its record
/// of the files it wrote) is written. Killed outright, `peel fit` later refused its own results.
final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var listener: Interrupt.Listener?

    init() {
        listener = Interrupt.Listener { [weak self] in self?.request() }
    }

    /// The first Ctrl-C asks to stop after the item under way and says so; a second stops at
    /// once (the item under way can take seconds, and a user who waits no longer reached for kill -9).
    private func request() {
        lock.lock()
        let again = requested
        requested = true
        lock.unlock()
        if again { _exit(Interrupt.exitStatus) }
        Terminal.standardError.line("Stopping after the sticker under way (Ctrl-C again stops at once)…")
    }

    var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    /// Puts the signals back as they were.
    func end() {
        listener?.end()
    }
}
