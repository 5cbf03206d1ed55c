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
            return folded(blockLines.map { ($0, content(of: rawLines[$0] ?? "")) })
        default:
            // Plain or quoted: the text starts on the key's line when something follows the colon.
            let afterKey = keyText.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            let first = isBlank(afterKey) ? [] : [(field.line, content(of: afterKey))]
            return folded(first + blockLines.map { ($0, content(of: rawLines[$0] ?? "")) })
        }
    }

    /// Folding: the lines of one run are one line of the text; each empty line starts another.
    private static func folded(_ lines: [(line: Int, text: Substring)]) -> [[Segment]]? {
        guard let first = lines.firstIndex(where: { !$0.text.isEmpty }) else { return nil }
        var result: [[Segment]] = [[]]
        var previousBlank = false
        for (line, text) in lines[first...] {
            if text.isEmpty {
                // This empty line is a line of the text of its own; what follows starts another.
                result.append([Segment(line: line + 1, length: 0)])
            } else {
                if previousBlank { result[result.count - 1] = [] }
                result[result.count - 1].append(Segment(line: line, length: text.utf8.count))
            }
            previousBlank = text.isEmpty
        }
        return result
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
