import Foundation
import Testing
@testable import PeelKit

/// What Peel says about a pack's `icon:` art, and that every command makes the icon set alike.
@Suite struct IconArtFindingsTests {
    /// A pack with one labelled sticker and `icon:` naming `icon` (written at `iconFile`).
    func catalog(icon: String = "icon.png", art: Data?, at iconFile: String = "p/icon.png") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\nicon: \(icon)\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/p/cat.md")
        if let art { try folder.write(art, to: "content/\(iconFile)") }
        return folder
    }

    /// Fully transparent icon art: peel icons and the exports warned (blank-image), check and
    /// build said nothing and published blank icons.
    @Test func blankIconArtIsSaidByTheCheck() async throws {
        let clear = try PNGCodec.encode(RGBAImage(width: 1024, height: 1024, pixels: [UInt8](repeating: 0, count: 1024 * 1024 * 4)), alpha: true)
        let folder = try catalog(art: clear)
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        let blank = review.findings.filter { $0.code == .blankImage }
        #expect(blank.map { "\($0.file):\($0.line ?? 0)" } == ["p/pack.md:4"], "\(review.findings.map(\.formatted))")
        #expect(blank.first?.message.contains("every icon is blank") == true)
    }

    /// `icon: p/icon.png` written from the content folder was looked for in p/p/, and the
    /// message did not say so.
    @Test func aMissingIconSaysWhereItWasLookedForAndWhatToWrite() async throws {
        let folder = try catalog(icon: "p/icon.png", art: try IconSetTests.redArt(1024, 1024))
        let (_, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        let missing = try #require(findings.first { $0.code == .missingFile })
        #expect(missing.file == "p/pack.md" && missing.line == 4)
        #expect(missing.message == "icon 'p/icon.png' does not exist (looked for p/p/icon.png: the path is from pack.md's folder); p/icon.png is there: write icon: icon.png",
                "\(missing.message)")
    }

    /// Icon art over the pixel budget was told to be exported at sticker size (618 px), which
    /// then is too small for the icon set.
    @Test func iconArtOverTheBudgetGetsIconAdvice() async throws {
        let error = ImageError.overPixelBudget(width: 5000, height: 5000, budget: 16_777_216)
        #expect(error.iconArtDescription.hasSuffix("export it at 1024 px a side (the App Store icon's size), or pass --max-pixels 25000000"))
        #expect(error.description.contains("618 px"), "a sticker keeps sticker advice")
        let folder = try catalog(art: try IconSetTests.redArt(1024, 1024))
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"), maxPixels: 500_000)
        let finding = try #require(review.findings.first { $0.file == "p/icon.png" })
        #expect(finding.code == .imageTooLarge && finding.message.hasPrefix("icon art: image is 1024×1024 pixels"), "\(finding.message)")
    }

    /// `--max-pixels` reaches the icon set of the export and of the pack zips: with 5000 px art
    /// the check passed, and the export dropped the icon set ("icon art cannot be read").
    @Test func theExportsMakeTheIconSetWithTheBudgetGiven() throws {
        let folder = try catalog(art: try IconSetTests.redArt(1024, 1024))
        let content = folder.url.appendingPathComponent("content")
        let catalog = try CatalogLoader(contentFolder: content).load().0
        let within = try XcodeExport.catalogFiles(catalog.packs, content: content, rejected: [], maxPixels: 2_000_000)
        #expect(within.files.contains { $0.path.hasPrefix(IconSet.folderName + "/") } && within.notes.isEmpty)
        let below = try XcodeExport.catalogFiles(catalog.packs, content: content, rejected: [], maxPixels: 500_000)
        #expect(!below.files.contains { $0.path.hasPrefix(IconSet.folderName + "/") }, "the budget given is the one used")
        #expect(below.notes.map(\.message) == ["icon art cannot be read, so the catalog has no app icon"])
    }
}
