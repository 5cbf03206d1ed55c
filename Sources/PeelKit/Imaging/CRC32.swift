/// CRC-32 as PNG chunks use it (ISO 3309, the polynomial zlib uses), for checking APNG chunks and
/// writing new ones.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum<Bytes: Sequence>(_ bytes: Bytes, startingWith initial: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        var crc = ~initial
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
