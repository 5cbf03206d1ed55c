/// Collects the bytes of one request head as they arrive on a connection and finds where it ends,
/// refusing an over-long request line (414) or over-large fields (431) before anything parses
/// them. Each byte is looked at once, so a hostile request costs time in proportion to the bytes
/// `peel serve` agrees to read, never more.
public struct RequestHeadReader: Sendable {
    public enum Limits {
        /// 8 KiB for `METHOD target HTTP/1.1`: RFC 9112 §3 asks servers to take request lines of at
        /// least 8000 octets; the site's own addresses are far shorter, and nginx stops at 8 KiB too.
        public static let requestLine = 8 * 1024
        /// 16 KiB for the whole head, request line included: a browser's request with every usual
        /// field and cookies for 127.0.0.1 fits many times over; Apache and Node stop at 8–16 KiB.
        public static let head = 16 * 1024
        /// 100 fields (Apache's LimitRequestFields default); a browser sends about 15.
        public static let fieldCount = 100
    }

    /// Bytes received and not yet handed out as a head (a pipelined request may follow a head).
    public private(set) var buffer: [UInt8] = []
    private var scanned = 0
    private var lineStart = 0
    private var sawRequestLine = false
    private var end: Int?

    public init() {}

    /// Adds `bytes` and looks at the new ones. Returns true once a whole head has arrived.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(RequestHead.Refusal) -> Bool {
        buffer.append(contentsOf: bytes)
        return try scan()
    }

    /// The complete head's bytes, removed from the buffer; what followed it stays for the next call.
    public mutating func takeHead() throws(RequestHead.Refusal) -> [UInt8]? {
        guard try scan(), let end else { return nil }
        let head = Array(buffer[..<end])
        buffer.removeFirst(end)
        scanned = 0
        lineStart = 0
        sawRequestLine = false
        self.end = nil
        return head
    }

    private mutating func scan() throws(RequestHead.Refusal) -> Bool {
        guard end == nil else { return true }
        while scanned < buffer.count {
            let index = scanned
            scanned += 1
            guard buffer[index] == UInt8(ascii: "\n") else { continue }
            let isEmpty = index == lineStart || (index == lineStart + 1 && buffer[lineStart] == UInt8(ascii: "\r"))
            if !sawRequestLine {
                // Empty lines before the request line are skipped (RFC 9112 §2.2), within the head limit.
                if !isEmpty {
                    let length = index - lineStart - (buffer[index - 1] == UInt8(ascii: "\r") ? 1 : 0)
                    guard length <= Limits.requestLine else { throw .requestLineTooLong }
                    sawRequestLine = true
                }
            } else if isEmpty {
                guard index < Limits.head else { throw .fieldsTooLarge }
                end = index + 1
                return true
            }
            lineStart = index + 1
        }
        // One byte more than the limit may be the CR before the line's LF.
        if !sawRequestLine && buffer.count - lineStart > Limits.requestLine + 1 { throw .requestLineTooLong }
        if buffer.count > Limits.head { throw sawRequestLine ? .fieldsTooLarge : .requestLineTooLong }
        return false
    }
}
