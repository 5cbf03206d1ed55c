import Foundation

/// Tells every open page about each build over Server-Sent Events. A page subscribes when it
/// loads, is sent the current status at once (so a page opened after a failed build shows the
/// overlay), then every new status as it happens.
public actor LiveReloadHub {
    public private(set) var status: BuildStatus
    private var subscribers: [UUID: AsyncStream<Data>.Continuation] = [:]

    public init(status: BuildStatus = BuildStatus(generation: 0, state: .ok)) {
        self.status = status
    }

    /// Records `status` and sends it to every open page.
    public func publish(_ status: BuildStatus) {
        self.status = status
        let event = Self.event(status)
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// A new site is served, made from content with these findings: the next generation.
    /// `changed` names the files it changed, when known.
    public func publishBuilt(findings: [Finding], changed: [String]?) {
        publish(.built(generation: status.generation + 1, findings: findings, changed: changed))
    }

    /// A build stopped: the site served stays, and pages show why.
    public func publishFailed(_ error: any Error) {
        publish(.failed(generation: status.generation, error: error))
    }

    /// A new stream of SSE bytes: the current status first, then each new one, and a comment
    /// every `keepAlive` seconds so a closed page is noticed (the write fails) and forgotten.
    public func subscribe(keepAlive: Duration = .seconds(10)) -> AsyncStream<Data> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingNewest(8))
        // The reconnection delay browsers use when the server restarts.
        continuation.yield(Data("retry: 500\n\n".utf8))
        continuation.yield(Self.event(status))
        subscribers[id] = continuation
        let pinger = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: keepAlive)
                continuation.yield(Data(": keep-alive\n\n".utf8))
            }
        }
        continuation.onTermination = { _ in
            pinger.cancel()
            Task { await self.unsubscribe(id) }
        }
        return stream
    }

    /// Ends every stream (the server is stopping).
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    /// `event: status` with the status as one line of JSON.
    static func event(_ status: BuildStatus) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(status)) ?? Data("{}".utf8)
        return Data("event: status\ndata: ".utf8) + json + Data("\n\n".utf8)
    }
}
