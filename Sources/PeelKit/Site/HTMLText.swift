/// Escapes text for HTML element content and attribute values: `<`, `>`, `&`, `"` and `'`
/// become `&lt;`, `&gt;`, `&amp;`, `&quot;` and `&#39;`.
///
/// It works on UTF-8 bytes, not Characters, and that is a safety property: a quote followed by a
/// combining mark (`"` U+0301) is one Character that is not equal to `"`, so an escaper comparing
/// Characters leaves the quote raw, and the browser, which reads bytes, ends the attribute there
/// (`alt="{{alt}}"` with such a label became `alt=""́ onload=alert(1) …`, a script). swift-mustache's
/// own escaper compares Characters; Peel's templates use this one (`HTMLEscaping`).
/// Text without those five bytes, most of it, is returned as it is.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: needsEscaping) else { return nil }
            var output = [UInt8]()
            output.reserveCapacity(bytes.count + 16)
            output.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
                default: output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        return escaped ?? text
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
