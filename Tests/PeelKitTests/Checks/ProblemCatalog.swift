import Foundation
@testable import PeelKit

/// A catalog with one planted problem per rule, plus clean stickers that must produce nothing.
/// Images are made from the fixture art at test time, so each problem is exactly the one named.
enum ProblemCatalog {
    struct Expected: Hashable, CustomStringConvertible {
        let file: String
        let line: Int?
        let code: FindingCode
        let severity: Severity
        var suppressed = false
        var description: String { "\(file):\(line.map(String.init) ?? "-") \(severity.rawValue)[\(code.rawValue)]\(suppressed ? " silenced" : "")" }
    }

    /// EXIF (little-endian TIFF) whose first directory points to a GPS directory holding a latitude.
    static let exifWithLocation: [UInt8] = {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
        var tiff: [UInt8] = Array("II".utf8) + le16(42) + le32(8)
        tiff += le16(1) + le16(0x8825) + le16(4) + le32(1) + le32(26) + le32(0)          // IFD0: GPSInfo at 26
        tiff += le16(1) + le16(2) + le16(5) + le32(3) + le32(44) + le32(0)               // GPS: latitude at 44
        tiff += le32(48) + le32(1) + le32(51) + le32(1) + le32(30) + le32(1)             // 48° 51' 30"
        return tiff
    }()

    static let expected: Set<Expected> = [
        Expected(file: "problems/no-sidecar.png", line: nil, code: .missingSidecar, severity: .error),
        Expected(file: "problems/empty-alt.md", line: 2, code: .missingLabel, severity: .error),
        Expected(file: "problems/placeholder.md", line: 2, code: .placeholderLabel, severity: .error),
        Expected(file: "problems/file-name.md", line: 2, code: .labelIsFileName, severity: .error),
        Expected(file: "problems/too-long.md", line: 3, code: .labelTooLong, severity: .error),
        Expected(file: "problems/prefix.md", line: 2, code: .redundantLabelPrefix, severity: .warning),
        Expected(file: "problems/same-label.md", line: 2, code: .duplicateLabel, severity: .warning),
        Expected(file: "problems/emoji-only.md", line: 2, code: .labelWithoutWords, severity: .warning),
        Expected(file: "problems/typo.md", line: 2, code: .labelSpelling, severity: .warning),
        Expected(file: "problems/heavy.png", line: nil, code: .fileTooLarge, severity: .error),
        Expected(file: "problems/tiny.png", line: nil, code: .sizeOutOfRange, severity: .error),
        Expected(file: "problems/wide.png", line: nil, code: .notSquare, severity: .warning),
        Expected(file: "problems/wide.png", line: nil, code: .sizeClassMismatch, severity: .warning),
        Expected(file: "problems/regular-size.png", line: nil, code: .sizeClassMismatch, severity: .warning),
        Expected(file: "problems/opaque.png", line: nil, code: .noTransparency, severity: .warning),
        Expected(file: "problems/blank.png", line: nil, code: .blankImage, severity: .error),
        Expected(file: "problems/strobe.png", line: nil, code: .flashingAnimation, severity: .warning),
        Expected(file: "problems/located.png", line: nil, code: .locationInMetadata, severity: .warning),
        Expected(file: "problems/photo.jpg", line: nil, code: .noTransparency, severity: .warning),
        Expected(file: "problems/lying.gif", line: nil, code: .extensionMismatch, severity: .warning),
        Expected(file: "problems/truncated.png", line: nil, code: .corruptImage, severity: .error),
        Expected(file: "problems/not-an-image.png", line: nil, code: .unsupportedFormat, severity: .error),
        Expected(file: "problems/drawing.webp", line: nil, code: .unsupportedFormat, severity: .error),
        Expected(file: "problems/copy.png", line: nil, code: .duplicateImage, severity: .warning),
        Expected(file: "problems/misspelt.md", line: 3, code: .unknownKey, severity: .warning),
        Expected(file: "problems/bad-yaml.md", line: 3, code: .yamlSyntax, severity: .error),
        Expected(file: "problems/silenced.png", line: nil, code: .noTransparency, severity: .warning, suppressed: true),
        Expected(file: "no-pack-file", line: nil, code: .missingPackFile, severity: .error),
        Expected(file: "untitled/pack.md", line: 1, code: .missingPackTitle, severity: .error),
        Expected(file: "empty/pack.md", line: nil, code: .emptyPack, severity: .warning),
        Expected(file: "iconic/pack.md", line: 4, code: .iconTooSmall, severity: .warning),
        Expected(file: "iconic/icon.png", line: nil, code: .locationInMetadata, severity: .warning),
        Expected(file: "iconic/tray.png", line: nil, code: .locationInMetadata, severity: .warning),
        // A pack without pack.md is a regular pack, so its 300 px sticker does not match.
        Expected(file: "no-pack-file/cat.png", line: nil, code: .sizeClassMismatch, severity: .warning),
    ]

