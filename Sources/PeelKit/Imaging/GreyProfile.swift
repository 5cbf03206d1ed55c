import CLCMS2
import Foundation

/// A grey ICC profile (Photoshop's "Dot Gain 20%" or "Gray Gamma 2.2", embedded in greyscale art)
/// as the RGB profile that shows grey pixels alike: sRGB's primaries and white point, and on each
/// channel the tone curve the grey profile gives (measured through Little CMS, so a curve, a
/// table or a LUT profile all work). Peel decodes grey art to RGBA with R = G = B, and what it
/// derives (thumbnails, posters, icon sets, fitted PNGs, messenger files) is RGB, which cannot
/// carry a grey profile: without this, derived files showed the raw grey levels, darker than a
/// colour-managed browser shows the original beside them ("Dot Gain 20%" mid-grey by a tenth).
enum GreyProfile {
    /// `grey` (a whole ICC profile whose data colour space is GRAY) as an RGB display profile's
    /// bytes; nil when Little CMS cannot read it.
    static func asRGB(_ grey: [UInt8]) -> [UInt8]? {
        guard let source = grey.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigGrayData, let xyz = cmsCreateXYZProfile() else { return nil }
        defer { cmsCloseProfile(xyz) }
        // TYPE_GRAY_8 in, TYPE_XYZ_DBL out: each of the 256 levels' luminance relative to white.
        let gray8 = cmsUInt32Number((PT_GRAY << 16) | (1 << 3) | 1)
        let xyzDouble = cmsUInt32Number((1 << 22) | (PT_XYZ << 16) | (3 << 3))
        guard let transform = cmsCreateTransform(source, gray8, xyz, xyzDouble, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                                 cmsUInt32Number(cmsFLAGS_NOCACHE)) else { return nil }
        defer { cmsDeleteTransform(transform) }
        let levels = (0...255).map { UInt8($0) }
        var measured = [cmsCIEXYZ](repeating: cmsCIEXYZ(), count: 256)
        levels.withUnsafeBytes { input in
            measured.withUnsafeMutableBytes { output in cmsDoTransform(transform, input.baseAddress, output.baseAddress, 256) }
        }
        var table = measured.map { UInt16((min(max($0.Y, 0), 1) * 65535).rounded()) }
        guard let curve = cmsBuildTabulatedToneCurve16(nil, 256, &table) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)  // D65, sRGB's white
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1), Green: cmsCIExyY(x: 0.30, y: 0.60, Y: 1),
                                        Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        let curves: [OpaquePointer?] = [curve, curve, curve]
        guard let rgb = curves.withUnsafeBufferPointer({ cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }) else { return nil }
        defer { cmsCloseProfile(rgb) }
        return ICCProfileBytes.saved(rgb)
    }

    /// True when `data`'s pixels are grey: a PNG of colour type 0 or 4, a JPEG of one component.
    /// A grey profile on colour pixels is an error of the file, which browsers ignore, so Peel does too.
    static func isGreyArt(_ data: Data) -> Bool {
        if data.starts(with: PNGChunk.signature) {
            // IHDR is the first chunk: signature 8, length 4, type 4, width 4, height 4, depth 1, colour type.
            return data.count > 25 && [0, 4].contains(data[data.startIndex + 25])
        }
        var components: Int?
        JPEGSegments.forEach(in: data) { marker, payload in
            // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision, height, width, components.
            guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), payload.count > 5 else { return false }
            components = Int(payload[payload.startIndex + 5])
            return true
        }
        return components == 1
    }
}
