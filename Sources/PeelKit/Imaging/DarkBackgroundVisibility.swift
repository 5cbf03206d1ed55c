import Foundation

/// How much of a sticker's art nearly vanishes on a dark background: the share of its visible
/// pixels whose WCAG contrast against the dark theme's card colour is below 1.5:1. Black line
/// art scores near 1; colourful art with thin outlines scores low. The site gives art that would
/// vanish a light card in dark mode.
enum DarkBackgroundVisibility {
    /// The dark theme's card colour (style.css `--surface` in dark mode, #1f1f23).
    static let darkCard: (r: UInt8, g: UInt8, b: UInt8) = (0x1f, 0x1f, 0x23)
    /// Below 1.5:1 an outline is hard to tell from the card; WCAG's 3:1 for graphics is the goal
    /// for whole shapes, and line art sits far under 1.5:1 on a near-black card.
    static let vanishingContrast = 1.5
    /// Art with at least this share of vanishing pixels gets a light card in dark mode: with half of
    /// it lost the sticker reads wrong. Measured on OpenMoji's art (the sample catalog): colourful
    /// emoji with their thick black outlines score 0.10–0.46 and stay readable on the dark card; a
    /// black-outlined snowflake scores 1.0 and a grey tornado 0.6, and both nearly vanish.
    static let lightCardShare = 0.5

    /// The share (0...1, two decimals so records and pages stay stable), or nil for art with no
    /// visible pixel. Pixels under half opacity do not count: they barely show on any background.
    static func vanishingShare(of image: RGBAImage) -> Double? {
        let cardLuminance = luminance(darkCard.r, darkCard.g, darkCard.b)
        var visible = 0
        var vanishing = 0
        image.pixels.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset + 3 < buffer.count {
                if buffer[offset + 3] >= 128 {
                    visible += 1
                    let light = luminance(buffer[offset], buffer[offset + 1], buffer[offset + 2])
                    let contrast = (max(light, cardLuminance) + 0.05) / (min(light, cardLuminance) + 0.05)
                    if contrast < vanishingContrast { vanishing += 1 }
                }
                offset += 4
            }
        }
        guard visible > 0 else { return nil }
        return (Double(vanishing) / Double(visible) * 100).rounded() / 100
    }

    /// WCAG relative luminance of an sRGB colour.
    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)]
    }

    private static let linear: [Double] = (0...255).map { value in
        let channel = Double(value) / 255
        return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
}
