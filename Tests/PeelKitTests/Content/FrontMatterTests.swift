import Foundation
import Testing
@testable import PeelKit

@Suite struct FrontMatterTests {
    @Test func readsKeysLinesAndBody() throws {
        let text = "---\nalt: A smiling sun\ntitle: Sun\ntags: [a, b]\n---\nBody *here*.\n"
        let (frontMatter, findings) = FrontMatter.parse(text, file: "p/sun.md")
        #expect(findings.isEmpty)
        #expect(frontMatter.fields.map(\.key) == ["alt", "title", "tags"])
        #expect(frontMatter["alt"]?.line == 2)
        #expect(frontMatter["tags"]?.line == 4)
        #expect(frontMatter.body == "Body *here*.\n")
        #expect(frontMatter.bodyLine == 6)
    }

    @Test func withoutFrontMatterTheWholeFileIsTheBody() {
        let (frontMatter, findings) = FrontMatter.parse("Just a description.\n", file: "p/a.md")
        #expect(findings.isEmpty)
        #expect(frontMatter.fields.isEmpty)
        #expect(frontMatter.body == "Just a description.\n")
    }

    @Test func crlfAndByteOrderMarkAreAccepted() throws {
        let bytes = Data([0xEF, 0xBB, 0xBF]) + Data("---\r\nalt: Sun\r\ntitle: Hot\r\n---\r\nBody\r\n".utf8)
        let text = try #require(TextFile.decode(bytes))
        let (frontMatter, findings) = FrontMatter.parse(text, file: "p/a.md")
        #expect(findings.isEmpty)
        var reader = FrontMatterReader(frontMatter, file: "p/a.md", knownKeys: KnownKeys.sticker)
        #expect(reader.string("alt") == "Sun")
        #expect(reader.string("title") == "Hot")
        #expect(frontMatter.body == "Body\n")
    }

