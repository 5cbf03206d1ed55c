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
        resize(image, to: [(width, height)])[0]
    }

    /// Several sizes from one image, premultiplying it once.
    public static func resize(_ image: RGBAImage, to sizes: [(width: Int, height: Int)]) -> [RGBAImage] {
        precondition(sizes.allSatisfy { $0.width > 0 && $0.height > 0 }, "output sizes must be positive")
        if sizes.allSatisfy({ $0.width == image.width && $0.height == image.height }) {
            return sizes.map { _ in image }
        }
        let source = premultiplied(image)
        return sizes.map { size in
            if size.width == image.width && size.height == image.height { return image }
            var plane = resampleHorizontally(source, sourceWidth: image.width, height: image.height, to: size.width)
            plane = resampleVertically(plane, width: size.width, sourceHeight: image.height, to: size.height)
            return unpremultiplied(plane, width: size.width, height: size.height)
        }
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

    // MARK: - Passes (premultiplied RGBA planes, one SIMD4<Float> per pixel)

    typealias Pixel = SIMD4<Float>

    static func premultiplied(_ image: RGBAImage) -> [Pixel] {
        var plane = [Pixel](repeating: .zero, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { source in
            plane.withUnsafeMutableBufferPointer { target in
                for index in 0..<target.count {
                    let offset = index * 4
                    let alpha = Float(source[offset + 3])
                    let pixel = Pixel(Float(source[offset]), Float(source[offset + 1]), Float(source[offset + 2]), 255)
                    target[index] = pixel * (alpha / 255)
                }
            }
        }
        return plane
    }

    static func resampleHorizontally(_ plane: [Pixel], sourceWidth: Int, height: Int, to width: Int) -> [Pixel] {
        if sourceWidth == width { return plane }
        let taps = taps(source: sourceWidth, destination: width)
        let stride = taps.stride
        var output = [Pixel](repeating: .zero, count: width * height)
        plane.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                taps.weights.withUnsafeBufferPointer { weights in
                    taps.start.withUnsafeBufferPointer { starts in
                        taps.count.withUnsafeBufferPointer { counts in
                            guard let source = source.baseAddress, let target = target.baseAddress,
                                  let weights = weights.baseAddress else { return }
                            for y in 0..<height {
                                let row = source + y * sourceWidth
                                let out = target + y * width
                                for x in 0..<width {
                                    let pixels = row + starts[x]
                                    let coefficients = weights + x * stride
                                    var sum = Pixel.zero
                                    for tap in 0..<counts[x] {
                                        sum += pixels[tap] * coefficients[tap]
                                    }
                                    out[x] = clamped(sum)
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    static func resampleVertically(_ plane: [Pixel], width: Int, sourceHeight: Int, to height: Int) -> [Pixel] {
        if sourceHeight == height { return plane }
        let taps = taps(source: sourceHeight, destination: height)
        var output = [Pixel](repeating: .zero, count: width * height)
        plane.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                taps.weights.withUnsafeBufferPointer { weights in
                    guard let source = source.baseAddress, let target = target.baseAddress,
                          let weights = weights.baseAddress else { return }
                    for y in 0..<height {
                        let coefficients = weights + y * taps.stride
                        let first = taps.start[y]
                        let out = target + y * width
                        // Row by row: each source row is read once, in order, for the whole output row.
                        for tap in 0..<taps.count[y] {
                            let weight = coefficients[tap]
                            let row = source + (first + tap) * width
                            for x in 0..<width {
                                out[x] += row[x] * weight
                            }
                        }
                        for x in 0..<width {
                            out[x] = clamped(out[x])
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
    static func clamped(_ pixel: Pixel) -> Pixel {
        let alpha = min(max(pixel.w, 0), 255)
        var result = pixel.clamped(lowerBound: .zero, upperBound: Pixel(repeating: alpha))
        result.w = alpha
        return result
    }

    static func unpremultiplied(_ plane: [Pixel], width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        plane.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for index in 0..<source.count {
                    let pixel = source[index]
                    let offset = index * 4
                    // Values are clamped non-negative, so adding 0.5 and truncating rounds them.
                    let roundedAlpha = UInt8(pixel.w + 0.5)
                    target[offset + 3] = roundedAlpha
                    if roundedAlpha > 0 {
                        let colour = (pixel * (255 / pixel.w) + 0.5).clamped(lowerBound: .zero, upperBound: Pixel(repeating: 255))
                        target[offset] = UInt8(colour.x)
                        target[offset + 1] = UInt8(colour.y)
                        target[offset + 2] = UInt8(colour.z)
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
