import CWebP
import Foundation
import Testing
import ZIPFoundation
@testable import PeelKit

/// Art in Display P3 (Procreate's and Photoshop's default for iPad and Mac art): the site's
/// thumbnails and posters carry the art's ICC profile, so a browser shows them in the original's
/// colours; untagged and sRGB art gets no profile.
@Suite struct ColourProfileTests {
    /// The colours a test profile gives: its primaries (D50-adapted, as ICC stores them) and tone curve.
    enum Colours {
        /// Display P3's primaries with a 2.2 gamma.
        case displayP3
        /// sRGB's primaries and its piecewise curve (a `para` curve of type 3).
        case sRGB
        /// sRGB's primaries in linear light (Krita's "sRGB-elle-V2-g10").
        case linearSRGB
    }

    /// A matrix/TRC RGB display profile giving `colours`, described as `description`: a v2 `desc`
    /// tag, or a v4 `mluc`.
    static func profile(_ colours: Colours = .displayP3, description: String = "Display P3", version4: Bool = false,
                        colourSpace: String = "RGB ") -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { UInt32(truncatingIfNeeded: value).bigEndianBytes }
        func fixed(_ value: Double) -> [UInt8] { be32(Int((value * 65536).rounded())) }
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + [x, y, z].flatMap(fixed) }
        let curve: [UInt8]
        let primaries: [[Double]]
        switch colours {
        case .displayP3:
            curve = Array("curv".utf8) + [0, 0, 0, 0] + be32(1) + [2, 0x33, 0, 0]  // gamma 2.2 (u8Fixed8), padded
            primaries = [[0.5151, 0.2412, -0.0011], [0.2920, 0.6922, 0.0419], [0.1571, 0.0666, 0.7841]]
        case .sRGB:
            curve = Array("para".utf8) + [0, 0, 0, 0] + [0, 3, 0, 0] + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(fixed)
            primaries = [[0.4361, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141]]
        case .linearSRGB:
            curve = Array("curv".utf8) + [0, 0, 0, 0] + be32(0)  // no entries: identity
            primaries = [[0.4361, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141]]
        }
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
            ("rXYZ", xyz(primaries[0][0], primaries[0][1], primaries[0][2])), ("gXYZ", xyz(primaries[1][0], primaries[1][1], primaries[1][2])),
            ("bXYZ", xyz(primaries[2][0], primaries[2][1], primaries[2][2])),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        return assemble(tags, colourSpace: colourSpace, version4: version4)
    }

    /// A display profile of `tags` (signature, payload): the 128-byte header, the tag table, the
    /// tags padded to four bytes.
    static func assemble(_ tags: [(String, [UInt8])], colourSpace: String, version4: Bool = false) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { UInt32(truncatingIfNeeded: value).bigEndianBytes }
        var table = be32(tags.count), data: [UInt8] = []
        let dataStart = 128 + 4 + tags.count * 12
        for (signature, payload) in tags {
            table += Array(signature.utf8) + be32(dataStart + data.count) + be32(payload.count)
            data += payload + [UInt8](repeating: 0, count: (4 - payload.count % 4) % 4)
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: be32(128 + table.count + data.count))
        header.replaceSubrange(8..<12, with: version4 ? [4, 0x30, 0, 0] : [2, 0x10, 0, 0])
        header.replaceSubrange(12..<16, with: Array("mntr".utf8))
        header.replaceSubrange(16..<20, with: Array(colourSpace.utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        header.replaceSubrange(68..<80, with: [0.9642, 1.0, 0.8249].flatMap { be32(Int(($0 * 65536).rounded())) })
        return header + table + data
    }

    /// A grey display profile whose tone curve is the gamma `gamma` (1: linear light, as a
    /// scanner's or a compositor's grey), with a D50 white.
    static func greyProfile(gamma: Double) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { UInt32(truncatingIfNeeded: value).bigEndianBytes }
        func fixed(_ value: Double) -> [UInt8] { be32(Int((value * 65536).rounded())) }
        let description = Array("Grey gamma \(gamma)".utf8) + [0]
        let tags: [(String, [UInt8])] = [
            ("desc", Array("desc".utf8) + [0, 0, 0, 0] + be32(description.count) + description + [UInt8](repeating: 0, count: 4 + 4 + 2 + 1 + 67)),
            ("wtpt", Array("XYZ ".utf8) + [0, 0, 0, 0] + [0.9642, 1.0, 0.8249].flatMap(fixed)),
            ("kTRC", Array("curv".utf8) + [0, 0, 0, 0] + be32(1) + [UInt8(gamma), UInt8((gamma - gamma.rounded(.down)) * 256), 0, 0]),
        ]
        return assemble(tags, colourSpace: "GRAY")
    }

    /// A pseudo-random number for a pixel (a hash of its place), for grain PNG cannot compress.
    static func noise(_ x: Int, _ y: Int) -> Int {
        var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
        h = (h ^ (h >> 16)) &* 0x45D9_F3B
        return Int((h ^ (h >> 16)) & 0xFFFF)
    }

    /// A greyscale PNG (colour type 0, or 4 with alpha), filter 0 on every row.
    static func greyPNG(width: Int, height: Int, alpha: Bool, pixel: (Int, Int) -> [UInt8]) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += pixel(x, y).prefix(alpha ? 2 : 1) }
        }
        let ihdr = UInt32(width).bigEndianBytes + UInt32(height).bigEndianBytes + [8, alpha ? 4 : 0, 0, 0, 0]
        var png = Data(PNGChunk.signature)
        for chunk in [PNGChunk(type: "IHDR", data: ihdr), PNGChunk(type: "IDAT", data: DeflateCompressor.zlib(raw)), PNGChunk(type: "IEND", data: [])] {
            png.append(contentsOf: chunk.encoded)
        }
        return png
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
        let version4 = Self.profile(version4: true)
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: version4))?.bytes == version4)
        #expect(ColourProfile.embedded(in: png) == nil, "untagged")
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: Self.profile(.sRGB, description: "sRGB IEC61966-2.1"))) == nil)
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: Self.profile(.sRGB, description: "Camera RGB", version4: true))) == nil,
                "sRGB by its colours, whatever its name")
        let linear = Self.profile(.linearSRGB, description: "sRGB-elle-V2-g10.icc")
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: linear))?.bytes == linear, "linear light, whatever its name")
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: Self.profile(colourSpace: "GRAY"))) == nil, "not for RGB pixels")
        var wrongSize = p3
        wrongSize[3] &+= 4
        #expect(ColourProfile.embedded(in: Self.tagged(png, with: wrongSize)) == nil, "a declared size that is not the profile's")
        var damaged = Self.tagged(png, with: p3)
        let start = damaged.range(of: Data("iCCP".utf8))!.upperBound + 14
        damaged.replaceSubrange(start..<start + 8, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(ColourProfile.embedded(in: damaged) == nil, "a zlib stream that does not inflate")
    }

    /// Greyscale art with a grey profile (Photoshop's grey working spaces): derived files are RGB
    /// and cannot carry a grey profile, so they carry the RGB profile that shows the same greys.
    /// Linear-light grey 128 is sRGB 188 (Y 0.502); it was dropped, and the thumbnails showed 128.
    @Test func greyArtsGreyProfileBecomesAnRGBProfileThatShowsTheSameGreys() async throws {
        let linearGrey = Self.greyProfile(gamma: 1)
        let grey = Self.greyPNG(width: 300, height: 300, alpha: true) { x, y in
            (x - 150) * (x - 150) + (y - 150) * (y - 150) < 120 * 120 ? [128, 255] : [0, 0]
        }
        let tagged = Self.tagged(grey, with: linearGrey)
        let profile = try #require(ColourProfile.embedded(in: tagged))
        #expect(profile.bytes[16..<20].elementsEqual("RGB ".utf8))
        // The same bytes whenever it is made: no creation time, so thumbnails are byte-identical between builds.
        #expect(Array(profile.bytes[24..<36]) == [0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        let analyzed = try ImageAnalyzer().analyze(tagged)
        #expect(analyzed.profile == profile)
        let shown = SRGBConversion.convert(analyzed.decoded.frames[0].image, from: analyzed.profile)
        let middle = (150 * 300 + 150) * 4
        #expect(Array(shown.pixels[middle..<middle + 4]).enumerated().allSatisfy { $0.offset == 3 ? $0.element == 255 : abs(Int($0.element) - 188) <= 1 },
                "\(Array(shown.pixels[middle..<middle + 4]))")
        // Gamma 2.2 grey is close to sRGB's curve, yet not within a level everywhere: carried too.
        #expect(ColourProfile.embedded(in: Self.tagged(grey, with: Self.greyProfile(gamma: 2.2))) != nil)
        // A grey profile on colour pixels is the file's error, ignored as browsers do.
        let colour = try PNGCodec.encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 64)))
        #expect(ColourProfile.embedded(in: Self.tagged(colour, with: linearGrey)) == nil)

        // Through a build: the thumbnails carry the RGB profile.
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Greys\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Grey\nsize: small\n---\n", to: "content/grey/pack.md")
        // Grain, so the thumbnails are lighter than the PNG and published (else the page shows the original).
        let grainy = Self.greyPNG(width: 300, height: 300, alpha: true) { x, y in
            (x - 150) * (x - 150) + (y - 150) * (y - 150) < 120 * 120 ? [UInt8(96 + Self.noise(x, y) % 64), 255] : [0, 0]
        }
        try folder.write(Self.tagged(grainy, with: linearGrey), to: "content/grey/disc.png")
        try folder.write("---\nalt: A grey disc\n---\n", to: "content/grey/disc.md")
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("grey/disc").path).filter { $0.hasSuffix(".webp") }
        #expect(!thumbnails.isEmpty)
        #expect(profile.bytes.count < 1_200, "one curve, linked to the three channels: \(profile.bytes.count) bytes")
        for name in thumbnails {
            let carried = Self.webpProfile(try Data(contentsOf: site.appendingPathComponent("grey/disc/\(name)")))
            #expect(carried.flagged && carried.profile == profile.bytes, "\(name)")
        }
    }

    /// The test profile's (128, 64, 32) in sRGB, worked out with numpy: its 2.2 gamma to linear
    /// light (0.2196, 0.0478, 0.0104), its primaries to XYZ and sRGB's back (0.2582, 0.0406, 0.0034),
    /// sRGB's curve: (139.0, 56.8, 11.0).
    @Test func messengerStickersAreConvertedToSRGB() async throws {
        let p3 = ColourProfile(validating: Self.profile())
        var pixels = [UInt8](repeating: 0, count: 408 * 408 * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) where (index / 4) % 408 > 20 {
            pixels.replaceSubrange(index..<index + 4, with: [128, 64, 32, 255])
        }
        let art = RGBAImage(width: 408, height: 408, pixels: pixels)
        let converted = SRGBConversion.convert(art, from: p3)
        let sample = Array(converted.pixels[(200 * 408 + 200) * 4..<(200 * 408 + 200) * 4 + 4])
        #expect(zip(sample, [139, 57, 11, 255] as [UInt8]).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(sample)")
        #expect(SRGBConversion.convert(art, from: nil).pixels == art.pixels)
        #expect(converted.pixels[3] == 0, "alpha kept")

        // Through a build: the site's Discord download holds the sticker in sRGB.
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Colours\nplatforms: [imessage, discord]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Brown\n---\n", to: "content/brown/pack.md")
        try folder.write(Self.tagged(try PNGCodec.encode(art), with: Self.profile()), to: "content/brown/square.png")
        try folder.write("---\nalt: Brown square\nemoji: [🟫]\n---\n", to: "content/brown/square.md")
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        let archive = try Archive(url: site.appendingPathComponent("brown/brown-discord.zip"), accessMode: .read)
        let entry = try #require(archive.first { $0.path.hasSuffix(".png") && !$0.path.contains("icon") })
        var bytes = Data()
        _ = try archive.extract(entry) { bytes.append($0) }
        let exported = try PNGCodec.decode(bytes, maxPixels: 1 << 24).0
        let middle = (exported.height / 2 * exported.width + exported.width / 2) * 4
        let shown = Array(exported.pixels[middle..<middle + 3])
        #expect(zip(shown, [139, 57, 11] as [UInt8]).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(shown)")
    }

    /// `peel fit` and `export xcode --resize` turn a JPEG too large for its class into a PNG: the
    /// JPEG's profile (APP2) becomes its iCCP. The fixture is 400 px Display P3 (made with Pillow
    /// from `profile()`), fitted to `small`.
    @Test func aJPEGFittedToPNGKeepsItsProfile() throws {
        let jpeg = try Fixtures.data(Fixtures.packageRoot.appendingPathComponent("Tests/PeelKitTests/Fixtures/jpeg/display-p3-400.jpg"))
        #expect(ColourProfile.embedded(in: jpeg)?.bytes == Self.profile())
        let fitted = try StickerFitter(sizeClass: .small).fit(jpeg)
        #expect(fitted.data.starts(with: PNGChunk.signature) && fitted.report.afterSize.0 == 300)
        #expect(ColourProfile.embedded(in: fitted.data)?.bytes == Self.profile())
    }

    /// Grey art too large for its class, fitted: Peel writes RGB(A) pixels, so its grey profile
    /// goes as the RGB profile that shows the same greys. Copied as it was (a GRAY profile on RGB
    /// pixels, which libpng and browsers drop), the fitted copy's 128 showed as 128, not ~146.
    @Test func greyArtFittedCarriesItsGreysAsAnRGBProfile() throws {
        let grey = Self.greyPNG(width: 400, height: 400, alpha: true) { _, y in y < 40 ? [0, 0] : [128, 255] }
        let tagged = Self.tagged(grey, with: Self.greyProfile(gamma: 1.8))
        let original = try #require(ColourProfile.embedded(in: tagged))
        let fitted = try StickerFitter(sizeClass: .small).fit(tagged)
        #expect(fitted.report.afterSize.0 == 300)
        let iCCP = PNGChunks.chunks(["iCCP"], in: fitted.data)
        #expect(iCCP.count == 1 && iCCP.allSatisfy(ColourProfile.isRGB(iCCP:)), "one RGB profile, no grey one on RGB pixels")
        #expect(ColourProfile.embedded(in: fitted.data) == original)
        let (image, _) = try PNGCodec.decode(fitted.data, maxPixels: 1 << 20)
        let shown = SRGBConversion.convert(image, from: ColourProfile.embedded(in: fitted.data))
        let middle = (150 * 300 + 150) * 4
        #expect(abs(Int(shown.pixels[middle]) - 146) <= 2, "gamma 1.8's 128 is about sRGB 146: \(shown.pixels[middle])")
        // An RGB profile is copied as it was (its name and bytes).
        let p3 = Self.tagged(try PNGCodec.encode(RGBAImage(width: 400, height: 400, pixels: [UInt8](repeating: 200, count: 400 * 400 * 4))),
                             with: Self.profile())
        #expect(PNGChunks.chunks(["iCCP"], in: try StickerFitter(sizeClass: .small).fit(p3).data) == PNGChunks.chunks(["iCCP"], in: p3))
    }

    /// Parts layers drawn in Display P3: the composed art carries the profile (it was untagged, so
    /// P3 numbers showed as sRGB, washed out); layers in different profiles are converted to sRGB.
    @Test func composedPartsKeepTheirLayersColours() throws {
        let p3 = try #require(ColourProfile(validating: Self.profile()))
        let layer = RGBAImage(width: 4, height: 4, pixels: Array([[UInt8]](repeating: [200, 80, 40, 255], count: 16).joined()))
        let clear = RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64))
        let same = try #require(PartsPack.composedArt([(layer, p3), (clear, p3)]))
        #expect(ColourProfile.embedded(in: same)?.bytes == Self.profile())
        #expect(Array(try PNGCodec.decode(same, maxPixels: 100).0.pixels.prefix(4)) == [200, 80, 40, 255])
        let mixed = try #require(PartsPack.composedArt([(layer, p3), (clear, nil)]))
        #expect(ColourProfile.embedded(in: mixed) == nil)
        let pixel = Array(try PNGCodec.decode(mixed, maxPixels: 100).0.pixels.prefix(4))
        #expect(pixel[0] > 210 && pixel[2] < 20, "P3 (200, 80, 40) is about sRGB (218, 67, 3): \(pixel)")
    }

    /// A grey disc of raw value 40 in a linear-light profile shows as sRGB 110 (4.1:1 on black):
    /// it was measured as sRGB 40 (1.4:1) and reported as vanishing on the dark transcript.
    @Test func visibilityIsMeasuredInTheColoursPeopleSee() throws {
        var pixels = [UInt8](repeating: 0, count: 300 * 300 * 4)
        for y in 0..<300 {
            for x in 0..<300 where (x - 150) * (x - 150) + (y - 150) * (y - 150) < 120 * 120 {
                pixels.replaceSubrange((y * 300 + x) * 4..<(y * 300 + x) * 4 + 4, with: [40, 40, 40, 255])
            }
        }
        let png = try PNGCodec.encode(RGBAImage(width: 300, height: 300, pixels: pixels))
        let untagged = try #require(try ImageAnalyzer().analyze(png).info.visibility)
        #expect(untagged.vanishes(on: .dark), "sRGB 40 on black is 1.4:1")
        let linear = Self.tagged(png, with: Self.profile(.linearSRGB, description: "sRGB-elle-V2-g10.icc"))
        let managed = try #require(try ImageAnalyzer().analyze(linear).info.visibility)
        #expect(!managed.vanishes(on: .dark), "linear 40 is sRGB 110, 4.1:1 on black")
    }

    @Test func iconSetsKeepTheArtsProfile() throws {
        let folder = try TemporaryFolder()
        let icon = try folder.write(Self.tagged(try PNGCodec.encode(RGBAImage(width: 1024, height: 1024,
                                                                             pixels: [UInt8](repeating: 200, count: 1024 * 1024 * 4))),
                                                with: Self.profile()), to: "icon.png")
        let (files, _) = try IconSet().files(artAt: icon)
        let pngs = files.filter { $0.path.hasSuffix(".png") }
        #expect(pngs.count == IconSlot.iMessageAppIcon.count)
        for file in pngs { #expect(ColourProfile.embedded(in: file.data)?.bytes == Self.profile(), "\(file.path)") }
    }

    /// `--background` is a web colour, sRGB: in icons that carry Display P3 art's profile it is
    /// written in P3's numbers, so iOS shows the colour typed (it showed (200, 50, 50) as P3).
    @Test func anIconBackgroundIsTheSRGBColourInTheArtsProfile() throws {
        let folder = try TemporaryFolder()
        let icon = try folder.write(Self.tagged(try PNGCodec.encode(RGBAImage(width: 1024, height: 1024,
                                                                             pixels: [UInt8](repeating: 200, count: 1024 * 1024 * 4))),
                                                with: Self.profile()), to: "icon.png")
        let (files, _) = try IconSet(background: RGBAColor(red: 200, green: 50, blue: 50)).files(artAt: icon)
        let wide = try #require(files.first { $0.path == IconSlot.iMessageAppIcon.first { !$0.isMarketing && $0.pixelWidth > $0.pixelHeight }?.fileName })
        let image = try PNGCodec.decode(wide.data, maxPixels: 1 << 24).0
        let corner = Array(image.pixels[0..<3])
        #expect(corner != [200, 50, 50], "written in P3's numbers: \(corner)")
        let shown = SRGBConversion.convert(RGBAImage(width: 1, height: 1, pixels: corner + [255]), from: ColourProfile(validating: Self.profile()))
        #expect(zip(shown.pixels.prefix(3), [200, 50, 50] as [UInt8]).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "shown as typed: \(Array(shown.pixels.prefix(3)))")
        // Untagged art: the numbers as typed.
        let plain = try folder.write(try PNGCodec.encode(RGBAImage(width: 1024, height: 1024, pixels: [UInt8](repeating: 200, count: 1024 * 1024 * 4))),
                                     to: "plain.png")
        let untagged = try IconSet(background: RGBAColor(red: 200, green: 50, blue: 50)).files(artAt: plain).files.first { $0.path == wide.path }
        #expect(Array(try PNGCodec.decode(try #require(untagged).data, maxPixels: 1 << 24).0.pixels[0..<3]) == [200, 50, 50])
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

    /// A heavy profile (a scanner's LUT profile of 200 KB) was copied into every thumbnail: a
    /// 160 px thumbnail weighed 216 KB. Thumbnails and posters of such art carry a compact
    /// Display P3 profile instead, their pixels converted into it: the same colours, a light file.
    @Test func thumbnailsOfArtWithAHeavyProfileCarryACompactOne() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        // Display P3 with 64 KB of padding after its tags: as heavy as a LUT profile, and the same colours.
        var heavy = Self.profile()
        heavy += [UInt8](repeating: 0, count: 64 * 1024)
        let size = UInt32(heavy.count).bigEndianBytes
        heavy.replaceSubrange(0..<4, with: size)
        let file = folder.url.appendingPathComponent("content/animals/cat.png")
        let original = try Data(contentsOf: file)
        try Self.tagged(original, with: heavy).write(to: file)
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        let compact = try #require(CompactProfile.displayP3)
        #expect(compact.bytes.count < 1024 && !compact.isSRGB)
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("animals/cat").path).filter { $0.hasSuffix(".webp") }
        #expect(!thumbnails.isEmpty)
        let source = try PNGCodec.decode(original, maxPixels: 1 << 24)
        for name in thumbnails {
            let data = try Data(contentsOf: site.appendingPathComponent("animals/cat/\(name)"))
            #expect(data.count < 40_000, "\(name): \(data.count) bytes")
            #expect(Self.webpProfile(data).profile == compact.bytes, "\(name)")
            // The colours: the art's own numbers converted from (padded) P3 to P3, so about the same.
            let thumbnail = try WebPCodec.decode(data)
            let resized = Resampler.resize(source.0, width: thumbnail.width, height: thumbnail.height)
            var difference = 0, counted = 0
            for index in stride(from: 0, to: resized.pixels.count, by: 4) where resized.pixels[index + 3] == 255 {
                for channel in 0..<3 { difference += abs(Int(resized.pixels[index + channel]) - Int(thumbnail.pixels[index + channel])) }
                counted += 3
            }
            #expect(counted > 0 && Double(difference) / Double(counted) < 6, "\(name): mean difference \(Double(difference) / Double(max(1, counted)))")
        }
        // Built twice, the same bytes: a fixed creation date and no MD5 (`ICCProfileBytes`).
        #expect(compact.bytes[24..<36].elementsEqual([0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]) && compact.bytes[84..<100].allSatisfy { $0 == 0 })
    }
}
