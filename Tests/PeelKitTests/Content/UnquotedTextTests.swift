import Testing
@testable import PeelKit

/// YAML that silently changes a label: each case is found on the raw line and explained.
@Suite struct UnquotedTextTests {
    /// Reads `key` from a sidecar's front matter; returns the value and every finding.
    func read(_ text: String, _ key: String = "alt") -> (String?, [Finding]) {
        let (frontMatter, parseFindings) = FrontMatter.parse(text, file: "p/a.md")
        var reader = FrontMatterReader(frontMatter, file: "p/a.md", knownKeys: KnownKeys.sticker, sticker: "p/a.png")
        let value = key == "order" ? reader.integer(key).map(String.init) : reader.string(key)
        return (value, parseFindings + reader.findings)
    }

    @Test func anUnquotedHashWarnsThatTheLabelIsCut() throws {
        let (value, findings) = read("---\ntitle: Fine\nalt: Smiley #1 face\n---\n")
        #expect(value == "Smiley", "YAML's reading, which the warning explains")
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.code == .yamlUnquotedComment)
        #expect(finding.severity == .warning)
        #expect(finding.line == 3)
        #expect(finding.message.contains("put the label in quotes: alt: \"Smiley #1 face\""), "\(finding.message)")
    }

    @Test func aTagWarnsThatItIsDropped() throws {
        let (value, findings) = read("---\nalt: !important face\n---\n")
        #expect(value == "face")
        let finding = try #require(findings.first)
        #expect(finding.code == .yamlTag)
        #expect(finding.line == 2)
        #expect(finding.message.contains("'!important'") && finding.message.contains("alt: \"!important face\""), "\(finding.message)")
    }

    @Test func quotedValuesAndHashesInsideWordsAreFine() {
        let cases = ["---\nalt: \"Smiley #1 face\"\n---\n": "Smiley #1 face",
                     "---\nalt: 'Smiley #1 face' # a comment\n---\n": "Smiley #1 face",
                     "---\nalt: C# is a language\n---\n": "C# is a language"]
        for (text, expected) in cases {
            let (value, findings) = read(text)
            #expect(findings.isEmpty, "\(text): \(findings)")
            #expect(value == expected)
        }
    }

    /// `background: #fff` is a YAML comment, so the key is null: said, not silently the theme's colour.
    @Test func aBareHexColourIsCaughtAsAComment() throws {
        let (frontMatter, _) = FrontMatter.parse("---\ntitle: P\nbackground: #fff\n---\n", file: "p/pack.md")
        var reader = FrontMatterReader(frontMatter, file: "p/pack.md", knownKeys: KnownKeys.pack, sticker: nil)
        #expect(reader.string("background") == nil)
        let finding = try #require(reader.findings.first)
        #expect(finding.code == .yamlUnquotedComment)
        #expect(finding.line == 3)
        #expect(finding.message.contains("put the colour in quotes: background: \"#fff\""), "\(finding.message)")
    }

    @Test func commentsOnOtherKeysAreLeftAlone() {
        let (value, findings) = read("---\nalt: Sun\norder: 3  # first\n---\n", "order")
        #expect(value == "3")
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func aColonInAValueGetsTheQuoteHint() throws {
        let (_, findings) = read("---\ntitle: Grin\nalt: Smiley face: big grin\n---\n")
        let finding = try #require(findings.first)
        #expect(finding.code == .yamlSyntax)
        #expect(finding.line == 3)
        #expect(finding.message.contains("mapping values are not allowed"))
        #expect(finding.message.contains("put it in quotes: alt: \"Smiley face: big grin\""), "\(finding.message)")
    }

    @Test func anUnclosedQuoteIsReportedWhereItOpens() throws {
        let (_, findings) = read("---\ntitle: Grin\nalt: \"Smiley\ntags: a\nkey: b\n---\n")
        let finding = try #require(findings.first)
        #expect(finding.code == .yamlSyntax)
        #expect(finding.line == 3, "the quote opens on line 3; libyaml notices at the end (line 5)")
        #expect(finding.message.contains("never closed"), "\(finding.message)")
    }
}
