import Foundation
import Testing
@testable import PeelKit

@Suite struct ImageAnalyzerTests {
    let analyzer = ImageAnalyzer()

    @Test func stillPNGHasPixelsAndMetadata() throws {
        let data = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        let image = try analyzer.analyze(data)
        #expect(image.info.format == .png)
        #expect(image.info.width == 300 && image.info.height == 300)
        #expect(image.info.hasAlpha)
        #expect(image.info.hasTransparentPixels == true)
        #expect(image.info.frameCount == 1)
        #expect(image.info.bytes == data.count)
        #expect(image.info.sha256.count == 64)
        #expect(image.pixels?.width == 300)
    }

    @Test func sha256IsTheFilesDigest() throws {
        // SHA-256 of "abc", a published test vector, wrapped as a 1×1 PNG would change it; hash raw bytes.
        let info = try analyzer.analyze(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn0g01.png"))).info
        let again = try analyzer.analyze(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn0g01.png"))).info
        #expect(info.sha256 == again.sha256)
        let other = try analyzer.analyze(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn0g02.png"))).info
        #expect(info.sha256 != other.sha256)
    }

    @Test func apngIsRecognisedAndCountsFrames() throws {
        let image = try analyzer.analyze(Fixtures.data(Fixtures.apng))
        #expect(image.info.format == .apng)
        #expect(image.info.frameCount == 20)
        #expect(image.info.isAnimated)
        #expect(image.info.loopCount == 0)
        #expect(image.pixels == nil, "animated stickers are shown from the original until the image engine lands")
    }

    @Test func gifHeaderGivesSizeFramesAndTransparency() throws {
        let image = try analyzer.analyze(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/turtle.gif")))
        #expect(image.info.format == .gif)
        #expect(image.info.width == 300 && image.info.height == 300)
        #expect(image.info.frameCount == 1)
    }

    @Test func animatedGIFCountsFramesAndLoops() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("content/motion/weather-cycle-gif.gif")
        let image = try analyzer.analyze(Fixtures.data(url))
        #expect(image.info.frameCount == 8)
        #expect(image.info.loopCount == 0)
        #expect(image.info.hasAlpha)
    }

    @Test func jpegHeaderGivesSizeAndNoAlpha() throws {
        let image = try analyzer.analyze(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg")))
        #expect(image.info.format == .jpeg)
        #expect(image.info.width == 300 && image.info.height == 300)
        #expect(!image.info.hasAlpha)
        #expect(image.info.hasTransparentPixels == false)
    }

    @Test func formatIsSniffedFromBytesNotName() {
        #expect(ImageFormat.sniff(Array("GIF89a....".utf8)) == .gif)
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("hello".utf8)) == .unknown)
    }

    @Test func emptyAndNonImageFilesAreClearErrors() {
        #expect(throws: ImageError.corrupt("file is empty (0 bytes)")) { try analyzer.analyze(Data()) }
        #expect(throws: ImageError.unsupported(.unknown)) { try analyzer.analyze(Data("not an image".utf8)) }
        #expect(throws: ImageError.unsupported(.webp)) { try analyzer.analyze(Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) }
    }

    @Test func truncatedGIFAndJPEGAreErrors() throws {
        let gif = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/turtle.gif"))
        let jpeg = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg"))
        #expect(throws: ImageError.self) { try analyzer.analyze(gif.prefix(40)) }
        #expect(throws: ImageError.self) { try analyzer.analyze(jpeg.prefix(12)) }
    }

    @Test func hugeGIFHeaderIsRefusedBeforeDecoding() {
        // A 65535×65535 GIF header: over any sane budget.
        var bytes = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        #expect(throws: ImageError.overPixelBudget(width: 65535, height: 65535, budget: ImageAnalyzer.defaultMaxPixels)) {
            try analyzer.analyze(Data(bytes))
        }
    }
}
