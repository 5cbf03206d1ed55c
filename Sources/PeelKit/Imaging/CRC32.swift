import CLibDeflate

/// CRC-32 as PNG chunks and ZIP entries use it (ISO 3309, the polynomial zlib uses), for checking
/// APNG chunks and writing new ones, and for pack zips. libdeflate's implementation uses the CPU's carry-less multiply where it can.
enum CRC32 {
    static func checksum<Bytes: Sequence>(_ bytes: Bytes, startingWith initial: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable({ buffer in
            libdeflate_crc32(initial, buffer.baseAddress, buffer.count)
        }) {
            return crc
        }
        let copy = Array(bytes)
        return copy.withUnsafeBufferPointer { libdeflate_crc32(initial, $0.baseAddress, $0.count) }
    }
}
