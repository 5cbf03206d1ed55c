import Foundation
import Testing
@testable import PeelKit

/// report.md quotes the catalog's names and words: they stay text in any Markdown viewer.
@Suite struct MarkdownTextTests {
    @Test func aNameHoldingBackticksStaysOneCodeSpan() {
        #expect(MarkdownText.code("pets/fox.png") == "`pets/fox.png`")
        #expect(MarkdownText.code("a`b``c.png") == "```a`b``c.png```")
        #expect(MarkdownText.code("`x.png") == "`` `x.png ``")
        #expect(MarkdownText.code("two\nlines.png") == "`two lines.png`")
        // ESC, BEL and bidi overrides in a name reach no terminal that shows report.md.
        #expect(MarkdownText.code("x\u{1B}]0;owned\u{07}\u{1B}[2J.png") == "`x\\e]0;owned\\u{7}\\e[2J.png`")
        #expect(MarkdownText.code("bidi\u{202E}gnp.exe") == "`bidi\\u{202E}gnp.exe`")
        #expect(!MarkdownText.prose("title \u{1B}[31mred").unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func markupInProseIsEscaped() {
        #expect(MarkdownText.prose("title '<img src=x onerror=alert(2)>' and [c](javascript:alert(3)) ![t](https://t/p.gif)")
                == "title '\\<img src=x onerror=alert(2)\\>' and \\[c\\](javascript:alert(3)) \\!\\[t\\](https://t/p.gif)")
        #expect(MarkdownText.prose("set telegram_name: *now*\n# heading") == "set telegram\\_name: \\*now\\* # heading")
    }

    @Test func theReportQuotesAHostileTitleAsText() {
        var result = MessengerExport.Result(written: [], stickerCount: 0, changed: [], refused: [], packsRefused: false)
        result.refused = [Finding(.error, .labelTooLong, file: "p/a`b.md", line: 2, message: "the label '<img src=x onerror=alert(1)>' is too long", sticker: "p/a`b.png")]
        let text = ExportReport(platform: .discord, result: result, files: []).text
        #expect(text.contains("- ``p/a`b.png`` (p/a\\`b.md:2) [label-too-long]: the label '\\<img src=x onerror=alert(1)\\>' is too long"), "\(text)")
    }

    /// Each pack's files are its folder's and its `.wastickers` archive's: packs `a` and `a.b`
    /// counted `a.b`'s files in `a`'s line too.
    @Test func eachPackCountsItsOwnFiles() {
        let result = MessengerExport.Result(written: ["a", "a.b"], stickerCount: 2, changed: [], refused: [], packsRefused: false)
        let files: [(path: String, data: Data)] = [("a/1.webp", Data(count: 10)), ("a.wastickers", Data(count: 5)),
                                                   ("a.b/1.webp", Data(count: 100)), ("a.b.wastickers", Data(count: 50))]
        let text = ExportReport(platform: .whatsapp, result: result, files: files).text
        #expect(text.contains("- `a`: 2 files, 15 bytes") && text.contains("- `a.b`: 2 files, 150 bytes"), "\(text)")
    }
}
