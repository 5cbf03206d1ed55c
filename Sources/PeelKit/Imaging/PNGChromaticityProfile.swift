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

    /// `chromaticities`: white x, y, red x, y, green x, y, blue x, y (cHRM's order).
    private static func make(gamma: Double?, chromaticities: [Double]?) -> [UInt8]? {
        let curve: OpaquePointer?
        if let gamma {
            curve = cmsBuildGamma(nil, 1 / gamma)
        } else {
            // IEC 61966-2-1's curve, as Little CMS's parametric type 4 holds it.
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
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
