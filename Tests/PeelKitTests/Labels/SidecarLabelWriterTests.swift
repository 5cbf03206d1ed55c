import Foundation
import Testing
import Yams
@testable import PeelKit

/// Writing a label into a sidecar changes the `alt:` value's bytes and nothing else, and the value
/// written reads back through Yams (and Peel's own reader) as exactly the label.
@Suite struct SidecarLabelWriterTests {
    func edit(_ sidecar: String?, _ label: String) throws -> String {
        String(decoding: try SidecarLabelWriter.write(label, into: sidecar.map { Data($0.utf8) }), as: UTF8.self)
    }

    /// The label Peel reads from `sidecar` (untrimmed), and the other keys' values.
    func read(_ sidecar: String) throws -> (alt: String?, others: [String: Node], body: String) {
        let (frontMatter, findings) = FrontMatter.parse(try #require(TextFile.decode(Data(sidecar.utf8))), file: "x.md")
        #expect(findings.isEmpty, "\(findings)")
        var others: [String: Node] = [:]
        for field in frontMatter.fields where field.key != "alt" { others[field.key] = field.value }
        return (frontMatter["alt"]?.value.scalar?.string, others, frontMatter.body)
    }

    @Test func onlyTheValueChangesCommentsKeyOrderAndBodyStay() throws {
        let before = "---\n# reviewed by Sam\ntitle: Cat   # shown on the page\nalt: Orange cat  # old\ntags: [cat, pet]\n---\nA *curious* cat.\n\nalt: not front matter\n"
        #expect(try edit(before, "Orange cat face with whiskers")
            == "---\n# reviewed by Sam\ntitle: Cat   # shown on the page\nalt: Orange cat face with whiskers  # old\ntags: [cat, pet]\n---\nA *curious* cat.\n\nalt: not front matter\n")
    }

