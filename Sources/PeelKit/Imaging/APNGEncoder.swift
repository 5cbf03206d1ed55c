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

    /// A delay in seconds as APNG's 16-bit fraction: milliseconds over 1000, or hundredths for
    /// delays too long for that (up to 655 s).
    static func delayFraction(_ seconds: Double) -> (UInt16, UInt16) {
        let milliseconds = (max(0, seconds) * 1000).rounded()
        if milliseconds <= Double(UInt16.max) { return (UInt16(milliseconds), 1000) }
        return (UInt16(min(Double(UInt16.max), (max(0, seconds) * 100).rounded())), 100)
    }
}
