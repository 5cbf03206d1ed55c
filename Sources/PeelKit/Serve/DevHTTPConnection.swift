import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection to `peel serve`: reads request heads through `RequestHeadReader` (bounded
/// before parsing), answers each with `DevSiteHandler`, keeps the connection for the next request
/// while the client wants, and closes it when a head does not arrive in time.
struct DevHTTPConnection: Sendable {
    /// How long a whole request head may take to arrive, counted from when the connection starts
    /// waiting for it. A browser sends a head at once, so this only ends idle keep-alive connections
    /// and clients that trickle bytes to hold a connection open (slowloris).
    static let headTimeout: Duration = .seconds(10)
    /// How long a refused request's remaining bytes are read and dropped, so the client gets the
    /// 4xx instead of a reset (closing with unread data makes the kernel send RST).
    static let drainTime: Duration = .seconds(2)

    let socket: AsyncSocket
    let id: Int
    let registry: ConnectionRegistry
    let handler: DevSiteHandler
    /// The server was full of busy connections when this one came: it is told so and closed.
    let overloaded: Bool

    func run() async {
        defer {
            registry.remove(id)
            try? socket.close()
        }
        if overloaded {
            await refuse(DevSiteHandler.text(.serviceUnavailable, "peel serve has too many open connections; try again.\n",
                                             extra: ["Retry-After": "1"]))
            return
        }
        var reader = RequestHeadReader()
        while !Task.isCancelled {
            registry.setIdle(id, true)
            let head: RequestHead
            do {
                guard let bytes = try await nextHead(&reader) else { return }
                head = try RequestHead.parse(bytes)
            } catch let refusal as RequestHead.Refusal {
                registry.setIdle(id, false)
                await refuse(DevSiteHandler.text(.init(code: refusal.status, phrase: refusal.phrase), refusal.message))
                return
            } catch {
                return
            }
            registry.setIdle(id, false)
            let response = await handler.respond(to: head)
            // A body is never read (only GET and HEAD are served), so the connection cannot be reused;
            // an event stream ends only when the connection does.
            let isStream = response.bodySize == nil
            let closing = !head.keepAlive || head.hasBody || isStream
            do {
                try await send(response, closing: closing, announceKeepAlive: head.version == "HTTP/1.0")
            } catch {
                return
            }
            if closing {
                if head.hasBody { await drain() }
                return
            }
        }
    }

    /// The next complete head, or nil when the client closed or took longer than `headTimeout`.
    private func nextHead(_ reader: inout RequestHeadReader) async throws -> [UInt8]? {
        let deadline = ContinuousClock.now + Self.headTimeout
        while true {
            if let head = try reader.takeHead() { return head }
            guard let bytes = try await read(before: deadline) else { return nil }
            _ = try reader.append(bytes)
        }
    }

    /// Up to 4 KiB from the socket, or nil once `deadline` has passed.
    private func read(before deadline: ContinuousClock.Instant) async throws -> [UInt8]? {
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask { try await socket.read(atMost: 4096) }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    private func send(_ response: DevResponse, closing: Bool, announceKeepAlive: Bool) async throws {
        let head = ResponseHead.encode(response, closing: closing, announceKeepAlive: announceKeepAlive)
        switch response.body {
        case .data(let data):
            try await socket.write(head + data)
        case .stream(let chunks):
            try await socket.write(head)
            for await data in chunks {
                if let chunk = DevResponse.chunk(data) { try await socket.write(chunk) }
            }
            try await socket.write(DevResponse.lastChunk)
        }
    }

    /// Answers `response` and closes: the write side is shut, then what the client still sends
    /// is read and dropped for a moment, so it can read the answer before the socket closes.
    private func refuse(_ response: DevResponse) async {
        guard (try? await send(response, closing: true, announceKeepAlive: false)) != nil else { return }
        await drain()
    }

    private func drain() async {
        #if canImport(Glibc)
        _ = Glibc.shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
        #elseif canImport(Darwin)
        _ = Darwin.shutdown(socket.socket.file.rawValue, SHUT_WR)
        #endif
        let deadline = ContinuousClock.now + Self.drainTime
        while (try? await read(before: deadline)) != nil {}
    }
}
