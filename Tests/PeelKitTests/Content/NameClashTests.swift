import Foundation
import Testing
@testable import PeelKit

/// Names in one folder that are one file on macOS (`NameClashes`): two Unicode forms of one name,
/// and names that differ only in case.
@Suite struct NameClashTests {
    static let nfc = "caf\u{E9}", nfd = "cafe\u{301}"

    /// Two images named `zap` and no sidecar: the advice was `peel new sticker weather/zap`, which
    /// refuses that name, or to create zap.md, which would be the sidecar of both. Renaming one is
    /// what works.
    @Test func aMissingSidecarOfImagesSharingANameSaysToRenameOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Weather\n---\n", to: "weather/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "weather/zap.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/turtle.gif"), to: "weather/zap.gif")
        let missing = try CatalogLoader(contentFolder: folder.url).load().1.filter { $0.code == .missingSidecar }
        #expect(missing.map(\.file) == ["weather/zap.gif", "weather/zap.png"])
        #expect(missing.allSatisfy { !$0.message.contains("peel new sticker") && $0.message.contains("rename one of them") }, "\(missing.map(\.message))")
        #expect(missing.first?.message.contains("weather/zap.gif to zap-2.gif") == true, "\(missing.map(\.message))")
    }

    /// Both spellings of `café.png`, each with its sidecar: one sticker was shown with the other's
    /// bytes and hash, both got one label, a duplicate-image warning named two different images,
    /// and the pack zip left one image and one sidecar out. The second in byte order (NFC, whose
    /// é is 0xC3 0xA9, after NFD's e) is left out, with an error on each of its files.
    @Test func aNameInTwoUnicodeFormsIsOneFileAndTheSecondIsLeftOut() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Cups\n---\n", to: "content/cups/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/cups/\(Self.nfd).png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/cups/\(Self.nfc).png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/cups/\(Self.nfd).md")
        try folder.write("---\nalt: Orange fox face\n---\n", to: "content/cups/\(Self.nfc).md")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("content/cups").path).count == 5,
                "the file system keeps both spellings")
        let site = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        let clashes = report.findings.filter { $0.code == .nameClash }
        #expect(clashes.map(\.file).map { Array($0.utf8) } == ["cups/\(Self.nfc).md", "cups/\(Self.nfc).png"].map { Array($0.utf8) })
        #expect(clashes.allSatisfy { $0.severity == .error && $0.message.contains("in another Unicode form") && $0.message.contains("NFD, decomposed as a Mac writes it") && $0.message.contains("NFC, composed") })
        #expect(!report.findings.contains { [.duplicateImage, .ambiguousSidecar, .duplicateLabel].contains($0.code) }, "\(report.findings.map(\.formatted))")
        // The one sticker is the NFD file, with its own bytes, hash and label.
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("catalog.json"))) as? [String: Any])
        let stickers = try #require(((catalog["packs"] as? [[String: Any]])?.first?["stickers"]) as? [[String: Any]])
        #expect(stickers.count == 1)
        let cat = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        #expect(stickers.first?["bytes"] as? Int == cat.count && stickers.first?["alt"] as? String == "Orange cat face")
        #expect(stickers.first?["sha256"] as? String == Hex.string(SHA256.hash(data: cat)))
    }

    /// `Happy Sun.png` beside `happy sun.png` makes two stickers, but a pack zip unzipped on a Mac
    /// keeps one of them: a warning on the second name.
    @Test func namesThatDifferOnlyInCaseAreKeptWithAWarning() {
        let (kept, findings) = NameClashes.separate(["Happy Sun.md", "Happy Sun.png", "happy sun.md", "happy sun.png", "pack.md"], in: "sun")
        #expect(kept == ["Happy Sun.md", "Happy Sun.png", "happy sun.md", "happy sun.png", "pack.md"])
        #expect(findings.map(\.file) == ["sun/happy sun.md", "sun/happy sun.png"] && findings.allSatisfy { $0.severity == .warning && $0.code == .nameClash })
        #expect(findings.first?.message == "'happy sun.md' differs from 'Happy Sun.md' only in case; macOS and Windows take them for one file, so a copy or a clone of the content folder there keeps only one; rename one of them")
        #expect(NameClashes.separate(["a.png", "b.png", ".DS_Store"], in: "").findings.isEmpty)
    }
}
