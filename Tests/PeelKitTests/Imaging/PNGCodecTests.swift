import Foundation
import Testing
@testable import PeelKit

@Suite struct PNGCodecTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let bitDepth: Int
        let sha256: String?
        var testDescription: String { file }
    }

    /// Every valid PngSuite file, with the size and (for 8-bit and lower) the RGBA that Pillow
    /// decodes, written once into pngsuite-reference.tsv.
    static let references: [Reference] = {
        let url = Fixtures.root.appendingPathComponent("pngsuite-reference.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t").map(String.init)
            return Reference(file: parts[0], width: Int(parts[1])!, height: Int(parts[2])!, bitDepth: Int(parts[3])!,
                             sha256: parts[4] == "-" ? nil : parts[4])
        }
    }()

    static let corruptFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.pngSuite.path)) ?? []
        return names.filter { $0.hasPrefix("x") && $0.hasSuffix(".png") }.sorted()
    }()

    @Test func declaredSizeIsIHDRs() throws {
        let data = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"))
        let size = try #require(PNGChunks.declaredSize(in: data))
        #expect(size.width == 618 && size.height == 618)
        #expect(PNGChunks.declaredSize(in: data.prefix(23)) == nil, "too short for IHDR")
        var zeroWidth = data
        zeroWidth.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        #expect(PNGChunks.declaredSize(in: zeroWidth) == nil)
    }

    @Test func referenceListCoversTheSuite() {
        #expect(Self.references.count == 161)
        #expect(Self.corruptFiles.count == 14)
    }

    @Test(arguments: references)
    func decodesEveryValidFile(reference: Reference) throws {
        let data = try Fixtures.data(Fixtures.pngSuite.appendingPathComponent(reference.file))
        let (image, header) = try PNGCodec.decode(data, maxPixels: 1_000_000)
        #expect(image.width == reference.width)
        #expect(image.height == reference.height)
        #expect(header.bitDepth == reference.bitDepth)
        #expect(image.pixels.count == reference.width * reference.height * 4)
        if let expected = reference.sha256 {
            let digest = SHA256.hash(data: Data(image.pixels)).map { String(format: "%02x", $0) }.joined()
            #expect(digest == expected, "RGBA differs from the reference decode")
        }
    }

    @Test(arguments: corruptFiles)
    func refusesEveryCorruptFile(file: String) throws {
        let data = try Fixtures.data(Fixtures.pngSuite.appendingPathComponent(file))
        #expect(throws: ImageError.self) { try PNGCodec.decode(data, maxPixels: 1_000_000) }
    }

    @Test func interlacedAndPlainDecodeToTheSamePixels() throws {
        for name in ["0g01", "0g16", "2c16", "3p04", "4a16", "6a16"] {
            let plain = try PNGCodec.decode(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn\(name).png")), maxPixels: 0).0
            let interlaced = try PNGCodec.decode(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basi\(name).png")), maxPixels: 0)
            #expect(interlaced.1.interlaced)
            #expect(plain == interlaced.0, "basi\(name) differs from basn\(name)")
        }
    }

    @Test func sixteenBitIsScaledToEightBit() throws {
        // basn0g16 is a 16-bit grey ramp; its first pixel is black and it is opaque everywhere.
        let (image, header) = try PNGCodec.decode(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn0g16.png")), maxPixels: 0)
        #expect(header.bitDepth == 16)
        #expect(image[0, 0] == (0, 0, 0, 255))
        #expect(!image.hasTransparentPixels)
    }

    @Test func paletteWithTransparencyChunkGivesAlpha() throws {
        let (image, header) = try PNGCodec.decode(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("tbbn3p08.png")), maxPixels: 0)
        #expect(header.colorType == 3)
        #expect(header.hasTransparencyChunk)
        #expect(header.hasAlphaChannel)
        #expect(image.hasTransparentPixels)
    }

    @Test func lowBitGreyTransparencyKeyIsScaledLikeThePixels() throws {
        // tbbn0g04: 4-bit grey whose tRNS key is 15, i.e. white after expansion to 8 bits.
        let (image, _) = try PNGCodec.decode(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("tbbn0g04.png")), maxPixels: 0)
        var transparent = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                let isWhite = pixel.r == 255 && pixel.g == 255 && pixel.b == 255
                #expect((pixel.a == 0) == isWhite, "pixel (\(x), \(y)) = \(pixel)")
                if pixel.a == 0 { transparent += 1 }
            }
        }
        #expect(transparent == 464)
    }

    @Test func opaqueImageHasNoAlpha() throws {
        let (image, header) = try PNGCodec.decode(Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn2c08.png")), maxPixels: 0)
        #expect(!header.hasAlphaChannel)
        #expect(!image.hasTransparentPixels)
    }

    @Test func headerOverThePixelBudgetIsRefusedBeforeDecoding() throws {
        let data = try Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn6a08.png"))
        #expect(throws: ImageError.overPixelBudget(width: 32, height: 32, budget: 1_000)) {
            try PNGCodec.decode(data, maxPixels: 1_000)
        }
    }

    @Test func truncatedFileIsAnError() throws {
        let data = try Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn6a08.png"))
        for length in [0, 7, 8, 20, 33, data.count / 2, data.count - 13] {
            #expect(throws: ImageError.self) { try PNGCodec.decode(data.prefix(length), maxPixels: 0) }
        }
    }

    @Test func encodeRoundTripsPixelsExactly() throws {
        for name in ["basn6a08.png", "basn2c08.png", "tbbn3p08.png"] {
            let (image, _) = try PNGCodec.decode(Fixtures.data(Fixtures.pngSuite.appendingPathComponent(name)), maxPixels: 0)
            let encoded = try PNGCodec.encode(image)
            let (decoded, header) = try PNGCodec.decode(encoded, maxPixels: 0)
            #expect(decoded == image, "\(name) changed in a round trip")
            #expect(header.colorType == (image.hasTransparentPixels ? 6 : 2))
        }
    }

    @Test func apngChunksGiveFrameCount() throws {
        let data = try Fixtures.data(Fixtures.apng)
        let animation = try #require(PNGChunks.animation(in: data))
        #expect(animation.frameCount == 20)
        #expect(PNGChunks.animation(in: try Fixtures.data(Fixtures.pngSuite.appendingPathComponent("basn6a08.png"))) == nil)
    }

    /// A 1×1 red PNG whose zlib stream goes on with `surplus` compressed zero bytes after its one row:
    /// the default 64 MiB make a file of about 64 KB. libpng inflates such surplus in full after the
    /// last row (a 1 MB file cost a gigabyte of inflation).
    static func pngWithSurplusData(surplus: Int = 64 << 20) -> [UInt8] {
        let stream = DeflateCompressor.zlib([0, 255, 0, 0, 255] + [UInt8](repeating: 0, count: surplus), level: 6)
        let ihdr = UInt32(1).bigEndianBytes + UInt32(1).bigEndianBytes + [8, 6, 0, 0, 0]
        return PNGChunk.signature + PNGChunk(type: "IHDR", data: ihdr).encoded + PNGChunk(type: "IDAT", data: stream).encoded
            + PNGChunk(type: "IEND", data: []).encoded
    }

    static func goesOnPastTheImage(_ error: any Error) -> Bool {
        guard case .corrupt(let reason)? = error as? ImageError else { return false }
        return reason.contains("goes on past the last row of the image")
    }

    @Test func imageDataGoingOnPastTheImageIsCorruptAndNotInflated() throws {
        let sound = try PNGCodec.decode(Data(Self.pngWithSurplusData(surplus: 0)), maxPixels: 100).0
        #expect(sound.pixels == [255, 0, 0, 255])
        let file = Self.pngWithSurplusData()
        #expect(file.count < 1 << 20, "a small file")
        let start = ContinuousClock.now
        #expect(performing: { try PNGCodec.decode(Data(file), maxPixels: 100) }, throws: Self.goesOnPastTheImage)
        // 64 MiB inflate in well under a second anywhere; the bound is loose for a loaded machine,
        // the error above is what proves the surplus was refused.
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    /// The same surplus in an APNG frame's fdAT: every frame is decoded through the same reader.
    @Test func apngFrameDataGoingOnPastTheFrameIsCorrupt() throws {
        let sound = Self.pngWithSurplusData(surplus: 0), bomb = Self.pngWithSurplusData()
        let chunks = try PNGChunk.read(sound), bombChunks = try PNGChunk.read(bomb)
        func frameControl(_ sequence: UInt32) -> PNGChunk {
            PNGChunk(type: "fcTL", data: sequence.bigEndianBytes + UInt32(1).bigEndianBytes + UInt32(1).bigEndianBytes
                     + UInt32(0).bigEndianBytes + UInt32(0).bigEndianBytes + [0, 1, 0, 10, 0, 0])
        }
        let acTL = PNGChunk(type: "acTL", data: UInt32(2).bigEndianBytes + UInt32(0).bigEndianBytes)
        var apng = PNGChunk.signature + chunks[0].encoded + acTL.encoded + frameControl(0).encoded + chunks[1].encoded
        apng += frameControl(1).encoded + PNGChunk(type: "fdAT", data: UInt32(2).bigEndianBytes + bombChunks[1].data).encoded
        apng += PNGChunk(type: "IEND", data: []).encoded
        #expect(performing: { try ImageAnalyzer(maxPixels: 100).analyze(Data(apng)) }, throws: Self.goesOnPastTheImage)
    }
}
