import Foundation

/// Walks a PNG's chunk list without decoding pixels, for what libpng does not report:
/// the APNG animation control chunk (`acTL`), which Debian's libpng ignores.
public struct PNGChunks {
    /// Frames and plays from `acTL`, when the PNG is animated.
    public struct Animation: Sendable, Equatable {
        public var frameCount: Int
        /// 0 means loop forever.
        public var playCount: Int
    }

    public static func animation(in data: Data) -> Animation? {
        var offset = 8
        let bytes = [UInt8](data)
        while offset + 8 <= bytes.count {
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "acTL" {
                guard length >= 8, offset + 16 <= bytes.count else { return nil }
                return Animation(frameCount: Int(readUInt32(bytes, offset + 8)), playCount: Int(readUInt32(bytes, offset + 12)))
            }
            // acTL must come before the first IDAT; past that there is none to find.
            if type == "IDAT" || type == "IEND" { return nil }
            guard length <= bytes.count else { return nil }
            offset += 12 + length
        }
        return nil
    }

    /// True when a chunk of `type` comes before the first IDAT.
    static func containsChunk(_ type: String, in data: Data) -> Bool {
        var offset = 8
        let bytes = [UInt8](data)
        while offset + 8 <= bytes.count {
            let length = Int(readUInt32(bytes, offset))
            let found = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if found == type { return true }
            if found == "IDAT" || found == "IEND" || length > bytes.count { return false }
            offset += 12 + length
        }
        return false
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
