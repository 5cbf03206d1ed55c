import Foundation

/// Reads what a PNG's chunks declare without decoding pixels or copying the file: the size in
/// IHDR, and the APNG animation control chunk (`acTL`), which Debian's libpng ignores.
public struct PNGChunks {
    /// Frames and plays from `acTL`, when the PNG is animated.
    public struct Animation: Sendable, Equatable {
        public var frameCount: Int
        /// 0 means loop forever.
        public var playCount: Int
    }

    /// Width and height as IHDR (always the first chunk) declares them, when it is there and
    /// each is 1 to 2^24 (not checked further: the decoder does that).
    public static func declaredSize(in data: Data) -> (width: Int, height: Int)? {
        data.withUnsafeBytes { bytes -> (width: Int, height: Int)? in
            guard bytes.count >= 24, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
            let (width, height) = (uint32(bytes, 16), uint32(bytes, 20))
            guard (1...(1 << 24)).contains(width), (1...(1 << 24)).contains(height) else { return nil }
            return (width, height)
        }
    }

    /// Bits per channel (or per palette index) as IHDR declares them, when it is there.
    public static func declaredBitDepth(in data: Data) -> Int? {
        data.withUnsafeBytes { bytes -> Int? in
            guard bytes.count >= 25, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
            return Int(bytes[24])
        }
    }

    /// Finds `acTL` by walking the chunk list up to the image data.
    public static func animation(in data: Data) -> Animation? {
        data.withUnsafeBytes { bytes -> Animation? in
            func uint32(_ offset: Int) -> Int { Self.uint32(bytes, offset) }
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

    /// What a PNG says about its colours and its rights, which a re-encode of its pixels must
    /// keep: the colour space (an `iCCP` profile such as Display P3, or `sRGB`, `gAMA`, `cHRM`,
    /// `cICP`) and the text (`tEXt`, `zTXt`, `iTXt`: Copyright, Author). Not `eXIf`: its
    /// orientation is already applied to the pixels read.
    static let keptOnReencoding: Set<String> = ["iCCP", "sRGB", "gAMA", "cHRM", "cICP", "tEXt", "zTXt", "iTXt"]

    /// The type of a whole chunk (length, type, data, CRC) as `chunks` gives it: "iCCP", "iTXt"…
    static func type(of chunk: Data) -> String {
        String(decoding: chunk.dropFirst(4).prefix(4), as: UTF8.self)
    }

    /// The whole chunks (length, type, data, CRC) of `types` in `data`, in their order.
    static func chunks(_ types: Set<String>, in data: Data) -> [Data] {
        data.withUnsafeBytes { bytes -> [Data] in
            guard bytes.count >= 8 else { return [] }
            var found: [Data] = []
            var offset = 8
            while offset + 12 <= bytes.count {
                let length = uint32(bytes, offset)
                guard length <= bytes.count - offset - 12 else { break }
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                if types.contains(type) { found.append(Data(bytes[offset..<(offset + 12 + length)])) }
                if type == "IEND" { break }
                offset += 12 + length
            }
            return found
        }
    }

    /// True when `data` is a PNG whose every chunk is whole and matches its CRC, up to an IEND that
    /// ends the file (libdeflate's CRC: a fraction of a millisecond for a sticker).
    static func isWhole(_ data: Data) -> Bool {
        guard data.count >= 20, data.prefix(8).elementsEqual(PNGChunk.signature) else { return false }
        return data.withUnsafeBytes { bytes -> Bool in
            var offset = 8
            while offset + 12 <= bytes.count {
                let length = uint32(bytes, offset)
                guard length <= bytes.count - offset - 12 else { return false }
                let typeAndData = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8 + length)]).bindMemory(to: UInt8.self)
                guard CRC32.checksum(typeAndData) == UInt32(uint32(bytes, offset + 8 + length)) else { return false }
                if typeAndData.prefix(4).elementsEqual("IEND".utf8) { return offset + 12 + length == bytes.count }
                offset += 12 + length
            }
            return false
        }
    }

    /// `png` with `chunks` right after its IHDR (where colour chunks must be, before PLTE and the
    /// image data; text may be anywhere). `png` unchanged when it does not start with an IHDR.
    static func inserting(_ chunks: [Data], into png: Data) -> Data {
        guard !chunks.isEmpty, png.count >= 33, png[png.startIndex + 12..<png.startIndex + 16].elementsEqual("IHDR".utf8) else { return png }
        let afterIHDR = png.startIndex + 33
        var result = Data(png[..<afterIHDR])
        for chunk in chunks { result.append(chunk) }
        result.append(png[afterIHDR...])
        return result
    }

    /// The big-endian 32-bit number at `offset`.
    private static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
