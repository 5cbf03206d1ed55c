/// Bounds-checked reads over a file's bytes: every read past the end throws instead of trapping.
struct ByteReader {
    let bytes: [UInt8]
    var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw ImageError.corrupt("file ends unexpectedly") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16LE() throws -> Int {
        let low = try byte(), high = try byte()
        return Int(low) | Int(high) << 8
    }

    mutating func skip(_ count: Int) throws {
        guard count >= 0, count <= remaining else { throw ImageError.corrupt("file ends unexpectedly") }
        offset += count
    }
}
