import Foundation
import Testing
@testable import PeelKit

/// Text from content never reaches a terminal raw: control characters are escaped in every
/// human line, and bidi overrides in labels are reported.
@Suite struct ControlCharacterTests {
    @Test func escapesC0C1DelAndBidiControls() {
        #expect(TerminalEscaping.escaped("a\u{1B}[31mb\nc\td\r") == "a\\e[31mb\\nc\\td\\r")
        #expect(TerminalEscaping.escaped("x\u{7F}\u{9B}y\u{202E}z\u{2067}") == "x\\u{7F}\\u{9B}y\\u{202E}z\\u{2067}")
        #expect(TerminalEscaping.escaped("Café 😀 عربي \u{200F}") == "Café 😀 عربي \u{200F}", "ordinary text and plain marks stay")
    }

    @Test func aFileNameWithEscAndNewlineCannotForgeOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        let name = "evil\u{1B}[2J\nREADME.md: error[forged]: fake"
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/\(name).png")
        for command in [["check", "content"], ["build", "content", "-o", "site"], ["check", "content", "--format", "github"]] {
            let result = try CLITests().run(command, in: folder.url, environment: ["CI": "true"])
            let all = result.stdout + result.stderr
            #expect(!all.contains("\u{1B}"), "no raw ESC from \(command)")
            #expect(!all.split(separator: "\n").contains { $0.hasPrefix("README.md: error[forged]") }, "\(all)")
            if command.count == 2 || command[1] == "content" && command.count == 4 && command[2] == "-o" {
                #expect(all.contains("content/p/evil\\e[2J\\nREADME.md: error[forged]: fake.png: error[missing-sidecar]"), "\(all)")
            }
        }
    }

    @Test func bidiOverridesInLabelsAndTitlesAreWarned() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\u{2066}ack\u{2069}\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: \"Cat \u{202E}gnp.exe\"\ntitle: Cat\n---\n", to: "content/p/cat.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png")
        try folder.write("---\nalt: \"Fox \u{200F}face\"\n---\n", to: "content/p/fox.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        let findings = Checker.findings(for: catalog, assets: [:], content: folder.url.appendingPathComponent("content"),
                                        analyzer: ImageAnalyzer()).filter { $0.code == .labelBidiControl }
        #expect(findings.count == 2, "\(findings)")
        let label = try #require(findings.first { $0.file == "p/cat.md" })
        #expect(label.line == 2)
        #expect(label.severity == .warning)
        #expect(label.message.contains("U+202E (right-to-left override)"))
        #expect(findings.contains { $0.file == "p/pack.md" && $0.message.contains("U+2066") })
        let result = try CLITests().run(["check", "content"], in: folder.url, environment: ["CI": "true"])
        #expect(result.stdout.contains("content/p/cat.md:2: warning[label-bidi-control]"))
        #expect(!result.stdout.unicodeScalars.contains("\u{202E}"), "the terminal sees the escape, not the override")
    }

    /// A zero-width space inside a word splits it for the spelling check, which named pieces no one
    /// could find: the character is named instead. Joiners of emoji sequences are fine.
    @Test func zeroWidthSpacesInLabelsAreNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: \"Cat with whis\\u200Bkers\"\n---\n", to: "content/p/cat.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png")
        try folder.write("---\nalt: \"Family 👨\\u200D👩\\u200D👧 waving\"\n---\n", to: "content/p/fox.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        let findings = Checker.findings(for: catalog, assets: [:], content: folder.url.appendingPathComponent("content"),
                                        analyzer: ImageAnalyzer()).filter { $0.code == .labelInvisibleCharacter }
        #expect(findings.map(\.file) == ["p/cat.md"], "\(findings)")
        #expect(findings.first?.line == 2 && findings.first?.message.contains("U+200B (zero width space)") == true)
    }
}
