/// The head of one HTTP/1.1 request to `peel serve`: its request line and header fields, parsed
/// by Peel itself from bytes that `RequestHeadReader` has already bounded, in one linear pass.
/// Anything that is not a plain `METHOD /target HTTP/1.x` with well-formed fields is refused with
/// the status to answer; nothing here can grow with the input faster than the input.
public struct RequestHead: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        /// Lower-cased (field names are case-insensitive).
        public var name: String
        public var value: String
    }

    public var method: String
    /// As sent: `/path?query`, percent-encoded (an absolute-form target is reduced to its path).
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    public var fields: [Field]

    /// The first value of the field `name` (lower case).
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The target's path, still percent-encoded, without the query.
    public var path: String {
        String(target.prefix { $0 != "?" })
    }

    /// The request says a body follows (which `peel serve` never reads, so the connection closes).
    public var hasBody: Bool {
        if self["transfer-encoding"] != nil { return true }
        return self["content-length"].map { $0 != "0" } ?? false
    }

    /// HTTP/1.1 keeps the connection open unless told to close; HTTP/1.0 only when asked.
    public var keepAlive: Bool {
        let tokens = (self["connection"] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }

    /// Why a head was refused, with the status `peel serve` answers before closing the connection.
    public enum Refusal: Error, Equatable, Sendable {
        /// 414: the request line is longer than `RequestHeadReader.Limits.requestLine`.
        case requestLineTooLong
        /// 431: the fields are larger or more numerous than the limits allow.
        case fieldsTooLarge
        /// 400, with what was wrong.
        case malformed(String)
        /// 505: not HTTP/1.0 or HTTP/1.1.
        case versionNotSupported

        public var status: Int {
            switch self {
            case .requestLineTooLong: return 414
            case .fieldsTooLarge: return 431
            case .malformed: return 400
            case .versionNotSupported: return 505
            }
        }

        public var phrase: String {
            switch self {
            case .requestLineTooLong: return "URI Too Long"
            case .fieldsTooLarge: return "Request Header Fields Too Large"
            case .malformed: return "Bad Request"
            case .versionNotSupported: return "HTTP Version Not Supported"
            }
        }

        public var message: String {
            switch self {
            case .requestLineTooLong:
                return "The request line is longer than \(RequestHeadReader.Limits.requestLine) bytes.\n"
            case .fieldsTooLarge:
                return "The request's header fields are larger than \(RequestHeadReader.Limits.head) bytes"
                    + " or more than \(RequestHeadReader.Limits.fieldCount).\n"
            case .malformed(let reason):
                return "Bad request: \(reason).\n"
            case .versionNotSupported:
                return "Only HTTP/1.0 and HTTP/1.1 are served.\n"
            }
        }
    }

    /// Parses a complete head: the bytes up to and including the empty line that ends it (CRLF or
    /// bare LF line ends, RFC 9112 §2.2), which `RequestHeadReader` has found and bounded.
    public static func parse(_ bytes: some Collection<UInt8>) throws(Refusal) -> RequestHead {
        var lines: [ArraySlice<UInt8>] = []
        var line: [UInt8] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                lines.append(line[...])
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        guard line.isEmpty else { throw .malformed("the header does not end with an empty line") }
        // A server should ignore empty lines before the request line (RFC 9112 §2.2).
        let start = lines.firstIndex { !$0.isEmpty } ?? lines.endIndex
        guard start < lines.endIndex else { throw .malformed("no request line") }
        guard lines.last?.isEmpty == true else { throw .malformed("the header does not end with an empty line") }
        var head = try parseRequestLine(lines[start])
        let fieldLines = lines[(start + 1)..<(lines.endIndex - 1)]
        guard fieldLines.count <= RequestHeadReader.Limits.fieldCount else { throw .fieldsTooLarge }
        let hostFromTarget = !head.fields.isEmpty
        for fieldLine in fieldLines {
            let field = try parseField(fieldLine)
            if hostFromTarget && field.name == "host" { continue }
            head.fields.append(field)
        }
        guard head.fields.filter({ $0.name == "host" }).count <= 1 else { throw .malformed("more than one Host field") }
        if head.version == "HTTP/1.1" && head["host"] == nil { throw .malformed("an HTTP/1.1 request without a Host field") }
        return head
    }

    /// `METHOD SP request-target SP HTTP-version`, single spaces (RFC 9112 §3).
    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(Refusal) -> RequestHead {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("the request line is not METHOD TARGET VERSION") }
        guard !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else { throw .malformed("the method is not a token") }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version.hasPrefix("HTTP/") else { throw .malformed("the request line does not end with an HTTP version") }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .versionNotSupported }
        // A target is visible ASCII (RFC 9112 §3.2; bytes above 127 only ever arrive percent-encoded).
        guard !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformed("the target holds a space, a control character or a non-ASCII byte")
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        let method = String(decoding: parts[0], as: UTF8.self)
        guard !target.hasPrefix("/") else { return RequestHead(method: method, target: target, version: version, fields: []) }
        let (authority, path) = try split(absolute: target)
        // The target's authority replaces any Host field (RFC 9112 §3.2.2), so the Host check sees it.
        return RequestHead(method: method, target: path, version: version, fields: [Field(name: "host", value: authority)])
    }

    /// `http://host:port/path?query` → (`host:port`, `/path?query`) (RFC 9112 §3.2.2); anything else is refused.
    private static func split(absolute target: String) throws(Refusal) -> (authority: String, path: String) {
        let lower = target.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw .malformed("the target does not start with /")
        }
        let afterScheme = target.dropFirst(lower.hasPrefix("http://") ? 7 : 8)
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return (String(afterScheme), "/") }
        let rest = afterScheme[slash...]
        return (String(afterScheme[..<slash]), rest.hasPrefix("?") ? "/" + rest : String(rest))
    }

    /// `name: value` with no space before the colon (RFC 9112 §5.1) and no line folding (§5.2).
    private static func parseField(_ line: ArraySlice<UInt8>) throws(Refusal) -> Field {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .malformed("a header line without a colon") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            throw .malformed("a header name that is not a token (or folded header lines)")
        }
        var value = line[line.index(after: colon)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        // Field values are visible characters, spaces and tabs; a bare CR or a NUL is refused (§5.5).
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else {
            throw .malformed("a header value with a control character")
        }
        return Field(name: String(decoding: name, as: UTF8.self).lowercased(), value: String(decoding: value, as: UTF8.self))
    }

    /// tchar (RFC 9110 §5.6.2): letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
