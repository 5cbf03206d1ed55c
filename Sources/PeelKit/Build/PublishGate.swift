import Foundation

/// Lets `peel serve` put pages in the served site while a build runs in the background: a build
/// publishes only while it holds the gate, and not once it was cancelled, so pages put in the site
/// under the gate are never swapped away by a build of older content.
final class PublishGate: @unchecked Sendable {
    private let lock = NSLock()

    func pass<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
