import CLCMS2
import Foundation

/// CMYK pixels (a print designer's JPEG) as the sRGB pixels a colour-managed browser shows.
/// With the file's own CMYK profile (Photoshop embeds "U.S. Web Coated (SWOP) v2" or "Coated
/// FOGRA39" in its `ICC_PROFILE` APP2 segments), Little CMS converts through it, as Chrome and
/// Safari do; without one, or with one Little CMS cannot read, each ink darkens its colour
/// channel by its share of black (`channel = (1 − ink) × (1 − black)`), as browsers show an
/// untagged CMYK JPEG. The naive formula is far off for real print colours (a SWOP cyan is a muted
/// blue, not `#00FFFF`), so the profile matters.
enum CMYKConversion {
    /// `pixels` (4 bytes a pixel, in place) from CMYK to RGBA with opaque alpha. `inverted` is
    /// Adobe's convention, 255 for no ink. `profile` is the file's ICC profile, used when it is a
    /// CMYK one.
    static func toRGBA(_ pixels: inout [UInt8], inverted: Bool, profile: [UInt8]?) {
        if let profile, convert(&pixels, inverted: inverted, through: profile) { return }
        pixels.withUnsafeMutableBufferPointer { bytes in
            var offset = 0
            while offset + 4 <= bytes.count {
                var (c, m, y, k) = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3]))
                if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
                bytes[offset] = UInt8(c * k / 255)
                bytes[offset + 1] = UInt8(m * k / 255)
                bytes[offset + 2] = UInt8(y * k / 255)
                bytes[offset + 3] = 255
                offset += 4
            }
        }
    }

    /// Converts through `profile` to sRGB; false (pixels untouched) when it is not a CMYK
    /// profile Little CMS can build a transform from.
    private static func convert(_ pixels: inout [UInt8], inverted: Bool, through profile: [UInt8]) -> Bool {
        guard profile.count <= ColourProfile.maximumSize,
              let source = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return false }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigCmykData, let sRGB = cmsCreate_sRGBProfile() else { return false }
        defer { cmsCloseProfile(sRGB) }
        // TYPE_CMYK_8, or TYPE_CMYK_8_REV (flavour bit: 255 means no ink) for Adobe's files.
        let cmyk8 = cmsUInt32Number((PT_CMYK << 16) | (inverted ? 1 << 13 : 0) | (4 << 3) | 1)
        // TYPE_RGBA_8: the fourth byte an extra channel Little CMS leaves as it is.
        let rgba8 = cmsUInt32Number((PT_RGB << 16) | (1 << 7) | (3 << 3) | 1)
        guard let transform = cmsCreateTransform(source, cmyk8, sRGB, rgba8, cmsUInt32Number(INTENT_PERCEPTUAL),
                                                 cmsUInt32Number(cmsFLAGS_NOCACHE)) else { return false }
        defer { cmsDeleteTransform(transform) }
        var rgba = [UInt8](repeating: 255, count: pixels.count)
        pixels.withUnsafeBytes { input in
            rgba.withUnsafeMutableBytes { output in
                cmsDoTransform(transform, input.baseAddress, output.baseAddress, cmsUInt32Number(input.count / 4))
            }
        }
        pixels = rgba
        return true
    }
}
