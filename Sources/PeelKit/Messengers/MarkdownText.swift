/// Text from a catalog (file names, titles, labels quoted in messages) written into Markdown that
/// Peel makes (a messenger export's `report.md`, published in the site's pack downloads): a name
/// holding a backtick closed its code span, and a title's `<img onerror=…>`, `[x](javascript:…)`
/// or `![](https://tracker/…)` became markup in any viewer that renders the file.
enum MarkdownText {
    /// `text` as a code span: fenced with one backtick more than its longest run of them, padded
    /// with a space where it starts or ends with one (CommonMark strips one space each side), on
    /// one line.
    static func code(_ text: String) -> String {
        let line = oneLine(text)
        var longest = 0, run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = line.hasPrefix("`") || line.hasSuffix("`") || line.hasPrefix(" ") && line.hasSuffix(" ") ? " " : ""
        return fence + padding + line + padding + fence
    }

    /// `text` as prose whose punctuation Markdown would read as markup (emphasis, links, images,
    /// raw HTML, entities, code, tables, strikethrough) is backslash-escaped, on one line.
    static func prose(_ text: String) -> String {
        var escaped = ""
        for character in oneLine(text) {
            if "\\`*_[]<>!&|~".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Line breaks (which would end a list item, or start a heading) as spaces, and every other
    /// control and bidi control as an escape (`TerminalEscaping`): a `cat report.md` in CI sent a
    /// file name's ESC sequences to whoever read the log.
    private static func oneLine(_ text: String) -> String {
        TerminalEscaping.escaped(String(text.map { $0.isNewline ? " " : $0 }))
    }
}
