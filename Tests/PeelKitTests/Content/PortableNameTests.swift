import Foundation
import Testing
@testable import PeelKit

/// Names Windows cannot hold (`PortableName`): `con.png`, `a:b.png` and `sun.` pass on Linux and
/// macOS, and only a teammate's clone on a PC found them.
@Suite struct PortableNameTests {
    @Test(arguments: ["con.png", "CON.png", "Aux", "nul.fr.md", "com1.gif", "LPT9.png", "com¹.png", "con .png",
                      "a:b.png", "what?.png", "star*.md", "say \"hi\".png", "back\\slash.png", "pipe|.png", "tab\t.png",
                      "sun.", "sun ", "pack."])
    func windowsCannotHold(_ name: String) {
        #expect(PortableName.problem(name) != nil, "\(name)")
        let fixed = PortableName.suggestion(name)
        #expect(PortableName.problem(fixed) == nil, "\(name) → \(fixed)")
    }

    @Test(arguments: ["console.png", "contact.md", "auxiliary", "com10.png", "lpt.png", "null.png", "café.png", "😀 grin.png",
                      "sun.png", "my pack", "a-b.png", "pack.md", "nul-sticker.png"])
    func windowsHolds(_ name: String) {
        #expect(PortableName.problem(name) == nil, "\(name)")
    }

    @Test func suggestionsKeepTheExtension() {
        #expect(PortableName.suggestion("con.png") == "con-sticker.png")
        #expect(PortableName.suggestion("a:b.png") == "a-b.png")
        #expect(PortableName.suggestion("sun. ") == "sun")
    }

    /// The loader says it on the file and on a pack folder, once each, as a warning; the stickers are kept.
    @Test func theCatalogSaysWhichNamesWindowsCannotHold() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Faces\n---\n", to: "content/aux/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/aux/con.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/aux/con.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/aux/fox:face.png")
        try folder.write("---\nalt: Orange fox face\n---\n", to: "content/aux/fox:face.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        let warned = findings.filter { $0.code == .nonPortableName }
        #expect(warned.map(\.file) == ["aux", "aux/con.md", "aux/con.png", "aux/fox:face.md", "aux/fox:face.png"], "\(findings.map(\.formatted))")
        #expect(warned.allSatisfy { $0.severity == .warning })
        #expect(warned.first { $0.file == "aux/con.png" }?.message.contains("'con-sticker.png'") == true)
        #expect(catalog.packs.first?.stickers.count == 2)
    }
}
