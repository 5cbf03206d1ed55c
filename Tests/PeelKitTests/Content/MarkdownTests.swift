import Foundation
import Testing
@testable import PeelKit

@Suite struct MarkdownTests {
    @Test func rendersGitHubFlavouredExtensions() {
        let html = Markdown.html("""
        | a | b |
        |---|---|
        | 1 | 2 |

        ~~gone~~ and www.example.com

        - [x] done
        - [ ] todo
        """)
        #expect(html.contains("<table dir=\"auto\" tabindex=\"0\">"))
        #expect(html.contains("<td>1</td>"))
        #expect(html.contains("<del>gone</del>"))
        #expect(html.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
        #expect(html.contains("type=\"checkbox\" aria-label=\"done\" checked=\"\" disabled=\"\""))
    }

    /// What cmark-gfm writes invalid or unlabelled is mended: each task's checkbox is named after
    /// its text (not its nested tasks'), an aligned cell says `text-align` instead of the obsolete
    /// `align`, and a fence's info string is a class of its code, never the block's language.
    @Test func tasksTablesAndCodeFencesAreValidAndNamed() {
        let html = Markdown.html("""
        - [x] drawn with *care* & "quotes"
        - [ ] labelled
          - [ ] nested one

        | a | b |
        |:---|---:|
        | x | `align="left"` |

        ```swift
        let x = 1
        ```
        """)
        #expect(html.contains("<input type=\"checkbox\" aria-label=\"drawn with care &amp; &quot;quotes&quot;\" checked=\"\" disabled=\"\" />"), "\(html)")
        #expect(html.contains("<input type=\"checkbox\" aria-label=\"labelled\" disabled=\"\" />"))
        #expect(html.contains("<input type=\"checkbox\" aria-label=\"nested one\" disabled=\"\" />"))
        #expect(html.contains("<th style=\"text-align: left\">a</th>") && html.contains("<td style=\"text-align: right\"><code>align=&quot;left&quot;</code></td>"))
        #expect(!html.contains(" align="))
        #expect(html.contains("<pre tabindex=\"0\"><code class=\"language-swift\">") && !html.contains("lang="))
    }

    /// An empty task item (`- [ ] `, a checklist being drafted) has nothing to name its box after:
    /// the box is left out, not published without a name (axe-core `label`).
    @Test func anEmptyTaskItemHasNoUnnamedCheckbox() {
        let html = Markdown.html("- [x] Sun\n- [ ] \n- [ ] Moon\n")
        #expect(html.components(separatedBy: "<input").count - 1 == 2, "\(html)")
        #expect(!html.contains("<input type=\"checkbox\" disabled") && !html.contains("checkbox\" checked"), "\(html)")
        #expect(html.contains("aria-label=\"Sun\"") && html.contains("aria-label=\"Moon\""))
    }

    /// Each block a person wrote says `dir="auto"`, so an Arabic paragraph after an English one
    /// reads and aligns right; code keeps its own direction, and text that looks like a tag stays text.
    @Test func eachBlockTakesItsOwnDirection() {
        let html = Markdown.html("Hello.\n\nمرحبا بكم!\n\n> quoted\n\n- item\n\n```\n<p>not a tag</p>\n```\n\n<pre> and <picture>\n")
        #expect(html.contains("<p dir=\"auto\">Hello.</p>\n<p dir=\"auto\">مرحبا بكم!</p>"), "\(html)")
        // A list or quote takes its direction from its text, which nothing inside it claims.
        #expect(html.contains("<blockquote dir=\"auto\">\n<p>quoted</p>") && html.contains("<ul dir=\"auto\">\n<li>item</li>"), "\(html)")
        let nested = Markdown.html("- عنصر\n  - داخلي\n\n> - quoted item\n")
        #expect(nested.components(separatedBy: "dir=").count - 1 == 2, "only the outer list and the quote: \(nested)")
        #expect(html.contains("<pre tabindex=\"0\"><code>&lt;p&gt;not a tag&lt;/p&gt;"), "\(html)")
        #expect(!html.contains("<pre dir") && !html.contains("<picture"), "\(html)")
    }

