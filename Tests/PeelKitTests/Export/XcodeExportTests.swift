import Foundation
import Testing
@testable import PeelKit

@Suite struct XcodeExportTests {
    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Ctrl-C while the export writes (its task cancelled): the staging copy goes and the previous
    /// export stays. A signal while writing killed Peel, leaving `.Stickers.xcstickers.peel-staging-<pid>`
    /// for `git add -A` to take; only the checking before it could be interrupted.
    @Test func aCancelledExportLeavesThePreviousOne() async throws {
        let content = Fixtures.packageRoot.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        let folder = try TemporaryFolder()
        let root = ContentRoot.resolve(content)
        _ = try XcodeExport().write(review, content: root, into: folder.url)
        let before = try folder.read("Stickers.xcstickers/faces.stickerpack/Contents.json")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Stickers.xcstickers/faces.stickerpack/cool.sticker"))
        let target = folder.url
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try XcodeExport().write(review, content: root, into: target)
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(left.contains("Stickers.xcstickers") && !left.contains { $0.hasPrefix(".") }, "no staging copy left: \(left)")
        #expect(!folder.exists("Stickers.xcstickers/faces.stickerpack/cool.sticker"), "the previous export as it was")
        #expect(try folder.read("Stickers.xcstickers/faces.stickerpack/Contents.json") == before)
    }

    @Test func theSampleCatalogRoundTrips() async throws {
        let content = Fixtures.packageRoot.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        let folder = try TemporaryFolder()
        let result = try XcodeExport().write(review, content: ContentRoot.resolve(content), into: folder.url)
        #expect(result.packs == 5 && result.stickers == 36 && result.skipped.isEmpty)
        let catalog = result.folder
        let root = try Self.json(catalog.appendingPathComponent("Contents.json"))
        #expect((root["info"] as? [String: Any])?["author"] as? String == "xcode")
        #expect(Set(root.keys) == ["info"])

        for pack in review.catalog.packs {
            let packFolder = catalog.appendingPathComponent("\(pack.slug).stickerpack")
            let contents = try Self.json(packFolder.appendingPathComponent("Contents.json"))
            #expect((contents["properties"] as? [String: Any])?["grid-size"] as? String == pack.size.rawValue)
            let entries = try #require(contents["stickers"] as? [[String: Any]])
            #expect(entries.map { $0["filename"] as? String } == pack.stickers.map { "\($0.slug).sticker" }, "display order")
            for sticker in pack.stickers {
                let stickerFolder = packFolder.appendingPathComponent("\(sticker.slug).sticker")
                let properties = try #require(try Self.json(stickerFolder.appendingPathComponent("Contents.json"))["properties"] as? [String: Any])
                #expect(properties["accessibility-label"] as? String == sticker.alt)
                let file = try #require(properties["filename"] as? String)
                #expect(!file.contains("/"), "file names are relative to the .sticker folder")
                let exported = try Data(contentsOf: stickerFolder.appendingPathComponent(file))
                #expect(exported == (try Data(contentsOf: sticker.artURL(content: content))), "\(sticker.source) exported as shipped (composed art for a parts pack)")
            }
        }
        // GIF and APNG stickers are exported, not dropped.
        #expect(FileManager.default.fileExists(atPath: catalog.appendingPathComponent("motion.stickerpack/weather-cycle-gif.sticker/weather-cycle-gif.gif").path))
        // The animals pack's icon art gives the app icon.
        let icons = try Self.json(catalog.appendingPathComponent("iMessage App Icon.stickersiconset/Contents.json"))
        #expect((icons["images"] as? [Any])?.count == 13)
    }

