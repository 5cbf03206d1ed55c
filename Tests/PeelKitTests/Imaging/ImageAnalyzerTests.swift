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
        #expect(image.info.frameDelays.isEmpty && image.info.duration == 0 && image.info.framesPerSecond == nil)
        #expect(image.info.loopCount == nil)
        #expect(image.info.bytes == data.count)
        #expect(image.decoded.frames.count == 1 && image.decoded.width == 300)
    }

    @Test func sha256IsTheFilesDigest() throws {
        // SHA-256 of the PngSuite's basn0g01.png, computed with sha256sum.
        let info = try analyzer.analyze(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn0g01.png"))).info
        #expect(info.sha256 == "c8b1364d7771dd2f5a1b2d7d633abcf3f48dafee608558ecd2e5fc98f61894cd")
        let other = try analyzer.analyze(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn0g02.png"))).info
        #expect(info.sha256 != other.sha256)
    }

    @Test func apngMetadata() throws {
        let image = try analyzer.analyze(Fixtures.data(Fixtures.apng))
        #expect(image.info.format == .apng)
        #expect(image.info.frameCount == 20)
        #expect(image.info.isAnimated)
        #expect(image.info.loopCount == 0)
        #expect(image.info.frameDelays == Array(repeating: 0.075, count: 20))
        #expect(abs(image.info.duration - 1.5) < 1e-9)
        #expect(image.info.framesPerSecond.map { abs($0 - 13.333) < 0.01 } == true)
    }

    /// Frames of 10 ms or less play for 0.1 s in browsers and Messages: the duration and frame
    /// rate the site and catalog.json report are the played ones ("0.00 s per loop" and
    /// "100 fps" described an animation nobody sees), as the exports' are.
    @Test func framesOfTenMillisecondsOrLessAreReportedAsPlayed() throws {
        let frames = [0.0, 0.01, 0.2, 0.001].map { delay in
            DecodedImage.Frame(image: RGBAImage(width: 300, height: 300, pixels: [UInt8](repeating: UInt8(delay * 1000) &+ 40, count: 300 * 300 * 4)),
                               delay: delay)
        }
        let info = try analyzer.analyze(APNGEncoder.encode(frames, loopCount: 0, palette: nil)).info
        #expect(info.frameDelays == [0, 0.01, 0.2, 0.001], "the file's own delays")
        #expect(info.playedFrameDelays == [0.1, 0.1, 0.2, 0.1])
        #expect(abs(info.duration - 0.5) < 1e-9)
        #expect(info.framesPerSecond.map { abs($0 - 8) < 1e-9 } == true)
        #expect(PageRenderer.animation(info) == "0.50 s per loop at 8 fps, loops forever")
    }

    @Test func gifMetadata() throws {
        let image = try analyzer.analyze(Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif")))
        #expect(image.info.format == .gif)
        #expect(image.info.width == 618 && image.info.height == 618)
        #expect(image.info.frameCount == 8)
        #expect(image.info.loopCount == 0)
        #expect(image.info.frameDelays == Array(repeating: 0.25, count: 8))
        #expect(image.info.framesPerSecond == 4)
        #expect(image.info.hasAlpha)
        #expect(image.info.hasTransparentPixels == true)
    }

    /// NETSCAPE's number counts the repeats after the first play: 1 plays twice. Peel's loop count
    /// is the number of plays, as APNG's and WebP's are, so thumbnails and exports play as often.
    @Test func aGIFsLoopCountIsItsPlays() throws {
        var bytes = [UInt8](try Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif")))
        let marker = Array("NETSCAPE2.0".utf8)
        let at = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        let count = at + marker.count + 2   // after the sub-block's size (3) and its id (1)
        for (repeats, plays) in [(0, 0), (1, 2), (4, 5), (65535, 65535)] {
            bytes[count] = UInt8(repeats & 0xFF)
            bytes[count + 1] = UInt8(repeats >> 8)
            #expect(try analyzer.analyze(Data(bytes)).info.loopCount == plays, "NETSCAPE \(repeats)")
        }
        // ANIMEXTS1.0 is the same extension by another name, read alike by browsers.
        bytes.replaceSubrange(at..<(at + marker.count), with: Array("ANIMEXTS1.0".utf8))
        bytes[count] = 0
        bytes[count + 1] = 0
        #expect(try analyzer.analyze(Data(bytes)).info.loopCount == 0, "ANIMEXTS loops forever")
    }

    @Test func stillGIFAndJPEG() throws {
        let gif = try analyzer.analyze(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/turtle.gif")))
        #expect(gif.info.format == .gif && gif.info.frameCount == 1 && gif.info.loopCount == nil)
        #expect(gif.info.width == 300 && gif.info.height == 300)
        #expect(gif.info.hasTransparentPixels == true)
        let jpeg = try analyzer.analyze(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg")))
        #expect(jpeg.info.format == .jpeg)
        #expect(jpeg.info.width == 300 && jpeg.info.height == 300)
        #expect(!jpeg.info.hasAlpha)
        #expect(jpeg.info.hasTransparentPixels == false)
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
        // A WebP named .png, a HEIC named .jpg: the message says what the file holds and what to do.
        #expect(ImageError.unsupported(.webp).description
                == "the file holds a WEBP image, whatever its name says; Messages accepts PNG, APNG, GIF and JPEG stickers only, so convert it to PNG")
    }

    @Test(arguments: ["pets/turtle.gif", "pets/dog.jpg", "pets/cat.png"])
    func truncatedFilesAreErrorsAtEveryLength(file: String) throws {
        let data = try Fixtures.data(Fixtures.catalog.appendingPathComponent(file))
        for length in [1, 6, 13, 40, 200, data.count / 3, data.count / 2, data.count - 20] {
            #expect(throws: ImageError.self, "\(file) cut to \(length) bytes") { try analyzer.analyze(data.prefix(length)) }
        }
    }

    @Test func hugeHeadersAreRefusedBeforeDecoding() throws {
        // A 65535×65535 GIF.
        var gif = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        #expect(throws: ImageError.overPixelBudget(width: 65535, height: 65535, budget: ImageAnalyzer.defaultMaxPixels)) {
            try analyzer.analyze(Data(gif))
        }
        // A JPEG whose frame header claims 60000×60000.
        var jpeg = [UInt8](try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg")))
        let sof = try #require((0..<(jpeg.count - 9)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        #expect(throws: ImageError.overPixelBudget(width: 60000, height: 60000, budget: ImageAnalyzer.defaultMaxPixels)) {
            try analyzer.analyze(Data(jpeg))
        }
        // A PNG that claims 100000×100000.
        var png = [UInt8](try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png")))
        var ihdr = Array(png[16..<29])
        ihdr.replaceSubrange(0..<8, with: UInt32(100_000).bigEndianBytes + UInt32(100_000).bigEndianBytes)
        png.replaceSubrange(8..<33, with: PNGChunk(type: "IHDR", data: ihdr).encoded)
        #expect(throws: ImageError.overPixelBudget(width: 100_000, height: 100_000, budget: ImageAnalyzer.defaultMaxPixels)) {
            try analyzer.analyze(Data(png))
        }
    }
}