    /// A table takes its direction from its text as a whole, as a list does: with `dir` on each
    /// cell, an Arabic table found none, and its first column stood on the left. A wide table or
    /// a long code line scrolls sideways, so each can be focused to scroll it from the keyboard.
    @Test func aTableTakesItsDirectionAndScrollersCanBeFocused() {
        let html = Markdown.html("| الاسم | العدد |\n|---|---|\n| قطة | ٣ |\n\n```\nlong line\n```\n")
        #expect(html.contains("<table dir=\"auto\" tabindex=\"0\">"), "\(html)")
        #expect(html.components(separatedBy: "dir=").count - 1 == 1, "the table alone: \(html)")
        #expect(html.contains("<pre tabindex=\"0\">"), "\(html)")
        let quoted = Markdown.html("> | a |\n> |---|\n> | b |\n")
        #expect(quoted.contains("<blockquote dir=\"auto\">") && quoted.contains("<table tabindex=\"0\">"), "inside a quote, the quote's: \(quoted)")
    }

    /// A text's headings sit under its page's own `<h1>`: `#` is an `<h2>`, and `######` stays an
    /// `<h6>`. Each has an id as GitHub makes them, numbered when repeated or when the default
    /// theme's pages use it, so `[how](#how-to-use)` works on the site as in the repository.
    @Test func headingsAreDemotedAndNamed() {
        let html = Markdown.html("# How to *use*\n\n## How to use\n\n###### Deep\n\n# Main\n\n# ¿Qué tal? 🌞\n\n# !!!\n")
        #expect(!html.contains("<h1"), "\(html)")
        #expect(html.contains("<h2 id=\"how-to-use\" dir=\"auto\">How to <em>use</em></h2>"), "\(html)")
        #expect(html.contains("<h3 id=\"how-to-use-1\" dir=\"auto\">How to use</h3>"), "\(html)")
        #expect(html.contains("<h6 id=\"deep\" dir=\"auto\">Deep</h6>"), "\(html)")
        #expect(html.contains("<h2 id=\"main-1\" dir=\"auto\">Main</h2>"), "the page's own id=\"main\" stays unique: \(html)")
        #expect(html.contains("<h2 id=\"qué-tal-\" dir=\"auto\">"), "\(html)")
        #expect(html.contains("<h2 id=\"section\" dir=\"auto\">!!!</h2>"), "\(html)")
        // The footer's, beside every page's own text, start with `footer-`.
        #expect(Markdown.rendered("# Contact", headingIDPrefix: "footer-").html == "<h2 id=\"footer-contact\" dir=\"auto\">Contact</h2>\n")
        // A page's own "Footer contact" cannot take that id.
        #expect(Markdown.rendered("# Footer contact").html == "<h2 id=\"section-footer-contact\" dir=\"auto\">Footer contact</h2>\n")
    }

