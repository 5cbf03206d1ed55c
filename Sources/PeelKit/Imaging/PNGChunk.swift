import Foundation

/// One PNG chunk: its four-letter type and its data, as read from or written to a file.
struct PNGChunk: Equatable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var type: String
    var data: [UInt8]

    /// Every chunk of a PNG, CRC-checked. Throws on a bad signature, a truncated chunk or a CRC
    /// mismatch in a chunk Peel relies on (critical chunks and the animation chunks).
    static func read(_ bytes: [UInt8]) throws -> [PNGChunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw ImageError.corrupt("not a PNG file (bad signature)") }
        var chunks: [PNGChunk] = []
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw ImageError.corrupt("file is truncated inside a chunk header") }
            let length = Int(UInt32(bigEndianBytes: bytes[offset..<(offset + 4)]))
            guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else {
                throw ImageError.corrupt("file is truncated inside a chunk")
            }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let stored = UInt32(bigEndianBytes: bytes[(offset + 8 + length)..<(offset + 12 + length)])
            let isCritical = typeBytes.first.map { $0 & 0x20 == 0 } ?? true
            if (isCritical || ["acTL", "fcTL", "fdAT"].contains(type)) && CRC32.checksum(typeBytes + data) != stored {
                throw ImageError.corrupt("\(type) chunk has a bad checksum")
            }
            chunks.append(PNGChunk(type: type, data: data))
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard chunks.last?.type == "IEND" else { throw ImageError.corrupt("file is truncated (no IEND chunk)") }
        return chunks
    }

    /// The chunk as bytes: length, type, data, CRC.
    var encoded: [UInt8] {
        let typeBytes = Array(type.utf8)
        return UInt32(data.count).bigEndianBytes + typeBytes + data + CRC32.checksum(typeBytes + data).bigEndianBytes
    }
}

extension UInt32 {
    init<Bytes: Collection>(bigEndianBytes bytes: Bytes) where Bytes.Element == UInt8 {
        self = bytes.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    var bigEndianBytes: [UInt8] {
        [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)]
    }
}

extension UInt16 {
    var bigEndianBytes: [UInt8] { [UInt8(self >> 8), UInt8(self & 0xFF)] }
}
