import Foundation
import Testing
@testable import PeelKit

@Suite struct WebPCodecTests {
    /// The cat fixture at 160 px, as the thumbnailer resamples it.
    func resizedCat() throws -> RGBAImage {
        let decoded = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))).decoded
        return Resampler.resize(decoded.frames[0].image, width: 160, height: 160)
    }

    @Test func encodesLossyWithAnAlphaPlaneThatDecodesBack() throws {
        let image = try resizedCat()
        let data = try WebPCodec.encode(image)
        #expect(data.prefix(4) == Data("RIFF".utf8) && data[8..<16] == Data("WEBPVP8X".utf8))
        #expect(data.range(of: Data("ALPH".utf8)) != nil, "the alpha plane is kept")
        #expect(data.range(of: Data("VP8 ".utf8)) != nil, "the colour is lossy VP8")
        let decoded = try WebPCodec.decode(data)
        #expect(decoded.width == 160 && decoded.height == 160)
        // The alpha plane is lossless: every alpha value comes back exactly.
        let alphaDifferences = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] != decoded.pixels[$0] }.count
        #expect(alphaDifferences == 0)
        // The colour is close where the art is opaque (lossy, so not exact).
        var error = 0, opaque = 0
        for offset in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[offset + 3] == 255 {
            for channel in 0..<3 { error += abs(Int(image.pixels[offset + channel]) - Int(decoded.pixels[offset + channel])) }
            opaque += 1
        }
        #expect(opaque > 1000)
        #expect(Double(error) / Double(3 * opaque) < 6, "mean colour error \(Double(error) / Double(3 * opaque)) per channel")
    }

    @Test func theSamePixelsGiveTheSameBytes() throws {
        let image = try resizedCat()
        #expect(try WebPCodec.encode(image) == WebPCodec.encode(image))
    }

    @Test func isLighterThanThePNGOfTheSamePixels() throws {
        let image = try resizedCat()
        #expect(try WebPCodec.encode(image).count * 2 < PNGCodec.encode(image).count)
    }

    @Test func stillAndAnimatedThumbnailsAreWebP() throws {
        let still = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))).decoded
        #expect(try Thumbnailer.thumbnails(of: still, boxes: [160, 320]).map(\.format) == [.webp, .webp])
        let animated = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/motion/weather-cycle-apng.png"))).decoded
        let thumbnail = try #require(try Thumbnailer.thumbnails(of: animated, boxes: [160]).first)
        #expect(thumbnail.format == .webp)
        #expect(try WebPCodec.decodeAnimation(thumbnail.data).frames.count == animated.frames.count)
    }

    @Test func garbageIsAnErrorNotACrash() {
        #expect(throws: ImageError.self) { try WebPCodec.decode(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 nonsense".utf8)) }
    }
}
