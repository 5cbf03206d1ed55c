import CLibDeflate
import Foundation

/// The ICC colour profile an artwork's pixels are in, when it is not sRGB: a PNG's `iCCP` chunk
/// (Procreate and Photoshop write Display P3 or Adobe RGB there) or a JPEG's `ICC_PROFILE` APP2
/// segments (ICC.1:2010 Annex B.4). Files Peel derives from the pixels (thumbnails, posters) carry
/// the same profile, so a browser shows them in the colours of the original beside them; without
/// it, Display P3 numbers read as sRGB and the art looks washed out. sRGB needs no profile (it is
/// what untagged images are taken to be), so a profile that gives sRGB's colours is not carried:
/// most tools embed one of ~3 KB, which would double a small thumbnail. GIF's `ICCRGBG1`
/// extension is rare and not read.
struct ColourProfile: Equatable, Sendable {
    /// The profile as ICC.1 defines it: 128-byte header, tag table, tags.
    let bytes: [UInt8]

    /// Profiles are at most this large here; a larger one is not a plausible RGB display profile.
    static let maximumSize = 1 << 20

    /// The RGB profile `data` (PNG, APNG or JPEG) declares, unless it is sRGB or unusable; grey
    /// art's grey profile as the RGB profile that shows it alike (`GreyProfile`).
    static func embedded(in data: Data) -> ColourProfile? {
        let candidate: [UInt8]?
        if data.starts(with: PNGChunk.signature) {
            // cICP first, as browsers read it (PNG 3rd edition); without iCCP, the colour space its gAMA
            // and cHRM chunks declare (`PNGChromaticityProfile`).
            let cicp = PNGChromaticityProfile.cicp(in: data)
            candidate = cicp.found ? cicp.profile : pngProfile(in: data) ?? PNGChromaticityProfile.profile(in: data)
        } else if data.starts(with: [0xFF, 0xD8]) {
            candidate = jpegProfile(in: data)
        } else {
            candidate = nil
        }
        guard var candidate else { return nil }
        // Grey art's grey profile, as the RGB profile that shows its pixels alike (`GreyProfile`).
        if candidate.count >= 20, candidate[16..<20].elementsEqual("GRAY".utf8), GreyProfile.isGreyArt(data) {
            guard let rgb = GreyProfile.asRGB(candidate) else { return nil }
            candidate = rgb
        }
        guard let profile = ColourProfile(validating: candidate), !profile.isSRGB else { return nil }
        return profile
    }

    /// `bytes` when they are a whole ICC profile for RGB data: its declared size, the `acsp`
    /// signature, and the RGB data colour space (a grey or CMYK profile does not describe the RGB
    /// pixels Peel writes; `embedded` turns grey art's into RGB first).
    init?(validating bytes: [UInt8]) {
        guard bytes.count >= 132, bytes.count <= Self.maximumSize,
              Self.uint32(bytes, 0) == bytes.count,
              bytes[36..<40].elementsEqual("acsp".utf8),
              bytes[16..<20].elementsEqual("RGB ".utf8) else { return nil }
        self.bytes = bytes
    }

    /// True when the profile gives sRGB's colours: its name cannot tell ("sRGB-elle-V2-g10" is
    /// Krita's linear-light profile), so Little CMS converts a set of colours with it (`SRGBConversion`).
    var isSRGB: Bool { SRGBConversion.isSRGB(self) }

    /// The profile as a PNG `iCCP` chunk (name, compression method 0, zlib stream), for posters.
    var pngChunk: Data {
        Data(PNGChunk(type: "iCCP", data: Array("ICC Profile".utf8) + [0, 0] + DeflateCompressor.zlib(bytes)).encoded)
    }

    /// Whether a whole `iCCP` chunk (length, type, data, CRC) holds a profile for RGB data. A grey
    /// profile on the RGB pixels Peel re-encodes is an error of the file (PNG 3rd edition, 11.3.2.3:
    /// the profile's colour space is that of the image), which libpng and browsers drop.
    static func isRGB(iCCP chunk: Data) -> Bool {
        guard let profile = profile(inChunk: chunk) else { return false }
        return profile.count >= 20 && profile[16..<20].elementsEqual("RGB ".utf8)
    }

    /// The `iCCP` chunk's profile, inflated.
    private static func pngProfile(in data: Data) -> [UInt8]? {
        guard let chunk = PNGChunks.chunks(["iCCP"], in: data).first else { return nil }
        return profile(inChunk: chunk)
    }

    private static func profile(inChunk chunk: Data) -> [UInt8]? {
        let body = [UInt8](chunk.dropFirst(8).dropLast(4))
        guard let nameEnd = body.prefix(80).firstIndex(of: 0), nameEnd + 2 <= body.count, body[nameEnd + 1] == 0 else { return nil }
        return inflate(Array(body[(nameEnd + 2)...]))
    }

    /// The `ICC_PROFILE` APP2 segments before the scan, joined in their sequence order.
    static func jpegProfile(in data: Data) -> [UInt8]? {
        var parts: [Int: [UInt8]] = [:]
        JPEGSegments.forEach(in: data) { marker, payload in
            if marker == 0xE2, payload.count > 14, payload.prefix(12).elementsEqual(Array("ICC_PROFILE".utf8) + [0]) {
                parts[Int(payload[payload.startIndex + 12])] = Array(payload.dropFirst(14))
            }
            return false
        }
        guard !parts.isEmpty else { return nil }
        // Sequence numbers count from 1 with no gaps; a profile with a part missing is unusable.
        guard parts.keys.sorted() == Array(1...parts.count) else { return nil }
        return parts.keys.sorted().flatMap { parts[$0]! }
    }

    /// A zlib stream inflated, growing the buffer up to `maximumSize` (a profile, an XMP packet).
    static func inflate(_ stream: [UInt8]) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var capacity = 64 * 1024
        while capacity <= maximumSize {
            var produced = 0
            var output = [UInt8](repeating: 0, count: capacity)
            let result = stream.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { target in
                    libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, target.baseAddress, target.count, &produced)
                }
            }
            switch result {
            case LIBDEFLATE_SUCCESS: return Array(output.prefix(produced))
            case LIBDEFLATE_INSUFFICIENT_SPACE: capacity *= 4
            default: return nil
            }
        }
        return nil
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
