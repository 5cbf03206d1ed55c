import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM cancel the running work instead of killing the process, so the
/// library can remove its half-written staging folder and leave the previous site in place.
enum Interrupt {
    static func cancelling<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await work() }
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        return try await task.value
    }
}