    /// Two byte-order marks (a tool added one to a file that had one): invisible in an editor, and
    /// the front matter after them was read as the description (a rule and a heading "alt: …").
    @Test func everyLeadingByteOrderMarkIsDropped() throws {
        let bytes = Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]) + Data("---\nalt: Sun\n---\n".utf8)
        let text = try #require(TextFile.decode(bytes))
        let (frontMatter, findings) = FrontMatter.parse(text, file: "p/a.md")
        #expect(findings.isEmpty && frontMatter["alt"]?.line == 2)
    }

    /// A no-break space after `alt:` (Option+Space on a Mac, text pasted from a web page) looks
    /// like `alt: label`; the error names it and its line, where it said only "must be 'key: value' lines".
    @Test func aNoBreakSpaceAfterAKeyIsNamed() {
        let alone = FrontMatter.parse("---\nalt:\u{A0}Yellow sun\n---\n", file: "p/sun.md").1
        #expect(alone.count == 1 && alone[0].line == 2 && alone[0].message.contains("a no-break space (U+00A0) after 'alt:'"), "\(alone.map(\.message))")
        let second = FrontMatter.parse("---\nalt: Crescent moon\ntags:\u{A0}[night]\n---\n", file: "p/moon.md").1
        #expect(second.count == 1 && second[0].line == 3 && second[0].message.contains("no-break space (U+00A0) after 'tags:'"), "\(second.map(\.message))")
        #expect(FrontMatter.parse("---\nalt: Sun\u{A0}and moon\n---\n", file: "p/a.md").1.isEmpty, "inside a value it is text")
    }

    @Test func invalidUTF8IsRejected() {
        #expect(TextFile.decode(Data([0x61, 0xFF, 0xFE, 0x62])) == nil)
    }

    @Test func aQuoteLeftOpenIsReportedWhereItOpensEvenWhenYAMLStumblesLater() {
        // YAML reads `"Yellow smiley face\ntitle: "` as one text, then fails on `Hello"` (line 3).
        let (_, findings) = FrontMatter.parse("---\nalt: \"Yellow smiley face\ntitle: \"Hello\"\ntags: [hello]\n---\n", file: "p/hello.md")
        #expect(findings.map(\.line) == [2], "\(findings.map(\.formatted))")
        #expect(findings.first?.message.contains("the quote that opens on this line is not closed on it") == true)
        // A quote closed on its line is not blamed for a later error.
        let (_, other) = FrontMatter.parse("---\nalt: \"Yellow \\\" face\"\ntitle: a: b\n---\n", file: "p/hello.md")
        #expect(other.map(\.line) == [3], "\(other.map(\.formatted))")
    }

    @Test func aRepeatedKeyIsReportedWhereItIsRepeated() {
        let (_, findings) = FrontMatter.parse("---\nalt: Grin\ntitle: Grin\nalt: Big grin\n---\n", file: "p/grin.md")
        #expect(findings.map(\.line) == [4], "the second alt:, not the first: \(findings.map(\.formatted))")
        #expect(findings.first?.message.contains("duplicate keys: alt") == true)
        // A nested key of the same name elsewhere is not the repeat.
        let (_, nested) = FrontMatter.parse("---\nparts:\n  - alt: a\ntitle: T\ntitle: U\n---\n", file: "p/pack.md")
        #expect(nested.map(\.line) == [5], "\(nested.map(\.formatted))")
    }

    @Test func yamlSyntaxErrorNamesTheFileLine() throws {
        // line 1 '---', line 2 ok, line 3 broken (unclosed flow sequence)
        let text = "---\ntitle: Fine\ntags: [a, b\nalt: x\n---\n"
        let (_, findings) = FrontMatter.parse(text, file: "pack/sun.md")
        let finding = try #require(findings.first)
        #expect(finding.code == .yamlSyntax)
        #expect(finding.severity == .error)
        #expect(finding.file == "pack/sun.md")
        #expect(finding.line == 3, "an unclosed list is reported where it opens")
        #expect(finding.formatted.hasPrefix("pack/sun.md:\(finding.line!): error[yaml-syntax]: YAML syntax error"))
    }

    @Test func badIndentationPointsAtItsLine() throws {
        let text = "---\nalt: ok\n  title: indented wrongly\n---\n"
        let (_, findings) = FrontMatter.parse(text, file: "a.md")
        let finding = try #require(findings.first)
        #expect(finding.code == .yamlSyntax)
        #expect(finding.line == 3)
    }

    @Test func unclosedFrontMatterIsAnError() throws {
        let (_, findings) = FrontMatter.parse("---\nalt: x\nno closing line\n", file: "a.md")
        #expect(findings.map(\.code) == [.frontMatterUnclosed])
        #expect(findings.first?.line == 1)
    }

    @Test func aListInsteadOfKeysIsAnError() {
        let (_, findings) = FrontMatter.parse("---\n- a\n- b\n---\n", file: "a.md")
        #expect(findings.map(\.code) == [.frontMatterNotMapping])
    }

    @Test func duplicateKeysAreReported() {
        let (_, findings) = FrontMatter.parse("---\nalt: one\nalt: two\n---\n", file: "a.md")
        #expect(findings.contains { $0.code == .yamlSyntax && $0.message.contains("alt") })
    }

    @Test func unknownKeyIsAWarningWithTheClosestKnownKey() throws {
        let (frontMatter, _) = FrontMatter.parse("---\nalt: x\ntittle: Sun\n---\n", file: "p/sun.md")
        let reader = FrontMatterReader(frontMatter, file: "p/sun.md", knownKeys: KnownKeys.sticker)
        let finding = try #require(reader.findings.first)
        #expect(finding.code == .unknownKey)
        #expect(finding.severity == .warning)
        #expect(finding.line == 3)
        #expect(finding.message.contains("did you mean 'title'?"))
        // Two letters swapped is one slip, as a person types it.
        let (swapped, _) = FrontMatter.parse("---\ntitel: Sun\n---\n", file: "site.md")
        #expect(FrontMatterReader(swapped, file: "site.md", knownKeys: KnownKeys.site).findings.first?.message.contains("did you mean 'title'?") == true)
        #expect(Suggestion.distance("titel", "title") == 1 && Suggestion.distance("kitten", "sitting") == 3)
    }

    @Test func wrongTypeIsAnErrorOnItsLine() throws {
        let (frontMatter, _) = FrontMatter.parse("---\ntitle: x\nalt: [1, 2]\n---\n", file: "p/a.md")
        var reader = FrontMatterReader(frontMatter, file: "p/a.md", knownKeys: KnownKeys.sticker)
        #expect(reader.string("alt") == nil)
        let finding = try #require(reader.findings.first)
        #expect(finding.code == .wrongType)
        #expect(finding.line == 3)
        #expect(finding.message == "'alt' must be text")
    }

    @Test func scalarsReadAsTextAndListsAcceptCommas() {
        let (frontMatter, _) = FrontMatter.parse("---\nalt: 42\ntags: sun, hot ,summer\norder: 3\ntitle:\n---\n", file: "a.md")
        var reader = FrontMatterReader(frontMatter, file: "a.md", knownKeys: KnownKeys.sticker)
        #expect(reader.string("alt") == "42")
        #expect(reader.strings("tags") == ["sun", "hot", "summer"])
        #expect(reader.integer("order") == 3)
        #expect(reader.string("title") == nil)
        #expect(reader.findings.isEmpty)
    }

    @Test func orderMustBeANumber() {
        let (frontMatter, _) = FrontMatter.parse("---\norder: first\n---\n", file: "a.md")
        var reader = FrontMatterReader(frontMatter, file: "a.md", knownKeys: KnownKeys.sticker)
        #expect(reader.integer("order") == nil)
        #expect(reader.findings.map(\.code) == [.wrongType])
    }

    /// A Markdown rule inside a block (`footer: |` then `  ---`) closed the front matter there:
    /// the keys after it became the page's text, and nothing was said.
    @Test func anIndentedRuleInsideABlockDoesNotCloseTheFrontMatter() throws {
        let text = "---\ntitle: Cats\nfooter: |\n  Made by Jo\n  ---\n  ...\n  Licence: CC BY\ndescription: Stickers for cat people\n---\nWelcome.\n"
        let (frontMatter, findings) = FrontMatter.parse(text, file: "site.md")
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(frontMatter.fields.map(\.key) == ["title", "footer", "description"])
        #expect(frontMatter["footer"]?.value.string == "Made by Jo\n---\n...\nLicence: CC BY\n")
        #expect(frontMatter["description"]?.line == 8)
        #expect(frontMatter.body == "Welcome.\n")
    }

    @Test func aFenceMayCarryAComment() throws {
        let (frontMatter, findings) = FrontMatter.parse("--- # the sticker\nalt: Sun\n--- \nBody\n", file: "p/a.md")
        #expect(findings.isEmpty)
        #expect(frontMatter["alt"]?.value.string == "Sun" && frontMatter.body == "Body\n")
    }

    /// libyaml breaks lines at U+2028, U+2029 and U+0085 as well (pasted from a web page), editors
    /// do not: every key after one was reported a line further down.
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
    func unicodeLineSeparatorsDoNotMoveLaterLines(separator: String) throws {
        let text = "---\ntitle: \"a\(separator)b\"\nalt: Cat\ntitle2: x\n---\n"
        let (frontMatter, _) = FrontMatter.parse(text, file: "p/a.md")
        #expect(frontMatter["alt"]?.line == 3)
        #expect(frontMatter["title2"]?.line == 4)
        #expect(FrontMatter.lineMap(ofYAML: "a\nb\(separator)c\r\nd") == [1, 2, 2, 3])
        #expect(FrontMatter.lineMap(ofYAML: "a\nb") == nil)
    }
}
