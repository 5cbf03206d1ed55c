import Foundation
import Testing
@testable import PeelKit

/// Peel's own WebP writing for thumbnails: the alpha plane (`VP8LAlphaEncoder`), the container
/// (`WebPContainer`) and animations (`ThumbnailWebP`), each checked by decoding with libwebp.
@Suite struct ThumbnailWebPTests {
    /// Images whose alpha planes stress the coder: every value, runs longer than one copy may be,
    /// single pixels, one column, soft edges, and real art at thumbnail size.
    static func images() throws -> [(name: String, image: RGBAImage)] {
        var random = SplitMix(17)
        func image(_ width: Int, _ height: Int, _ alpha: (Int, Int) -> UInt8) -> RGBAImage {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    pixels[offset] = UInt8(truncatingIfNeeded: x * 7)
                    pixels[offset + 1] = UInt8(truncatingIfNeeded: y * 5)
                    pixels[offset + 2] = UInt8(truncatingIfNeeded: x &* y)
                    pixels[offset + 3] = alpha(x, y)
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
        var noise = [UInt8](repeating: 0, count: 97 * 61)
        for index in noise.indices { noise[index] = UInt8(truncatingIfNeeded: random.next()) }
        var images: [(String, RGBAImage)] = [
            ("one transparent pixel", image(1, 1) { _, _ in 0 }),
            ("one half-transparent pixel", image(1, 1) { _, _ in 77 }),
            ("a column", image(1, 300) { _, y in y % 50 < 20 ? 0 : 255 }),
            ("a row", image(300, 1) { x, _ in UInt8(x % 256) }),
            ("noise: every value, no repeats to copy", image(97, 61) { x, y in noise[y * 97 + x] }),
            ("a run longer than 4096", image(200, 200) { x, y in x == 150 && y == 190 ? 255 : 0 }),
            ("a gradient", image(256, 64) { x, _ in UInt8(x) }),
            ("a disc with soft edges", image(160, 160) { x, y in
                let distance = ((Double(x) - 79.5) * (Double(x) - 79.5) + (Double(y) - 79.5) * (Double(y) - 79.5)).squareRoot()
                return UInt8(max(0, min(255, (70 - distance) * 64)))
            }),
            ("skewed: almost all one value", image(64, 64) { x, y in (x * 31 + y * 17) % 997 == 0 ? UInt8((x + y) % 256) : 255 }),
        ]
        for name in ["pets/cat.png", "pets/fox.png", "xss/evil.png"] {
            let decoded = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.catalog.appendingPathComponent(name))).decoded
            for box in [160, 320] {
                let size = Resampler.fittedSize(width: decoded.width, height: decoded.height, box: box)
                images.append(("\(name) at \(box) px", Resampler.resize(decoded.frames[0].image, width: size.width, height: size.height)))
            }
        }
        for name in ["tbrn2c08.png", "tbwn3p08.png", "basn6a08.png", "basn4a16.png"] {
            images.append((name, try ImageAnalyzer().analyze(Fixtures.data(Fixtures.pngSuite.appendingPathComponent(name))).decoded.frames[0].image))
        }
        return images
    }

    @Test func stillsDecodeToLibWebPsOwnPixelsWithEveryAlphaValueKept() throws {
        for (name, image) in try Self.images() {
            let ours = try ThumbnailWebP.still(image)
            let decoded = try WebPCodec.decode(ours)
            #expect(decoded.width == image.width && decoded.height == image.height, "\(name)")
            let alphaDifferences = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] != decoded.pixels[$0] }.count
            #expect(alphaDifferences == 0, "\(name): \(alphaDifferences) alpha values changed")
            // The colour is libwebp's own encoding: the same pixels as WebPCodec's whole-file encode.
            let reference = try WebPCodec.decode(WebPCodec.encode(image))
            #expect(decoded == reference, "\(name): not the pixels libwebp's own file gives")
        }
    }

    @Test func theAlphaPlaneIsSmallerThanLibWebPsAtItsFastestSetting() throws {
        var ours = 0, libwebps = 0
        for (_, image) in try Self.images() where image.width >= 160 {
            ours += try ThumbnailWebP.still(image).count
            libwebps += try WebPCodec.encode(image).count
        }
        #expect(ours < libwebps, "\(ours) bytes against libwebp's \(libwebps)")
    }

    @Test func opaqueImagesAreTheSimpleFormatAndTransparentOnesCarryALPH() throws {
        let opaque = RGBAImage(width: 20, height: 10, pixels: (0..<800).map { $0 % 4 == 3 ? 255 : UInt8($0 % 200) })
        let simple = try ThumbnailWebP.still(opaque)
        #expect(simple.prefix(4) == Data("RIFF".utf8) && simple[8..<16] == Data("WEBPVP8 ".utf8))
        #expect(Int(simple[4]) | Int(simple[5]) << 8 | Int(simple[6]) << 16 | Int(simple[7]) << 24 == simple.count - 8)
        #expect(try WebPCodec.decode(simple) == WebPCodec.decode(WebPCodec.encode(opaque)))

        var transparent = opaque
        transparent.pixels[3] = 0
        let extended = try ThumbnailWebP.still(transparent)
        #expect(extended[8..<16] == Data("WEBPVP8X".utf8))
        #expect(extended[20] == 0x10, "the alpha flag")
        #expect(extended.range(of: Data("ALPH".utf8)) != nil)
        #expect(Int(extended[4]) | Int(extended[5]) << 8 | Int(extended[6]) << 16 | Int(extended[7]) << 24 == extended.count - 8)
        #expect(try ThumbnailWebP.still(transparent) == extended, "the same pixels give the same bytes")
    }

    @Test func animationsKeepEveryFrameTheirTimingAndExactAlpha() throws {
        for name in ["weather-cycle-apng.png", "weather-cycle-gif.gif"] {
            let decoded = try ImageAnalyzer().analyze(Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/motion/\(name)"))).decoded
            let frames = decoded.frames.map { DecodedImage.Frame(image: Resampler.resize($0.image, width: 160, height: 160), delay: $0.delay) }
            let encoded = try ThumbnailWebP.animation(frames, loopCount: 3)
            let reread = try WebPCodec.decodeAnimation(encoded.animation)
            #expect(reread.loopCount == 3)
            #expect(reread.frames.count == frames.count, "\(name)")
            for (index, (source, back)) in zip(frames, reread.frames).enumerated() {
                #expect(abs(back.delay - (source.delay * 1000).rounded() / 1000) < 1e-9, "\(name) frame \(index)")
                let alphaDifferences = stride(from: 3, to: source.image.pixels.count, by: 4).filter { source.image.pixels[$0] != back.image.pixels[$0] }.count
                #expect(alphaDifferences == 0, "\(name) frame \(index): \(alphaDifferences) alpha values changed")
                #expect(ImageQuality.psnr(back.image, source.image) > 30, "\(name) frame \(index)")
            }
            // The poster is the first frame's own encoding, as a still.
            #expect(try WebPCodec.decode(encoded.poster) == reread.frames[0].image)
            #expect(try ThumbnailWebP.animation(frames, loopCount: 3).animation == encoded.animation)
        }
    }

    @Test func framesThatDoNotChangeLengthenThePreviousOne() throws {
        let red = RGBAImage(width: 8, height: 8, pixels: (0..<256).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 })
        var dot = red  // a green square in the red
        for y in 2..<6 {
            for x in 2..<6 { dot.pixels[(y * 8 + x) * 4] = 0; dot.pixels[(y * 8 + x) * 4 + 1] = 255 }
        }
        let frames = [DecodedImage.Frame(image: red, delay: 0.1), DecodedImage.Frame(image: red, delay: 0.2),
                      DecodedImage.Frame(image: dot, delay: 0.3)]
        let reread = try WebPCodec.decodeAnimation(ThumbnailWebP.animation(frames, loopCount: 0).animation)
        #expect(reread.frames.map(\.delay) == [0.3, 0.3])
        #expect(reread.frames[1].image[3, 4].g > 200 && reread.frames[0].image[3, 4].g < 60)
    }

    /// A "no delay" animation (0 s frames, which browsers play for 0.1 s each) with a pose held
    /// over four frames: the thumbnail plays 0.4 s of it, as the original does, not one clamped 4 ms.
    @Test func framesOfTenMillisecondsOrLessKeepTheTimeBrowsersPlayThem() throws {
        let red = RGBAImage(width: 8, height: 8, pixels: (0..<256).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 })
        var dot = red
        for y in 2..<6 {
            for x in 2..<6 { dot.pixels[(y * 8 + x) * 4] = 0; dot.pixels[(y * 8 + x) * 4 + 1] = 255 }
        }
        let held = Array(repeating: DecodedImage.Frame(image: red, delay: 0), count: 4) + [DecodedImage.Frame(image: dot, delay: 0.01)]
        #expect(try WebPCodec.decodeAnimation(ThumbnailWebP.animation(held, loopCount: 0).animation).frames.map(\.delay) == [0.4, 0.1])
        // An 11 ms frame after a 0 s one keeps its 11 ms (it lost 1 ms to the first, and played for 0.1 s).
        let short = [DecodedImage.Frame(image: red, delay: 0), DecodedImage.Frame(image: dot, delay: 0.011)]
        #expect(try WebPCodec.decodeAnimation(ThumbnailWebP.animation(short, loopCount: 0).animation).frames.map(\.delay) == [0.1, 0.011])
    }

    /// A sticker that pops in (an empty first frame) or grows: the poster is its fullest frame,
    /// not a blank card; a first frame that shows a quarter of the fullest or more stays the poster.
    @Test func thePosterIsTheFullestFrameWhenTheFirstShowsTooLittle() throws {
        func disc(radius: Int) -> RGBAImage {
            var image = RGBAImage(width: 16, height: 16, pixels: Array(repeating: 0, count: 16 * 16 * 4))
            for y in 0..<16 { for x in 0..<16 where (x - 8) * (x - 8) + (y - 8) * (y - 8) < radius * radius {
                image.pixels.replaceSubrange((y * 16 + x) * 4..<(y * 16 + x) * 4 + 4, with: [200, 40, 40, 255])
            } }
            return image
        }
        let popIn = [disc(radius: 0), disc(radius: 7), disc(radius: 3), disc(radius: 7)].map { DecodedImage.Frame(image: $0, delay: 0.1) }
        let encoded = try ThumbnailWebP.animation(popIn, loopCount: 0)
        let poster = try WebPCodec.decode(encoded.poster)
        #expect(PosterFrame.coverage(of: poster) > PosterFrame.coverage(of: disc(radius: 7)) * 9 / 10, "the poster shows the full disc")
        #expect(try WebPCodec.decodeAnimation(encoded.animation).frames.count == 4, "the animation is unchanged")

        var choice = PosterFrame()
        for (index, frame) in popIn.enumerated() { _ = choice.consider(frame.image, index: index) }
        #expect(choice.index == 1, "the first of the fullest frames")
        // A first frame with a quarter or more of the fullest's pixels stays the poster.
        var grows = PosterFrame()
        for (index, radius) in [5, 7, 8].enumerated() { _ = grows.consider(disc(radius: radius), index: index) }
        #expect(grows.index == 0 && grows.isFirst)
        var seed = PosterFrame()
        for (index, radius) in [1, 7, 8].enumerated() { _ = seed.consider(disc(radius: radius), index: index) }
        #expect(seed.index == 2)
    }

    /// Built into a site, a pop-in's full-size poster (`-poster.png`) and its thumbnails' posters
    /// are its opaque frame, not the empty first one.
    @Test func aBuiltPopInsPostersShowItsArt() async throws {
        let folder = try TemporaryFolder()
        let clear = RGBAImage(width: 300, height: 300, pixels: Array(repeating: 0, count: 300 * 300 * 4))
        let red = RGBAImage(width: 300, height: 300, pixels: (0..<(300 * 300 * 4)).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 })
        try folder.write(try APNGEncoder.encode([.init(image: clear, delay: 0.3), .init(image: red, delay: 0.3)], loopCount: 0, palette: nil),
                         to: "content/p/pop.png")
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.write("---\nalt: A red square that pops in\n---\n", to: "content/p/pop.md")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        let poster = try PNGCodec.decode(Data(contentsOf: folder.url.appendingPathComponent("site/p/pop/pop-poster.png")), maxPixels: 1 << 20).0
        #expect(poster[150, 150].a == 255 && poster[150, 150].r == 255)
        let small = try WebPCodec.decode(Data(contentsOf: folder.url.appendingPathComponent("site/p/pop/pop-160w-poster.webp")))
        #expect(small[80, 80].a == 255)
    }

    @Test func theChangedRectangleStartsAtEvenOffsetsAndIgnoresInvisibleChanges() {
        let clear = RGBAImage(width: 10, height: 10, pixels: Array(repeating: 0, count: 400))
        var invisible = clear
        invisible.pixels[0] = 200  // colour under alpha 0 in both frames
        #expect(ThumbnailWebP.changedRectangle(from: clear, to: invisible) == nil)
        var dot = clear
        dot.pixels[(5 * 10 + 3) * 4 + 3] = 9
        let changed = ThumbnailWebP.changedRectangle(from: clear, to: dot)
        #expect(changed?.x == 2 && changed?.y == 4 && changed?.width == 2 && changed?.height == 2)
        #expect(ThumbnailWebP.changedRectangle(from: dot, to: clear).map { [$0.x, $0.y, $0.width, $0.height] } == [2, 4, 2, 2])
    }

    @Test func prefixCodesStayWithinTheirLengthLimitAndComplete() {
        // Fibonacci counts make Huffman's deepest tree: 30 symbols would need 29 bits unlimited.
        var counts: [UInt32] = [1, 1]
        while counts.count < 30 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        for limit in [7, 15] {
            let code = PrefixCode(counts: counts + [0, 0], maxLength: limit)
            let lengths = code.lengths.map(Int.init)
            #expect(lengths.max() == limit)
            #expect(lengths.suffix(2) == [0, 0], "unused symbols get no code")
            // Complete (Kraft sum exactly 1), as VP8L decoders require.
            var kraft = 0
            for length in lengths where length > 0 { kraft += 1 << (limit - length) }
            #expect(kraft == 1 << limit)
        }
        let single = PrefixCode(counts: [0, 0, 5], maxLength: 15)
        #expect(single.lengths == [0, 0, 1] && single.bitCounts == [0, 0, 0], "a lone symbol takes no bits")
    }

    /// The loop count in an animated WebP's ANIM chunk (0: forever).
    static func webpLoopCount(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset..<offset + 4].elementsEqual("ANIM".utf8) { return Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8 }
            offset += 8 + size + (size & 1)
        }
        return nil
    }

    @Test func aGIFThatPlaysOnceGetsThumbnailsThatPlayOnce() async throws {
        // compose.gif (NETSCAPE loop count 2) without its NETSCAPE2.0 block: browsers and Messages play it once.
        var gif = [UInt8](try Data(contentsOf: Fixtures.root.appendingPathComponent("animated/compose.gif")))
        let block: [UInt8] = [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8)
        let start = try #require((0...(gif.count - block.count)).first { gif[$0..<$0 + block.count].elementsEqual(block) })
        gif.removeSubrange(start..<start + block.count + 5)   // and its sub-block: 03 01 lo hi 00
        let folder = try TemporaryFolder()
        try folder.write(Data(gif), to: "content/p/once.gif")
        try folder.write("---\nalt: Plays once\n---\n", to: "content/p/once.md")
        try folder.copy(Fixtures.root.appendingPathComponent("animated/compose.gif"), to: "content/p/loops.gif")
        try folder.write("---\nalt: Loops\n---\n", to: "content/p/loops.md")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        // compose.gif's NETSCAPE 2 is two repeats after the first play: three plays, as compose.png's num_plays 3.
        for (slug, loopCount) in [("once", 1), ("loops", 3)] {
            let thumbnails = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("site/p/\(slug)").path)
                .filter { $0.hasSuffix(".webp") && !$0.contains("poster") }
            #expect(!thumbnails.isEmpty)
            for name in thumbnails {
                #expect(Self.webpLoopCount(try Data(contentsOf: folder.url.appendingPathComponent("site/p/\(slug)/\(name)"))) == loopCount, "\(name)")
            }
        }
    }
}
