import Foundation
import Testing
@testable import PeelKit

/// Sidecars and pack files as people (and attackers) write them, read through the catalog loader:
/// every problem is a finding naming the file and line; nothing crashes or hangs.
@Suite struct HostileFrontMatterTests {
    /// Loads a one-pack catalog whose sticker `s.png` has `sidecar` (bytes) as its Markdown file.
    func load(sidecar: Data) throws -> (Sticker, [String]) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/s.png")
        try folder.write(sidecar, to: "p/s.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let pack = catalog.packs[0]
        // The label rules the build and `peel check` apply on top of what the loader reports.
        let checked = LabelChecks.check(CheckSubject(sticker: pack.stickers[0], pack: pack, info: nil).defaultLabel(site: catalog.site))
        return (pack.stickers[0], (findings + checked).map(\.formatted))
    }

    func load(_ text: String) throws -> (Sticker, [String]) {
        try load(sidecar: Data(text.utf8))
    }

    @Test func invalidYAMLIsAnErrorOnItsLine() throws {
        let (sticker, findings) = try load("---\nalt: Fine\ntitle: \"unclosed\ntags: [a\n---\nBody\n")
        #expect(findings.count == 1)
        #expect(findings[0].hasPrefix("p/s.md:3: error[yaml-syntax]: YAML syntax error in front matter: "), "the quote opens on line 3: \(findings)")
        #expect(sticker.alt == nil, "nothing is guessed from broken YAML")
    }

    /// A git merge left both sides in a sidecar: one finding on the conflict's first line, in the
    /// front matter (not a YAML error whose advice does not help) or in the text (which was
    /// published as a heading and blockquotes); a lone `=======` is a heading's underline.
    @Test func aMergeConflictIsNamedWhereItStarts() throws {
        let (inFrontMatter, first) = try load("---\n<<<<<<< HEAD\nalt: Smiley waving hello\n=======\nalt: Smiley waving hi\n>>>>>>> translator\n---\n")
        #expect(first == ["p/s.md:2: error[merge-conflict]: a git merge conflict is left here (<<<<<<< … >>>>>>>); keep one side and delete the marker lines; the file is not read"], "\(first)")
        #expect(inFrontMatter.alt == nil)
        let (_, second) = try load("---\nalt: Waving\n---\n<<<<<<< HEAD\nFor greetings.\n=======\nFor hellos.\n>>>>>>> translator\n")
        #expect(second.first == "p/s.md:4: error[merge-conflict]: a git merge conflict is left here (<<<<<<< … >>>>>>>); keep one side and delete the marker lines; the file is not read")
        let (heading, third) = try load("---\nalt: Waving\n---\nGreetings\n=======\n\nA heading, underlined.\n")
        #expect(third.isEmpty && heading.alt == "Waving", "\(third)")
    }

    @Test func wrongTypesAreErrorsOnTheirLines() throws {
        let (sticker, findings) = try load("---\nalt: [1, 2]\ntitle: {a: b}\ntags: [[nested]]\norder: first\n---\n")
        #expect(findings.contains("p/s.md:2: error[wrong-type]: 'alt' must be text"))
        #expect(findings.contains("p/s.md:3: error[wrong-type]: 'title' must be text"))
        #expect(findings.contains("p/s.md:4: error[wrong-type]: 'tags' must be a list of text"))
        #expect(findings.contains("p/s.md:5: error[wrong-type]: 'order' must be a whole number"))
        #expect(sticker.alt == nil && sticker.tags.isEmpty && sticker.order == nil)
    }

