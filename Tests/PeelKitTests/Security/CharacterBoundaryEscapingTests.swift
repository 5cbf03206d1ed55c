import Foundation
import Testing
@testable import PeelKit

/// Escaping must work on bytes or Unicode scalars, never on Characters: a quote followed by a
/// combining mark (`"` U+0301) is one Character that is not equal to `"`, and CR LF is one
/// Character equal to neither CR nor LF. Readers of the output (browsers, CSV parsers, GitHub's
/// runner, Peel's own state file) see the raw quote or line break. swift-mustache's HTML escaping
/// compared Characters, which let a sticker label break out of `alt="…"` and run a script
/// (Tests/suites/10-xss-browser proves it in Chromium).
@Suite struct CharacterBoundaryEscapingTests {
    static let acute = "\u{301}"

    @Test func htmlEscapingSeesQuotesUnderCombiningMarks() {
        #expect(HTMLText.escape("\"\(Self.acute) onload=x") == "&quot;\(Self.acute) onload=x")
        #expect(HTMLText.escape("'\(Self.acute)") == "&#39;\(Self.acute)")
        #expect(HTMLText.escape("<\u{338}script>") == "&lt;\u{338}script&gt;")
        #expect(HTMLText.escape("&\(Self.acute)amp;") == "&amp;\(Self.acute)amp;")
        #expect(HTMLText.escape("<b title=\"x\">Tom & Jerry's</b>") == "&lt;b title=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;")
    }

    @Test(arguments: ["", "plain label", "Café naïve 🐱‍👤 日本語", "cafe\u{301} NFD", "line\r\nbreak"])
    func htmlEscapingLeavesOtherTextAsItIs(text: String) {
        #expect(Array(HTMLText.escape(text).utf8) == Array(text.utf8))
    }

    @Test func aLabelCannotLeaveItsAttribute() async throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(Fixtures.data(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png")), to: "content/pack/a.png")
        _ = try folder.write("---\ntitle: Pack\nsize: large\n---\n", to: "content/pack/pack.md")
        // YAML double quotes with \u escapes: the sidecar itself is plain ASCII.
        let yaml = #""\"\u0301 onload=alert(1) x=\u0301 '\u0301 onerror=alert(2)""#
        _ = try folder.write("---\nalt: \(yaml)\ntitle: \(yaml)\n---\n", to: "content/pack/a.md")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        for page in ["site/pack/a/index.html", "site/pack/index.html", "site/review/index.html"] {
            let html = try folder.read(page)
            #expect(html.utf8.count > 0)
            // Raw quote bytes next to the payload's combining mark would end the attribute.
            #expect(!Self.hasRawQuoteBeforeCombiningMark(html), "\(page)")
            let shown = Array("&quot;\(Self.acute) onload=alert(1)".utf8)
            #expect(Array(html.utf8).firstRange(of: shown) != nil, "\(page) shows the label as text")
        }
    }

    static func hasRawQuoteBeforeCombiningMark(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropLast() where scalars[index] == "\"" || scalars[index] == "'" {
            if scalars[index + 1] == "\u{301}" { return true }
        }
        return false
    }

    @Test func csvQuotesFieldsWithCRLFOrCombinedQuotes() {
        #expect(ReviewCSV.field("a\r\nb") == "\"a\r\nb\"")
        #expect(ReviewCSV.field("a\"\(Self.acute)b") == "\"a\"\"\(Self.acute)b\"")
        #expect(ReviewCSV.field("plain") == "plain")
    }

    @Test func githubCommandsEscapeEveryLineBreakAndSeparator() {
        #expect(GitHubAnnotations.escapeData("a\r\nb%") == "a%0D%0Ab%25")
        #expect(GitHubAnnotations.escapeProperty("x:\(Self.acute),\(Self.acute)\r\n") == "x%3A\(Self.acute)%2C\(Self.acute)%0D%0A")
    }

    @Test func buildStatePathsStayOneLineAndRoundTrip() {
        let path = "pack/a%\(Self.acute)\r\nb.png"
        let escaped = BuildState.escape(path)
        #expect(!escaped.unicodeScalars.contains("\n") && !escaped.unicodeScalars.contains("\r"))
        #expect(BuildState.unescape(escaped) == path)
    }

    @Test func scaffoldedTitlesParseBackExactly() throws {
        let image = "say \"\(Self.acute)hi\\\(Self.acute).png"
        let (frontMatter, findings) = FrontMatter.parse(SidecarScaffold.template(for: image), file: "x.md")
        #expect(findings.isEmpty, "\(findings)")
        var reader = FrontMatterReader(frontMatter, file: "x.md", knownKeys: KnownKeys.sticker, sticker: nil)
        #expect(reader.string("title") == CatalogLoader.title(fromStem: StickerFileKind.stem(image)))
    }
}
