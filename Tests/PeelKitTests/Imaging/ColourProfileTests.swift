import CWebP
import Foundation
import Testing
@testable import PeelKit

/// Art in Display P3 (Procreate's and Photoshop's default for iPad and Mac art): the site's
/// thumbnails and posters carry the art's ICC profile, so a browser shows them in the original's
/// colours; untagged and sRGB art gets no profile.
@Suite struct ColourProfileTests {
    /// A matrix/TRC RGB display profile with Display P3's primaries (D50-adapted, as ICC stores
    /// them) and a 2.2 gamma, described as `description`: a v2 `desc` tag, or a v4 `mluc`.
    static func profile(description: String = "Display P3", version4: Bool = false, colourSpace: String = "RGB ") -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { UInt32(truncatingIfNeeded: value).bigEndianBytes }
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
            Array("XYZ ".utf8) + [0, 0, 0, 0] + [x, y, z].flatMap { be32(Int(($0 * 65536).rounded())) }
        }
        let curve = Array("curv".utf8) + [0, 0, 0, 0] + be32(1) + [2, 0x33, 0, 0]  // gamma 2.2 (u8Fixed8), padded
        let text: [UInt8]
        if version4 {
            let utf16 = description.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            text = Array("mluc".utf8) + [0, 0, 0, 0] + be32(1) + be32(12) + Array("enUS".utf8) + be32(utf16.count) + be32(28) + utf16
        } else {
            let ascii = Array(description.utf8) + [0]
            text = Array("desc".utf8) + [0, 0, 0, 0] + be32(ascii.count) + ascii + [UInt8](repeating: 0, count: 4 + 4 + 2 + 1 + 67)
        }
        let tags: [(String, [UInt8])] = [
            ("desc", text), ("wtpt", xyz(0.9642, 1.0, 0.8249)),
            ("rXYZ", xyz(0.5151, 0.2412, -0.0011)), ("gXYZ", xyz(0.2920, 0.6922, 0.0419)), ("bXYZ", xyz(0.1571, 0.0666, 0.7841)),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        var table = be32(tags.count), data: [UInt8] = []
        let dataStart = 128 + 4 + tags.count * 12
        for (signature, payload) in tags {
            table += Array(signature.utf8) + be32(dataStart + data.count) + be32(payload.count)
            data += payload + [UInt8](repeating: 0, count: (4 - payload.count % 4) % 4)
        }
        var header = [UInt8](repeating: 0, count: 128)
        let size = 128 + table.count + data.count
        header.replaceSubrange(0..<4, with: be32(size))
        header.replaceSubrange(8..<12, with: version4 ? [4, 0x30, 0, 0] : [2, 0x10, 0, 0])
        header.replaceSubrange(12..<16, with: Array("mntr".utf8))
        header.replaceSubrange(16..<20, with: Array(colourSpace.utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        header.replaceSubrange(68..<80, with: [0.9642, 1.0, 0.8249].flatMap { be32(Int(($0 * 65536).rounded())) })
        return header + table + data
    }

    /// `png` tagged with `profile` in an `iCCP` chunk.
    static func tagged(_ png: Data, with profile: [UInt8]) -> Data {
        let chunk = PNGChunk(type: "iCCP", data: Array("Display P3".utf8) + [0, 0] + DeflateCompressor.zlib(profile))
        return PNGChunks.inserting([Data(chunk.encoded)], into: png)
    }

    /// `jpeg` with `profile` in APP2 `ICC_PROFILE` segments of at most `part` bytes, written last part first.
    static func tagged(jpeg: Data, with profile: [UInt8], part: Int) -> Data {
        let parts = stride(from: 0, to: profile.count, by: part).map { Array(profile[$0..<min($0 + part, profile.count)]) }
        var segments: [UInt8] = []
        for (index, bytes) in parts.enumerated().reversed() {
            let body = Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(parts.count)] + bytes
            segments += [0xFF, 0xE2] + UInt16(body.count + 2).bigEndianBytes + body
        }
        var result = Data(jpeg.prefix(2))
        result.append(contentsOf: segments)
        result.append(jpeg.dropFirst(2))
        return result
    }

    /// The payload of a WebP's `ICCP` chunk and whether VP8X declares one, as libwebp's demuxer reads them.
    static func webpProfile(_ webp: Data) -> (flagged: Bool, profile: [UInt8]?) {
        webp.withUnsafeBytes { bytes in
            var input = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)
            guard let demux = WebPDemux(&input) else { return (false, nil) }
            defer { WebPDemuxDelete(demux) }
            let flagged = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & UInt32(ICCP_FLAG.rawValue) != 0
            var iterator = WebPChunkIterator()
            guard WebPDemuxGetChunk(demux, "ICCP", 1, &iterator) != 0 else { return (flagged, nil) }
            defer { WebPDemuxReleaseChunkIterator(&iterator) }
            return (flagged, Array(UnsafeBufferPointer(start: iterator.chunk.bytes, count: iterator.chunk.size)))
        }
    }

    @Test func aPNGsDisplayP3ProfileIsReadAndSRGBOrGreyProfilesAreNot() throws {
        let png = try Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/animals/cat.png"))
        let p3 = Self.profile()
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: p3))?.bytes == p3)
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: Self.profile(version4: true)))?.description == "Display P3")
        #expect(ColourProfile.embedded(in: png) == nil, "untagged")
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: Self.profile(description: "sRGB IEC61966-2.1"))) == nil)
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: Self.profile(description: "sRGB built-in", version4: true))) == nil)
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: Self.profile(colourSpace: "GRAY"))) == nil, "not for RGB pixels")
        var wrongSize = p3
        wrongSize[3] &+= 4
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: wrongSize)) == nil, "a declared size that is not the profile's")
        var damaged = Self.tagged(png, with: p3)
        let start = damaged.range(of: Data("iCCP".utf8))!.upperBound + 14
        damaged.replaceSubrange(start..<start + 8, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(ColourProfile.embedded(in: damaged) == nil, "a zlib stream that does not inflate")
    }

    @Test func aJPEGsProfileIsJoinedFromItsPartsInSequenceOrder() throws {
        let jpeg = try Fixtures.data(Fixtures.packageRoot.appendingPathComponent("Tests/PeelKitTests/Fixtures/jpeg/orientation-1.jpg"))
        let p3 = Self.profile()
        #expect(ColourProfile.embedded(in: Self.tagged(jpeg: jpeg, with: p3, part: 100))?.bytes == p3)
        #expect(ColourProfile.embedded(in: Self.tagged(jpeg: jpeg, with: p3, part: 10_000))?.bytes == p3)
        // A part missing: no profile rather than a wrong one.
        let parts = Self.tagged(jpeg: jpeg, with: p3, part: 100)
        let second = parts.range(of: Data("ICC_PROFILE".utf8))!  // the last part comes first
        let segmentStart = second.lowerBound - 4
        let length = Int(parts[segmentStart + 2]) << 8 | Int(parts[segmentStart + 3])
        var missing = parts
        missing.removeSubrange(segmentStart..<segmentStart + 2 + length)
        #expect(ColourProfile.embedded(in: missing) == nil)
    }

    @Test func thumbnailsAndPostersOfP3ArtCarryItsProfileAndUntaggedArtNone() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        let p3 = Self.profile()
        for name in ["animals/cat.png", "motion/weather-cycle-apng.png"] {
            let file = folder.url.appendingPathComponent("content/\(name)")
            try Self.tagged(try Data(contentsOf: file), with: p3).write(to: file)
        }
        let site = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site,
                                                                 cache: folder.url.appendingPathComponent("cache"))).build()
        #expect(!report.findings.hasErrors)
        func files(_ folder: String, _ prefix: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(folder).path)
                .filter { $0.hasPrefix(prefix) && ($0.hasSuffix(".webp") || $0.hasSuffix("-poster.png")) }.sorted()
        }
        let tagged = try files("animals/cat", "cat-").map { "animals/cat/\($0)" }
            + files("motion/weather-cycle-apng", "weather-cycle-apng-").map { "motion/weather-cycle-apng/\($0)" }
        #expect(tagged.filter { $0.hasSuffix(".webp") }.count >= 6, "two stills, two animations, two animation posters: \(tagged)")
        #expect(tagged.contains { $0.hasSuffix("-poster.png") })
        for path in tagged {
            let data = try Data(contentsOf: site.appendingPathComponent(path))
            if path.hasSuffix(".png") {
                #expect(ColourProfile.embedded(in: data)?.bytes == p3, "\(path)")
                _ = try PNGCodec.decode(data, maxPixels: 1 << 24)
            } else {
                let found = Self.webpProfile(data)
                #expect(found.flagged && found.profile == p3, "\(path)")
                if WebPContainer.isAnimated(data) { _ = try WebPCodec.decodeAnimation(data) } else { _ = try WebPCodec.decode(data) }
            }
        }
        for path in try files("animals/fox", "fox-").map({ "animals/fox/\($0)" }) {
            let found = Self.webpProfile(try Data(contentsOf: site.appendingPathComponent(path)))
            #expect(!found.flagged && found.profile == nil, "untagged art: \(path)")
        }
    }
}
