import Foundation

/// The colour profile thumbnails and posters carry: the art's own when it is small (Display P3 and
/// Adobe RGB are about 500 bytes), else a compact Display P3 profile, with the pixels converted
/// into it. A scanner's or a monitor calibration's LUT profile can weigh hundreds of kilobytes,
/// and copied into every thumbnail it made a 160 px grid thumbnail of 216 KB (the pixels took 1 KB).
/// Display P3 holds what such art shows on today's screens, so little is lost.
enum CompactProfile {
    /// Profiles up to this size are carried as they are.
    static let largestCarried = 16 * 1024

    /// What files made from art in `profile` (thumbnails, posters, a fitted copy) carry, and the
    /// conversion their pixels need first (nil: none). A profile Little CMS cannot read is carried
    /// as it is, as before.
    static func compacted(_ profile: ColourProfile?) -> (profile: ColourProfile?, conversion: ProfileConversion?) {
        guard let profile, profile.bytes.count > largestCarried, let displayP3,
              let conversion = ProfileConversion(from: profile, to: displayP3) else { return (profile, nil) }
        return (displayP3, conversion)
    }

    /// Display P3 (P3 primaries, D65 white, the sRGB curve) as Little CMS writes it, the same bytes
    /// every time (`ICCProfileBytes`).
    static let displayP3: ColourProfile? = PNGChromaticityProfile.make(curve: .sRGB, chromaticities: PNGChromaticityProfile.displayP3)
        .flatMap(ColourProfile.init(validating:))
}
