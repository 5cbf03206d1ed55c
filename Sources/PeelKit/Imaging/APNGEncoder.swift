import Foundation

/// Writes animated PNGs: each frame is a full canvas encoded as a PNG, its image data re-wrapped as `IDAT` (first frame) or `fdAT` chunks, each behind an
/// `fcTL` with the frame's delay. Frames replace the canvas (`dispose_op` none, `blend_op`
/// source), which every APNG reader shows correctly. With `quantize`, all frames share one
/// palette (libimagequant), which makes thumbnails several times smaller.
enum APNGEncoder {
    static func encode(_ frames: [DecodedImage.Frame], loopCount: Int, quantize: Bool = true,
                       compression: PNGCompression = .fast) throws -> Data {
        let palette = quantize ? PaletteQuantizer.quantize(frames.map(\.image)) : nil
        return try encode(frames, loopCount: loopCount, palette: palette, compression: compression)
    }

    /// With `palette` (from `PaletteQuantizer` over these frames) the frames are written as
    /// palette images; without, in full RGBA.
    static func encode(_ frames: [DecodedImage.Frame], loopCount: Int, palette: PaletteQuantizer.Result?,
                       compression: PNGCompression = .fast) throws -> Data {
        precondition(frames.count > 1, "an animation has at least two frames")
        let width = frames[0].image.width, height = frames[0].image.height
        precondition(frames.allSatisfy { $0.image.width == width && $0.image.height == height }, "frames share the canvas size")
        let encodedFrames: [Data]
        if let palette {
            encodedFrames = try frames.indices.map { try PNGCodec.encode(palette: palette, frame: $0, width: width, height: height) }
        } else {
            // Every frame must share one IHDR, so alpha is kept for all if any frame needs it.
            let alpha = frames.contains { $0.image.hasTransparentPixels }
            encodedFrames = try frames.map { try PNGCodec.encode($0.image, compression: compression, alpha: alpha) }
        }
        var output = PNGChunk.signature
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let chunks = try PNGChunk.read([UInt8](encodedFrames[index]))
            if index == 0 {
                guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else { throw ImageError.corrupt("encoder wrote no IHDR") }
                output += ihdr.encoded
                output += PNGChunk(type: "acTL", data: UInt32(frames.count).bigEndianBytes + UInt32(max(0, loopCount)).bigEndianBytes).encoded
                for chunk in chunks where chunk.type == "PLTE" || chunk.type == "tRNS" { output += chunk.encoded }
            }
            let (numerator, denominator) = delayFraction(frame.delay)
            let control = sequence.bigEndianBytes + UInt32(width).bigEndianBytes + UInt32(height).bigEndianBytes
                + UInt32(0).bigEndianBytes + UInt32(0).bigEndianBytes
                + numerator.bigEndianBytes + denominator.bigEndianBytes + [0, 0]
            output += PNGChunk(type: "fcTL", data: control).encoded
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    output += chunk.encoded
                } else {
                    output += PNGChunk(type: "fdAT", data: sequence.bigEndianBytes + chunk.data).encoded
                    sequence += 1
                }
            }
        }
        output += PNGChunk(type: "IEND", data: []).encoded
        return Data(output)
    }

    /// A delay in seconds as APNG's 16-bit fraction: whole milliseconds over 1000; any other
    /// delay (1/24 s, from an animation sped up to a platform's limit) as the closest fraction
    /// of 16-bit terms, so frames do not each gain up to half a millisecond (120 frames of 1/24 s
    /// written as 42 ms ran 5.04 s, over Discord's 5); hundredths for delays too long for
    /// milliseconds (up to 655 s).
    static func delayFraction(_ seconds: Double) -> (UInt16, UInt16) {
        let seconds = max(0, seconds)
        let milliseconds = (seconds * 1000).rounded()
        if milliseconds <= Double(UInt16.max) {
            if abs(seconds * 1000 - milliseconds) < 1e-6 { return (UInt16(milliseconds), 1000) }
            return closestFraction(seconds)
        }
        return (UInt16(min(Double(UInt16.max), (seconds * 100).rounded())), 100)
    }

    /// The continued-fraction convergent of `value` (under 65.5) with the largest terms that fit 16 bits.
    static func closestFraction(_ value: Double) -> (UInt16, UInt16) {
        var (h0, h1, k0, k1) = (0.0, 1.0, 1.0, 0.0)   // previous and current convergents
        var x = value
        var best = (numerator: (value * 1000).rounded(), denominator: 1000.0)
        for _ in 0..<32 {
            let a = x.rounded(.down)
            let (h2, k2) = (a * h1 + h0, a * k1 + k0)
            guard h2 <= Double(UInt16.max), k2 <= Double(UInt16.max), k2 > 0 else { break }
            best = (h2, k2)
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let remainder = x - a
            if remainder < 1e-12 { break }
            x = 1 / remainder
        }
        return (UInt16(best.numerator), UInt16(best.denominator))
    }
}
