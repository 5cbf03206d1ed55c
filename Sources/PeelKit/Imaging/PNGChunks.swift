import Foundation

/// Finds the APNG animation control chunk (`acTL`), which Debian's libpng ignores, by walking the
/// chunk list up to the image data without decoding pixels or copying the file.
public struct PNGChunks {
    /// Frames and plays from `acTL`, when the PNG is animated.
    public struct Animation: Sendable, Equatable {
        public var frameCount: Int
        /// 0 means loop forever.
        public var playCount: Int
    }

    public static func animation(in data: Data) -> Animation? {
        data.withUnsafeBytes { bytes -> Animation? in
            func uint32(_ offset: Int) -> Int {
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            }
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = uint32(offset)
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                if type == "acTL" {
                    guard length >= 8, offset + 16 <= bytes.count else { return nil }
                    return Animation(frameCount: uint32(offset + 8), playCount: uint32(offset + 12))
                }
                // acTL must come before the first IDAT; past that there is none to find.
                if type == "IDAT" || type == "IEND" || length > bytes.count { return nil }
                offset += 12 + length
            }
            return nil
        }
    }
}
