import Yams

/// Where each line of a front matter value's text is in its file, for findings inside the text
/// (a broken link on the third line of a `footer:`).
///
/// YAML gives the text, not where it came from: a literal block (`|`) starts on the line after
/// its key and keeps its lines; a folded block (`>`) and a plain or quoted value written over
/// several lines join each run of lines into one, and each empty line between runs becomes a
/// line break. So each line of the text is one or more file lines, joined by single spaces.
enum ScalarLines {
    /// A file line's part of a line of the text: its line in the file and its length in bytes
    /// (without indentation), the unit of cmark-gfm's columns.
    struct Segment: Sendable, Equatable {
        let line: Int
        let length: Int
    }

    /// The file lines of each line of `field`'s text (index 0 for the text's line 1); nil for a
    /// value that is no text, or whose lines cannot be told.
    static func of(_ field: FrontMatter.Field, rawLines: [Int: String]) -> [[Segment]]? {
        guard case .scalar(let scalar) = field.value, let keyText = rawLines[field.line] else { return nil }
        let keyIndent = indentation(of: keyText)
        // The value's own lines: after the key's line, each one empty or indented more than the key.
        var blockLines: [Int] = []
        var line = field.line + 1
        while let text = rawLines[line] {
            let blank = text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            if !blank && indentation(of: text) <= keyIndent { break }
            blockLines.append(line)
            line += 1
        }
        while let last = blockLines.last, rawLines[last].map(isBlank) ?? true { blockLines.removeLast() }
        switch scalar.style {
        case .literal:
            return blockLines.isEmpty ? nil : blockLines.map { [Segment(line: $0, length: content(of: rawLines[$0] ?? "").utf8.count)] }
        case .folded:
            // A more-indented line than the block's first is kept whole: it is not folded with the
            // lines around it (YAML 1.2, 8.1.3), so it is a line of the text of its own.
            let base = blockLines.first { !isBlank(rawLines[$0] ?? "") }.map { indentation(of: rawLines[$0] ?? "") } ?? 0
            return folded(blockLines.map { line in
                let text = rawLines[line] ?? ""
                return Run(line: line, text: content(of: text), spaced: !isBlank(text) && indentation(of: text) > base)
            })
        default:
            // Plain or quoted: the text starts on the key's line when something follows the colon.
            let afterKey = keyText.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            var runs = (isBlank(afterKey) ? [] : [Run(line: field.line, text: content(of: afterKey))])
                + blockLines.map { Run(line: $0, text: content(of: rawLines[$0] ?? "")) }
            let quoting = Quoting(scalar.style)
            // The opening quote is no character of the text (columns count from the one after it).
            if quoting != nil, let first = runs.firstIndex(where: { !$0.text.isEmpty }) { runs[first].text = runs[first].text.dropFirst() }
            return folded(runs, quoting: quoting)
        }
    }

    /// One file line of a value: its text without indentation, and whether it is indented more
    /// than the block's first line (a folded block's "spaced" line).
    private struct Run {
        let line: Int
        var text: Substring
        var spaced = false
    }

    /// Folding: the lines of one run are one line of the text. Between two runs, each empty line
    /// but the first is a line of the text of its own; next to a more-indented line every empty
    /// line is, and the line break is kept even with none. In a double-quoted value, each `\n`
    /// escape starts another line of the text inside its file line.
    private static func folded(_ lines: [Run], quoting: Quoting? = nil) -> [[Segment]]? {
        guard let first = lines.firstIndex(where: { !$0.text.isEmpty }) else { return nil }
        var result: [[Segment]] = []
        var blanks = 0
        var previousSpaced = false
        for run in lines[first...] {
            if run.text.isEmpty {
                blanks += 1
                continue
            }
            if result.isEmpty {
                result.append([])
            } else if blanks > 0 || run.spaced || previousSpaced {
                let empty = run.spaced || previousSpaced ? blanks : blanks - 1
                for index in 0..<empty { result.append([Segment(line: run.line - empty + index, length: 0)]) }
                result.append([])
            }
            let pieces = quoting == .double ? splitAtNewlineEscapes(run.text) : [run.text]
            for (index, piece) in pieces.enumerated() {
                if index > 0 { result.append([]) }
                result[result.count - 1].append(Segment(line: run.line, length: textLength(of: piece, quoting: quoting)))
            }
            blanks = 0
            previousSpaced = run.spaced
        }
        return result
    }

    enum Quoting {
        case single, double

        init?(_ style: Node.Scalar.Style) {
            switch style {
            case .singleQuoted: self = .single
            case .doubleQuoted: self = .double
            default: return nil
            }
        }
    }

    /// The bytes a file line's piece makes in the text, cmark-gfm's columns: `''` in single quotes
    /// is one quote, and a double-quoted escape (`\"`, `\u00e9`) the character it stands for. The
    /// file's bytes put a link at the start of the next line on the line above.
    private static func textLength(of piece: Substring, quoting: Quoting?) -> Int {
        switch quoting {
        case nil: return piece.utf8.count
        case .single: return piece.utf8.count - piece.components(separatedBy: "''").count + 1
        case .double:
            var length = 0
            var index = piece.startIndex
            while index < piece.endIndex {
                guard piece[index] == "\\", piece.index(after: index) < piece.endIndex else {
                    length += piece[index].utf8.count
                    index = piece.index(after: index)
                    continue
                }
                let kind = piece[piece.index(after: index)]
                let digits = kind == "x" ? 2 : kind == "u" ? 4 : kind == "U" ? 8 : 0
                let start = piece.index(index, offsetBy: 2, limitedBy: piece.endIndex) ?? piece.endIndex
                let end = piece.index(start, offsetBy: digits, limitedBy: piece.endIndex) ?? piece.endIndex
                if digits > 0, let value = UInt32(piece[start..<end], radix: 16), let scalar = Unicode.Scalar(value) {
                    length += String(scalar).utf8.count
                } else {
                    length += 1
                }
                index = digits > 0 ? end : start
            }
            return length
        }
    }

    /// The parts of a double-quoted value's line between its `\n` escapes (a backslash escaped
    /// itself, `\\n`, is no line break).
    private static func splitAtNewlineEscapes(_ text: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\" {
                let next = text.index(after: index)
                guard next < text.endIndex else { break }
                if text[next] == "n" {
                    pieces.append(text[start..<index])
                    start = text.index(after: next)
                }
                index = text.index(after: next)
            } else {
                index = text.index(after: index)
            }
        }
        pieces.append(text[start...])
        return pieces
    }

    /// A file line's text without its indentation and trailing spaces.
    private static func content(of text: String) -> Substring {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed[..<(trimmed.lastIndex { !($0 == " " || $0 == "\t" || $0 == "\r") }.map(trimmed.index(after:)) ?? trimmed.startIndex)]
    }

    private static func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    private static func indentation(of text: String) -> Int {
        text.prefix { $0 == " " || $0 == "\t" }.count
    }
}
