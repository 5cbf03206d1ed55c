import Foundation

/// Resizes RGBA images with a separable Lanczos-3 filter on premultiplied alpha.
///
/// Why Lanczos-3: stickers are flat colour with dark outlines, shrunk 2–4×; Lanczos keeps those
/// outlines crisp where Mitchell softens them, and its slight ringing is clamped away below.
/// Why premultiplied: averaging straight-alpha colours lets the (often black) colour of
/// transparent pixels bleed into edges as a dark fringe; premultiplying weights each colour by
/// its coverage, so transparent pixels contribute nothing.
/// Coefficients follow the same construction as Pillow's resampler (support scaled by the
/// reduction factor, taps centred on pixel centres, normalised), with float intermediates.
public enum Resampler {
    /// Lanczos window size: taps reach 3 source pixels (scaled) either side.
    static let support = 3.0

    public static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        precondition(width > 0 && height > 0, "output size must be positive")
        if width == image.width && height == image.height { return image }
        var plane = premultiplied(image)
        plane = resampleHorizontally(plane, sourceWidth: image.width, height: image.height, to: width)
        plane = resampleVertically(plane, width: width, sourceHeight: image.height, to: height)
        return unpremultiplied(plane, width: width, height: height)
    }

    /// Width and height of `image` scaled to fit inside `box`×`box`, keeping its aspect ratio and
    /// never enlarging it.
    public static func fittedSize(width: Int, height: Int, box: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > box else { return (width, height) }
        let scale = Double(box) / Double(longest)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    // MARK: - Filter

    static func lanczos(_ x: Double) -> Double {
        let x = abs(x)
        if x < 1e-8 { return 1 }
        if x >= support { return 0 }
        let pix = Double.pi * x
        return support * sin(pix) * sin(pix / support) / (pix * pix)
    }

    /// For each output pixel along one axis: the first source index and the normalised weights.
    struct Taps {
        var start: [Int] = []
        var count: [Int] = []
        var weights: [Float] = []
        var stride = 0
    }

    static func taps(source: Int, destination: Int) -> Taps {
        let scale = Double(source) / Double(destination)
        let filterScale = max(scale, 1)
        let reach = support * filterScale
        var taps = Taps()
        taps.stride = Int(ceil(reach)) * 2 + 1
        taps.weights = [Float](repeating: 0, count: taps.stride * destination)
        for out in 0..<destination {
            let center = (Double(out) + 0.5) * scale
            let first = max(Int(center - reach + 0.5), 0)
            let last = min(Int(center + reach + 0.5), source)
            var weights = [Double]()
            weights.reserveCapacity(last - first)
            var total = 0.0
            for index in first..<last {
                let weight = lanczos((Double(index) - center + 0.5) / filterScale)
                weights.append(weight)
                total += weight
            }
            taps.start.append(first)
            taps.count.append(min(weights.count, taps.stride))
            for (offset, weight) in weights.prefix(taps.stride).enumerated() {
                taps.weights[out * taps.stride + offset] = Float(total == 0 ? 0 : weight / total)
            }
        }
        return taps
    }

    // MARK: - Passes (premultiplied float RGBA planes)

    static func premultiplied(_ image: RGBAImage) -> [Float] {
        var plane = [Float](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { source in
            plane.withUnsafeMutableBufferPointer { target in
                var index = 0
                while index < source.count {
                    let alpha = Float(source[index + 3])
                    let factor = alpha / 255
                    target[index] = Float(source[index]) * factor
                    target[index + 1] = Float(source[index + 1]) * factor
                    target[index + 2] = Float(source[index + 2]) * factor
                    target[index + 3] = alpha
                    index += 4
                }
            }
        }
        return plane
    }

    static func resampleHorizontally(_ plane: [Float], sourceWidth: Int, height: Int, to width: Int) -> [Float] {
        if sourceWidth == width { return plane }
        let taps = taps(source: sourceWidth, destination: width)
        var output = [Float](repeating: 0, count: width * height * 4)
        plane.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                taps.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<height {
                        let row = y * sourceWidth * 4
                        for x in 0..<width {
                            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                            let base = x * taps.stride
                            var pixel = row + taps.start[x] * 4
                            for tap in 0..<taps.count[x] {
                                let weight = weights[base + tap]
                                r += source[pixel] * weight
                                g += source[pixel + 1] * weight
                                b += source[pixel + 2] * weight
                                a += source[pixel + 3] * weight
                                pixel += 4
                            }
                            store(r, g, b, a, into: target, at: (y * width + x) * 4)
                        }
                    }
                }
            }
        }
        return output
    }

    static func resampleVertically(_ plane: [Float], width: Int, sourceHeight: Int, to height: Int) -> [Float] {
        if sourceHeight == height { return plane }
        let taps = taps(source: sourceHeight, destination: height)
        var output = [Float](repeating: 0, count: width * height * 4)
        let rowLength = width * 4
        plane.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                taps.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<height {
                        let base = y * taps.stride
                        let first = taps.start[y]
                        for x in 0..<width {
                            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                            var pixel = first * rowLength + x * 4
                            for tap in 0..<taps.count[y] {
                                let weight = weights[base + tap]
                                r += source[pixel] * weight
                                g += source[pixel + 1] * weight
                                b += source[pixel + 2] * weight
                                a += source[pixel + 3] * weight
                                pixel += rowLength
                            }
                            store(r, g, b, a, into: target, at: y * rowLength + x * 4)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Clamps away Lanczos ringing: alpha to 0...255 and each premultiplied colour to 0...alpha,
    /// so no colour can be brighter than its coverage allows (which is what a halo would be).
    @inline(__always)
    static func store(_ r: Float, _ g: Float, _ b: Float, _ a: Float, into target: UnsafeMutableBufferPointer<Float>, at index: Int) {
        let alpha = min(max(a, 0), 255)
        let limit = alpha
        target[index] = min(max(r, 0), limit)
        target[index + 1] = min(max(g, 0), limit)
        target[index + 2] = min(max(b, 0), limit)
        target[index + 3] = alpha
    }

    static func unpremultiplied(_ plane: [Float], width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        plane.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                var index = 0
                while index < source.count {
                    let alpha = source[index + 3]
                    let roundedAlpha = UInt8(alpha.rounded())
                    target[index + 3] = roundedAlpha
                    if roundedAlpha > 0 {
                        let factor = 255 / alpha
                        target[index] = UInt8(min(255, (source[index] * factor).rounded()))
                        target[index + 1] = UInt8(min(255, (source[index + 1] * factor).rounded()))
                        target[index + 2] = UInt8(min(255, (source[index + 2] * factor).rounded()))
                    }
                    index += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
