import Foundation
import Testing
@testable import PeelKit

@Suite struct ResamplerTests {
    /// A width×height image where `paint` gives each pixel's RGBA.
    static func image(_ width: Int, _ height: Int, _ paint: (Int, Int) -> [UInt8]) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += paint(x, y) } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(618, 618, 160, 160), (618, 618, 320, 320), (300, 200, 160, 107), (7, 5, 3, 2), (10, 10, 23, 17)])
    func producesExactlyTheRequestedSize(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        let source = Self.image(sourceWidth, sourceHeight) { x, y in [UInt8(x % 256), UInt8(y % 256), 9, 255] }
        let resized = Resampler.resize(source, width: width, height: height)
        #expect(resized.width == width)
        #expect(resized.height == height)
        #expect(resized.pixels.count == width * height * 4)
    }

    @Test func fittedSizeNeverUpscalesAndKeepsAspect() {
        #expect(Resampler.fittedSize(width: 618, height: 618, box: 160) == (160, 160))
        #expect(Resampler.fittedSize(width: 300, height: 300, box: 320) == (300, 300))
        #expect(Resampler.fittedSize(width: 600, height: 300, box: 160) == (160, 80))
        #expect(Resampler.fittedSize(width: 300, height: 618, box: 160) == (78, 160))
    }

    @Test func flatColourStaysExactlyFlat() {
        let source = Self.image(61, 47) { _, _ in [200, 120, 30, 255] }
        let resized = Resampler.resize(source, width: 17, height: 13)
        for y in 0..<13 { for x in 0..<17 { #expect(resized[x, y] == (200, 120, 30, 255)) } }
    }

    @Test func transparentStaysTransparent() {
        let source = Self.image(40, 40) { _, _ in [0, 0, 0, 0] }
        let resized = Resampler.resize(source, width: 13, height: 13)
        #expect(resized.pixels.allSatisfy { $0 == 0 })
    }

    /// A red disc on transparent *black*: straight-alpha filtering would mix that black into the
    /// edge and leave a dark fringe. With premultiplied alpha every visible pixel stays red.
    @Test func noDarkFringeOnTransparentEdges() {
        let source = Self.image(120, 120) { x, y in
            let dx = Double(x) - 59.5, dy = Double(y) - 59.5
            return dx * dx + dy * dy < 40 * 40 ? [255, 0, 0, 255] : [0, 0, 0, 0]
        }
        let resized = Resampler.resize(source, width: 37, height: 37)
        var edgePixels = 0
        for y in 0..<37 {
            for x in 0..<37 {
                let pixel = resized[x, y]
                guard pixel.a > 0 else { continue }
                if pixel.a < 255 { edgePixels += 1 }
                #expect(pixel.r >= 250, "dark fringe at (\(x), \(y)): \(pixel)")
                #expect(pixel.g <= 3 && pixel.b <= 3)
            }
        }
        #expect(edgePixels > 20, "the disc should have soft edges")
    }

    @Test func noHaloBeyondOpaqueEdges() {
        // White square on transparent: ringing must never make alpha appear far from the square.
        let source = Self.image(90, 90) { x, y in (30..<60).contains(x) && (30..<60).contains(y) ? [255, 255, 255, 255] : [0, 0, 0, 0] }
        let resized = Resampler.resize(source, width: 30, height: 30)
        #expect(resized[0, 0].a == 0)
        #expect(resized[5, 15].a == 0)
        #expect(resized[15, 15] == (255, 255, 255, 255))
    }

    @Test func psnrIsInfiniteForIdenticalImagesAndIgnoresHiddenColour() {
        let a = Self.image(4, 4) { _, _ in [10, 20, 30, 255] }
        #expect(ImageQuality.psnr(a, a) == .infinity)
        let hiddenA = Self.image(4, 4) { _, _ in [255, 0, 0, 0] }, hiddenB = Self.image(4, 4) { _, _ in [0, 255, 0, 0] }
        #expect(ImageQuality.psnr(hiddenA, hiddenB) == .infinity, "colour under alpha 0 is invisible")
        let b = Self.image(4, 4) { _, _ in [20, 20, 30, 255] }
        #expect(abs(ImageQuality.psnr(a, b) - 10 * log10(255 * 255 / 25.0)) < 1e-9, "one channel off by 10 in four")
    }

    @Test(arguments: [("cat.png", "cat-160-pillow-lanczos.png", 160, 160), ("fox.png", "fox-97x61-pillow-lanczos.png", 97, 61)])
    func matchesPillowsLanczos(source: String, referenceName: String, width: Int, height: Int) throws {
        let original = try PNGCodec.decode(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/\(source)")), maxPixels: 0).0
        let reference = try PNGCodec.decode(Fixtures.data(Fixtures.root.appendingPathComponent("reference/\(referenceName)")), maxPixels: 0).0
        let ours = Resampler.resize(original, width: width, height: height)
        let psnr = ImageQuality.psnr(ours, reference)
        #expect(psnr > 40, "PSNR against Pillow's LANCZOS is \(psnr) dB")
    }
}

@Suite struct StreamingResamplerTests {
    @Test(arguments: [(618, 618), (300, 200), (97, 203), (7, 5), (1, 1), (40, 1)])
    func matchesTheTwoPassReferenceBitForBit(sourceWidth: Int, sourceHeight: Int) {
        let source = PNGWriterTests.noise(width: sourceWidth, height: sourceHeight, alpha: true, seed: UInt64(sourceWidth * 7 + sourceHeight))
        let sizes = [(160, 160), (320, 320), (sourceWidth, max(1, sourceHeight / 3)), (max(1, sourceWidth / 2), sourceHeight), (3, 2)]
        for size in sizes {
            let streamed = Resampler.resize(source, to: [(width: size.0, height: size.1)])[0]
            let reference = ReferenceResampler.resize(source, width: size.0, height: size.1)
            #expect(streamed == reference, "\(sourceWidth)×\(sourceHeight) → \(size.0)×\(size.1)")
        }
    }

    /// Transparent margins, holes, stripes and lone pixels: the resampler skips what is
    /// transparent, and must still write exactly the bytes of the full two-pass computation, for a
    /// size made from the source and for one cascaded from it.
    @Test(arguments: ["frame", "holes", "stripes", "lone pixel", "transparent", "opaque"])
    func skippingTransparencyChangesNoByte(shape: String) {
        let (width, height) = (203, 197)
        var image = PNGWriterTests.noise(width: width, height: height, alpha: true, seed: UInt64(shape.utf8.count * 31))
        for y in 0..<height {
            for x in 0..<width {
                let transparent: Bool
                switch shape {
                case "frame": transparent = x < 40 || x >= 170 || y < 25 || y >= 150
                case "holes": transparent = (y / 9) % 3 == 1 || (x > 60 && x < 90) || (x + y) % 47 == 0
                case "stripes": transparent = (x / 13) % 2 == 0
                case "lone pixel": transparent = !(x == 101 && y == 77)
                case "transparent": transparent = true
                default: transparent = false
                }
                if transparent {
                    // Any colour under alpha 0: premultiplied, it is nothing.
                    image.pixels[(y * width + x) * 4 + 3] = 0
                } else if shape == "opaque" {
                    image.pixels[(y * width + x) * 4 + 3] = 255
                }
            }
        }
        for size in [(96, 93), (50, 50), (203, 60), (7, 197), (1, 1)] {
            let same = Resampler.resize(image, width: size.0, height: size.1) == ReferenceResampler.resize(image, width: size.0, height: size.1)
            #expect(same, "\(shape) → \(size.0)×\(size.1)")
        }
        let streamed = Resampler.resize(image, to: [(width: 45, height: 44), (width: 96, height: 93)])
        let reference = ReferenceResampler.cascade(image, large: (96, 93), small: (45, 44))
        let (sameLarge, sameSmall) = (streamed[1] == reference.large, streamed[0] == reference.small)
        #expect(sameLarge, "\(shape): large")
        #expect(sameSmall, "\(shape): cascaded")
    }

    /// Sizes made together: the largest comes from the source, exactly as alone; a size at most
    /// half of it is made from its rows and stays within a rounding step of a direct resize of real art.
    @Test(arguments: ["grinning", "party"])
    func cascadedSizesMatchPillowsDirectResize(name: String) throws {
        let data = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("content/faces/\(name).png"))
        let art = try PNGCodec.decode(data, maxPixels: 1 << 22).0
        let both = Resampler.resize(art, to: [(width: 160, height: 160), (width: 320, height: 320)])
        let reference = ReferenceResampler.cascade(art, large: (320, 320), small: (160, 160))
        #expect(both[1] == reference.large)
        #expect(both[0] == reference.small)
        let pillow = try PNGCodec.decode(Fixtures.data(Fixtures.root.appendingPathComponent("reference/\(name)-160-pillow-lanczos.png")), maxPixels: 0).0
        let direct = Resampler.resize(art, width: 160, height: 160)
        #expect(ImageQuality.psnr(direct, pillow) > 40)
        let cascaded = ImageQuality.psnr(both[0], pillow)
        #expect(cascaded > 50, "cascaded 160 px against Pillow's direct LANCZOS: \(cascaded) dB")
        #expect(ImageQuality.psnr(both[0], direct) > 50, "cascaded against our direct resize")
    }
}