    func catalogWithOneBadSticker() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/p/cat.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png") // no sidecar: no label
        return folder
    }

    @Test func rejectedStickersStopTheExportUnlessSkipped() async throws {
        let folder = try catalogWithOneBadSticker()
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        do {
            _ = try XcodeExport().write(review, content: content, into: folder.url)
            Issue.record("the export must fail")
        } catch let failure as XcodeExport.Failure {
            #expect(failure.description.hasPrefix("1 sticker has errors, so nothing was exported"))
            #expect(failure.description.contains("p/fox.png: error[missing-sidecar]"))
        }
        #expect(!folder.exists(XcodeExport.folderName), "nothing is written")

        let result = try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url)
        #expect(result.stickers == 1)
        #expect(result.skipped.map(\.sticker) == ["p/fox.png"])
        let pack = try Self.json(folder.url.appendingPathComponent("Stickers.xcstickers/p.stickerpack/Contents.json"))
        #expect((pack["stickers"] as? [[String: Any]])?.map { $0["filename"] as? String } == ["cat.sticker"])
    }

    /// A layered `cat.psd` kept beside `cat.png` is the sticker's working file: the export goes on
    /// without it. Art in another format alone (`dog.psd`) is an error that `--skip-invalid` leaves
    /// out as it leaves out a sticker with errors. It was an error "outside any sticker" that
    /// stopped the whole export, while the site's pack zip held the same Stickers.xcstickers.
    @Test func artOfAnotherFormatIsLeftOutWithSkipInvalid() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/p/cat.md")
        try folder.write(Data("8BPS".utf8) + Data(count: 2000), to: "content/p/cat.psd")
        let content = folder.url.appendingPathComponent("content")
        let beside = try XcodeExport().write(try await Review.make(content: content), content: content, into: folder.url.appendingPathComponent("beside"))
        #expect(beside.stickers == 1 && beside.skipped.isEmpty, "\(beside.skipped)")

        try folder.write(Data("8BPS".utf8) + Data(count: 2000), to: "content/p/dog.psd")
        let review = try await Review.make(content: content)
        do {
            _ = try XcodeExport().write(review, content: content, into: folder.url)
            Issue.record("without --skip-invalid the export must fail")
        } catch let failure as XcodeExport.Failure {
            #expect(failure.description.hasPrefix("1 sticker has errors, so nothing was exported") && failure.description.contains("--skip-invalid"),
                    "\(failure.description)")
        }
        let result = try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url)
        #expect(result.stickers == 1 && result.skipped.map(\.file) == ["p/dog.psd"])
        #expect(folder.exists("Stickers.xcstickers/p.stickerpack/cat.sticker/Contents.json"))
    }

    /// `ignore:` silences Apple's hard rules in the report, not in Xcode: a 520,000-byte sticker,
    /// a 200 px one or one without a label went into Stickers.xcstickers, exit 0.
    @Test func silencingAppleRulesDoesNotLetAStickerIntoXcode() async throws {
        let folder = try catalogWithOneBadSticker()
        try folder.write("---\ntitle: P\nsize: small\nignore: [missing-sidecar, missing-label]\n---\n", to: "content/p/pack.md")
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        #expect(review.findings.contains { $0.code == .missingSidecar && $0.suppressed }, "silenced in the report")
        #expect { try XcodeExport().write(review, content: content, into: folder.url) } throws: { error in
            (error as? XcodeExport.Failure)?.description.contains("p/fox.png: error[missing-sidecar]") == true
        }
        #expect(!folder.exists(XcodeExport.folderName))
        #expect(ArchiveOmission.all(in: review.findings).map(\.source) == ["p/fox.png"], "left out of the pack zip's catalog too")
        // A code that is Peel's advice, not Apple's rule, silenced, lets the sticker through.
        #expect(!FindingCode.placeholderLabel.isMessagesRejection && FindingCode.fileTooLarge.isMessagesRejection)
    }

    /// A French label one character too long left the sticker out of the app in every language
    /// (--skip-invalid), and out of the site's pack zip; only that translation is left out now,
    /// and the app shows the English label there.
    @Test func anErrorInOneTranslationLeavesOnlyThatTranslationOut() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: S\nlanguages: [en, fr, de]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/p/cat.md")
        try folder.write("---\nalt: \(String(repeating: "chat ", count: 31))\ntranslated_from: Orange cat face\n---\n", to: "content/p/cat.fr.md")
        try folder.write("---\nalt: Orange Katze\ntranslated_from: Orange cat face\n---\n", to: "content/p/cat.de.md")
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        #expect(review.findings.contains { $0.code == .labelTooLong && $0.language == "fr" && $0.severity == .error })
        // Without --skip-invalid it stops, saying that only the translation would be left out (it said "1 sticker has errors").
        #expect { try XcodeExport().write(review, content: content, into: folder.url) } throws: { error in
            (error as? XcodeExport.Failure)?.headline.hasPrefix("1 translated label has errors, so nothing was exported; fix them, or pass --skip-invalid to leave that translation out") == true
        }
        let result = try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url)
        #expect(result.stickers == 1, "the sticker stays")
        let strings = try Self.json(folder.url.appendingPathComponent("Localizable.xcstrings"))
        let cat = try #require((strings["strings"] as? [String: Any])?["cat"] as? [String: Any])
        let localizations = try #require(cat["localizations"] as? [String: Any])
        #expect(Set(localizations.keys) == ["en", "de"], "French falls back to the English label")
        #expect(ArchiveOmission.all(in: review.findings).isEmpty, "the site's pack zip keeps it too")
        #expect(ArchiveOmission.droppedTranslations(in: review.findings) == ["p/cat.png": ["fr"]])
    }

    /// A catalog without stickers (art not checked out yet) replaced the export with an empty
    /// one, exit 0, and left its String Catalogs unrecorded, so the next export was refused.
    @Test func aCatalogWithoutStickersExportsNothing() async throws {
        let folder = try catalogWithOneBadSticker()
        let content = folder.url.appendingPathComponent("content")
        _ = try XcodeExport(skipInvalid: true).write(try await Review.make(content: content), content: content, into: folder.url)
        let before = try LabelImportTests().snapshot(folder)
        for image in ["cat", "fox"] { try FileManager.default.removeItem(at: content.appendingPathComponent("p/\(image).png")) }
        try FileManager.default.removeItem(at: content.appendingPathComponent("p/cat.md"))
        let after = try LabelImportTests().snapshot(folder)
        let empty = try await Review.make(content: content)
        #expect { try XcodeExport().write(empty, content: content, into: folder.url) } throws: { error in
            guard case .noStickers? = error as? XcodeExport.Failure else { return false }
            return (error as? XcodeExport.Failure)?.headline.hasPrefix("the catalog has no stickers") == true
        }
        #expect(try LabelImportTests().snapshot(folder) == after)
        #expect(before != after, "the images went, the export stayed")
        #expect(folder.exists("Stickers.xcstickers/p.stickerpack/cat.sticker/Contents.json"))
    }

    @Test func catalogErrorsStopTheExport() async throws {
        let folder = try catalogWithOneBadSticker()
        try folder.write("---\nsize: small\n---\n", to: "content/p/pack.md") // no title
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        #expect(throws: XcodeExport.Failure.self) {
            try XcodeExport(skipInvalid: true).write(review, content: folder.url.appendingPathComponent("content"), into: folder.url)
        }
    }

    @Test func replacesOnlyACatalogPeelWrote() async throws {
        let folder = try catalogWithOneBadSticker()
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        try folder.write("{}", to: "mine/Stickers.xcstickers/Contents.json")
        #expect(throws: PeelError.self) {
            try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url.appendingPathComponent("mine"))
        }
        #expect(try folder.read("mine/Stickers.xcstickers/Contents.json") == "{}")
        // An empty folder of that name (made by hand, or left by Xcode) holds nothing to lose, as
        // for the messenger exports: it is filled (it was refused as "not written by Peel").
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty/Stickers.xcstickers"), withIntermediateDirectories: true)
        _ = try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url.appendingPathComponent("empty"))
        #expect(folder.exists("empty/Stickers.xcstickers/Contents.json"))

        _ = try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url)
        try FileManager.default.removeItem(at: content.appendingPathComponent("p/fox.png"))
        let again = try XcodeExport().write(try await Review.make(content: content), content: content, into: folder.url)
        #expect(again.stickers == 1)
        #expect(folder.exists("Stickers.xcstickers/p.stickerpack/cat.sticker/cat.png"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    /// A sticker added to the exported catalog in Xcode, or a Contents.json edited there, is work
    /// the next export would delete with the old catalog: it is named and the export stops.
    @Test func workAddedToAnExportedCatalogIsNeverReplaced() async throws {
        let folder = try catalogWithOneBadSticker()
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        _ = try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url)
        _ = try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url)   // its own files: replaced
        try folder.write("{}", to: "Stickers.xcstickers/p.stickerpack/added.sticker/Contents.json")
        #expect {
            try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url)
        } throws: { error in
            (error as? PeelError)?.description.contains("holds a file peel export xcode did not write, or changed since (p.stickerpack/added.sticker/Contents.json)") == true
        }
        #expect(folder.exists("Stickers.xcstickers/p.stickerpack/added.sticker/Contents.json"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Stickers.xcstickers/p.stickerpack/added.sticker"))
        try folder.write("{\"edited\": true}", to: "Stickers.xcstickers/Contents.json")
        #expect(throws: PeelError.self) { try XcodeExport(skipInvalid: true).write(review, content: content, into: folder.url) }
        #expect(try folder.read("Stickers.xcstickers/Contents.json") == "{\"edited\": true}")
    }
}

