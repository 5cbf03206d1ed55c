import CLCMS2
import Foundation

/// Art's pixels converted from its colour profile to sRGB with Little CMS (perceptual intent,
/// alpha kept as it is), for files whose viewers show every image as sRGB: the messengers'
/// apps (WhatsApp, Telegram, Signal, Discord). Display P3 numbers shown as sRGB look washed out,
/// Adobe RGB dull, linear-light art dark. The site keeps the profile instead (`ColourProfile`),
/// since browsers manage colour and a wide-gamut screen shows the art as drawn.
enum SRGBConversion {
    /// `image` in sRGB; unchanged when `profile` is nil (untagged and sRGB art) or Little CMS
    /// cannot read it.
    static func convert(_ image: DecodedImage, from profile: ColourProfile?) -> DecodedImage {
        guard let profile, let transform = ProfileConversion(toSRGBFrom: profile) else { return image }
        var converted = image
        for index in converted.frames.indices { transform.apply(to: &converted.frames[index].image) }
        return converted
    }

    /// One frame's pixels converted; unchanged as `convert`.
    static func convert(_ image: RGBAImage, from profile: ColourProfile?) -> RGBAImage {
        guard let profile, let transform = ProfileConversion(toSRGBFrom: profile) else { return image }
        var converted = image
        transform.apply(to: &converted)
        return converted
    }

    /// The numbers that show `colour` (sRGB, as a web colour is) in `profile`: what a colour the
    /// user typed (`peel icons --background "#c83232"`) must be written as in files that carry
    /// the art's profile. Relative colorimetric: the same colour, not a gamut mapping of it.
    /// Unchanged when Little CMS cannot read the profile.
    static func fromSRGB(_ colour: (red: UInt8, green: UInt8, blue: UInt8), into profile: ColourProfile) -> (red: UInt8, green: UInt8, blue: UInt8) {
        guard let target = profile.bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return colour }
        defer { cmsCloseProfile(target) }
        guard let sRGB = cmsCreate_sRGBProfile() else { return colour }
        defer { cmsCloseProfile(sRGB) }
        let rgb8 = cmsUInt32Number((PT_RGB << 16) | (3 << 3) | 1)
        guard let transform = cmsCreateTransform(sRGB, rgb8, target, rgb8, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0) else { return colour }
        defer { cmsDeleteTransform(transform) }
        var pixel = [colour.red, colour.green, colour.blue]
        pixel.withUnsafeMutableBytes { cmsDoTransform(transform, $0.baseAddress, $0.baseAddress, 1) }
        return (pixel[0], pixel[1], pixel[2])
    }

    /// True when converting with `profile` leaves every colour of a test set (primaries,
    /// secondaries, greys, a few mixes) within one level of itself. Remembered by profile: a
    /// catalog holds a few profiles, each embedded in many files.
    static func isSRGB(_ profile: ColourProfile) -> Bool {
        if let known = verdicts.value(for: profile.bytes) { return known }
        var samples: [UInt8] = []
        for value in [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255), (32, 32, 32),
                      (128, 128, 128), (200, 200, 200), (255, 255, 255), (10, 10, 10), (200, 120, 40), (40, 90, 200), (90, 200, 120)] {
            samples += [UInt8(value.0), UInt8(value.1), UInt8(value.2), 255]
        }
        let image = RGBAImage(width: samples.count / 4, height: 1, pixels: samples)
        let verdict: Bool
        if let transform = ProfileConversion(toSRGBFrom: profile) {
            var converted = image
            transform.apply(to: &converted)
            verdict = zip(converted.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
        } else {
            verdict = true  // a profile Little CMS cannot read is treated as untagged, as browsers do
        }
        verdicts.set(verdict, for: profile.bytes)
        return verdict
    }

    private static let verdicts = Verdicts()

    private final class Verdicts: @unchecked Sendable {
        private let lock = NSLock()
        private var known: [[UInt8]: Bool] = [:]

        func value(for profile: [UInt8]) -> Bool? {
            lock.lock()
            defer { lock.unlock() }
            return known[profile]
        }

        func set(_ verdict: Bool, for profile: [UInt8]) {
            lock.lock()
            known[profile] = verdict
            lock.unlock()
        }
    }
}
