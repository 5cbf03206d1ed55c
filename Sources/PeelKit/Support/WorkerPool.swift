import Foundation

/// Resources that must not be shared between threads (a Tesseract handle): a worker takes one,
/// uses it alone and gives it back. They are made lazily, only when first needed, so at most one
/// per worker running at once (ParallelWork runs one per core) and none when no work asks.
final class WorkerPool<Resource>: @unchecked Sendable {
    private let make: () throws -> Resource
    private let lock = NSLock()
    private var idle: [Resource] = []
    private(set) var made = 0

    init(make: @escaping () throws -> Resource) {
        self.make = make
    }

    func with<Result>(_ body: (Resource) throws -> Result) throws -> Result {
        lock.lock()
        let taken = idle.popLast()
        lock.unlock()
        let resource: Resource
        if let taken {
            resource = taken
        } else {
            resource = try make()
            lock.lock()
            made += 1
            lock.unlock()
        }
        defer {
            lock.lock()
            idle.append(resource)
            lock.unlock()
        }
        return try body(resource)
    }
}
