import Foundation

/// Runs independent jobs on every core, at most one per core at a time (structured concurrency,
/// so cancellation and errors reach every job).
enum ParallelWork {
    static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    static func run<Job: Sendable>(_ jobs: [Job], _ work: @escaping @Sendable (Job) throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            func submit() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask {
                    try Task.checkCancellation()
                    try work(job)
                }
            }
            for _ in 0..<min(coreCount, jobs.count) { submit() }
            while try await group.next() != nil {
                submit()
            }
        }
    }
}

/// A dictionary parallel jobs add to.
final class LockedDictionary<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Key: Value] = [:]

    subscript(key: Key) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return storage[key] }
        set { lock.lock(); storage[key] = newValue; lock.unlock() }
    }

    var values: [Key: Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
