import CTextRaster
import Foundation
@testable import PeelKit

/// Stickers with words drawn in, made by the tests with FreeType and DejaVu Sans Bold
/// (Debian fonts-dejavu-core), the way sticker artists letter them.
enum TextStickers {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    enum Style {
        /// Near-black letters on a transparent canvas.
        case darkOnTransparent
        /// Letters of one colour on a transparent canvas.
        case coloured(UInt8, UInt8, UInt8)
        /// White letters with a black outline, on a transparent canvas.
        case lightWithOutline
        /// Letters of `ink` over an opaque disc of `shape`, on a transparent canvas.
        case overShape(shape: (UInt8, UInt8, UInt8), ink: (UInt8, UInt8, UInt8))
        /// Near-black letters with a white outline over line art: a disc of `shape` with a black rim, and
        /// black strokes (whiskers) inside it that run behind the word and out past it.
        case outlinedOverLineArt(shape: (UInt8, UInt8, UInt8))
    }

    /// A `side` × `side` sticker with `lines` centred one under another, each at its pixel size.
    static func sticker(side: Int, lines: [(text: String, size: Int)], style: Style) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        let centre = Double(side) / 2, radius = Double(side) * 0.47
        if case .overShape(let shape, _) = style {
            for y in 0..<side {
                for x in 0..<side where hypot(Double(x) + 0.5 - centre, Double(y) + 0.5 - centre) <= radius {
                    paint(&pixels, side, x, y, shape, 255)
                }
            }
        }
        if case .outlinedOverLineArt(let shape) = style {
            let rim = Double(side) / 40, whisker = Double(side) / 70
            let slopes: [Double] = [-0.12, 0, 0.12]
            for y in 0..<side {
                for x in 0..<side {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    let distance = hypot(px - centre, py - centre)
                    guard distance <= radius else { continue }
                    // Three strokes fanning out from beside the centre, each ending well inside the rim.
                    let across = px >= 0.1 * Double(side) && px <= 0.82 * Double(side)
                    let level = centre + 0.02 * Double(side)
                    let onWhisker = across && slopes.contains { slope in abs(py - (level + slope * (px - centre))) <= whisker / 2 }
                    let inked = distance >= radius - rim || onWhisker
                    paint(&pixels, side, x, y, inked ? (0, 0, 0) : shape, 255)
                }
            }
        }
        let mask = textMask(side: side, lines: lines)
        switch style {
        case .darkOnTransparent:
            fill(&pixels, side, mask, (25, 25, 30))
        case .coloured(let r, let g, let b):
            fill(&pixels, side, mask, (r, g, b))
        case .lightWithOutline:
            let width = max(2, (lines.map(\.size).min() ?? 20) / 12)
            fill(&pixels, side, dilated(mask, side: side, radius: width), (0, 0, 0))
            fill(&pixels, side, mask, (255, 255, 255))
        case .overShape(_, let ink):
            fill(&pixels, side, mask, ink)
        case .outlinedOverLineArt:
            let width = max(2, (lines.map(\.size).min() ?? 20) / 14)
            fill(&pixels, side, dilated(mask, side: side, radius: width), (255, 255, 255))
            fill(&pixels, side, mask, (20, 20, 20))
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }

    /// The coverage of the lines, centred on the canvas.
    static func textMask(side: Int, lines: [(text: String, size: Int)]) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: side * side)
        let lineHeights = lines.map { Int(Double($0.size) * 1.2) }
        var top = (side - lineHeights.reduce(0, +)) / 2
        for (line, height) in zip(lines, lineHeights) {
            let width = Int(peel_text_raster(font, line.text, Int32(line.size), nil, 0, 0, 0, 0))
            precondition(width >= 0, "cannot load \(font): install fonts-dejavu-core")
            let baseline = top + Int(Double(line.size) * 0.95)
            _ = mask.withUnsafeMutableBufferPointer {
                peel_text_raster(font, line.text, Int32(line.size), $0.baseAddress, Int32(side), Int32(side), Int32((side - width) / 2), Int32(baseline))
            }
            top += height
        }
        return mask
    }

    /// The mask grown by `radius` pixels in every direction (a disc), for outlines.
    static func dilated(_ mask: [UInt8], side: Int, radius: Int) -> [UInt8] {
        var out = mask
        for y in 0..<side {
            for x in 0..<side where mask[y * side + x] > 0 {
                for dy in -radius...radius {
                    for dx in -radius...radius where dx * dx + dy * dy <= radius * radius {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < side, ny < side else { continue }
                        out[ny * side + nx] = max(out[ny * side + nx], mask[y * side + x])
                    }
                }
            }
        }
        return out
    }

    /// Paints `colour` over the canvas where the mask has coverage, blending by coverage.
    static func fill(_ pixels: inout [UInt8], _ side: Int, _ mask: [UInt8], _ colour: (UInt8, UInt8, UInt8)) {
        for index in 0..<mask.count where mask[index] > 0 {
            paint(&pixels, side, index % side, index / side, colour, mask[index])
        }
    }

    /// Source-over of one straight-alpha pixel.
    static func paint(_ pixels: inout [UInt8], _ side: Int, _ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8), _ coverage: UInt8) {
        let offset = (y * side + x) * 4
        let a = Double(coverage) / 255, below = Double(pixels[offset + 3]) / 255
        let out = a + below * (1 - a)
        guard out > 0 else { return }
        let blend = { (top: UInt8, bottom: UInt8) -> UInt8 in
            UInt8(((Double(top) * a + Double(bottom) * below * (1 - a)) / out).rounded())
        }
        pixels[offset] = blend(colour.0, pixels[offset])
        pixels[offset + 1] = blend(colour.1, pixels[offset + 1])
        pixels[offset + 2] = blend(colour.2, pixels[offset + 2])
        pixels[offset + 3] = UInt8((out * 255).rounded())
    }

    /// A still PNG from the fixtures or the repository, decoded.
    static func decoded(_ url: URL) throws -> RGBAImage {
        try PNGCodec.decode(Data(contentsOf: url), maxPixels: 4_000_000).0
    }
}
