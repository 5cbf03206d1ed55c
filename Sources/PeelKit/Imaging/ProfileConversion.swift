import CLCMS2
import Foundation

/// A Little CMS transform of RGBA pixels from one profile to another, or to sRGB (perceptual intent, alpha
/// copied as it is), freed with the value; made without a cache, so frames may be converted on
/// several threads.
final class ProfileConversion: @unchecked Sendable {
    private let handle: cmsHTRANSFORM

    convenience init?(from source: ColourProfile, to target: ColourProfile) {
        guard let output = target.bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        defer { cmsCloseProfile(output) }
        self.init(from: source, toProfile: output)
    }

    /// From `source` to sRGB (`SRGBConversion`).
    convenience init?(toSRGBFrom source: ColourProfile) {
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        self.init(from: source, toProfile: sRGB)
    }

    private init?(from source: ColourProfile, toProfile output: cmsHPROFILE) {
        guard let input = source.bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        defer { cmsCloseProfile(input) }
        // TYPE_RGBA_8: four 8-bit channels, the fourth an extra (alpha) channel copied as it is.
        let rgba8 = cmsUInt32Number((PT_RGB << 16) | (1 << 7) | (3 << 3) | 1)
        guard let handle = cmsCreateTransform(input, rgba8, output, rgba8, cmsUInt32Number(INTENT_PERCEPTUAL),
                                              cmsUInt32Number(cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE)) else { return nil }
        self.handle = handle
    }

    deinit { cmsDeleteTransform(handle) }

    /// `image`'s pixels converted.
    func apply(_ image: RGBAImage) -> RGBAImage {
        var converted = image
        apply(to: &converted)
        return converted
    }

    /// `image`'s pixels converted where they are.
    func apply(to image: inout RGBAImage) {
        let count = image.width * image.height
        image.pixels.withUnsafeMutableBytes { pixels in
            cmsDoTransform(handle, pixels.baseAddress, pixels.baseAddress, cmsUInt32Number(count))
        }
    }
}