    /// A sidecar that parses, whose `alt:` value carries an anchor another key names: the edit
    /// would break it, and the refusal says so rather than blaming the file.
    @Test func anEditThatWouldBreakAnAliasIsRefusedAsTheEdits() throws {
        let before = "---\nalt: &a Smiley waving\ntitle: *a\n---\n"
        _ = try read(before)
        #expect { _ = try edit(before, "Smiley waving hello") } throws: { error in
            "\(error)".contains("the file parses, but not with the new alt: in place") && !"\(error)".contains("does not parse")
        }
    }

    @Test func crlfBOMAndQuotedKeysAreKept() throws {
        let before = "\u{FEFF}---\r\ntitle: Dog\r\n\"alt\" : 'Golden dog'\r\norder: 2\r\n---\r\nBody\r\n"
        #expect(try edit(before, "It's a dog: golden") == "\u{FEFF}---\r\ntitle: Dog\r\n\"alt\" : \"It's a dog: golden\"\r\norder: 2\r\n---\r\nBody\r\n")
    }

    @Test(arguments: [
        // A block scalar and its lines are replaced by one line; the key after it stays.
        ("---\nalt: |\n  Two lines\n  of label\n\ntitle: T\n---\n", "---\nalt: New\n\ntitle: T\n---\n"),
        ("---\nalt: >-   # folded\n  Folded\n   more\ntitle: T\n---\n", "---\nalt: New\ntitle: T\n---\n"),
        // A plain scalar continued on indented lines, and a trailing comment line that is not part of it.
        ("---\nalt: first\n  second\n  # a comment\ntitle: T\n---\n", "---\nalt: New\n  # a comment\ntitle: T\n---\n"),
        // Quoted scalars over several lines, with escapes and doubled quotes.
        ("---\nalt: \"a \\\" b\n  c\"  # note\ntitle: T\n---\n", "---\nalt: New  # note\ntitle: T\n---\n"),
        ("---\nalt: 'it''s\n  here'\n---\n", "---\nalt: New\n---\n"),
        // The value on the line after the key, a tag, an empty value, null.
        ("---\nalt:\n  On its own line\ntitle: T\n---\n", "---\nalt:\n  New\ntitle: T\n---\n"),
        ("---\nalt: !!str 42\n---\n", "---\nalt: New\n---\n"),
        ("---\nalt:\ntitle: T\n---\n", "---\nalt: New\ntitle: T\n---\n"),
        ("---\nalt:   # fill me in\ntitle: T\n---\n", "---\nalt: New   # fill me in\ntitle: T\n---\n"),
        // YAML cut the old label at '#1' (yaml-unquoted-comment): its tail goes with it, a comment stays.
        ("---\nalt: Smiley #1 face\ntitle: T\n---\n", "---\nalt: New\ntitle: T\n---\n"),
        ("---\nalt: Smiley #1 face  # note\ntitle: T\n---\n", "---\nalt: New\ntitle: T\n---\n"),
        ("---\nalt: Smiley  # 1 face\ntitle: T\n---\n", "---\nalt: New  # 1 face\ntitle: T\n---\n"),
        ("---\nalt: ~\n---\n", "---\nalt: New\n---\n"),
        // No alt: added as the last key; no front matter: one is added; nothing: a sidecar is made.
        ("---\ntitle: T\n# end\n---\nBody", "---\ntitle: T\n# end\nalt: New\n---\nBody"),
        ("---\r\ntitle: T\r\n---\r\n", "---\r\ntitle: T\r\nalt: New\r\n---\r\n"),
        ("Just a body.\r\n", "---\r\nalt: New\r\n---\r\nJust a body.\r\n"),
        ("Body without a line end", "---\nalt: New\n---\nBody without a line end"),
        ("", "---\nalt: New\n---\n"),
    ])
    func editsEachWayAValueIsWritten(before: String, after: String) throws {
        #expect(try edit(before, "New") == after)
    }

    /// A translation file: a multi-line value above a key being replaced, and a key added last.
    @Test func severalKeysAreWrittenEachInItsSpanAndMissingOnesAddedInOrder() throws {
        let before = "---\n# Léa\nalt: >\n  Croissant\n  de lune\ntitle: Lune  # page\n---\nUne lune.\n"
        let after = try SidecarLabelWriter.write([(key: "alt", value: "Lune fine"), (key: "title", value: "La lune"),
                                                  (key: "translated_from", value: "Crescent moon")], into: Data(before.utf8))
        #expect(String(decoding: after, as: UTF8.self)
                == "---\n# Léa\nalt: Lune fine\ntitle: La lune  # page\ntranslated_from: Crescent moon\n---\nUne lune.\n")
        #expect(String(decoding: try SidecarLabelWriter.write([(key: "title", value: "Lune"), (key: "translated_from", value: "Moon: new")], into: nil), as: UTF8.self)
                == "---\ntitle: Lune\ntranslated_from: \"Moon: new\"\n---\n")
    }

    @Test func aMissingSidecarIsCreated() throws {
        #expect(try edit(nil, "A cat") == "---\nalt: A cat\n---\n")
    }

    static let hostileLabels = [
        "Note: cat", "cat #1", "#hashtag", "- a list?", "? key", ": colon", "ends with colon:", "!important", "&anchor", "*alias",
        "[bracket]", "{brace}", "|pipe", ">greater", "'single'", "\"double\"", "it's", "say \"hi\"", "%percent", "@at", "`tick`",
        " leading space", "trailing space ", "  ", "", "line\nbreak", "cr\rhere", "tab\there", "back\\slash", "\\n literally",
        "null", "~", "true", "No", "off", "42", "0x1F", "1e3", ".inf", "-.5", "2024-01-01", "---", "...", "a: b: c",
        "emoji 🐈‍⬛ and é", "日本語のラベル", "مرحبا", "bidi \u{202E}reversed", "nel\u{85}here", "ls\u{2028}ps\u{2029}", "bom\u{FEFF}",
        "bell\u{07}", "del\u{7F}", "c1\u{9B}", "=SUM(A1)", "a,b;c", "<script>alert(1)</script>",
    ]

    @Test(arguments: hostileLabels)
    func everyLabelReadsBackExactlyThroughYams(label: String) throws {
        let before = "---\ntitle: Cat  # keep\nalt: Old label\ntags: [a, b]\n---\nBody\n"
        let after = try edit(before, label)
        let read = try read(after)
        #expect(read.alt == label)
        #expect(read.others == (try self.read(before)).others)
        #expect(read.body == "Body\n")
        // Yams on its own agrees, and the file still has its other lines.
        let yaml = try Yams.compose(yaml: after.components(separatedBy: "---\n")[1])
        #expect(yaml?.mapping?["alt"]?.scalar?.string == label)
        #expect(after.hasPrefix("---\ntitle: Cat  # keep\nalt: ") && after.hasSuffix("\ntags: [a, b]\n---\nBody\n"))
        #expect(after.unicodeScalars.filter { $0 == "\n" }.count == 6, "the label stays on one line")
        #expect(!after.unicodeScalars.contains { ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }, "breaks are escaped")
        // A sidecar that is made from nothing reads it back too.
        #expect(try self.read(edit(nil, label)).alt == label)
    }

    @Test func plainLabelsStayUnquoted() {
        #expect(YAMLScalarText.make("Orange cat face") == "Orange cat face")
        #expect(YAMLScalarText.make("Chat orange, l'air ravi") == "Chat orange, l'air ravi")
        #expect(YAMLScalarText.make("Note: cat") == "\"Note: cat\"")
        #expect(YAMLScalarText.make("yes") == "\"yes\"")
    }

    @Test(arguments: [
        ("---\nalt: [a, b]\n---\n", "alt: is an alias, list or mapping, not text; edit it by hand"),
        ("---\nalt: \"open\n---\n", "the sidecar's front matter does not parse"),
        ("---\n? alt\n: x\n---\n", "alt: is not written as a simple 'alt: value' line; edit it by hand"),
    ])
    func refusesWhatItCannotEditSafely(before: String, reason: String) {
        #expect {
            try edit(before, "New")
        } throws: { error in
            (error as? SidecarLabelWriter.Refusal)?.description.hasPrefix(reason) == true
        }
    }
}
