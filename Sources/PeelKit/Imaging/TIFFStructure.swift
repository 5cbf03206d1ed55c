import Foundation

/// The TIFF structure EXIF is written in (what a JPEG's APP1 holds after "Exif\0\0", and a PNG's
/// `eXIf` chunk whole): a byte order, then directories (IFDs) of 12-byte entries. Reads that run
/// past the end give nil, so a damaged structure reads as having nothing.
struct TIFFStructure {
    let bytes: [UInt8]
    let littleEndian: Bool

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let little = bytes[0] == 0x49 && bytes[1] == 0x49
        guard little || (bytes[0] == 0x4D && bytes[1] == 0x4D) else { return nil }
        self.bytes = bytes
        littleEndian = little
    }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return littleEndian ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(littleEndian ? at + 2 : at), let low = u16(littleEndian ? at : at + 2) else { return nil }
        return high << 16 | low
    }

    /// The first directory's offset.
    var firstDirectory: Int? { u32(4) }

    /// The entries of the directory at `offset`: each one's tag and the offset of its value field
    /// (at most 512, as no real file has more).
    func entries(at offset: Int) -> [(tag: Int, value: Int)] {
        guard let count = u16(offset) else { return [] }
        return (0..<min(count, 512)).compactMap { entry in
            let at = offset + 2 + entry * 12
            return u16(at).map { ($0, at + 8) }
        }
    }

    /// A JPEG's EXIF: the first APP1 "Exif" segment before the scan.
    static func inJPEG(_ data: Data) -> TIFFStructure? {
        var found: TIFFStructure?
        JPEGSegments.forEach(in: data) { marker, payload in
            guard marker == 0xE1, payload.count >= 14, payload.prefix(6).elementsEqual("Exif\0\0".utf8) else { return false }
            found = TIFFStructure(Array(payload.dropFirst(6)))
            return true
        }
        return found
    }

    /// The EXIF of a JPEG (APP1) or a PNG (`eXIf`), if it has any.
    static func exif(in data: Data) -> TIFFStructure? {
        if data.starts(with: PNGChunk.signature) {
            return PNGChunks.chunks(["eXIf"], in: data).first.flatMap { TIFFStructure(Array($0.dropFirst(8).dropLast(4))) }
        }
        return data.starts(with: [0xFF, 0xD8]) ? inJPEG(data) : nil
    }
}
