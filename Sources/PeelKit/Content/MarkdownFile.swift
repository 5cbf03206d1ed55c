import Foundation

/// A content Markdown file read from disk: decoded text split into front matter and body.
struct MarkdownFile {
    let path: String
    let frontMatter: FrontMatter
    let findings: [Finding]

    /// Reads `path` (relative to the content folder). Unreadable or non-UTF-8 files, and symlinks
    /// that lead outside the content folder, give a finding and an empty document, so one bad file
    /// never stops the whole catalog and nothing outside it is ever read.
    init(path: String, in content: ContentPath, sticker: String? = nil) {
        self.path = path
        guard content.relative(content.url(path)) != nil else {
            frontMatter = FrontMatter.parse("", file: path).0
            findings = [Finding(.error, .pathOutsideContent, file: path,
                                message: "symlink leads outside the content folder; the file is not read", sticker: sticker)]
            return
        }
        if let size = ContentLimits.size(of: content.url(path)), size > ContentLimits.maxTextBytes {
            frontMatter = FrontMatter.parse("", file: path).0
            findings = [Finding(.error, .fileTooLarge, file: path,
                                message: "file is \(size) bytes, more than the \(ContentLimits.megabytes(ContentLimits.maxTextBytes)) of text Peel reads; it is not read",
                                sticker: sticker)]
            return
        }
        let data: Data
        do {
            data = try ContentFile.read(content.url(path))
        } catch {
            frontMatter = FrontMatter.parse("", file: path).0
            findings = [Finding(.error, .unreadableFile, file: path, message: "cannot read file: \(SystemErrorText.describe(error))", sticker: sticker)]
            return
        }
        guard let text = TextFile.decode(data) else {
            frontMatter = FrontMatter.parse("", file: path).0
            findings = [TextFile.isUTF16(data)
                ? Finding(.error, .textEncoding, file: path, line: 1,
                          message: "file is UTF-16 text (what Windows Notepad saves as \"Unicode\"), and Peel reads UTF-8; save it as UTF-8 (Notepad: Save As, Encoding: UTF-8)", sticker: sticker)
                : Finding(.error, .textEncoding, file: path, line: TextFile.firstInvalidLine(data),
                          message: "file is not valid UTF-8 text; save it as UTF-8", sticker: sticker)]
            return
        }
        if TextFile.isRichText(text) || TextFile.isUTF16WithoutMark(data) {
            frontMatter = FrontMatter.parse("", file: path).0
            findings = [Finding(.error, .textEncoding, file: path, line: 1, message: TextFile.isRichText(text)
                ? "file is rich text (RTF), as macOS TextEdit saves by default, not plain text; make it plain text (TextEdit: Format > Make Plain Text) and save it again; the file is not read"
                : "file is UTF-16 text without a byte-order mark, and Peel reads UTF-8; save it as UTF-8; the file is not read", sticker: sticker)]
            return
        }
        // A git merge left both sides in the file: read, the markers were a YAML error whose
        // advice did not help, or, in the text, a heading and blockquotes published as they were.
        if let conflict = Self.mergeConflict(in: text) {
            frontMatter = FrontMatter.parse("", file: path).0
            let message = conflict.whole
                ? "a git merge conflict is left here (<<<<<<< … >>>>>>>); keep one side and delete the marker lines; the file is not read"
                : "a git merge conflict's marker line is left here ('\(conflict.marker)…'); delete it (and check the lines around it are the side you meant to keep); the file is not read"
            findings = [Finding(.error, .mergeConflict, file: path, line: conflict.line, message: message, sticker: sticker)]
            return
        }
        let (parsed, problems) = FrontMatter.parse(text, file: path)
        frontMatter = parsed
        findings = problems.map { var finding = $0; finding.sticker = sticker; return finding }
    }

    /// Where a git conflict was left in `text`: the line of its `<<<<<<< ` marker when `>>>>>>> `
    /// closes it further down (`whole`); else the first marker line left alone, `<<<<<<< HEAD` or
    /// `>>>>>>> branch`, which a half-resolved conflict leaves (read, `>>>>>>>` was published as seven
    /// nested quotes). Nil when the text has none: a lone `=======` is a Markdown heading's underline.
    static func mergeConflict(in text: String) -> (line: Int, whole: Bool, marker: String)? {
        var opening: Int?
        var lone: (line: Int, marker: String)?
        // A marker shown in a fenced code block (a page about Git) is no conflict left alone.
        var fence: Substring?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            let indented = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indented)
            if indented < 4, let mark = ["```", "~~~"].first(where: { rest.hasPrefix($0) }) {
                let run = rest.prefix { $0 == mark.first }
                if let open = fence {
                    if run.count >= open.count, run.first == open.first, rest.dropFirst(run.count).allSatisfy(\.isWhitespace) { fence = nil }
                } else {
                    fence = run
                }
            }
            for marker in ["<<<<<<<", ">>>>>>>"] where line == marker || line.hasPrefix(marker + " ") {
                if marker == ">>>>>>>", let opening { return (opening, true, marker) }
                if marker == "<<<<<<<", opening == nil { opening = index + 1 }
                if lone == nil, fence == nil { lone = (index + 1, marker) }
            }
        }
        return lone.map { ($0.line, false, $0.marker) }
    }
}
