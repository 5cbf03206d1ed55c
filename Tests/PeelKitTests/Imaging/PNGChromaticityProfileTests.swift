import Foundation
import Testing
@testable import PeelKit

/// A PNG's `gAMA` and `cHRM` chunks, which browsers apply, become the profile its derived files
/// carry; they were ignored, so a thumbnail of linear-light art showed other colours than the original.
@Suite struct PNGChromaticityProfileTests {
    static func with(_ png: Data, _ chunks: [(String, [UInt32])], srgb: Bool = false) -> Data {
        var encoded = chunks.map { type, values in
            Data(PNGChunk(type: type, data: values.flatMap { $0.bigEndianBytes }).encoded)
        }
        if srgb { encoded.append(Data(PNGChunk(type: "sRGB", data: [0]).encoded)) }
        return PNGChunks.inserting(encoded, into: png)
    }

    static let grey128 = try! PNGCodec.encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 64).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }))
    static let srgbChromaticities: [UInt32] = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]

    @Test func linearLightArtIsShownInItsOwnColours() throws {
        let linear = Self.with(Self.grey128, [("gAMA", [100_000])])
        let profile = try #require(ColourProfile.embedded(in: linear))
        #expect(Array(profile.bytes[24..<36]) == [0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0], "the same bytes at every build")
        let analyzed = try ImageAnalyzer().analyze(linear)
        #expect(analyzed.profile == profile, "thumbnails, posters and icon sets carry it")
        // Level 128 in linear light is half the light: sRGB's 188.
        let shown = SRGBConversion.convert(analyzed.decoded.frames[0].image, from: analyzed.profile)
        #expect(shown.pixels[0..<3].allSatisfy { abs(Int($0) - 188) <= 1 }, "\(Array(shown.pixels[0..<4]))")
        // PngSuite's gamma 1.0 file, as a browser reads it.
        let suite = try Data(contentsOf: Fixtures.pngSuite.appendingPathComponent("g10n2c08.png"))
        #expect(ColourProfile.embedded(in: suite) == profile)
    }

    @Test func anSRGBOrICCChunkTakesPrecedence() throws {
        #expect(ColourProfile.embedded(in: Self.with(Self.grey128, [("gAMA", [100_000])], srgb: true)) == nil)
        // The chunks sRGB-savvy exporters write beside sRGB: sRGB.
        #expect(ColourProfile.embedded(in: Self.with(Self.grey128, [("gAMA", [45455]), ("cHRM", Self.srgbChromaticities)], srgb: true)) == nil)
        #expect(ColourProfile.embedded(in: Self.grey128) == nil, "untagged art is sRGB")
    }

    /// A PNG that declares Display P3 with `cICP` (PNG 3rd edition; HDR and P3 exporters write it),
    /// no profile: its thumbnails were untagged, so a browser showed them in sRGB numbers beside
    /// the original it shows in P3, and the messenger files were not converted.
    @Test func aCICPChunkDeclaresTheColourSpaceAndTakesPrecedence() throws {
        func cicp(_ primaries: UInt8, _ transfer: UInt8, into png: Data = Self.grey128) -> Data {
            PNGChunks.inserting([Data(PNGChunk(type: "cICP", data: [primaries, transfer, 0, 1]).encoded)], into: png)
        }
        let p3 = try #require(ColourProfile.embedded(in: cicp(12, 13)))
        #expect(p3 == CompactProfile.displayP3, "Display P3 with sRGB's curve")
        // Pure P3 red as sRGB: out of sRGB's gamut, clipped to full red with a little green and blue taken away.
        let red = try PNGCodec.encode(RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255]))
        let shown = SRGBConversion.convert(try ImageAnalyzer().analyze(cicp(12, 13, into: red)).decoded.frames[0].image,
                                           from: ColourProfile.embedded(in: cicp(12, 13, into: red)))
        #expect(shown.pixels[0] == 255 && shown.pixels[1] < 40, "\(shown.pixels)")
        #expect(ColourProfile.embedded(in: cicp(1, 13)) == nil, "sRGB's own numbers need no profile")
        #expect(ColourProfile.embedded(in: cicp(9, 16)) == nil, "PQ (HDR) cannot be an ICC profile: drawn untagged")
        #expect(ColourProfile.embedded(in: cicp(1, 8)) == ColourProfile.embedded(in: Self.with(Self.grey128, [("gAMA", [100_000])])),
                "BT.709 primaries in linear light are linear sRGB")
        // Over a gAMA and even an iCCP: cICP is what browsers read first.
        #expect(ColourProfile.embedded(in: cicp(12, 13, into: Self.with(Self.grey128, [("gAMA", [100_000])]))) == p3)
    }

    @Test func gammaAndPrimariesAloneOrTogether() throws {
        // 2.2 is not sRGB's curve (a tenth of the darkest levels apart); browsers draw it as 2.2.
        #expect(ColourProfile.embedded(in: Self.with(Self.grey128, [("gAMA", [45455])])) != nil)
        // sRGB's primaries alone take sRGB's curve, as Chrome does: sRGB, nothing to carry.
        #expect(ColourProfile.embedded(in: Self.with(Self.grey128, [("cHRM", Self.srgbChromaticities)])) == nil)
        // Wider primaries (Adobe RGB's green) are carried.
        let wide: [UInt32] = [31270, 32900, 64000, 33000, 21000, 71000, 15000, 6000]
        let adobe = try #require(ColourProfile.embedded(in: Self.with(Self.grey128, [("cHRM", wide), ("gAMA", [45455])])))
        #expect(adobe != ColourProfile.embedded(in: Self.with(Self.grey128, [("gAMA", [45455])])))
        // Values no file can mean are ignored: no gamma of 0, no primary at 0.
        #expect(ColourProfile.embedded(in: Self.with(Self.grey128, [("gAMA", [0])])) == nil)
        #expect(ColourProfile.embedded(in: Self.with(Self.grey128, [("cHRM", [0, 0, 0, 0, 0, 0, 0, 0])])) == nil)
    }
}
