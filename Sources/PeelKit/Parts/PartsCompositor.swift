/// Stacks a parts pack's layers, bottom first, with Porter-Duff "over" on straight-alpha 8-bit
/// RGBA, rounding exactly as Pillow's `Image.alpha_composite` does (libImaging/AlphaComposite.c),
/// so a composite can be checked pixel for pixel against that independent compositor.
public enum PartsCompositor {
    /// Pillow's fixed-point precision for the colour coefficients.
    private static let precisionBits = 7

    /// The layers drawn in order onto the first; nil when they are not all the same size.
    public static func compose(_ layers: [RGBAImage]) -> RGBAImage? {
        guard var canvas = layers.first else { return nil }
        for layer in layers.dropFirst() {
            guard layer.width == canvas.width, layer.height == canvas.height else { return nil }
            over(layer, onto: &canvas)
        }
        return canvas
    }

    /// `source` over `canvas`, pixel by pixel.
    static func over(_ source: RGBAImage, onto canvas: inout RGBAImage) {
        source.pixels.withUnsafeBufferPointer { src in
            canvas.pixels.withUnsafeMutableBufferPointer { dst in
                var index = 0
                while index < src.count {
                    blend(src, dst, index)
                    index += 4
                }
            }
        }
    }

    /// ((x >> 8) + x) >> 8: Pillow's division by 255.
    @inline(__always)
    private static func divide255(_ value: UInt32) -> UInt32 { ((value >> 8) + value) >> 8 }

    @inline(__always)
    private static func blend(_ src: UnsafeBufferPointer<UInt8>, _ dst: UnsafeMutableBufferPointer<UInt8>, _ index: Int) {
        let sourceAlpha = UInt32(src[index + 3])
        guard sourceAlpha > 0 else { return }   // the canvas pixel stays as it is
        let blend = UInt32(dst[index + 3]) * (255 - sourceAlpha)
        let outAlpha255 = sourceAlpha * 255 + blend
        let coefficient1 = sourceAlpha * 255 * 255 * (1 << precisionBits) / outAlpha255
        let coefficient2 = 255 * (1 << precisionBits) - coefficient1
        for channel in 0..<3 {
            let mixed = UInt32(src[index + channel]) * coefficient1 + UInt32(dst[index + channel]) * coefficient2
            dst[index + channel] = UInt8(truncatingIfNeeded: divide255(mixed + (0x80 << precisionBits)) >> precisionBits)
        }
        dst[index + 3] = UInt8(truncatingIfNeeded: divide255(outAlpha255 + 0x80))
    }
}