extension XcodeExportTests {
    /// A square of full-range noise: incompressible, so it stays heavy after any scaling.
    static func noise(side: Int) throws -> Data {
        var state: UInt32 = 7
        let pixels = (0..<side * side * 4).map { index -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 24)
        }
        return try PNGCodec.encode(RGBAImage(width: side, height: side, pixels: pixels), compression: .smallest)
    }

    /// A GIF or JPEG too large is written scaled as PNG (or APNG), named `.png`: with its old
    /// extension kept, the Xcode catalog named PNG bytes `big.gif`, which Xcode and Messages read
    /// by the extension. Only a `.png` was ever scaled, so that went unseen.
    @Test func resizedGIFsAndJPEGsAreNamedAsThePNGsTheyBecome() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: large\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.root.appendingPathComponent("animated/blocks-700.gif"), to: "content/p/blocks.gif")
        try folder.write("---\nalt: Two blocks taking turns\n---\n", to: "content/p/blocks.md")
        try folder.copy(Fixtures.root.appendingPathComponent("jpeg/orange-700.jpg"), to: "content/p/orange.jpg")
        try folder.write("---\nalt: Orange face\nignore: [no-transparency]\n---\n", to: "content/p/orange.md")
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        let result = try XcodeExport(skipInvalid: true, resize: true).write(review, content: content, into: folder.url)
        #expect(result.stickers == 2 && result.skipped.isEmpty, "\(result.skipped.map(\.formatted))")
        for (name, frames) in [("blocks", 2), ("orange", 1)] {
            let sticker = folder.url.appendingPathComponent("Stickers.xcstickers/p.stickerpack/\(name).sticker")
            let files = try FileManager.default.contentsOfDirectory(atPath: sticker.path).sorted()
            #expect(files == ["Contents.json", "\(name).png"], "\(name): \(files)")
            let data = try Data(contentsOf: sticker.appendingPathComponent("\(name).png"))
            #expect(Array(data.prefix(8)) == PNGChunk.signature, "\(name) is PNG bytes")
            let image = try ImageAnalyzer().analyze(data).info
            #expect(image.width == 618 && image.height == 618 && image.frameCount == frames, "\(name): \(image)")
            let contents = try Self.json(sticker.appendingPathComponent("Contents.json"))
            #expect(((contents["properties"] as? [String: Any])?["filename"] as? String) == "\(name).png", "\(contents)")
        }
    }

    /// A compact 600 px animation in a `regular` pack is art Messages takes as it is; scaled to
    /// 408 px (no longer blocks of flat colour) it was over 500,000 bytes, and `--resize` refused
    /// the sticker it could have shipped: the original goes instead.
    /// A GIF named `.png` (an `extension-mismatch` warning) went into the catalog as `sun.png`
    /// holding GIF bytes, which Xcode's asset compiler reads by its extension: it is named by its
    /// bytes. The icon set's warnings name the art by its path in the catalog (they carried the
    /// absolute path, printed glued to the content folder), and `peel check` says the same.
    @Test func stickersAreNamedByTheirBytesAndIconWarningsByTheirPath() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\nicon: icon.png\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/turtle.gif"), to: "content/p/sun.png")
        try folder.write("---\nalt: A turtle\n---\n", to: "content/p/sun.md")
        try folder.write(try PNGCodec.encode(RGBAImage(width: 1600, height: 900, pixels: [UInt8](repeating: 200, count: 1600 * 900 * 4))),
                         to: "content/p/icon.png")
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        let checked = review.findings.filter { [.iconAspect, .iconTooSmall].contains($0.code) }
        #expect(checked.map(\.code) == [.iconAspect] && checked.first?.file == "p/pack.md" && checked.first?.line == 4, "\(checked)")
        let result = try XcodeExport().write(review, content: content, into: folder.url)
        let sticker = folder.url.appendingPathComponent("Stickers.xcstickers/p.stickerpack/sun.sticker")
        #expect(FileManager.default.fileExists(atPath: sticker.appendingPathComponent("sun.gif").path))
        #expect(((try Self.json(sticker.appendingPathComponent("Contents.json"))["properties"] as? [String: Any])?["filename"] as? String) == "sun.gif")
        #expect(result.notes.map(\.file) == ["p/icon.png"] && result.notes.map(\.code) == [.iconAspect], "\(result.notes)")
        #expect(XcodeExport.fileExtension(named: "jpeg", head: Data([0xFF, 0xD8, 0xFF, 0xE0])) == "jpeg")
        #expect(XcodeExport.fileExtension(named: "png", head: Data([0xFF, 0xD8, 0xFF, 0xE0])) == "jpg")

        // 1024 × 768 art is the 4:3 slot's own size, padded into the square App Store icon: no upscaling.
        try folder.write(try PNGCodec.encode(RGBAImage(width: 1024, height: 768, pixels: [UInt8](repeating: 200, count: 1024 * 768 * 4))),
                         to: "content/p/icon.png")
        let again = try await Review.make(content: content)
        #expect(again.findings.filter { [.iconAspect, .iconTooSmall].contains($0.code) }.isEmpty)
    }

    @Test func resizeKeepsAnAcceptedOriginalThatScalingMadeTooHeavy() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: regular\n---\n", to: "content/p/pack.md")
        var random = SplitMix(7)
        let frames = (0..<40).map { _ in
            let colours = (0..<400).map { _ in [UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256), 255] }
            var pixels = [UInt8](repeating: 0, count: 600 * 600 * 4)
            for y in 0..<600 { for x in 0..<600 { pixels.replaceSubrange((y * 600 + x) * 4..<(y * 600 + x) * 4 + 4, with: colours[y / 30 * 20 + x / 30]) } }
            return DecodedImage.Frame(image: RGBAImage(width: 600, height: 600, pixels: pixels), delay: 0.075)
        }
        let original = try APNGEncoder.encode(frames, loopCount: 0, palette: nil)
        #expect(original.count < 500_000)
        try folder.write(original, to: "content/p/blocks.png")
        try folder.write("---\nalt: Blocks of colour changing\n---\n", to: "content/p/blocks.md")
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        let scaled = try StickerFitter(sizeClass: .regular, allowPalette: false).fit(original)
        #expect(!scaled.report.fits, "the case needs scaling to make it too heavy: \(scaled.report.afterBytes) bytes")
        let result = try XcodeExport(resize: true).write(review, content: content, into: folder.url)
        #expect(result.stickers == 1 && result.skipped.isEmpty)
        let written = try Data(contentsOf: folder.url.appendingPathComponent("Stickers.xcstickers/p.stickerpack/blocks.sticker/blocks.png"))
        #expect(written == original)
    }

    @Test func resizeShipsArtMadeLarger() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "content/p/big.png")
        try folder.write("---\nalt: Grinning face\n---\n", to: "content/p/big.md")
        try folder.write("---\ntitle: Q\nsize: large\n---\n", to: "content/q/pack.md")
        try folder.write(try Self.noise(side: 700), to: "content/q/static.png")
        try folder.write("---\nalt: Television static\nignore: [no-transparency]\n---\n", to: "content/q/static.md")
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)

        // 700 px noise is still too heavy at 618 px: it blocks the export, named with the reason.
        do {
            _ = try XcodeExport(resize: true).write(review, content: content, into: folder.url)
            Issue.record("the noise must block the export")
        } catch let failure as XcodeExport.Failure {
            #expect(failure.description.contains("q/static.png: error[file-too-large]: "))
            #expect(failure.description.contains("bytes after scaling to 618 px (the original is "))
            #expect(failure.description.contains("and Messages takes stickers under 500,000 bytes; run peel fit, which can also reduce the colours"))
            #expect(!failure.description.contains("p/big.png"), "oversized art that fits once scaled does not block")
            // --resize was passed: the headline does not ask for it again.
            #expect(failure.headline == "1 sticker has errors, so nothing was exported; fix them, run peel fit on art still too heavy once scaled, or pass --skip-invalid:")
        }
        // Art too small is no fit's: once scaled, a size still out of range is what to draw again.
        let small = XcodeExport.Failure.invalidStickers([Finding(.error, .sizeOutOfRange, file: "p/tiny.png", message: "72 × 72 px", sticker: "p/tiny.png")], resized: true)
        #expect(small.headline == "1 sticker has errors, so nothing was exported; fix them, draw art that is too small again at its pack's size (nothing enlarges it), or pass --skip-invalid:")
        do {
            _ = try XcodeExport().write(review, content: content, into: folder.url)
            Issue.record("the oversized art must block the export")
        } catch let failure as XcodeExport.Failure {
            #expect(failure.headline.contains(", pass --resize to scale art that is too large,"))
        }
        let result = try XcodeExport(skipInvalid: true, resize: true).write(review, content: content, into: folder.url)
        #expect(result.stickers == 1)
        #expect(Set(result.skipped.compactMap(\.sticker)) == ["q/static.png"])
        let sticker = folder.url.appendingPathComponent("Stickers.xcstickers/p.stickerpack/big.sticker")
        let image = try ImageAnalyzer().analyze(Data(contentsOf: sticker.appendingPathComponent("big.png")))
        #expect(image.info.width == 300 && image.info.height == 300, "written at the small size class")
        let properties = try #require(try Self.json(sticker.appendingPathComponent("Contents.json"))["properties"] as? [String: Any])
        #expect(properties["accessibility-label"] as? String == "Grinning face")
        #expect(result.summary.hasPrefix("Exported 1 pack, 1 sticker to "))
    }

    /// With --skip-invalid, a pack left out whole gave the app its icon while the next pack named
    /// it: the icon comes from the first pack exported.
    @Test func theIconComesFromAnExportedPack() async throws {
        let folder = try TemporaryFolder()
        func square(_ rgb: [UInt8]) throws -> Data {
            try PNGCodec.encode(RGBAImage(width: 1024, height: 1024, pixels: Array([[UInt8]](repeating: rgb + [255], count: 1024 * 1024).joined())))
        }
        try folder.write("---\ntitle: Alpha\nicon: icon.png\n---\n", to: "content/a/pack.md")
        try folder.write(try square([255, 0, 0]), to: "content/a/icon.png")
        try folder.write(try PNGCodec.encode(RGBAImage(width: 128, height: 128, pixels: [UInt8](repeating: 200, count: 128 * 128 * 4))), to: "content/a/tiny.png")
        try folder.write("---\nalt: A small grey square\n---\n", to: "content/a/tiny.md")
        try folder.write("---\ntitle: Bravo\nsize: small\nicon: icon.png\n---\n", to: "content/b/pack.md")
        try folder.write(try square([0, 0, 255]), to: "content/b/icon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/b/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/b/cat.md")
        let content = folder.url.appendingPathComponent("content")
        let result = try XcodeExport(skipInvalid: true).write(try await Review.make(content: content), content: content, into: folder.url)
        #expect(result.stickers == 1)
        let icon = try ImageAnalyzer().analyze(Data(contentsOf: folder.url.appendingPathComponent("Stickers.xcstickers/iMessage App Icon.stickersiconset/ios-marketing-1024x1024.png")))
        let middle = (512 * 1024 + 512) * 4
        #expect(Array(icon.decoded.frames[0].image.pixels[middle..<middle + 3]) == [0, 0, 255], "Bravo's icon, as Bravo names the app")
    }

    /// A 600 × 250 banner in a `large` pack: `--resize` centres it on a 618 px square as peel fit
    /// does (it was refused: "draw art that is too small again"); a 200 × 120 one stays refused.
    @Test func resizePadsArtWithAShortSide() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: large\n---\n", to: "content/p/pack.md")
        let banner = RGBAImage(width: 600, height: 250, pixels: [UInt8](repeating: 180, count: 600 * 250 * 4))
        try folder.write(try PNGCodec.encode(banner), to: "content/p/banner.png")
        try folder.write("---\nalt: A grey banner\n---\n", to: "content/p/banner.md")
        let content = folder.url.appendingPathComponent("content")
        let result = try XcodeExport(resize: true).write(try await Review.make(content: content), content: content, into: folder.url)
        #expect(result.stickers == 1)
        let written = try ImageAnalyzer().analyze(Data(contentsOf: folder.url.appendingPathComponent("Stickers.xcstickers/p.stickerpack/banner.sticker/banner.png")))
        #expect(written.info.width == 618 && written.info.height == 618)

        let speck = RGBAImage(width: 200, height: 120, pixels: [UInt8](repeating: 180, count: 200 * 120 * 4))
        try folder.write(try PNGCodec.encode(speck), to: "content/p/speck.png")
        try folder.write("---\nalt: A grey speck\n---\n", to: "content/p/speck.md")
        await #expect(throws: XcodeExport.Failure.self) {
            try XcodeExport(resize: true).write(try await Review.make(content: content), content: content, into: folder.url.appendingPathComponent("again"))
        }
    }
}
