import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare HTTP/1.1 client over a TCP socket to 127.0.0.1, for tests that must send request targets
/// exactly as written (`/../etc/passwd`, which URLSession would normalise) and read an event
/// stream line by line with a deadline.
final class RawHTTPClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum Failure: Error, CustomStringConvertible {
        case connect(Int32)
        case timeout(String)
        case malformed(String)
        var description: String {
            switch self {
            case .connect(let code): return "connect failed: errno \(code)"
            case .timeout(let what): return "timed out waiting for \(what)"
            case .malformed(let what): return "malformed response: \(what)"
            }
        }
    }

    private let descriptor: Int32
    private var buffer = Data()

    init(port: UInt16) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw Failure.connect(code)
        }
        // A server that stops reading must fail the test, not hang it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Sends `METHOD target HTTP/1.1` with the given Host and `Connection: close`.
    func request(_ method: String = "GET", _ target: String, host: String = "127.0.0.1", headers: [String] = []) {
        let request = (["\(method) \(target) HTTP/1.1", "Host: \(host)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `bytes` exactly as given; false when the server closed or stopped reading first.
    @discardableResult
    func write(raw bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads whatever arrives within `timeout`; false once the server has closed the connection.
    private func fill(until deadline: Date) throws -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw Failure.timeout("data") }
        var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptorSet, 1, Int32(remaining * 1000) + 1)
        guard ready > 0 else { throw Failure.timeout("data") }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one line (without CRLF) of the stream before `deadline`.
    func readLine(before deadline: Date) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[buffer.startIndex..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            guard try fill(until: deadline) else { return nil }
        }
    }

    /// Reads a whole response to a `Connection: close` request.
    func readResponse(timeout: TimeInterval = 10) throws -> Response {
        let deadline = Date().addingTimeInterval(timeout)
        while try fill(until: deadline) {}
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { throw Failure.malformed("no end of headers") }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure.malformed(head[0]) }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(buffer[end.upperBound...]))
    }

    /// One request on a new connection.
    static func get(_ target: String, port: UInt16, method: String = "GET", host: String = "127.0.0.1") throws -> Response {
        let client = try RawHTTPClient(port: port)
        client.request(method, target, host: host)
        return try client.readResponse()
    }
}

/// A value computed on a thread of its own, for tests that run blocking clients side by side.
final class ThreadResult<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        Thread.detachNewThread {
            self.result = work()
            self.done.signal()
        }
    }

    /// Waits for the thread to finish.
    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}
