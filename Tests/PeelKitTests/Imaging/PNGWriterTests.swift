import Foundation
import Testing
@testable import PeelKit

@Suite struct PNGWriterTests {
    /// Deterministic pseudo-random pixels (xorshift), with every alpha from 0 to 255 when `alpha`.
    static func noise(width: Int, height: Int, alpha: Bool, seed: UInt64) -> RGBAImage {
        var state = seed | 1
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in pixels.indices {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            pixels[index] = UInt8(truncatingIfNeeded: state)
            if !alpha && index % 4 == 3 { pixels[index] = 255 }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(1, 1), (2, 1), (1, 7), (37, 19), (320, 320)])
    func roundTripsThroughLibpng(size: (Int, Int)) throws {
        for alpha in [true, false] {
            let image = Self.noise(width: size.0, height: size.1, alpha: alpha, seed: UInt64(size.0 * 1000 + size.1))
            let data = try PNGCodec.encode(image, compression: .fast, alpha: alpha)
            let (decoded, header) = try PNGCodec.decode(data, maxPixels: 1 << 20)
            #expect(decoded == image)
            #expect(header.colorType == (alpha ? 6 : 2))
        }
    }

    @Test func opaqueImagesDropTheirAlphaChannel() throws {
        let image = Self.noise(width: 16, height: 16, alpha: false, seed: 7)
        let (_, header) = try PNGCodec.decode(try PNGCodec.encode(image), maxPixels: 1 << 20)
        #expect(header.colorType == 2)
        #expect(!header.hasAlphaChannel)
    }

    /// The fast writer must not cost much in size: on real sticker art it stays within 10 % of
    /// libpng trying every filter at zlib level 9.
    @Test(arguments: ["content/faces/grinning.png", "content/weather/sun.png", "content/animals/cat.png"])
    func staysCloseToLibpngsSmallest(path: String) throws {
        let data = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent(path))
        let (art, _) = try PNGCodec.decode(data, maxPixels: 1 << 22)
        let thumbnail = Resampler.resize(art, width: 160, height: 160)
        let fast = try PNGCodec.encode(thumbnail, compression: .fast)
        let smallest = try PNGCodec.encode(thumbnail, compression: .smallest)
        #expect(Double(fast.count) < Double(smallest.count) * 1.10, "fast \(fast.count) bytes vs smallest \(smallest.count)")
        #expect(try PNGCodec.decode(fast, maxPixels: 1 << 20).0 == thumbnail)
    }

    @Test func paletteImagesDecodeToTheirPaletteColours() throws {
        // Three colours, one translucent and one fully transparent, then an opaque one after them.
        let palette: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255]
        let indices: [UInt8] = (0..<(13 * 7)).map { UInt8($0 % 4) }
        let data = PNGWriter.encode(indices: indices, width: 13, height: 7, palette: palette, colorCount: 4)
        let (decoded, header) = try PNGCodec.decode(data, maxPixels: 1 << 20)
        #expect(header.colorType == 3 && header.hasTransparencyChunk)
        let expected = indices.flatMap { palette[(Int($0) * 4)..<(Int($0) * 4 + 4)] }
        #expect(decoded.pixels == expected)
    }

    @Test func crcMatchesThePNGSpecificationsCheckValue() {
        // The CRC-32 check value of "123456789" (ISO 3309 / ITU-T V.42), and continuation.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("6789".utf8), startingWith: CRC32.checksum(Array("12345".utf8))) == 0xCBF4_3926)
    }
}
