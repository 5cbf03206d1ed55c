import Foundation

/// Writes animated PNGs. The first frame is a full canvas, its image data re-wrapped as `IDAT`;
/// each later frame only the rectangle that differs from the frame before, as `fdAT` chunks
/// behind an `fcTL` with its offset and delay. Frames replace their rectangle (`dispose_op` none,
/// `blend_op` source), so the canvas after each frame is exactly that frame, in every APNG reader.
/// (Writing every frame whole made a re-encode of a delta-coded APNG five times its size.)
/// With `quantize`, all frames share one palette (libimagequant).
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
        // Every frame must share one IHDR, so alpha is kept for all if any frame needs it.
        let alpha = palette == nil && frames.contains { $0.image.hasTransparentPixels }
        var output = PNGChunk.signature
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let rect = index == 0 ? Rect(x: 0, y: 0, width: width, height: height)
                : palette.map { changedRect(width: width, height: height, bytesPerPixel: 1, previous: $0.indices[index - 1], current: $0.indices[index]) }
                    ?? changedRect(width: width, height: height, bytesPerPixel: 4, previous: frames[index - 1].image.pixels, current: frame.image.pixels)
            let encoded: Data
            if let palette {
                encoded = PNGWriter.encode(indices: crop(palette.indices[index], width: width, bytesPerPixel: 1, to: rect),
                                           width: rect.width, height: rect.height, palette: palette.palette, colorCount: palette.colorCount)
            } else {
                let pixels = crop(frame.image.pixels, width: width, bytesPerPixel: 4, to: rect)
                encoded = try PNGCodec.encode(RGBAImage(width: rect.width, height: rect.height, pixels: pixels), compression: compression, alpha: alpha)
            }
            let chunks = try PNGChunk.read([UInt8](encoded))
            if index == 0 {
                guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else { throw ImageError.corrupt("encoder wrote no IHDR") }
                output += ihdr.encoded
                output += PNGChunk(type: "acTL", data: UInt32(frames.count).bigEndianBytes + UInt32(max(0, loopCount)).bigEndianBytes).encoded
                for chunk in chunks where chunk.type == "PLTE" || chunk.type == "tRNS" { output += chunk.encoded }
            }
            let (numerator, denominator) = delayFraction(frame.delay)
            let control = sequence.bigEndianBytes + UInt32(rect.width).bigEndianBytes + UInt32(rect.height).bigEndianBytes
                + UInt32(rect.x).bigEndianBytes + UInt32(rect.y).bigEndianBytes
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

    struct Rect: Equatable {
        var x, y, width, height: Int
    }

    /// The smallest rectangle holding every pixel of `current` that differs from `previous`
    /// (both `width` pixels wide); a 1 × 1 one in the corner when none does (a frame must hold data).
    static func changedRect(width: Int, height: Int, bytesPerPixel: Int, previous: [UInt8], current: [UInt8]) -> Rect {
        let rowBytes = width * bytesPerPixel
        return previous.withUnsafeBufferPointer { before in
            current.withUnsafeBufferPointer { after in
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(before.baseAddress! + y * rowBytes, after.baseAddress! + y * rowBytes, rowBytes) != 0
                }
                guard let top = (0..<height).first(where: rowDiffers) else { return Rect(x: 0, y: 0, width: 1, height: 1) }
                let bottom = (top..<height).last(where: rowDiffers)!
                var left = width, right = -1
                for y in top...bottom {
                    let row = y * rowBytes
                    for x in 0..<min(left, width) where !pixelsMatch(before, after, row + x * bytesPerPixel, bytesPerPixel) {
                        left = x
                        break
                    }
                    var x = width - 1
                    while x > right {
                        if !pixelsMatch(before, after, row + x * bytesPerPixel, bytesPerPixel) { right = x; break }
                        x -= 1
                    }
                }
                return Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }

    private static func pixelsMatch(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Bool {
        for index in offset..<(offset + count) where a[index] != b[index] { return false }
        return true
    }

    /// The bytes of `rect` of an image `width` pixels wide.
    static func crop(_ pixels: [UInt8], width: Int, bytesPerPixel: Int, to rect: Rect) -> [UInt8] {
        if rect.x == 0, rect.width == width { return Array(pixels[(rect.y * width * bytesPerPixel)..<((rect.y + rect.height) * width * bytesPerPixel)]) }
        var result: [UInt8] = []
        result.reserveCapacity(rect.width * rect.height * bytesPerPixel)
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * width + rect.x) * bytesPerPixel
            result += pixels[start..<(start + rect.width * bytesPerPixel)]
        }
        return result
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
