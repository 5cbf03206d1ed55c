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

    /// The findings of `code` for a pack titled `packTitle` with a cat and a fox whose sidecars are `cat` and `fox`.
    static func findings(_ code: FindingCode, in folder: TemporaryFolder, packTitle: String, cat: String, fox: String) throws -> [Finding] {
        try folder.write("---\ntitle: \(packTitle)\nsize: small\n---\n", to: "content/p/pack.md")
        for (name, sidecar) in [("cat", cat), ("fox", fox)] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/\(name).png"), to: "content/p/\(name).png")
            try folder.write(sidecar, to: "content/p/\(name).md")
        }
        let content = folder.url.appendingPathComponent("content")
        let (catalog, _) = try CatalogLoader(contentFolder: content).load()
        return Checker.findings(for: catalog, assets: [:], content: content, analyzer: ImageAnalyzer()).filter { $0.code == code }
    }

    @Test func bidiOverridesInLabelsAndTitlesAreWarned() throws {
        let folder = try TemporaryFolder()
        let findings = try Self.findings(.labelBidiControl, in: folder, packTitle: "P\u{2066}ack\u{2069}",
                                         cat: "---\nalt: \"Cat \u{202E}gnp.exe\"\ntitle: Cat\n---\n", fox: "---\nalt: \"Fox \u{200F}face\"\n---\n")
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
        let findings = try Self.findings(.labelInvisibleCharacter, in: TemporaryFolder(), packTitle: "P",
                                         cat: "---\nalt: \"Cat with whis\\u200Bkers\"\n---\n",
                                         fox: "---\nalt: \"Family 👨\\u200D👩\\u200D👧 waving\"\n---\n")
        #expect(findings.map(\.file) == ["p/cat.md"], "\(findings)")
        #expect(findings.first?.line == 2 && findings.first?.message.contains("U+200B (zero width space)") == true)
    }
}
