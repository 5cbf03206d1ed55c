/// Text from a NUL-terminated C buffer that a C shim filled (an error message).
enum CString {
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
