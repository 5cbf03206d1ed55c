import Foundation

/// The status line and header fields `peel serve` writes before a response's body: fields in
/// name order (the same bytes for the same response), `Content-Length` when the body's size is
/// known and chunked transfer coding when it is not (the event stream), and `Connection` when the
/// connection will close. A field whose value holds CR, LF or NUL is left out, never written.
enum ResponseHead {
    static func encode(_ response: DevResponse, closing: Bool, announceKeepAlive: Bool) -> Data {
        var fields: [(name: String, value: String)] = response.headers.map { ($0.key, $0.value) }
        let given = Set(response.headers.keys.map { $0.lowercased() })
        if let size = response.bodySize {
            if !given.contains("content-length") { fields.append(("Content-Length", String(size))) }
        } else {
            fields.append(("Transfer-Encoding", "chunked"))
        }
        if closing {
            fields.append(("Connection", "close"))
        } else if announceKeepAlive {
            fields.append(("Connection", "keep-alive"))
        }
        let safe = fields.filter { field in
            !(field.name + field.value).unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        }
        let sorted = safe.enumerated().sorted {
            ($0.element.name.lowercased(), $0.offset) < ($1.element.name.lowercased(), $1.offset)
        }
        var text = "HTTP/1.1 \(response.status.code) \(response.status.phrase)\r\n"
        for (_, field) in sorted { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        return Data(text.utf8)
    }
}
