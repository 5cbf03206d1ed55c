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

    /// `translated_from:` holds a label too: cut, it never matched its source again, and the
    /// stale-translation warning it gave said the English label "is now" what it always was.
    @Test(arguments: ["translated_from", "label_translated_from"])
    func anUnquotedHashInWhatATranslationCameFromWarns(key: String) throws {
        let text = "---\nalt: Rotfuchs Nr. 1\n\(key): Red fox #1 with a bushy tail\n---\n"
        let (frontMatter, parseFindings) = FrontMatter.parse(text, file: "p/fox.de.md")
        var reader = FrontMatterReader(frontMatter, file: "p/fox.de.md", knownKeys: KnownKeys.packTranslation + ["alt"], sticker: nil)
        #expect(reader.string(key) == "Red fox")
        let findings = parseFindings + reader.findings
        #expect(findings.map(\.code) == [.yamlUnquotedComment] && findings.first?.line == 3, "\(findings)")
        #expect(findings.first?.message.contains("\(key): \"Red fox #1 with a bushy tail\"") == true, "\(findings)")
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

    /// A label that starts on the line below `alt:`, or is wrapped onto a second line, is cut the
    /// same way: the warning is on the line with the '#', and the fix joins the label on one line.
    @Test func aHashOnALineBelowTheKeyWarnsToo() throws {
        let cases: [(String, String, Int, String)] = [
            ("---\nalt:\n  Smiley #1 face holding a trophy\ntitle: T\n---\n", "Smiley", 3, "alt: \"Smiley #1 face holding a trophy\""),
            ("---\nalt: Yellow smiley\n  face with #1 on it\n---\n", "Yellow smiley face with", 3, "alt: \"Yellow smiley face with #1 on it\""),
        ]
        for (text, expected, line, fix) in cases {
            let (value, findings) = read(text)
            #expect(value == expected)
            let finding = try #require(findings.first, "\(text)")
            #expect(findings.count == 1 && finding.code == .yamlUnquotedComment && finding.line == line, "\(findings)")
            #expect(finding.message.contains("on one line: \(fix)"), "\(finding.message)")
        }
        let (tagged, findings) = read("---\nalt:\n  !important face\n---\n")
        #expect(tagged == "face" && findings.map(\.code) == [.yamlTag] && findings.first?.line == 3, "\(findings)")
        // A wrapped label whose next line starts with '#', and a colour on the line below its key.
        let (wrapped, cut) = read("---\nalt: A mug that says\n  #1 fan\n---\n")
        #expect(wrapped == "A mug that says" && cut.first?.line == 3 && cut.first?.message.contains("alt: \"A mug that says #1 fan\"") == true, "\(cut)")
        let (frontMatter, _) = FrontMatter.parse("---\ntitle: P\nbackground:\n  #f4efe6\n---\n", file: "p/pack.md")
        var reader = FrontMatterReader(frontMatter, file: "p/pack.md", knownKeys: KnownKeys.pack, sticker: nil)
        #expect(reader.string("background") == nil && reader.findings.map(\.line) == [4], "\(reader.findings)")
        // Quoted or block values (on the key's line or below it), and a comment line at the keys'
        // indentation after a plain value: nothing cut.
        for text in ["---\nalt:\n  \"Smiley #1 face\"\n---\n", "---\nalt: Sun\n# the label above\ntitle: T\n---\n",
                     "---\nalt: A long label\n  wrapped, with C# in it\n---\n",
                     "---\nalt: \"Yellow face holding a\n  number #1 foam finger\"\n---\n",
                     "---\nalt: 'It''s a face\n  with a #hashtag sign'\n---\n",
                     "---\ntitle: |\n  Winner #1\nalt: A cup\n---\n",
                     "---\nalt: >-\n  A cup that says\n  #1 fan\n---\n",
                     "---\nalt:\n  # what VoiceOver reads\n  A cup that says hello\n---\n"] {
            #expect(read(text).1.isEmpty, "\(text): \(read(text).1)")
            #expect(read(text, "title").1.isEmpty, "\(text): \(read(text, "title").1)")
        }
    }

    /// `- #happy` in a block list is a comment: the entry is empty and dropped.
    @Test func aHashEntryOfABlockListWarns() throws {
        let (frontMatter, _) = FrontMatter.parse("---\nalt: A\ntags:\n  - #happy\n  - smile\n  - big # grin\n  - \"#quoted\"\nemoji:\n- 😀\n- #️⃣\n---\n", file: "p/a.md")
        var reader = FrontMatterReader(frontMatter, file: "p/a.md", knownKeys: KnownKeys.sticker, sticker: "p/a.png")
        #expect(reader.strings("tags")?.filter { !$0.isEmpty } == ["smile", "big", "#quoted"])
        _ = reader.strings("emoji")
        #expect(reader.findings.map(\.code) == [.yamlUnquotedComment, .yamlUnquotedComment, .yamlUnquotedComment], "\(reader.findings)")
        #expect(reader.findings.map(\.line) == [4, 6, 10])
        #expect(reader.findings[0].message.contains("is empty and dropped; put it in quotes: - \"#happy\""), "\(reader.findings[0].message)")
        #expect(reader.findings[1].message.contains("reads as 'big'"), "\(reader.findings[1].message)")
    }

    /// A tab before a key (an editor that inserts tabs) is reported on the tab's line, not on
    /// the line of the value before it.
    @Test func aTabBeforeAKeyIsReportedOnItsLine() throws {
        let (_, findings) = read("---\nalt: Yellow smiley face\n\ttitle: Hello\n---\n")
        let finding = try #require(findings.first { $0.code == .yamlSyntax })
        #expect(finding.line == 3, "\(finding.formatted)")
        // A key indented by a space: the advice is to unindent it (quoting changed nothing).
        let (_, indented) = read("---\ntitle: Hello\n alt: Yellow smiley face\n---\n")
        let advice = try #require(indented.first { $0.code == .yamlSyntax })
        #expect(advice.line == 3 && advice.message.hasSuffix("remove the space before 'alt:'"), "\(advice.formatted)")
        // The first key indented and the next not: YAML takes the first's indentation for the
        // mapping and stumbles on line 3, but the line to fix is 2 (after a comment line too).
        for text in ["---\n  alt: Yellow smiley face\ntitle: Hello\n---\n", "---\n# a note\n\n  alt: Yellow smiley face\n  tags: [a]\ntitle: Hello\n---\n"] {
            let (_, first) = read(text)
            let fix = try #require(first.first { $0.code == .yamlSyntax })
            #expect(fix.line == (text.hasPrefix("---\n#") ? 4 : 2) && fix.message.contains("'alt:' is indented and 'title:' on line")
                    && fix.message.hasSuffix("remove the space before 'alt:'"), "\(fix.formatted)")
        }
        // An unclosed quote is still reported where it opens.
        let (_, quote) = read("---\nalt: \"Yellow face\ntitle: Hello\n---\n")
        #expect(quote.first { $0.code == .yamlSyntax }?.line == 2)
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

    /// `"alt": Smiley #1 face`, as a JSON-to-YAML converter writes the key, was cut without a word.
    @Test(arguments: ["\"alt\": Smiley #1 face", "'alt': Smiley #1 face"])
    func aQuotedKeyStillWarns(line: String) throws {
        let (value, findings) = read("---\n\(line)\ntitle: Fine\n---\n")
        #expect(value == "Smiley")
        #expect(findings.map(\.code) == [.yamlUnquotedComment], "\(findings.map(\.formatted))")
        #expect(findings.first?.line == 2)
    }

    @Test func aQuotedKeyWithATagWarns() {
        let (_, findings) = read("---\n'alt': !important face\n---\n")
        #expect(findings.map(\.code) == [.yamlTag])
    }
}
