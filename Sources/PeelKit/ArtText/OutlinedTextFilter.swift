/// Keeps only the ink that a near-white halo separates from the rest of the art: lettering drawn
/// with a light outline (a sticker artist's usual way to set dark words over a picture).
///
/// The normalised preparation (`BackgroundNormalizer`, `LargeShapeFilter`) turns any local paper white,
/// the outline included, so dark line art that runs behind the word (a cat's whiskers, a face's rim)
/// touches the letters again and Tesseract reads the whole as a shape: measured with ArtTextMeasurement,
/// "LOL" in black with a white outline across OpenMoji's cat's whiskers read as "NOC", "BRB" over
/// Noto's 🏃 as "RB"; prepared here, "LOL" at 96 and "BRB" at 91.
/// Here the image is split at `lightLevel` instead: everything not nearly white (ink, coloured fills,
/// their anti-aliased edges) joins into runs, a run that spreads over the art is too large to be a
/// letter and goes (`LargeShapeFilter`), and only the dark pixels of the runs left are ink.
enum OutlinedTextFilter {
    /// A halo is lighter than this (flattened grey, 0–255). Above the lightest fills the art sits on
    /// (Noto's yellow faces ≈ 205, OpenMoji's orange ≈ 180, pale pink ≈ 211), so a coloured fill
    /// joins the line art it touches, and below the white of an outline (255).
    static let lightLevel: UInt8 = 224

    /// 0 (ink) or 255 (paper) per pixel of the flattened (not normalised) `gray`.
    static func filtered(_ gray: [UInt8], width: Int, height: Int) -> [UInt8] {
        var runs = gray.map { $0 < lightLevel ? UInt8(0) : 255 }
        LargeShapeFilter.whitenLargeShapes(&runs, width: width, height: height)
        var out = runs
        for index in 0..<out.count where runs[index] == 0 && gray[index] >= LargeShapeFilter.inkLevel { out[index] = 255 }
        return out
    }
}
