import CLCMS2
import Foundation

/// The colour space a PNG declares with `gAMA` (its transfer exponent) and `cHRM` (its primaries
/// and white point) instead of an ICC profile, as the RGB profile that shows its pixels alike.
/// Browsers apply these chunks: Chrome (Skia's `SkPngCodec`) takes the primaries from `cHRM`
/// (else sRGB's) and the pure power curve 1/gamma from `gAMA` (else sRGB's curve); an `sRGB` or
/// `iCCP` chunk takes precedence (PNG 3rd edition, 4.3), and so does `cICP`. Without this, a
/// thumbnail of art saved with `gAMA` 1.0 (linear light, as some renderers write) or 0.55 showed
/// other colours than the original beside it. `gAMA` 0.45455 is 2.2, close to sRGB's curve but
/// not it (a tenth of the darkest levels apart), so such art is carried too.
enum PNGChromaticityProfile {
    /// The RGB profile `png`'s `gAMA` and `cHRM` describe; nil when it has neither, when an `sRGB`,
    /// `iCCP` or `cICP` chunk says otherwise, or when the values are out of any plausible range.
    static func profile(in png: Data) -> [UInt8]? {
        var gamma: Double?, chromaticities: [Double]?
        for chunk in PNGChunks.chunks(["gAMA", "cHRM", "sRGB", "iCCP", "cICP"], in: png) {
            let body = [UInt8](chunk.dropFirst(8).dropLast(4))
            switch String(decoding: chunk.dropFirst(4).prefix(4), as: UTF8.self) {
            case "gAMA" where body.count == 4 && gamma == nil:
                gamma = Double(UInt32(bigEndianBytes: body[0..<4])) / 100_000
            case "cHRM" where body.count == 32 && chromaticities == nil:
                chromaticities = (0..<8).map { Double(UInt32(bigEndianBytes: body[($0 * 4)..<($0 * 4 + 4)])) / 100_000 }
            case "sRGB", "iCCP", "cICP":
                return nil
            default:
                continue
            }
        }
        // libpng refuses a gamma outside this range too; 0.01–1 000 as an exponent is no art's.
        if let value = gamma, !(0.01...100).contains(value) { gamma = nil }
        if let values = chromaticities, !values.allSatisfy({ $0 > 0 && $0 < 1 }) { chromaticities = nil }
        guard gamma != nil || chromaticities != nil else { return nil }
        return make(gamma: gamma, chromaticities: chromaticities)
    }

    /// The profile `png`'s `cICP` chunk (PNG 3rd edition: colour primaries, transfer, matrix, range,
    /// by ITU-T H.273's numbers) describes, which takes precedence over `iCCP` as browsers read it:
    /// `found` when the chunk is there; `profile` nil for sRGB's numbers (no profile needed) and for
    /// what an ICC profile cannot hold (PQ and HLG, HDR: drawn untagged, as before).
    static func cicp(in png: Data) -> (found: Bool, profile: [UInt8]?) {
        guard let chunk = PNGChunks.chunks(["cICP"], in: png).first else { return (false, nil) }
        let body = [UInt8](chunk.dropFirst(8).dropLast(4))
        // RGB (matrix 0), full range: the only form a PNG may declare.
        guard body.count == 4, body[2] == 0, body[3] == 1 else { return (true, nil) }
        let primaries: [Double]? = switch body[0] {
        case 1: nil                                                                   // BT.709, sRGB's
        case 12: displayP3                                                            // Display P3
        case 9: [0.3127, 0.3290, 0.708, 0.292, 0.170, 0.797, 0.131, 0.046]           // BT.2020
        default: [-1]
        }
        let curve: Curve? = switch body[1] {
        case 13: .sRGB
        case 8: .gamma(1)                                                             // linear light
        case 1, 6, 14, 15: .rec709
        case 4: .gamma(1 / 2.2)
        case 5: .gamma(1 / 2.8)
        default: nil                                                                  // PQ, HLG and the rest
        }
        guard let curve, primaries != [-1] else { return (true, nil) }
        if primaries == nil, case .sRGB = curve { return (true, nil) }
        return (true, make(curve: curve, chromaticities: primaries))
    }

    /// Display P3's white point and primaries (D65; SMPTE EG 432-1), in cHRM's order.
    static let displayP3: [Double] = [0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060]

    /// A tone curve of a made profile: sRGB's, BT.709's, or a pure power of `gAMA`'s file gamma.
    enum Curve {
        case sRGB, rec709
        case gamma(Double)
    }

    static func make(gamma: Double?, chromaticities: [Double]?) -> [UInt8]? {
        make(curve: gamma.map { .gamma($0) } ?? .sRGB, chromaticities: chromaticities)
    }

    /// `chromaticities`: white x, y, red x, y, green x, y, blue x, y (cHRM's order); nil: sRGB's.
    static func make(curve kind: Curve, chromaticities: [Double]?) -> [UInt8]? {
        let curve: OpaquePointer?
        switch kind {
        case .gamma(let gamma):
            curve = cmsBuildGamma(nil, 1 / gamma)
        case .sRGB:
            // IEC 61966-2-1's curve, as Little CMS's parametric type 4 holds it.
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        case .rec709:
            // BT.709's: V = 1.099 L^0.45 − 0.099 above 0.018, 4.5 L below, inverted as type 4 holds it.
            var parameters: [Double] = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
            curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        }
        guard let curve else { return nil }
        defer { cmsFreeToneCurve(curve) }
        let c = chromaticities ?? [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
        var white = cmsCIExyY(x: c[0], y: c[1], Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: c[2], y: c[3], Y: 1), Green: cmsCIExyY(x: c[4], y: c[5], Y: 1),
                                        Blue: cmsCIExyY(x: c[6], y: c[7], Y: 1))
        let curves: [OpaquePointer?] = [curve, curve, curve]
        // Nil for primaries that make no RGB space (all on a line): Blink draws such a PNG untagged, as sRGB.
        guard let rgb = curves.withUnsafeBufferPointer({ cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }) else { return nil }
        defer { cmsCloseProfile(rgb) }
        return ICCProfileBytes.saved(rgb)
    }
}
