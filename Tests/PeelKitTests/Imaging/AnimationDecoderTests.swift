import Foundation
import Testing
@testable import PeelKit

@Suite struct AnimationDecoderTests {
    struct ReferenceFrame: Sendable {
        let file: String
        let index: Int
        let delayMilliseconds: Double
        let sha256: String
    }

    /// Composed frames of the fixture animations as Pillow decodes them (animation-reference.tsv).
    static let reference: [ReferenceFrame] = {
        let text = (try? String(contentsOf: Fixtures.root.appendingPathComponent("animation-reference.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t").map(String.init)
            return ReferenceFrame(file: parts[0], index: Int(parts[1])!, delayMilliseconds: Double(parts[2])!, sha256: parts[3])
        }
    }()

    @Test(arguments: ["apng/basic_f20.png", "animated/weather-cycle.png", "animated/weather-cycle.gif", "animated/compose.gif"])
    func composedFramesMatchTheReference(file: String) throws {
        let expected = Self.reference.filter { $0.file == file }
        #expect(!expected.isEmpty)
        let decoded = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.root.appendingPathComponent(file))).decoded
        #expect(decoded.frames.count == expected.count)
        for (frame, reference) in zip(decoded.frames, expected) {
            #expect(Hex.string(SHA256.hash(data: Data(frame.image.pixels))) == reference.sha256, "\(file) frame \(reference.index)")
            #expect(abs(frame.delay * 1000 - reference.delayMilliseconds) < 0.001)
        }
    }

    /// compose.png has sub-rectangle frames at offsets, every dispose_op and blend_op OVER with
    /// translucent pixels. compose-expected.png holds its frames as composed by an independent
    /// implementation of the APNG specification (animated/make-compose-reference.py).
    @Test func apngDisposeAndBlendOperationsFollowTheSpecification() throws {
        let data = try Fixtures.data(Fixtures.root.appendingPathComponent("animated/compose.png"))
        let chunks = try PNGChunk.read([UInt8](data))
        let controls = chunks.filter { $0.type == "fcTL" }.map { ($0.data[24], $0.data[25]) }
        #expect(Set(controls.map(\.0)) == [0, 1, 2], "the fixture uses every dispose_op")
        #expect(controls.contains { $0.1 == 1 }, "the fixture uses blend_op OVER")

        let decoded = try ImageAnalyzer().analyze(data)
        #expect(decoded.info.frameDelays == [0.1, 0.05, 0.12, 0.08, 0.06])
        #expect(decoded.info.loopCount == 3)
        let strip = try PNGCodec.decode(Fixtures.data(Fixtures.root.appendingPathComponent("animated/compose-expected.png")), maxPixels: 0).0
        let frameBytes = 48 * 40 * 4
        #expect(strip.pixels.count == frameBytes * decoded.decoded.frames.count)
        for (index, frame) in decoded.decoded.frames.enumerated() {
            let expected = Array(strip.pixels[(index * frameBytes)..<((index + 1) * frameBytes)])
            let differing = zip(expected, frame.image.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(index): \(differing) bytes differ from the specification")
        }
    }

    // MARK: - Malformed APNGs

    /// basic_f20.png's chunks, to take apart and put back together wrongly.
    func chunks() throws -> [PNGChunk] {
        try PNGChunk.read([UInt8](Fixtures.data(Fixtures.apng)))
    }

    func assemble(_ chunks: [PNGChunk]) -> [UInt8] {
        PNGChunk.signature + chunks.flatMap(\.encoded)
    }

    func decode(_ chunks: [PNGChunk]) throws -> DecodedImage {
        try decode(assemble(chunks))
    }

    /// Every frame the APNG decoder composes, straight from the bytes (no sniffing: a damaged
    /// acTL must reach the decoder).
    func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        let apng = try APNGDecoder.Animation(bytes, maxPixels: 1_000_000, maxAnimationPixels: 4_000_000)
        var frames: [DecodedImage.Frame] = []
        try apng.compose { index, canvas in frames.append(DecodedImage.Frame(image: canvas, delay: apng.delays[index])) }
        return DecodedImage(frames: frames, loopCount: apng.loopCount)
    }

    /// An animation with more frames than the animation budget is too large, not corrupt, and the
    /// message says what --max-pixels lets it through.
    @Test func tooManyFramesIsTooLargeNotCorrupt() throws {
        let bytes = [UInt8](try Fixtures.data(Fixtures.root.appendingPathComponent("animated/compose.png")))
        let error = ImageError.animationOverBudget(frames: 5, width: 48, height: 40, budget: 5000)
        #expect(throws: error) { try APNGDecoder.Animation(bytes, maxPixels: 1_000_000, maxAnimationPixels: 5000) }
        #expect(error.description.hasSuffix("--max-pixels 1200 (check, build, serve) lets it through"), "5 × 48 × 40 / 8: \(error.description)")
        let gif = [UInt8](try Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif")))
        #expect(throws: ImageError.animationOverBudget(frames: 8, width: 618, height: 618, budget: 1_000_000)) {
            try GIFDecoder.Animation(gif, maxPixels: 1_000_000, maxAnimationPixels: 1_000_000)
        }
        #expect(try APNGDecoder.Animation(bytes, maxPixels: 1_000_000, maxAnimationPixels: 9600).delays.count == 5, "exactly the budget is fine")
    }

    @Test func badSequenceNumberIsAnError() throws {
        var chunks = try chunks()
        let index = try #require(chunks.lastIndex { $0.type == "fdAT" })
        chunks[index].data.replaceSubrange(0..<4, with: UInt32(9999).bigEndianBytes)
        #expect(throws: ImageError.corrupt("APNG sequence number 9999 where \(UInt32(bigEndianBytes: try self.chunks()[index].data[0..<4])) was expected")) {
            try decode(chunks)
        }
    }

    @Test func frameOutsideTheCanvasIsAnError() throws {
        var chunks = try chunks()
        let index = try #require(chunks.lastIndex { $0.type == "fcTL" })
        chunks[index].data.replaceSubrange(12..<16, with: UInt32(90).bigEndianBytes) // x offset 90 + width > 100
        #expect(throws: ImageError.self) { try decode(chunks) }
        do { _ = try decode(chunks) } catch let error as ImageError {
            #expect(error.description.contains("lies outside the 100 × 100 canvas"))
        }
    }

    /// IHDR holds each side in 32 bits: a canvas of 2^32 − 1 × 2^32 − 1 overflows a product of
    /// the sides, and is over the budget, not a crash.
    @Test func canvasTooLargeToMultiplyIsOverBudget() throws {
        for side: UInt32 in [0xFFFF_FFFF, 0x8000_0000, 0x1_0000] {
            var chunks = try chunks()
            chunks[0].data.replaceSubrange(0..<8, with: side.bigEndianBytes + side.bigEndianBytes)
            #expect(throws: ImageError.overPixelBudget(width: Int(side), height: Int(side), budget: 1_000_000), "\(side) × \(side)") {
                try decode(chunks)
            }
        }
    }

    @Test func wrongFrameCountsAreErrors() throws {
        for declared: UInt32 in [0, 19, 21, 0x7FFF_FFFF] {
            var chunks = try chunks()
            let index = try #require(chunks.firstIndex { $0.type == "acTL" })
            chunks[index].data.replaceSubrange(0..<4, with: declared.bigEndianBytes)
            #expect(throws: ImageError.self, "acTL of \(declared) frames") { try decode(chunks) }
        }
    }

    @Test func badChunkChecksumIsAnError() throws {
        var bytes = assemble(try chunks())
        bytes[bytes.count - 30] ^= 0xFF // inside the last fdAT's data
        #expect(throws: ImageError.self) { try decode(bytes) }
    }

    @Test func truncatedAPNGIsAnErrorAtEveryChunkBoundary() throws {
        let bytes = assemble(try chunks())
        var offset = 8
        var boundaries: [Int] = []
        while offset < bytes.count {
            boundaries.append(offset)
            offset += 12 + Int(UInt32(bigEndianBytes: bytes[offset..<(offset + 4)]))
        }
        for boundary in boundaries.dropFirst() {
            #expect(throws: ImageError.self, "cut at \(boundary)") {
                try ImageAnalyzer().analyze(Data(bytes.prefix(boundary)))
            }
        }
    }

    // MARK: - GIF

    @Test func gifColourIndexOutsideItsTableIsAnError() {
        // 1×1 GIF, no global table, a 2-colour local table, LZW data that draws index 3.
        let bytes: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x00, 0, 0]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255]
            + [2, 2, 0x5C, 0x01, 0, 0x3B]
        #expect(throws: ImageError.corrupt("GIF frame 1 uses colour 3 of a 2-colour table")) {
            try ImageAnalyzer().analyze(Data(bytes))
        }
    }

    /// A 1 × 1 GIF of `count` frames, black and white in turn (global table black, white).
    static func dotGIF(frames count: Int) -> [UInt8] {
        var bytes: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for index in 0..<count {
            // LZW with minimum code size 2: clear (4), the index, end (5), in 3-bit codes.
            let code = 4 | ((index % 2) << 3) | (5 << 6)
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, UInt8(code & 0xFF), UInt8(code >> 8), 0]
        }
        return bytes + [0x3B]
    }

    /// A few megabytes of 1 × 1 frames took a gigabyte and half a minute (each frame's timing and
    /// flash measure); past `ImageAnalyzer.maxFrames` an animation is too large, before decoding.
    @Test func animationsOfMoreFramesThanPeelReadsAreTooLarge() throws {
        let limit = ImageAnalyzer.maxFrames
        #expect(throws: ImageError.tooManyFrames(frames: limit + 1, limit: limit)) { try ImageAnalyzer().analyze(Data(Self.dotGIF(frames: limit + 1))) }
        #expect(try ImageAnalyzer().analyze(Data(Self.dotGIF(frames: 30))).info.frameCount == 30)
        #expect(ImageError.tooManyFrames(frames: limit + 1, limit: limit).findingCode == .imageTooLarge)
        var chunks = try chunks()
        let index = try #require(chunks.firstIndex { $0.type == "acTL" })
        chunks[index].data.replaceSubrange(0..<4, with: UInt32(limit + 1).bigEndianBytes)
        #expect(throws: ImageError.tooManyFrames(frames: limit + 1, limit: limit)) { try decode(chunks) }
    }

    /// GIFHeader meant to tolerate a file that ends after its frames without the trailer, or with
    /// bytes GIF does not have in its place, as browsers do; giflib refused both, so such art was
    /// `corrupt-image`. Both now decode to the frames of the whole file.
    @Test func gifWithoutItsTrailerShowsItsFrames() throws {
        let whole = [UInt8](try Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif")))
        #expect(whole.last == 0x3B)
        let expected = try ImageAnalyzer().analyze(Data(whole)).decoded
        for damaged in [Array(whole.dropLast()), Array(whole.dropLast()) + Array("junk".utf8)] {
            let decoded = try ImageAnalyzer().analyze(Data(damaged)).decoded
            #expect(decoded.frames.count == expected.frames.count && decoded.frames.count == 8)
            #expect(decoded.frames.map(\.image) == expected.frames.map(\.image) && decoded.frames.map(\.delay) == expected.frames.map(\.delay))
        }
        #expect(throws: ImageError.self, "a frame cut short is still an error") { try ImageAnalyzer().analyze(Data(whole.dropLast(40))) }
    }

    // MARK: - JPEG

    /// The fixture is 64×32: red left half, blue right half, stored with an EXIF orientation.
    @Test(arguments: [(1, 64, 32, "red-left"), (3, 64, 32, "red-right"), (6, 32, 64, "red-top"), (8, 32, 64, "red-bottom")])
    func jpegIsTurnedUprightByItsEXIFOrientation(orientation: Int, width: Int, height: Int, layout: String) throws {
        let data = try Fixtures.data(Fixtures.root.appendingPathComponent("jpeg/orientation-\(orientation).jpg"))
        #expect(EXIFOrientation.read(from: data).value == orientation)
        let image = try ImageAnalyzer().analyze(data).decoded.frames[0].image
        #expect(image.width == width && image.height == height)
        let probes: (first: (Int, Int), second: (Int, Int)) = switch layout {
        case "red-left", "red-right": ((8, 16), (56, 16))
        default: ((16, 8), (16, 56))
        }
        let redFirst = layout == "red-left" || layout == "red-top"
        let red = image[redFirst ? probes.first.0 : probes.second.0, redFirst ? probes.first.1 : probes.second.1]
        let blue = image[redFirst ? probes.second.0 : probes.first.0, redFirst ? probes.second.1 : probes.first.1]
        #expect(red.r > 180 && red.b < 80, "expected red, got \(red)")
        #expect(blue.b > 180 && blue.r < 80, "expected blue, got \(blue)")
    }

    /// A PNG's `eXIf` chunk carries the same tag, and Apple's ImageIO (Messages, Safari) turns the
    /// picture by it: Peel's sizes, checks, thumbnails and exports see it upright too.
    @Test(arguments: [(1, 64, 32), (6, 32, 64), (3, 64, 32), (8, 32, 64)])
    func pngIsTurnedUprightByItsEXIFOrientation(orientation: Int, width: Int, height: Int) throws {
        var pixels = [UInt8](repeating: 255, count: 64 * 32 * 4)
        for y in 0..<32 {
            for x in 0..<64 {
                let at = (y * 64 + x) * 4
                (pixels[at], pixels[at + 1], pixels[at + 2]) = x < 32 ? (255, 0, 0) : (0, 0, 255)
            }
        }
        let png = [UInt8](try PNGCodec.encode(RGBAImage(width: 64, height: 32, pixels: pixels)))
        // Big-endian TIFF: header, one IFD entry (Orientation, SHORT, 1 value), no next IFD.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
        let type = Array("eXIf".utf8)
        let crc = CRC32.checksum(type + tiff)
        let chunk = [0, 0, 0, UInt8(tiff.count)] + type + tiff + [UInt8(crc >> 24), UInt8(crc >> 16 & 255), UInt8(crc >> 8 & 255), UInt8(crc & 255)]
        let data = Data(png[..<33] + chunk + png[33...])   // after the signature and IHDR
        #expect(EXIFOrientation.read(from: data).value == orientation)
        let analyzed = try ImageAnalyzer().analyze(data)
        #expect(analyzed.info.width == width && analyzed.info.height == height)
        let image = analyzed.decoded.frames[0].image
        // Where the red half ends up: 1 left, 3 right, 6 top, 8 bottom.
        let redAt: (Int, Int) = switch orientation {
        case 1: (8, 16)
        case 3: (56, 16)
        case 6: (16, 8)
        default: (16, 56)
        }
        #expect(image[redAt.0, redAt.1].r == 255 && image[redAt.0, redAt.1].b == 0, "orientation \(orientation)")
    }

    @Test(arguments: ["progressive.jpg", "cmyk.jpg", "grey.jpg"])
    func jpegVariantsDecode(file: String) throws {
        let image = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.root.appendingPathComponent("jpeg/\(file)"))).decoded.frames[0].image
        #expect(image.width == 64 && image.height == 32)
        #expect(!image.hasTransparentPixels)
        let left = image[8, 16]
        if file == "grey.jpg" {
            #expect(left.r == left.g && left.g == left.b)
        } else {
            #expect(left.r > 180 && left.b < 80, "\(file): expected red, got \(left)")
        }
    }

    /// cmyk-profiled.jpg is cmyk.jpg with a CMYK profile in which inks add light
    /// (`make-cmyk-profiled.py`): the half the naive conversion shows red must come out cyan.
    @Test func cmykJPEGIsConvertedThroughItsOwnProfile() throws {
        let data = try Fixtures.data(Fixtures.root.appendingPathComponent("jpeg/cmyk-profiled.jpg"))
        let analyzed = try ImageAnalyzer().analyze(data)
        let left = analyzed.decoded.frames[0].image[8, 16]
        #expect(left.r < 140 && left.g > 180 && left.b > 180, "expected the profile's cyan, got \(left)")
        #expect(left.a == 255)
        // The pixels are sRGB now: the CMYK profile is not carried to derived files.
        #expect(analyzed.profile == nil)
    }

    /// Each scan of a progressive JPEG is a pass over the whole image: 6,000 repeated scans in a
    /// 297 KB file took 81 s. Past 500 (libjpeg-turbo's advice) the file is refused.
    @Test func aJPEGWithThousandsOfScansIsRefused() throws {
        let jpeg = [UInt8](try Fixtures.data(Fixtures.root.appendingPathComponent("jpeg/progressive.jpg")))
        // The last scan: from its SOS marker to the next marker that is not a stuffed byte or a restart.
        var offset = 2, last: Range<Int>?
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xD9 {
            var end = offset + 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
            if jpeg[offset + 1] == 0xDA {
                while end + 1 < jpeg.count, jpeg[end] != 0xFF || jpeg[end + 1] == 0 || (0xD0...0xD7).contains(jpeg[end + 1]) { end += 1 }
                last = offset..<end
            }
            offset = end
        }
        let scan = try #require(last)
        let many = Array(jpeg[..<scan.upperBound]) + Array([[UInt8]](repeating: Array(jpeg[scan]), count: 600).joined()) + Array(jpeg[scan.upperBound...])
        #expect {
            try JPEGDecoder.decode(Data(many), maxPixels: 1 << 24)
        } throws: { error in
            (error as? ImageError)?.description.contains("more than 500 scans") == true
        }
        #expect(throws: Never.self) { try JPEGDecoder.decode(Data(jpeg), maxPixels: 1 << 24) }
    }

    @Test func truncatedJPEGNamesWhatIsWrong() throws {
        let data = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg"))
        do {
            _ = try ImageAnalyzer().analyze(data.prefix(data.count * 2 / 3))
            Issue.record("a truncated JPEG must not decode")
        } catch let error as ImageError {
            #expect(error.description.hasPrefix("image is corrupt: premature end of jpeg file"), "\(error)")
        }
    }

    // MARK: - Animated thumbnails

    @Test func animatedThumbnailsKeepEveryFrameAndTheirTiming() throws {
        let decoded = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"))).decoded
        let outputs = try Thumbnailer.thumbnails(of: decoded, boxes: [160, 320])
        #expect(outputs.map(\.width) == [160, 320])
        // Made together, as the thumbnailer makes them (the 160 px one from the 320 px one's rows).
        let expectedPosters = Resampler.resize(decoded.frames[0].image, to: outputs.map { (width: $0.width, height: $0.height) })
        for (outputIndex, output) in outputs.enumerated() {
            #expect(output.format == .webp)
            let reread = try WebPCodec.decodeAnimation(output.data)
            #expect(reread.frames.count == 8)
            #expect(reread.frames.map(\.delay) == Array(repeating: 0.25, count: 8))
            #expect(reread.loopCount == 0)
            #expect(reread.frames[0].image.hasTransparentPixels)
            #expect(reread.frames.allSatisfy { $0.image.width == output.width && $0.image.height == output.height })
            let poster = try WebPCodec.decode(try #require(output.poster))
            #expect(poster.width == output.width && poster.height == output.height)
            // The poster is the first frame, resampled, then lossy: close to the exact resample.
            #expect(ImageQuality.psnr(poster, expectedPosters[outputIndex]) > 30)
        }
        // Each thumbnail frame is its source frame resampled, then lossy WebP: close to the
        // full-colour resample.
        let small = try WebPCodec.decodeAnimation(outputs[0].data)
        for (index, frame) in decoded.frames.enumerated() {
            let reference = Resampler.resize(frame.image, width: 160, height: 160)
            let psnr = ImageQuality.psnr(small.frames[index].image, reference)
            #expect(psnr > 30, "frame \(index): \(psnr) dB against the full-colour resample")
        }
        #expect(try Thumbnailer.thumbnails(of: decoded, boxes: [160, 320]).map(\.data) == outputs.map(\.data), "the same frames give the same bytes")
    }
}
