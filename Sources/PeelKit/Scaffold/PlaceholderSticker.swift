import Foundation

/// The sticker `peel init` puts in a new pack: a smiling face with a white die-cut outline on a
/// transparent canvas at the `regular` size class (408 × 408 px), drawn in code and encoded with
/// Peel's PNG encoder, so it passes every check and shows what a sticker should look like.
enum PlaceholderSticker {
    static let size = SizeClass.regular.pixels

    static func png() throws -> Data {
        try PNGCodec.encode(image(), compression: .smallest)
    }

    static func image() -> RGBAImage {
        let side = size
        let centre = Double(side) / 2
        let samples = 4
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                // 4 × 4 supersampling for smooth edges.
                var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(samples) - centre
                        let py = Double(y) + (Double(sy) + 0.5) / Double(samples) - centre
                        guard let colour = colour(atX: px, y: py) else { continue }
                        red += colour.0
                        green += colour.1
                        blue += colour.2
                        alpha += 1
                    }
                }
                guard alpha > 0 else { continue }
                let offset = (y * side + x) * 4
                pixels[offset] = UInt8((red / alpha).rounded())
                pixels[offset + 1] = UInt8((green / alpha).rounded())
                pixels[offset + 2] = UInt8((blue / alpha).rounded())
                pixels[offset + 3] = UInt8((alpha / Double(samples * samples) * 255).rounded())
            }
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }

    /// The colour at a point relative to the centre, or nil where the canvas is transparent.
    private static func colour(atX x: Double, y: Double) -> (Double, Double, Double)? {
        let radius = (x * x + y * y).squareRoot()
        let outline = (255.0, 255.0, 255.0)
        let rim = (176.0, 96.0, 0.0)
        let face = (255.0, 200.0, 46.0)
        let ink = (74.0, 42.0, 8.0)
        guard radius <= 196 else { return nil }
        guard radius <= 180 else { return outline }
        guard radius <= 172 else { return rim }
        // Eyes: two ovals.
        for eyeX in [-58.0, 58.0] {
            let dx = (x - eyeX) / 18, dy = (y + 42) / 30
            if dx * dx + dy * dy <= 1 { return ink }
        }
        // Smile: the lower part of a ring.
        let smile = (x * x + (y - 10) * (y - 10)).squareRoot()
        if y > 30, smile >= 88, smile <= 106 { return ink }
        return face
    }
}