    @Test func hugeValuesAreReportedNotTrusted() throws {
        let longLabel = String(repeating: "A very long label. ", count: 10_000)
        let (sticker, findings) = try load("---\nalt: \(longLabel)\norder: 99999999999999999999999\ntags: [\(Array(repeating: "t", count: 50_000).joined(separator: ", "))]\n---\n"
                                           + String(repeating: "Body text. ", count: 100_000))
        #expect(findings.contains { $0.hasPrefix("p/s.md:2: error[label-too-long]: ") }, "\(findings.map { $0.prefix(80) })")
        #expect(findings.contains("p/s.md:3: error[wrong-type]: 'order' must be a whole number"))
        #expect(sticker.tags.count == 50_000)
        #expect(sticker.descriptionHTML.count > 1_000_000)
    }

    @Test func deeplyNestedYAMLIsAnErrorNotACrash() throws {
        let depth = 100_000
        let (_, findings) = try load("---\nalt: Deep\ntags: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n---\n")
        #expect(findings.count == 1, "\(findings.map { $0.prefix(120) })")
        #expect(findings.first?.hasPrefix("p/s.md:3: error[") == true, "\(findings.map { $0.prefix(120) })")
    }

    @Test func aliasBombsDoNotExpand() throws {
        var yaml = "---\nalt: Bomb\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...12 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "tags: *a12\n---\n"
        let started = Date()
        let (sticker, findings) = try load(yaml)
        #expect(Date().timeIntervalSince(started) < 10, "an alias bomb must not be expanded")
        #expect(findings.contains("p/s.md:16: error[wrong-type]: 'tags' must be a list of text"), "\(findings.map { $0.prefix(120) })")
        #expect(findings.contains { $0.hasPrefix("p/s.md:3: warning[unknown-key]: unknown key 'a0' is ignored") })
        #expect(sticker.alt == "Bomb")
    }

    @Test func bytesThatAreNotUTF8AreAnErrorOnTheirLine() throws {
        let (sticker, findings) = try load(sidecar: Data("---\nalt: Caf".utf8) + Data([0xE9, 0x0A]) + Data("---\n".utf8))
        #expect(findings == ["p/s.md:2: error[text-encoding]: file is not valid UTF-8 text; save it as UTF-8"])
        #expect(sticker.alt == nil)
    }

    @Test func controlCharactersInYAMLAreAnError() throws {
        let (_, findings) = try load("---\nalt: bell\u{07}here\n---\n")
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("p/s.md:2: error[yaml-syntax]: YAML syntax error in front matter: ") == true, "\(findings)")
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let text = "---\r\nalt: A sun wearing sunglasses\r\ntitle: Cool\r\ntags: [hot, sun]\r\n---\r\nLine one\r\n\r\nLine two\r\n"
        let (sticker, findings) = try load(sidecar: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8))
        #expect(findings.isEmpty, "\(findings)")
        #expect(sticker.alt == "A sun wearing sunglasses")
        #expect(sticker.title == "Cool")
        #expect(sticker.tags == ["hot", "sun"])
        #expect(sticker.descriptionHTML == "<p dir=\"auto\">Line one</p>\n<p dir=\"auto\">Line two</p>\n")
        // Lines still count right in a CRLF file.
        let (_, crlfFindings) = try load("---\r\nalt: Fine\r\n\r\norder: soon\r\n---\r\n")
        #expect(crlfFindings == ["p/s.md:4: error[wrong-type]: 'order' must be a whole number"])
    }

    @Test func aSidecarWithoutFrontMatterIsADescriptionOnly() throws {
        let (sticker, findings) = try load("Just a *description*, no front matter.\n")
        #expect(sticker.descriptionHTML == "<p dir=\"auto\">Just a <em>description</em>, no front matter.</p>\n")
        #expect(sticker.alt == nil)
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("p/s.md: error[missing-label]: sticker has no accessibility label") == true, "\(findings)")
    }

    @Test func unclosedFrontMatterNamesItsFirstLine() throws {
        let (_, findings) = try load("---\nalt: Never closed\n")
        #expect(findings == ["p/s.md:1: error[front-matter-unclosed]: front matter starts with '---' but has no closing '---' line; add one after the last key"])
    }
}
