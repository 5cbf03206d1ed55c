import Foundation
import Testing
@testable import PeelKit

/// The PNG fast path (libdeflate, png_fast_decode.c) against libpng: whatever it decodes, libpng
/// decodes to the same pixels, and whatever is unusual or damaged it leaves to libpng.
@Suite struct PNGFastDecodeTests {
    static let suiteFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.pngSuite.path)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted()
    }()

    @Test(arguments: suiteFiles)
    func agreesWithLibPNGOnPngSuite(file: String) throws {
        let data = try Fixtures.data(Fixtures.pngSuite.appendingPathComponent(file))
        guard let fast = PNGCodec.fastDecode(data, maxPixels: 1_000_000) else { return }
        let (reference, _) = try PNGCodec.decodeWithLibPNG(data, maxPixels: 1_000_000)
        #expect(fast == reference)
    }

    @Test func takesTheCommonKindsAndLeavesTheRest() throws {
        func fast(_ file: String) throws -> Bool {
            PNGCodec.fastDecode(try Fixtures.data(Fixtures.pngSuite.appendingPathComponent(file)), maxPixels: 1_000_000) != nil
        }
        // RGBA, RGB, grey, grey+alpha, palette, palette with tRNS; every filter type.
        for file in ["basn6a08.png", "basn2c08.png", "basn0g08.png", "basn4a08.png", "basn3p08.png", "tbbn3p08.png",
                     "f00n2c08.png", "f01n2c08.png", "f02n2c08.png", "f03n2c08.png", "f04n2c08.png", "f04n0g08.png"] {
            #expect(try fast(file), "\(file) should take the fast path")
        }
        // Interlaced, 16-bit, under 8 bits, colour-key tRNS: libpng's.
        for file in ["basi6a08.png", "basn6a16.png", "basn3p04.png", "tbrn2c08.png", "basn0g01.png"] {
            #expect(try !fast(file), "\(file) should be left to libpng")
        }
        // Every damaged file of the suite is libpng's, which reports what is wrong.
        for file in Self.suiteFiles where file.hasPrefix("x") {
            #expect(try !fast(file), "\(file) is damaged and should be left to libpng")
        }
    }

    @Test func agreesWithLibPNGOnTheSampleArt() throws {
        let content = Fixtures.packageRoot.appendingPathComponent("content")
        let files = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "png" } ?? []
        var taken = 0
        for url in files {
            let data = try Data(contentsOf: url)
            guard let fast = PNGCodec.fastDecode(data, maxPixels: 4_000_000) else { continue }
            taken += 1
            #expect(fast == (try PNGCodec.decodeWithLibPNG(data, maxPixels: 4_000_000)).0, "\(url.lastPathComponent)")
        }
        #expect(taken >= 10, "the sample art is ordinary 8-bit PNG")
    }

    /// RGBA art with every filter type, Paeth's four-byte path above all, split over several IDAT chunks.
    @Test func unfiltersEveryFilterOnRGBAAcrossSeveralChunks() throws {
        let width = 37, height = 10
        var generator = SplitMix(7)
        let pixels = (0..<width * height * 4).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let png = Self.png(width: width, height: height, colourType: 6, rows: pixels, filters: (0..<height).map { $0 % 5 },
                           idatSize: 97)
        let fast = try #require(PNGCodec.fastDecode(png, maxPixels: 10_000))
        #expect(fast.pixels == pixels)
        #expect(try PNGCodec.decode(png, maxPixels: 10_000).0.pixels == pixels)
    }

    /// Runs of Paeth rows, which are unfiltered four at a time, of every length around four, at
    /// widths narrower and wider than the four-pixel stagger, with values that tie often (few levels).
    @Test(arguments: [1, 2, 3, 4, 5, 37])
    func unfiltersRunsOfPaethRowsFourAtATime(width: Int) throws {
        var generator = SplitMix(UInt64(width))
        let filters = [4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 4, 4, 4, 2, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4]
        let height = filters.count
        let pixels = (0..<width * height * 4).map { index -> UInt8 in
            let random = generator.next()
            return index % 3 == 0 ? UInt8(truncatingIfNeeded: random) : [0, 128, 255][Int(random % 3)]
        }
        let png = Self.png(width: width, height: height, colourType: 6, rows: pixels, filters: filters, idatSize: 1000)
        let fast = try #require(PNGCodec.fastDecode(png, maxPixels: 10_000))
        #expect(fast.pixels == pixels)
        #expect(try PNGCodec.decodeWithLibPNG(png, maxPixels: 10_000).0.pixels == pixels)
    }

    @Test func leavesDamagedAndSurplusDataToLibPNG() throws {
        let width = 8, height = 4
        let pixels = [UInt8](repeating: 200, count: width * height * 4)
        let good = Self.png(width: width, height: height, colourType: 6, rows: pixels, filters: [1, 2, 3, 4], idatSize: 1 << 20)
        #expect(PNGCodec.fastDecode(good, maxPixels: 100) != nil)
        // A wrong IDAT CRC: libpng's error.
        var badCRC = good
        let idat = try #require(Self.offset(of: "IDAT", in: good))
        badCRC[idat + 4] ^= 0xff
        #expect(PNGCodec.fastDecode(badCRC, maxPixels: 100) == nil)
        #expect(throws: ImageError.self) { try PNGCodec.decode(badCRC, maxPixels: 100) }
        // An unknown filter type (5): libpng's error.
        let badFilter = Self.png(width: width, height: height, colourType: 6, rows: pixels, filters: [1, 5, 0, 0], idatSize: 1 << 20)
        #expect(PNGCodec.fastDecode(badFilter, maxPixels: 100) == nil)
        #expect(throws: ImageError.self) { try PNGCodec.decode(badFilter, maxPixels: 100) }
        // More image data than the image holds: left to libpng's rules for surplus data.
        let surplus = Self.png(width: width, height: height, colourType: 6, rows: pixels + [UInt8](repeating: 0, count: 33),
                               filters: [0, 0, 0, 0, 0], idatSize: 1 << 20)
        #expect(PNGCodec.fastDecode(surplus, maxPixels: 100) == nil)
        // Over the pixel budget: libpng's path, which names the budget.
        #expect(PNGCodec.fastDecode(good, maxPixels: 31) == nil)
        #expect(throws: ImageError.self) { try PNGCodec.decode(good, maxPixels: 31) }
    }

    // MARK: - Making PNGs by hand

    /// A PNG of 8-bit `rows` (colour type `colourType`), each row filtered as `filters` says (a
    /// filter past the rows adds a row of surplus data), stored (uncompressed) in a zlib stream cut
    /// into IDAT chunks of `idatSize` bytes.
    static func png(width: Int, height: Int, colourType: UInt8, rows: [UInt8], filters: [Int], idatSize: Int) -> Data {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colourType)]!
        let stride = width * channels
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: stride)
        for (y, filter) in filters.enumerated() {
            let start = y * stride
            let row = start + stride <= rows.count ? Array(rows[start..<start + stride]) : [UInt8](repeating: 0, count: stride)
            raw.append(UInt8(filter))
            for x in 0..<stride {
                let a = x >= channels ? Int(row[x - channels]) : 0, b = Int(previous[x]), c = x >= channels ? Int(previous[x - channels]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predicted = 0
                }
                raw.append(UInt8(truncatingIfNeeded: Int(row[x]) - predicted))
            }
            previous = row
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var blockStart = 0
        repeat {
            let count = min(65_535, raw.count - blockStart)
            let final: UInt8 = blockStart + count == raw.count ? 1 : 0
            zlib += [final, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8((~count >> 8) & 0xff)]
            zlib += raw[blockStart..<blockStart + count]
            blockStart += count
        } while blockStart < raw.count
        var s1: UInt32 = 1, s2: UInt32 = 0
        for byte in raw {
            s1 = (s1 + UInt32(byte)) % 65_521
            s2 = (s2 + s1) % 65_521
        }
        zlib += bigEndian((s2 << 16) | s1)
        var png = Data(PNGChunk.signature)
        png += PNGChunk(type: "IHDR", data: bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0]).encoded
        var offset = 0
        while offset < zlib.count {
            png += PNGChunk(type: "IDAT", data: Array(zlib[offset..<min(zlib.count, offset + idatSize)])).encoded
            offset += idatSize
        }
        png += PNGChunk(type: "IEND", data: []).encoded
        return png
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    /// Where the chunk of `type` starts (its length field).
    static func offset(of type: String, in png: Data) -> Int? {
        let bytes = [UInt8](png), name = [UInt8](type.utf8)
        return (8..<bytes.count - 4).first { Array(bytes[$0 + 4..<$0 + 8]) == name }
    }
}
