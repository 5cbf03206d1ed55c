import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import PeelKit

/// Broken and hostile sticker files in a real build: each gets an error naming the file and what is
/// wrong, the other stickers are still built, and nothing crashes.
@Suite struct HostileImageTests {
    /// cat.png cut at the end of each chunk (and inside the signature and the first chunk).
    static func truncations(of png: [UInt8]) -> [Int] {
        var cuts = [0, 4, 8, 20]
        var offset = 8
        while offset + 8 <= png.count {
            offset += 12 + Int(UInt32(bigEndianBytes: png[offset..<(offset + 4)]))
            if offset < png.count { cuts.append(offset) }
        }
        return cuts
    }

    @Test func everyBrokenFileIsAnErrorNamingItAndTheRestIsBuilt() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Hostile\nsize: small\n---\n", to: "content/h/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/h/good.png")
        var expected: [String: String] = ["h/good.png": ""]   // file → start of its error ("" for none)
        func add(_ name: String, _ data: Data, _ error: String) throws {
            try folder.write(data, to: "content/h/\(name)")
            expected["h/\(name)"] = error
        }
        let corrupt = "error[corrupt-image]: image is corrupt: "
        let unsupported = "error[unsupported-format]: file is not an image Peel can read"
        for file in PNGCodecTests.corruptFiles {
            let data = try Fixtures.data(Fixtures.pngSuite.appendingPathComponent(file))
            // x*: damaged signatures are not recognised as PNG at all; the rest are corrupt PNGs.
            // xcrn and xlfn: line endings converted (LF to CR, CR to LF), which the message says.
            try add(file, data, ImageFormat.transferDamage(in: data) != nil ? "error[corrupt-image]: file is a PNG whose line endings were converted"
                                : ImageFormat.sniff(data) == .unknown ? unsupported : corrupt)
        }
        let cat = [UInt8](try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png")))
        for cut in Self.truncations(of: cat) {
            try add("cut-\(cut).png", Data(cat.prefix(cut)),
                    cut == 0 ? "\(corrupt)file is empty (0 bytes)" : cut < 8 ? unsupported : corrupt)
        }
        try add("surplus.png", Data(PNGCodecTests.pngWithSurplusData()), "\(corrupt)the compressed image data goes on past the last row")
        try add("text.png", Data("#!/bin/sh\nrm -rf /\n".utf8), unsupported)
        try add("page.gif", Data("<html><script>alert(1)</script>".utf8), unsupported)
        var huge = cat
        huge.replaceSubrange(8..<33, with: PNGChunk(type: "IHDR", data: UInt32(1_000_000).bigEndianBytes + UInt32(1_000_000).bigEndianBytes
                                                  + Array(cat[24..<29])).encoded)
        try add("huge-png.png", Data(huge), "error[image-too-large]: image claims 1000000×1000000 pixels, more than the budget of")
        try add("huge-gif.gif", Data(Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]),
                "error[image-too-large]: image claims 65535×65535 pixels")
        try add("no-frames.gif", Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]), corrupt)
        try add("bad-index.gif", Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0x00, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255,
                                                                2, 2, 0x5C, 0x01, 0, 0x3B]),
                "\(corrupt)GIF frame 1 uses colour 3 of a 2-colour table")
        try add("jpeg-header-only.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9]), corrupt)
        for name in expected.keys {
            try folder.write("---\nalt: A broken sticker\n---\n", to: "content/\((name as NSString).deletingPathExtension).md")
        }

        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        #expect(report.stickerCount == expected.count)
        for (file, error) in expected {
            let own = report.findings.filter { $0.file == file && $0.severity == .error && $0.code != .duplicateImage }
            if error.isEmpty {
                #expect(own.isEmpty, "\(file): \(own.map(\.formatted))")
            } else {
                #expect(own.count == 1 && own[0].formatted.hasPrefix("\(file): \(error)"), "\(file): \(own.map(\.formatted))")
                #expect(own.first.map { $0.formatted.count > "\(file): \(error)".count } == true || !error.hasSuffix(": "),
                        "\(file): the message says what is wrong")
            }
        }
        #expect(folder.exists("site/h/good/good-160w.webp"), "the good sticker is still built")
        #expect(folder.exists("site/h/xcrn0g04/index.html"), "a broken sticker still gets its page, listing its error")
        #expect(try folder.read("site/h/huge-png/index.html").contains("image claims 1000000×1000000 pixels"))
    }

    @Test func filesThatAreNotRegularFilesAreReportedAndTheRestIsBuilt() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Pipes\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/good.png")
        try folder.write("---\nalt: An orange cat\n---\n", to: "content/p/good.md")
        // Named pipes, as a tar file can carry: reading one would block or fail.
        #expect(mkfifo(folder.url.appendingPathComponent("content/p/pipe.png").path, 0o644) == 0)
        try folder.write("---\nalt: A pipe\n---\n", to: "content/p/pipe.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png")
        #expect(mkfifo(folder.url.appendingPathComponent("content/p/fox.md").path, 0o644) == 0)

        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        let errors = report.findings.filter { $0.severity == .error }.map(\.formatted)
        #expect(errors.contains { $0.hasPrefix("p/pipe.png: error[unreadable-file]: cannot read image: ") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("p/fox.md: error[unreadable-file]: cannot read file: ") }, "\(errors)")
        #expect(errors.count == 2, "\(errors)")
        #expect(folder.exists("site/p/good/good-160w.webp"))
        #expect(folder.exists("site/p/p.zip"), "the pack's download leaves out what it cannot read")
    }

    @Test func filesTooLargeToReadAreRefusedByTheirSize() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Huge files\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/good.png")
        try folder.write("---\nalt: An orange cat\n---\n", to: "content/p/good.md")
        // Sparse files: huge on paper, nothing on disk. Read whole, they would exhaust memory.
        func sparse(_ path: String, bytes: UInt64, startingWith head: Data) throws {
            let url = try folder.write(head, to: path)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: bytes)
            try handle.close()
        }
        let cat = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try sparse("content/p/giant.png", bytes: 300 << 20, startingWith: cat)
        try folder.write("---\nalt: Giant\n---\n", to: "content/p/giant.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png")
        try sparse("content/p/fox.md", bytes: 5 << 20, startingWith: Data("---\nalt: Fox\n---\n".utf8))

        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        let errors = report.findings.filter { $0.severity == .error }.map(\.formatted)
        #expect(errors.contains("p/giant.png: error[file-too-large]: file is 314572800 bytes, more than the 256 MiB Peel reads; the sticker is skipped (Messages takes under 500,000 bytes)"), "\(errors)")
        #expect(errors.contains("p/fox.md: error[file-too-large]: file is 5242880 bytes, more than the 4 MiB of text Peel reads; it is not read"), "\(errors)")
        #expect(errors.count == 2, "\(errors)")
        #expect(report.stickerCount == 2, "good and fox are built, giant is skipped")
        #expect(folder.exists("site/p/good/good-160w.webp") && folder.exists("site/p/fox/fox.png"))
        #expect(!folder.exists("site/p/giant"))
    }
}
