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

    /// Frame times are rounded from the time elapsed, not one by one: 60 frames of 1/6 s last
    /// 10,000 ms (WhatsApp's limit), not 60 × 167 = 10,020. Both encoders, libwebp's and Peel's.
    @Test func roundingFrameTimesNeverAddsUp() throws {
        let frames = (0..<60).map { index in
            DecodedImage.Frame(image: RGBAImage(width: 8, height: 8, pixels: (0..<256).map { byte in
                byte % 4 == 3 ? 255 : byte % 4 == 0 ? (index % 2 == 0 ? 0 : 255) : UInt8(index * 4)
            }), delay: 1.0 / 6)
        }
        for data in [try WebPCodec.encodeAnimation(frames, loopCount: 0), try ThumbnailWebP.animation(frames, loopCount: 0).animation] {
            let delays = try WebPCodec.decodeAnimation(data).frames.map { Int(($0.delay * 1000).rounded()) }
            #expect(delays.count == 60 && delays.reduce(0, +) == 10_000, "\(delays.reduce(0, +))")
            #expect(Set(delays).isSubset(of: [166, 167]))
            // The ANIM chunk's background hint is transparent (libwebp's own default is opaque
            // white, which a viewer that honours it draws behind a transparent sticker).
            let bytes = [UInt8](data)
            let anim = try #require((12..<bytes.count - 8).first { bytes[$0..<$0 + 4].elementsEqual("ANIM".utf8) })
            #expect(Array(bytes[anim + 8..<anim + 12]) == [0, 0, 0, 0])
        }
    }

    @Test func garbageIsAnErrorNotACrash() {
        #expect(throws: ImageError.self) { try WebPCodec.decode(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 nonsense".utf8)) }
    }
}
