import Foundation

/// Whether an image's EXIF says where it was made: a GPS directory (tag 0x8825) holding a latitude
/// or longitude (GPS tags 2 and 4). Phones and photo apps write it; Peel publishes originals as
/// they are (the site, the pack zips, the Xcode export), so the place would go with them. Its XMP
/// packet is read too: Photoshop and Lightroom write the position there as `exif:GPSLatitude`
/// (a PNG's `iTXt` chunk `XML:com.adobe.xmp`, a JPEG's APP1 `http://ns.adobe.com/xap/1.0/`).
enum EXIFLocation {
    static func isPresent(in data: Data) -> Bool {
        inEXIF(data) || inXMP(data)
    }

    private static func inEXIF(_ data: Data) -> Bool {
        guard let exif = TIFFStructure.exif(in: data), let first = exif.firstDirectory else { return false }
        for entry in exif.entries(at: first) where entry.tag == 0x8825 {
            guard let gps = exif.u32(entry.value) else { return false }
            return exif.entries(at: gps).contains { $0.tag == 2 || $0.tag == 4 }
        }
        return false
    }

    /// Whether the XMP of `data` (PNG, APNG or JPEG) gives a latitude or longitude.
    static func inXMP(_ data: Data) -> Bool {
        if data.starts(with: PNGChunk.signature) {
            return PNGChunks.chunks(["iTXt", "tEXt", "zTXt"], in: data).contains(where: chunkHoldsLocation)
        }
        guard data.starts(with: [0xFF, 0xD8]) else { return false }
        var found = false
        let namespaces = ["http://ns.adobe.com/xap/1.0/\0", "http://ns.adobe.com/xmp/extension/\0"].map { Array($0.utf8) }
        JPEGSegments.forEach(in: data) { marker, payload in
            guard marker == 0xE1, namespaces.contains(where: { payload.starts(with: $0) }) else { return false }
            found = holdsPosition(Array(payload))
            return found
        }
        return found
    }

    /// Whether a whole PNG text chunk (length, type, data, CRC) holds a position in XMP, compressed or not.
    static func chunkHoldsLocation(_ chunk: Data) -> Bool {
        let bytes = [UInt8](chunk)
        guard bytes.count >= 12 else { return false }
        let type = PNGChunks.type(of: chunk)
        let body = Array(bytes[8..<(bytes.count - 4)])
        guard let keywordEnd = body.firstIndex(of: 0) else { return false }
        switch type {
        case "tEXt":
            return holdsPosition(Array(body[(keywordEnd + 1)...]))
        case "zTXt":
            guard keywordEnd + 2 <= body.count, let text = ColourProfile.inflate(Array(body[(keywordEnd + 2)...])) else { return false }
            return holdsPosition(text)
        case "iTXt":
            // keyword, 0, compression flag, method, language tag, 0, translated keyword, 0, text.
            guard keywordEnd + 3 <= body.count else { return false }
            let compressed = body[keywordEnd + 1] == 1
            var rest = body[(keywordEnd + 3)...]
            for _ in 0..<2 {
                guard let end = rest.firstIndex(of: 0) else { return false }
                rest = rest[(end + 1)...]
            }
            guard let text = compressed ? ColourProfile.inflate(Array(rest)) : Array(rest) else { return false }
            return holdsPosition(text)
        default:
            return false
        }
    }

    /// `exif:GPSLatitude="…"` or `<exif:GPSLongitude>…<` with a value (a reference alone, or an
    /// empty value, gives no place).
    private static func holdsPosition(_ bytes: [UInt8]) -> Bool {
        guard bytes.count < 8 << 20, case let text = String(decoding: bytes, as: UTF8.self), text.contains("GPSL") else { return false }
        return text.range(of: #"GPSL(atitude|ongitude)(="[^"]|>\s*[^<\s])"#, options: .regularExpression) != nil
    }
}
