import Foundation
@testable import PeelKit

/// The resampler as first written: whole float planes, one pass after the other, in plain Swift.
/// Kept as the reference the streaming `Resampler` and its vector kernel must match bit for bit
/// (same filter, same order of sums).
enum ReferenceResampler {
    static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        if width == image.width && height == image.height { return image }
        var plane = premultiplied(image)
        plane = resampleHorizontally(plane, sourceWidth: image.width, height: image.height, to: width)
        plane = resampleVertically(plane, width: width, sourceHeight: image.height, to: height)
        return unpremultiplied(plane, width: width, height: height)
    }

    /// `small` made from `large`'s clamped float plane (before rounding), as the streaming
    /// resampler cascades a size at most half of another: both results.
    static func cascade(_ image: RGBAImage, large: (Int, Int), small: (Int, Int)) -> (large: RGBAImage, small: RGBAImage) {
        var plane = premultiplied(image)
        plane = resampleHorizontally(plane, sourceWidth: image.width, height: image.height, to: large.0)
        plane = resampleVertically(plane, width: large.0, sourceHeight: image.height, to: large.1)
        var smaller = resampleHorizontally(plane, sourceWidth: large.0, height: large.1, to: small.0)
        smaller = resampleVertically(smaller, width: small.0, sourceHeight: large.1, to: small.1)
        return (unpremultiplied(plane, width: large.0, height: large.1), unpremultiplied(smaller, width: small.0, height: small.1))
    }

    static func taps(source: Int, destination: Int) -> Resampler.Taps { Resampler.taps(source: source, destination: destination) }

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
                                    let pixels = row + Int(starts[x])
                                    let coefficients = weights + x * stride
                                    // Even and odd taps summed apart, then together, as the vector kernel
                                    // (two taps per 8-float vector) sums them.
                                    var even = Pixel.zero, odd = Pixel.zero
                                    let count = Int(counts[x])
                                    var tap = 0
                                    while tap + 1 < count {
                                        even += pixels[tap] * coefficients[tap]
                                        odd += pixels[tap + 1] * coefficients[tap + 1]
                                        tap += 2
                                    }
                                    var sum = even + odd
                                    if tap < count { sum += pixels[tap] * coefficients[tap] }
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
                        let first = Int(taps.start[y])
                        let out = target + y * width
                        // Row by row: each source row is read once, in order, for the whole output row.
                        for tap in 0..<Int(taps.count[y]) {
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
