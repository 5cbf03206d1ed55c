import Foundation
import Testing
@testable import PeelKit

/// The sticker on a pack's card: the one pack.md's `cover:` names, else the first readable one.
struct PackCoverTests {
    func catalog(cover: String) throws -> (Catalog, [Finding]) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Suns\ncover: \(cover)\n---\n", to: "p/pack.md")
        for name in ["Moon", "Sun Face"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/\(name).png")
            try folder.write("---\nalt: A round face\n---\n", to: "p/\(name).md")
        }
        return try CatalogLoader(contentFolder: folder.url).load()
    }

    /// `cover: Sun Face`, the title Peel shows for `Sun Face.png`, was "not a sticker of this pack".
    @Test(arguments: ["Sun Face", "Sun Face.png", "sun-face"])
    func theNameWithoutItsExtensionTheFileNameAndTheSlugAllName(cover: String) throws {
        let (catalog, findings) = try catalog(cover: cover)
        #expect(!findings.contains { $0.code == .missingFile }, "\(findings.map(\.formatted))")
        let pack = try #require(catalog.packs.first)
        #expect(pack.coverIndex.map { pack.stickers[$0].fileName } == "Sun Face.png")
    }

    @Test func aNearMissSaysWhatToWrite() throws {
        let (_, findings) = try catalog(cover: "sun face")
        let finding = try #require(findings.first { $0.code == .missingFile })
        #expect(finding.message == "cover 'sun face' is not a sticker of this pack; did you mean 'Sun Face.png'? (write its file name, or its slug 'sun-face'); the first sticker is used")
    }

    /// A pack whose images are all unreadable has no cover in catalog.json (it named a sticker
    /// with no format, size or thumbnail); its card still says the image can't be read.
    @Test func aPackWithNoReadableImageHasNoCoverInTheCatalogJSON() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Broken\n---\n", to: "content/bad/pack.md")
        try folder.write(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), to: "content/bad/a.png")
        try folder.write("---\nalt: A broken sticker\n---\n", to: "content/bad/a.md")
        try folder.write("---\ntitle: Good\n---\n", to: "content/good/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/good/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/good/cat.md")
        _ = try? await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                         output: folder.url.appendingPathComponent("site"))).build()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))) as? [String: Any])
        let packs = try #require(root["packs"] as? [[String: Any]])
        #expect(packs.first { $0["slug"] as? String == "bad" }?["cover"] is NSNull)
        #expect(packs.first { $0["slug"] as? String == "good" }?["cover"] as? String == "cat")
    }
}
