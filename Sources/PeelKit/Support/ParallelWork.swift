import Foundation

/// Runs independent jobs on every core, at most one per core at a time (structured concurrency,
/// so cancellation and errors reach every job).
enum ParallelWork {
    static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Each job's result, in the jobs' order; `progress` hears (done, total) as jobs finish.
    static func map<Job: Sendable, Output: Sendable>(_ jobs: [Job], progress: (@Sendable (Int, Int) -> Void)? = nil,
                                                      _ work: @escaping @Sendable (Job) throws -> Output) async throws -> [Output] {
        try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            var outputs = [Output?](repeating: nil, count: jobs.count)
            var next = 0, done = 0
            func submit() {
                guard next < jobs.count else { return }
                let index = next, job = jobs[next]
                next += 1
                group.addTask {
                    try Task.checkCancellation()
                    return (index, try work(job))
                }
            }
            for _ in 0..<min(coreCount, jobs.count) { submit() }
            while let (index, output) = try await group.next() {
                outputs[index] = output
                done += 1
                progress?(done, jobs.count)
                submit()
            }
            return outputs.map { $0! }
        }
    }

    static func run<Job: Sendable>(_ jobs: [Job], progress: (@Sendable (Int, Int) -> Void)? = nil,
                                   _ work: @escaping @Sendable (Job) throws -> Void) async throws {
        _ = try await map(jobs, progress: progress, work)
    }

    /// Each job's result, in the jobs' order, for synchronous code with many small jobs (reading
    /// sidecars): the calling thread waits while Dispatch runs them on every core.
    static func mapBlocking<Job: Sendable, Output: Sendable>(_ jobs: [Job], _ work: @Sendable (Job) -> Output) -> [Output] {
        guard jobs.count > 1 else { return jobs.map(work) }
        let outputs = LockedDictionary<Int, Output>()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            outputs[index] = work(jobs[index])
        }
        let byIndex = outputs.values
        return jobs.indices.map { byIndex[$0]! }
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

    /// Sets `key` to `value` unless it has one already; true when it was set (one job of many claims a key).
    func setIfAbsent(_ key: Key, _ value: Value) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard storage[key] == nil else { return false }
        storage[key] = value
        return true
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return storage.count
    }

    var values: [Key: Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