    /// Writes the catalog into `folder/content` and returns that folder.
    static func make(in folder: TemporaryFolder) throws -> URL {
        let cat = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        let fox = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/fox.png"))
        let catPixels = try PNGCodec.decode(cat, maxPixels: 0).0
        /// A distinct, transparent 300×300 sticker: the cat with one pixel changed per variant.
        func variant(_ seed: Int) throws -> Data {
            var image = catPixels
            image.pixels[(150 * 300 + 150) * 4] = UInt8(seed % 256)
            return try PNGCodec.encode(image)
        }
        func sticker(_ name: String, _ image: Data, alt: String?, extra: String = "") throws {
            try folder.write(image, to: "content/problems/\(name)")
            guard let alt else { return }
            let stem = StickerFileKind.stem(name)
            try folder.write("---\nalt: \(alt)\n\(extra)---\n", to: "content/problems/\(stem).md")
        }

        try folder.write("---\ntitle: Problems\nsize: small\n---\nOne problem per sticker.\n", to: "content/problems/pack.md")
        try sticker("clean-cat.png", cat, alt: "Orange cat face with whiskers")
        try sticker("clean-fox.png", fox, alt: "Orange fox face with pointed ears", extra: "tags: [fox]\n")
        // Animations: a white square blinking once a second is fine; strobing five times a second is not (WCAG 2.3.1).
        func blinking(_ delay: Double) throws -> Data {
            let frames = [FlashMeterTests.white, FlashMeterTests.black].map { DecodedImage.Frame(image: $0, delay: delay) }
            return try APNGEncoder.encode(frames, loopCount: 0, palette: nil)
        }
        try sticker("clean-blink.png", try blinking(0.5), alt: "White square blinking slowly")
        try sticker("strobe.png", try blinking(0.1), alt: "White square flashing fast")
        try sticker("located.png", PNGChunks.inserting([Data(PNGChunk(type: "eXIf", data: ProblemCatalog.exifWithLocation).encoded)],
                                                      into: try variant(31)), alt: "Cat face from a phone")
        try folder.write(try variant(1), to: "content/problems/no-sidecar.png")
        try sticker("empty-alt.png", try variant(2), alt: "\"\"")
        try sticker("placeholder.png", try variant(3), alt: "IMG_1234")
        try sticker("file-name.png", try variant(4), alt: "File name")
        // too-long: alt on line 3, to check that the finding's line follows the key
        try folder.write(try variant(5), to: "content/problems/too-long.png")
        try folder.write("---\ntitle: Too long\nalt: \(String(repeating: "word ", count: 30))end\n---\n", to: "content/problems/too-long.md")
        try sticker("prefix.png", try variant(6), alt: "Image of a cat winking")
        try sticker("same-label.png", try variant(7), alt: "orange cat face with whiskers")
        try sticker("emoji-only.png", try variant(8), alt: "\"🐱🐱!\"")
        try sticker("typo.png", try variant(14), alt: "Orange cat licking its whsikers")
        try sticker("heavy.png", try padded(try variant(9), to: 520_000), alt: "Cat with a very large file")
        let tiny = Resampler.resize(catPixels, width: 200, height: 200)
        try sticker("tiny.png", try PNGCodec.encode(tiny), alt: "Small cat")
        let wide = Resampler.resize(catPixels, width: 330, height: 300)
        try sticker("wide.png", try PNGCodec.encode(wide), alt: "Squashed cat")
        let regular = Resampler.resize(try PNGCodec.decode(Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("content/weather/sun.png")), maxPixels: 0).0, width: 408, height: 408)
        try sticker("regular-size.png", try PNGCodec.encode(regular), alt: "Sun at the regular size")
        try sticker("opaque.png", try PNGCodec.encode(flattened(catPixels)), alt: "Cat on a white square")
        try sticker("blank.png", try PNGCodec.encode(RGBAImage(width: 300, height: 300, pixels: [UInt8](repeating: 0, count: 300 * 300 * 4))),
                    alt: "Nothing at all")
        try sticker("photo.jpg", try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/dog.jpg")), alt: "Dog photo on white")
        try sticker("lying.gif", try variant(10), alt: "Cat saved as PNG but named GIF")
        try sticker("truncated.png", try variant(11).prefix(900), alt: "Cat cut short")
        try sticker("not-an-image.png", Data("hello, I am text".utf8), alt: "Text pretending to be a PNG")
        try folder.write(Data("RIFF\0\0\0\0WEBPVP8 ".utf8), to: "content/problems/drawing.webp")
        try sticker("copy.png", cat, alt: "A second cat, byte for byte")
        try sticker("misspelt.png", try variant(12), alt: "Cat with a typo in its sidecar", extra: "tittle: Typo\n")
        try folder.write(try variant(13), to: "content/problems/bad-yaml.png")
        try folder.write("---\nalt: Broken YAML\ntags: [a, b\n---\n", to: "content/problems/bad-yaml.md")
        try sticker("silenced.png", try PNGCodec.encode(flattened(Resampler.resize(catPixels, width: 300, height: 300), tint: 1)),
                    alt: "Cat on white, on purpose", extra: "ignore: [no-transparency]\n")

        try folder.write(try variant(20), to: "content/no-pack-file/cat.png")
        try folder.write("---\nalt: Cat in a folder without pack.md\n---\n", to: "content/no-pack-file/cat.md")
        try folder.write("---\nsize: small\n---\n", to: "content/untitled/pack.md")
        try folder.write(try variant(21), to: "content/untitled/cat.png")
        try folder.write("---\nalt: Cat in an untitled pack\n---\n", to: "content/untitled/cat.md")
        try folder.write("---\ntitle: Empty\n---\n", to: "content/empty/pack.md")
        // Icon and tray art from a phone: they go into the pack zip as they are.
        let located = { (image: Data) in PNGChunks.inserting([Data(PNGChunk(type: "eXIf", data: ProblemCatalog.exifWithLocation).encoded)], into: image) }
        try folder.write("---\ntitle: Iconic\nsize: small\nicon: icon.png\ntray: tray.png\n---\n", to: "content/iconic/pack.md")
        try folder.write(located(try variant(22)), to: "content/iconic/icon.png")
        try folder.write(located(try variant(24)), to: "content/iconic/tray.png")
        try folder.write(try variant(23), to: "content/iconic/cat.png")
        try folder.write("---\nalt: Cat beside a small icon\n---\n", to: "content/iconic/cat.md")
        return folder.url.appendingPathComponent("content")
    }

    /// The image over an opaque background, so no pixel is transparent.
    static func flattened(_ image: RGBAImage, tint: UInt8 = 0) -> RGBAImage {
        var pixels = image.pixels
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[index + 3])
            for channel in 0..<3 {
                pixels[index + channel] = UInt8((Int(pixels[index + channel]) * alpha + (255 - Int(tint)) * (255 - alpha)) / 255)
            }
            pixels[index + 3] = 255
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// A valid PNG made at least `size` bytes long by a private ancillary chunk before IEND.
    static func padded(_ png: Data, to size: Int) throws -> Data {
        let filler = [UInt8](repeating: 0x20, count: max(0, size - png.count))
        let type = Array("peLd".utf8)
        var chunk = Data()
        let length = UInt32(filler.count)
        chunk.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        chunk.append(contentsOf: type)
        chunk.append(contentsOf: filler)
        let crc = crc32(type + filler)
        chunk.append(contentsOf: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        var result = png.prefix(png.count - 12) // everything before IEND
        result.append(chunk)
        result.append(png.suffix(12))
        return Data(result)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
