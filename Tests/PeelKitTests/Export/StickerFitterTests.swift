import Foundation
import Testing
@testable import PeelKit

@Suite struct StickerFitterTests {
    /// A 618 × 618 sticker heavy with noise: more than 500,000 bytes even as a lossless PNG.
    static func noisySticker(side: Int = 618) throws -> Data {
        var state: UInt32 = 12345
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            state = state &* 1_664_525 &+ 1_013_904_223
            let x = (index / 4) % side, y = (index / 4) / side
            let inside = (x - side / 2) * (x - side / 2) + (y - side / 2) * (y - side / 2) < (side / 2 - 10) * (side / 2 - 10)
            pixels[index] = UInt8(truncatingIfNeeded: 200 &+ (state >> 24) % 40)
            pixels[index + 1] = UInt8(truncatingIfNeeded: 150 &+ (state >> 16) % 40)
            pixels[index + 2] = UInt8(truncatingIfNeeded: 40 &+ (state >> 8) % 40)
            pixels[index + 3] = inside ? 255 : 0
        }
        return try PNGCodec.encode(RGBAImage(width: side, height: side, pixels: pixels), compression: .smallest)
    }

    @Test func aStickerThatFitsIsLeftAlone() throws {
        let data = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        let (output, report) = try StickerFitter(sizeClass: .large).fit(data)
        #expect(report.unchanged && output == data, "300 px art in a large pack is never enlarged")
    }

    @Test func tooLargeArtIsScaledDownToItsSizeClass() throws {
        let data = try Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"))
        let (output, report) = try StickerFitter(sizeClass: .small).fit(data)
        #expect(report.steps == ["scaled to 300 × 300 px (small)", "re-encoded as PNG"])
        #expect(report.psnr == nil, "nothing lossy beyond the scaling")
        let fitted = try ImageAnalyzer().analyze(output)
        #expect(fitted.info.width == 300 && fitted.info.height == 300 && fitted.info.format == .png)
        #expect(fitted.info.hasTransparentPixels == true)
    }

    /// A PNG chunk: length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ payload: [UInt8]) -> Data {
        var data = Data([UInt8(payload.count >> 24 & 0xFF), UInt8(payload.count >> 16 & 0xFF), UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)])
        let body = Data(Array(type.utf8) + payload)
        data.append(body)
        let crc = CRC32.checksum(body)
        data.append(contentsOf: [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return data
    }

    /// Peel decodes to 8 bits a channel, so fitting a 16-bit PNG rounds its channels: the report
    /// says so instead of "re-encoded as PNG", which the README calls lossless.
    @Test func aSixteenBitPNGIsSaidToBeRoundedToEightBits() throws {
        let side = 700
        var rows: [UInt8] = []
        for y in 0..<side {
            rows.append(0)   // filter: none
            for x in 0..<side {
                let grey = UInt16((x * 37 + y * 11) % 65536)
                rows += [UInt8(grey >> 8), UInt8(grey & 0xFF)]
            }
        }
        let header: [UInt8] = [0, 0, 2, 188, 0, 0, 2, 188, 16, 0, 0, 0, 0]   // 700 × 700, 16-bit grey
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += Self.chunk("IHDR", header) + Self.chunk("IDAT", DeflateCompressor.zlib(rows)) + Self.chunk("IEND", [])
        #expect(PNGChunks.declaredBitDepth(in: png) == 16)
        let fitted = try StickerFitter(sizeClass: .large).fit(png)
        #expect(fitted.report.steps.contains("re-encoded as PNG (16 bits a channel rounded to 8)"), "\(fitted.report.steps)")
        let eight = try StickerFitter(sizeClass: .large).fit(try Self.noisySticker(side: 700))
        #expect(eight.report.steps.contains("re-encoded as PNG"), "\(eight.report.steps)")
    }

    /// Fit re-encodes the pixels, and keeps what the PNG says about their colours and its rights
    /// (`--in-place` replaces the artist's only copy): gamma, chromaticities, sRGB and text chunks
    /// come through as they were.
    @Test func refittingKeepsTheColourSpaceAndTheText() throws {
        let art = try Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"))
        let kept = [Self.chunk("sRGB", [0]), Self.chunk("gAMA", [0, 0, 0xB1, 0x8F]),
                    Self.chunk("tEXt", Array("Copyright".utf8) + [0] + Array("Jane Artist, CC BY-SA 4.0".utf8))]
        let tagged = PNGChunks.inserting(kept, into: art)
        let (output, _) = try StickerFitter(sizeClass: .small).fit(tagged)
        #expect(PNGChunks.chunks(PNGChunks.keptOnReencoding, in: output) == kept)
        #expect(try ImageAnalyzer().analyze(output).info.width == 300, "still a PNG libpng reads")
        let (untagged, _) = try StickerFitter(sizeClass: .small).fit(art)
        #expect(PNGChunks.chunks(PNGChunks.keptOnReencoding, in: untagged).isEmpty)
    }

    /// A PNG heavy only with Photoshop's XMP (hundreds of KB of DocumentAncestors) was posterised
    /// to 2 colours and then refused; the bulky text goes first, a Copyright line stays.
    @Test func bulkyMetadataIsDroppedBeforeAnyColour() throws {
        let art = try Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"))
        let copyright = Self.chunk("tEXt", Array("Copyright".utf8) + [0] + Array("Jane Artist, CC BY-SA 4.0".utf8))
        let xmp = Self.chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0]
                             + Array((0..<60_000).map { "<rdf:li>xmp.did:\($0)</rdf:li>" }.joined().utf8.prefix(600_000)))
        let heavy = PNGChunks.inserting([copyright, xmp], into: art)
        #expect(heavy.count > 600_000)
        let (output, report) = try StickerFitter(sizeClass: .large).fit(heavy)
        #expect(output.count < StickerFitter.byteLimit)
        #expect(report.steps.contains { $0.hasPrefix("dropped ") && $0.contains("metadata") }, "\(report.steps)")
        #expect(!report.steps.contains { $0.hasPrefix("palette of ") }, "no colour lost: \(report.steps)")
        #expect(PNGChunks.chunks(["tEXt", "iTXt"], in: output) == [copyright])
    }

    /// A scanner's or calibration's lookup-table profile can weigh more than the art: over Messages'
    /// 500,000 bytes because of it, the art was posterised to one or two colours, with the advice
    /// "use fewer frames or smaller art". The profile becomes a compact Display P3 one instead.
    @Test func aHeavyColourProfileIsMadeCompactBeforeAnyColourGoes() throws {
        let art = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        var generator = SplitMix(7)
        var heavy = ColourProfileTests.profile()
        heavy += (0..<600_000).map { _ in UInt8.random(in: 0...255, using: &generator) }  // incompressible, as LUTs nearly are
        heavy.replaceSubrange(0..<4, with: UInt32(heavy.count).bigEndianBytes)
        let tagged = ColourProfileTests.tagged(art, with: heavy)
        #expect(tagged.count > StickerFitter.byteLimit)
        let (output, report) = try StickerFitter(sizeClass: .small).fit(tagged)
        #expect(output.count < StickerFitter.byteLimit, "\(report.steps)")
        #expect(report.steps.contains { $0.hasPrefix("converted to a compact Display P3 profile") }, "\(report.steps)")
        #expect(!report.steps.contains { $0.hasPrefix("palette of ") }, "no colour lost: \(report.steps)")
        #expect(ColourProfile.embedded(in: output)?.bytes == CompactProfile.displayP3?.bytes)
    }

    /// Wide art scaled into a `small` box would be 300 × 150, which Messages rejects: it is centred
    /// on a transparent 300 × 300 square. Wide art that stays at least 300 px high is left wide.
    @Test func wideArtNeverEndsUpUnderMessagesMinimumSide() throws {
        let banner = RGBAImage(width: 800, height: 400, pixels: [UInt8](repeating: 200, count: 800 * 400 * 4))
        let (output, report) = try StickerFitter(sizeClass: .small).fit(try PNGCodec.encode(banner))
        let fitted = try ImageAnalyzer().analyze(output)
        #expect(fitted.info.width == 300 && fitted.info.height == 300, "\(report.steps)")
        #expect(report.steps.contains("centred on a transparent 300 × 300 px square (Messages rejects sides under 300 px)"))
        let pixels = fitted.decoded.frames[0].image.pixels
        #expect(pixels[3] == 0, "the top-left corner is padding")
        #expect(pixels[(150 * 300 + 150) * 4 + 3] == 200, "the middle is the art")
        let wide = RGBAImage(width: 900, height: 620, pixels: [UInt8](repeating: 200, count: 900 * 620 * 4))
        let kept = try ImageAnalyzer().analyze(StickerFitter(sizeClass: .large).fit(try PNGCodec.encode(wide)).data)
        #expect(kept.info.width == 618 && kept.info.height == 426, "within 300–618 on both sides: not padded")
        // Art that fits the box but has a short side is padded too, not refused as "never enlarged"
        // (a 700 × 250 banner was padded, a 600 × 250 one refused).
        let short = RGBAImage(width: 600, height: 250, pixels: [UInt8](repeating: 200, count: 600 * 250 * 4))
        let (padded, paddedReport) = try StickerFitter(sizeClass: .large).fit(try PNGCodec.encode(short))
        let paddedInfo = try ImageAnalyzer().analyze(padded).info
        #expect(paddedInfo.width == 618 && paddedInfo.height == 618 && paddedReport.fits && !paddedReport.isUnderMinimumSide, "\(paddedReport.steps)")
        #expect(paddedReport.steps.first == "centred on a transparent 618 × 618 px square (Messages rejects sides under 300 px)")
        // Art with every side under the minimum stays too small: padding would leave a speck.
        let tiny = RGBAImage(width: 200, height: 120, pixels: [UInt8](repeating: 200, count: 200 * 120 * 4))
        let tinyReport = try StickerFitter(sizeClass: .large).fit(try PNGCodec.encode(tiny)).report
        #expect(tinyReport.isUnderMinimumSide && !tinyReport.fits && tinyReport.unchanged)
    }

    /// A 610 × 290 sticker over 500,000 bytes was reduced to a palette and reported "Fitted" while
    /// its 290 px side still made Messages refuse it (and `--in-place` replaced the original).
    @Test func aHeavyStickerWithAShortSideIsPaddedAsWellAsLightened() throws {
        var pixels = [UInt8](repeating: 255, count: 610 * 290 * 4)
        var seed: UInt32 = 7
        for index in stride(from: 0, to: pixels.count, by: 4) {
            for channel in 0..<3 { seed = seed &* 1_664_525 &+ 1_013_904_223; pixels[index + channel] = UInt8(seed >> 24) }
        }
        let noisy = try PNGCodec.encode(RGBAImage(width: 610, height: 290, pixels: pixels))
        #expect(noisy.count >= StickerFitter.byteLimit, "the fixture must be too heavy: \(noisy.count)")
        let (output, report) = try StickerFitter(sizeClass: .large).fit(noisy)
        let info = try ImageAnalyzer().analyze(output).info
        #expect(info.width == 618 && info.height == 618, "\(report.steps)")
        #expect(report.fits == (output.count < StickerFitter.byteLimit) && !report.isUnderMinimumSide)
    }

    @Test func aHeavyStickerIsReducedToAPaletteUntilItFits() throws {
        let data = try Self.noisySticker()
        #expect(data.count >= 500_000, "the fixture must be too heavy to start with")
        let (output, report) = try StickerFitter(sizeClass: .large).fit(data)
        #expect(report.beforeBytes == data.count)
        #expect(report.afterBytes == output.count && output.count < 500_000)
        #expect(report.fits)
        #expect(report.steps.first == "re-encoded as PNG")
        #expect(report.steps.last?.hasPrefix("palette of ") == true)
        let psnr = try #require(report.psnr)
        #expect(psnr > 25 && psnr < 60, "PSNR \(psnr) is measured against the art")
        let fitted = try ImageAnalyzer().analyze(output)
        #expect(fitted.info.width == 618 && fitted.info.hasTransparentPixels == true)
    }

    @Test func animatedStickersStayAnimatedWithOnePalette() throws {
        let data = try Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"))
        let (output, report) = try StickerFitter(sizeClass: .small).fit(data)
        #expect(report.steps.first == "scaled to 300 × 300 px (small)")
        let fitted = try ImageAnalyzer().analyze(output)
        #expect(fitted.info.format == .apng)
        #expect(fitted.info.frameCount == 8)
        #expect(fitted.info.frameDelays == Array(repeating: 0.25, count: 8))
        #expect(fitted.info.loopCount == 0)
        #expect(fitted.info.width == 300)
    }

    @Test func aGIFThatPlaysOnceStaysAnAnimationThatPlaysOnce() throws {
        // weather-cycle.gif without its NETSCAPE2.0 block (loop forever): a GIF that plays once.
        var gif = [UInt8](try Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif")))
        let block: [UInt8] = [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8)
        let start = try #require((0...(gif.count - block.count)).first { gif[$0..<$0 + block.count].elementsEqual(block) })
        gif.removeSubrange(start..<start + block.count + 5)
        #expect(try ImageAnalyzer().analyze(Data(gif)).info.loopCount == nil)
        let (output, _) = try StickerFitter(sizeClass: .small).fit(Data(gif))
        #expect(try ImageAnalyzer().analyze(output).info.loopCount == 1, "an APNG that plays once, not forever")
    }
}
