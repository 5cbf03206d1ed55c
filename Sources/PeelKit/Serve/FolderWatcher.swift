import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Says when `peel serve` should look at the watched folders again (`WatchedInputs` still decides
/// what changed). On Linux the kernel says so (inotify on every watched folder), so an idle server
/// walks nothing: a `stat` walk every 100 ms cost about 5 % of a core at 600 stickers. A slow
/// safety walk still runs, for what inotify cannot see (a folder on a network or a VM's shared
/// disk, a watch limit reached, a watched folder replaced). Elsewhere, or when inotify is not
/// available, it is the poll interval.
final class FolderWatcher: @unchecked Sendable {
    /// The safety walk's interval while inotify watches: long enough to cost nothing when idle,
    /// short enough that a change inotify misses still shows within seconds.
    static let rescanInterval: Duration = .seconds(3)

    private let lock = NSLock()
    private var pending = false
    private var waiter: CheckedContinuation<Void, Never>?
    private let timer: DispatchSourceTimer
    private let queue = DispatchQueue(label: "peel.serve.watch")
    #if os(Linux)
    private var inotify: Inotify?
    #endif

    /// True while the kernel reports changes; false when polling every `pollInterval`.
    private(set) var usesKernelEvents = false

    /// `rescanInterval` is the safety walk's interval while the kernel reports changes.
    init(pollInterval: Duration, rescanInterval: Duration = FolderWatcher.rescanInterval) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        var interval = pollInterval
        #if os(Linux)
        if let inotify = Inotify(queue: queue, onEvent: { [weak self] in self?.signal() }) {
            self.inotify = inotify
            usesKernelEvents = true
            interval = rescanInterval
        }
        #endif
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(10))
        timer.setEventHandler { [weak self] in self?.signal() }
        timer.resume()
    }

    deinit { stop() }

    /// Watches `directories` too (each folder of the latest snapshot). When a folder is watched for
    /// the first time, files may have landed in it before the watch began, so the next
    /// `nextChange()` returns at once and the folders are walked again.
    func watch(_ directories: [String]) {
        #if os(Linux)
        guard let inotify else { return }
        switch inotify.add(directories) {
        case .unchanged: break
        case .added: signal()
        case .failed:
            // Out of watches (fs.inotify.max_user_watches): back to polling, which sees everything.
            self.inotify = nil
            inotify.close()
            usesKernelEvents = false
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(10))
        }
        #endif
    }

    /// Returns once the folders may have changed. Throws `CancellationError` when the task is cancelled.
    func nextChange() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = lock.withLock {
                    if pending {
                        pending = false
                        return true
                    }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            signal()
        }
        try Task.checkCancellation()
    }

    func stop() {
        timer.cancel()
        #if os(Linux)
        inotify?.close()
        inotify = nil
        #endif
    }

    private func signal() {
        let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
            guard let waiter else {
                pending = true
                return nil
            }
            self.waiter = nil
            return waiter
        }
        waiting?.resume()
    }
}

#if os(Linux)
/// An inotify descriptor read by a dispatch source: any event on a watched folder calls `onEvent`.
/// The events themselves are drained, not read: the folders are walked again anyway.
private final class Inotify {
    enum Outcome { case unchanged, added, failed }

    /// What makes a folder worth another look: entries added, removed, renamed, written or touched.
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM
                                     | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
    private let descriptor: Int32
    private let source: DispatchSourceRead
    private var known = Set<Int32>()

    init?(queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let descriptor = self.descriptor
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while read(descriptor, &buffer, buffer.count) > 0 {}
            onEvent()
        }
        source.setCancelHandler { _ = Glibc.close(descriptor) }
        source.resume()
    }

    /// Adds a watch for each folder (a folder watched already keeps its watch, same number).
    func add(_ directories: [String]) -> Outcome {
        var added = false
        for directory in directories {
            let watch = inotify_add_watch(descriptor, directory, Self.mask)
            if watch < 0 {
                // Gone since the walk (ENOENT, ENOTDIR): the next walk sees it. Out of watches: give up.
                if errno == ENOSPC || errno == ENOMEM { return .failed }
                continue
            }
            if known.insert(watch).inserted { added = true }
        }
        return added ? .added : .unchanged
    }

    func close() {
        source.cancel()
    }
}
#endif