    /// `MarkdownHeadings.themeIDs` holds every id the default theme's templates write, so a
    /// heading's id never repeats one of the page's own.
    @Test func headingIDsAvoidEveryIDOfTheDefaultTheme() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Templates")
        var ids = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for part in text.components(separatedBy: " id=\"").dropFirst() {
                let id = String(part.prefix { $0 != "\"" })
                if !id.contains("{{") { ids.insert(id) }
            }
        }
        #expect(!ids.isEmpty)
        #expect(ids.subtracting(MarkdownHeadings.themeIDs).isEmpty, "\(ids.subtracting(MarkdownHeadings.themeIDs).sorted())")
    }

    /// cmark-gfm keeps extension state in globals; concurrent renders must still see every extension.
    @Test func concurrentRendersKeepEveryExtension() async {
        let results = await withTaskGroup(of: String.self) { group in
            // Long documents keep parsers alive while others are freed, which is when the race bites.
            let filler = String(repeating: "Plain words in a long paragraph. ", count: 200)
            for index in 0..<2000 {
                group.addTask { Markdown.html("\(filler)\n\n~~gone \(index)~~ and www.example.com") }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(results.count == 2000)
        let brokenCount = results.filter { !$0.contains("<del>gone") || !$0.contains("<a href=\"http://www.example.com\">") }.count
        #expect(brokenCount == 0, "renders that lost strikethrough or autolinks")
    }

    @Test func rawHTMLNeverReachesThePage() {
        let html = Markdown.html("Hello <script>alert(1)</script>\n\n<iframe src=x></iframe>\n\n<img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("<img"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func javascriptLinksLoseTheirTarget() {
        let html = Markdown.html("[a](javascript:alert(1)) [b](JAVASCRIPT:alert(2)) [c](vbscript:x) ![d](javascript:alert(3))")
        #expect(!html.lowercased().contains("javascript:"))
        #expect(!html.lowercased().contains("vbscript:"))
        #expect(html.contains("<a href=\"\">a</a>"))
    }

    @Test func textIsEscaped() {
        #expect(Markdown.html("1 < 2 & \"q\"") == "<p dir=\"auto\">1 &lt; 2 &amp; &quot;q&quot;</p>\n")
    }

    @Test func ordinaryLinksSurvive() {
        #expect(Markdown.html("[site](https://openmoji.org/)") == "<p dir=\"auto\"><a href=\"https://openmoji.org/\">site</a></p>\n")
    }

    @Test func pipeTablesWithinTheLimitsAreTablesAndLargerOnesAreFound() {
        let small = "Intro\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n"
        #expect(PipeTableLimits.firstExcess(in: small) == nil)
        #expect(Markdown.rendered(small).html.contains("<td>1</td>"))
        let wide = "Intro\n\n> | a |\n> |-|\n> " + String(repeating: "|", count: 65) + "\n"
        #expect(PipeTableLimits.firstExcess(in: wide)?.line == 3, "the header row's line, inside a blockquote too")
        #expect(PipeTableLimits.firstExcess(in: "| a |\n|-|\n" + String(repeating: "|x|\n", count: 499)) == nil)
        #expect(PipeTableLimits.firstExcess(in: "| a |\n|-|\n" + String(repeating: "|x|\n", count: 499) + "\n| b |\n|-|\n|y|\n") == nil,
                "a blank line ends a table")
        #expect(PipeTableLimits.firstExcess(in: "| a |\n|-|\n" + String(repeating: "|x|\n", count: 500))?.problem.contains("500 rows") == true)
        let many = (0..<200).map { _ in "|" + String(repeating: "x|", count: 60) + "\n|" + String(repeating: "-|", count: 60) + "\n" }
        #expect(PipeTableLimits.firstExcess(in: many.joined(separator: "\n"))?.problem.contains("10000 cells") == true)
        #expect(PipeTableLimits.firstExcess(in: String(repeating: "|", count: 100_000)) == nil, "pipes without a delimiter row are no table")
        #expect(PipeTableLimits.firstExcess(in: "a \\| b\n" + String(repeating: "\\|", count: 100) + "-\n") == nil, "escaped pipes split nothing")
    }

    /// Safe mode drops raw HTML, with the words of an HTML block: each piece is named with its
    /// line (comments, which hide notes on purpose, are not).
    @Test func rawHTMLIsNamedWithItsLine() {
        let rendering = Markdown.rendered("Intro\n\n<div align=\"center\">Only on weekends</div>\n\nLine one<br>line two <!-- a note -->\n")
        let (html, raw) = (rendering.html, rendering.rawHTML)
        #expect(!html.contains("Only on weekends") && !html.contains("<div"))
        #expect(raw.map(\.line) == [3, 5] && raw.first?.text == "<div align=\"center\">Only on weekends</div>", "\(raw)")
        #expect(Markdown.rendered("No HTML here, 1 < 2.\n<!-- only a comment -->\n").rawHTML.isEmpty)
        // Words after a comment on its line, or a comment never closed, are lost too.
        #expect(Markdown.rendered("<!-- a note --> Only on weekends\n").rawHTML.count == 1)
        #expect(Markdown.rendered("Intro\n\n<!-- a note never closed\n\nThe rest of the text\n").rawHTML.map(\.line) == [3])
    }

    /// The case: `|a|`, `|-|` and rows of many pipes took cmark-gfm 0.29 32 s for 400 KB.
    /// Guarded, the text is rendered without the table extension, at once, and the table is named.
    @Test func fourHundredKilobytesOfPipesRenderFastAsText() {
        let body = "Before\n\n|a|\n|-|\n" + String(repeating: String(repeating: "|", count: 1000) + "\n", count: 400)
        #expect(body.utf8.count > 400_000)
        let start = ContinuousClock.now
        let rendering = Markdown.rendered(body)
        let (html, excess) = (rendering.html, rendering.oversizedTable)
        #expect(ContinuousClock.now - start < .seconds(2), "unguarded this takes over 30 s")
        #expect(excess == PipeTableLimits.Excess(line: 3, problem: "table has a row of 1001 cells, more than the 64 a row may have"))
        #expect(!html.contains("<table") && html.contains("<p dir=\"auto\">Before</p>"))
    }

    /// cmark-gfm 0.29 is quadratic in open brackets: `![[]()` repeated took 13 s at 400 KB. Past
    /// the limit every `[` is text, and the loader says so on the file.
    @Test func aTextOfTensOfThousandsOfBracketsRendersItsBracketsAsText() throws {
        let body = String(repeating: "![[]()", count: 40_000)
        let rendered = Markdown.rendered(body)
        #expect(rendered.bracketsAsText == 80_000)
        #expect(!rendered.html.contains("<a") && !rendered.html.contains("<img"))
        #expect(Markdown.rendered("[a link](https://example.com) and ![x](y.png)").bracketsAsText == nil)
        var findings: [Finding] = []
        _ = CatalogLoader.markdownHTML(body, file: "p/a.md", firstLine: 4, sticker: "p/a.png", findings: &findings)
        #expect(findings.map(\.code) == [.markdownTooManyBrackets] && findings.first?.line == 4, "\(findings)")
    }

    /// One `>` is a block quote of some 27 bytes: a 4 MiB sidecar of them made a 110 MB page and as
    /// much catalog.json. A text that would grow past ten times its size is shown as written, with
    /// a finding; ordinary nesting and a table of one-letter cells render as ever.
    @Test func aTextThatWouldGrowTenfoldIsShownAsWritten() throws {
        for body in [String(repeating: ">", count: 200_000), String(repeating: "> - ", count: 60_000) + "<b>x</b>"] {
            let rendering = Markdown.rendered(body)
            #expect(rendering.plainBecauseOf.map { $0 > 10 * body.utf8.count } == true, "\(rendering.plainBecauseOf ?? 0)")
            #expect(rendering.html.utf8.count < body.utf8.count * 5 && !rendering.html.contains("<blockquote") && !rendering.html.contains("<b>"))
            #expect(rendering.html.hasPrefix("<p dir=\"auto\">"))
        }
        var findings: [Finding] = []
        _ = CatalogLoader.markdownHTML(String(repeating: ">", count: 200_000), file: "p/a.md", firstLine: 4, sticker: "p/a.png", findings: &findings)
        #expect(findings.map(\.code) == [.markdownTooDeep] && findings.first?.line == 4, "\(findings)")
        let nested = "> quote\n> > deeper\n> > > deepest\n\n- a\n  - b\n    - c\n"
        #expect(Markdown.rendered(nested).plainBecauseOf == nil && Markdown.rendered(nested).html.contains("<blockquote>"))
        let table = "|a|b|c|d|\n|-|-|-|-|\n" + String(repeating: "|1|2|3|4|\n", count: 400)
        #expect(Markdown.rendered(table).plainBecauseOf == nil && Markdown.rendered(table).html.contains("<td>1</td>"))
    }

    /// A tag in a line loses only itself and a block its words; `<br>` in a table cell cannot be
    /// written as Markdown's line break (the advice said two spaces or a backslash).
    @Test func rawHTMLSaysWhereItStands() {
        let cell = Markdown.rendered("| a | b |\n|---|---|\n| x | one<br>two |\n").rawHTML
        #expect(cell.count == 1 && cell[0].inTableCell && !cell[0].isBlock && cell[0].line == 3 && cell[0].column == 10, "\(cell)")
        let block = Markdown.rendered("Intro\n\n<div>\nhidden\n</div>\n").rawHTML
        #expect(block.count == 1 && block[0].isBlock && !block[0].inTableCell)
        let inline = Markdown.rendered("Some <b>bold</b> words\n").rawHTML
        #expect(inline.count == 2 && !inline[0].isBlock && !inline[0].inTableCell && inline[0].column == 6)
    }

    /// GitHub's footnotes: a note's definition was read as a link's (its text lost, and a
    /// broken-link warning for "Thanks!"), and the second showed as `[^2]: …`.
    @Test func footnotesAreGitHubs() {
        let text = "Drawn by hand[^1] and scanned.[^2]\n\n[^1]: Thanks!\n[^2]: Scanned at 600 dpi.\n"
        let html = Markdown.rendered(text).html
        #expect(html.contains("<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a></sup>"), "\(html)")
        #expect(html.contains("<div class=\"footnotes\" data-footnotes>") && !html.contains("<section") && html.hasSuffix("</div>\n"))
        #expect(html.contains("<li id=\"fn-2\">") && html.contains("Scanned at 600 dpi.") && !html.contains("[^2]"))
        let footer = Markdown.rendered(text, headingIDPrefix: "footer-").html
        #expect(footer.contains("href=\"#footer-fn-1\" id=\"footer-fnref-1\"") && footer.contains("<li id=\"footer-fn-1\">")
                && footer.contains("href=\"#footer-fnref-1\"") && !footer.contains("\"fn-") && !footer.contains("#fn"))
    }

    @Test func aFootnoteIsNoBrokenLink() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder, "faces")
        try folder.write("---\ntitle: Faces\n---\nDrawn by hand.[^1]\n\n[^1]: Thanks!\n", to: "faces/pack.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(!findings.contains { $0.code == .brokenLink }, "\(findings.map(\.formatted))")
        #expect(catalog.packs.first?.descriptionHTML.contains("Thanks!") == true)
    }

    /// `[the fox](café fox.md)`, the file's own name with its space, is no link in CommonMark: the
    /// page showed the brackets, and nothing was said.
    @Test func aLinkWithASpaceInItsAddressIsABrokenLink() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Faces\n---\n", to: "faces/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "faces/café fox.png")
        try folder.write("---\nalt: A fox\n---\nIntro.\n\nSee [the fox](café fox.md) and\n![fox](café fox.png).\n\n`[code](not a link.md)` and [words](in brackets) stay.\n",
                         to: "faces/café fox.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let unlinked = findings.filter { $0.code == .brokenLink }
        #expect(unlinked.map(\.line) == [6, 7], "\(findings.map(\.formatted))")
        #expect(unlinked.first?.message == "'[the fox](café fox.md)' is no link: a link's address ends at its first space, so the page shows it as written; write café%20fox.md or <café fox.md>")
        #expect(unlinked.last?.message.hasPrefix("'![fox](café fox.png)' is no link") == true)
    }
}
