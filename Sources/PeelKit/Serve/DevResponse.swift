import Foundation

/// What `peel serve` answers: a status, header fields, and a body that is either whole or a
/// stream of chunks (the live-reload event stream, sent with chunked transfer coding).
struct DevResponse: Sendable {
    struct Status: Sendable, Equatable {
        let code: Int
        let phrase: String

        static let ok = Status(code: 200, phrase: "OK")
        static let movedPermanently = Status(code: 301, phrase: "Moved Permanently")
        static let badRequest = Status(code: 400, phrase: "Bad Request")
        static let notFound = Status(code: 404, phrase: "Not Found")
        static let methodNotAllowed = Status(code: 405, phrase: "Method Not Allowed")
        static let misdirectedRequest = Status(code: 421, phrase: "Misdirected Request")
        static let serviceUnavailable = Status(code: 503, phrase: "Service Unavailable")
    }

    enum Body: Sendable {
        case data(Data)
        case stream(AsyncStream<Data>)
    }

    var status: Status
    /// Field names as written, each once.
    var headers: [String: String]
    var body: Body

    init(_ status: Status, headers: [String: String], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body's size; nil for a stream.
    var bodySize: Int? {
        if case .data(let data) = body { return data.count }
        return nil
    }

    /// One chunk of chunked transfer coding (RFC 9112, 7.1): its size in hex, the bytes, CRLF.
    /// An empty chunk would end the body, so it is never made.
    static func chunk(_ data: Data) -> Data? {
        guard !data.isEmpty else { return nil }
        return Data(String(data.count, radix: 16).utf8) + Data("\r\n".utf8) + data + Data("\r\n".utf8)
    }

    /// The last chunk, which ends a chunked body.
    static let lastChunk = Data("0\r\n\r\n".utf8)
}
