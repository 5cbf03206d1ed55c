/// Where the value of a top-level front-matter key lies in a file's lines: from its first
/// character (a tag or anchor included) to just after its last, so the comment after it, the line
/// ending and everything else stay. Found by YAML's own rules for where each kind of scalar ends;
/// `SidecarLabelWriter` parses its result again, so a case read wrongly here is refused, never written.
struct ValueSpan: Equatable {
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    var start: Position
    var end: Position

    var isEmpty: Bool { start == end }

    typealias Refusal = SidecarLabelWriter.Refusal

    /// The span of the value of `key` on `keyLine` (0-based), in a front matter that closes on `closing`.
    static func find(in document: RawLines, key: String = "alt", keyLine: Int, closing: Int) throws(Refusal) -> ValueSpan {
        let lines = document.lines.map(\.content)
        let keyLineText = lines[keyLine]
        let indent = keyLineText.prefix { $0 == " " }.count
        guard let colon = keyEnd(keyLineText, key: key, from: indent) else {
            throw Refusal(description: "\(key): is not written as a simple '\(key): value' line; edit it by hand")
        }
        let last = closing - 1
        // Lines after the key that can still belong to its value: more indented than the key.
        func belongs(_ index: Int) -> Bool {
            index <= last && (isBlank(lines[index]) || lines[index].prefix { $0 == " " }.count > indent)
        }
        var start = Position(line: keyLine, column: skipSpaces(keyLineText, from: colon))
        if start.column == keyLineText.count || keyLineText[start.column] == "#" {
            // Nothing (or a comment) after the colon: the value is on a following line, or empty.
            var next = keyLine + 1
            while belongs(next) && isBlank(lines[next]) { next += 1 }
            guard belongs(next), !isBlank(lines[next]), lines[next][skipSpaces(lines[next], from: 0)] != "#" else {
                let empty = Position(line: keyLine, column: colon)
                return ValueSpan(start: empty, end: empty)
            }
            start = Position(line: next, column: skipSpaces(lines[next], from: 0))
        }
        // A tag (`!!str`) or anchor (`&a`) is part of what is replaced.
        var first = start
        while ["!", "&"].contains(lines[first.line][first.column]) {
            let after = lines[first.line][first.column...].firstIndex { $0 == " " || $0 == "\t" } ?? lines[first.line].count
            first.column = skipSpaces(lines[first.line], from: after)
            guard first.column < lines[first.line].count else {
                throw Refusal(description: "\(key): has a tag or anchor on a line of its own; edit it by hand")
            }
        }
        let end: Position
        switch lines[first.line][first.column] {
        case "\"": end = try quotedEnd(lines, key: key, from: first, last: last, escapes: true)
        case "'": end = try quotedEnd(lines, key: key, from: first, last: last, escapes: false)
        case "|", ">":
            var lastContent = Position(line: first.line, column: lines[first.line].count)
            var index = first.line + 1
            while belongs(index) {
                if !isBlank(lines[index]) { lastContent = Position(line: index, column: lines[index].count) }
                index += 1
            }
            end = lastContent
        case "*", "[", "{":
            throw Refusal(description: "\(key): is an alias, list or mapping, not text; edit it by hand")
        default:
            var lastContent = Position(line: first.line, column: plainEnd(lines[first.line], from: first.column))
            var index = first.line + 1
            while belongs(index) {
                let line = lines[index]
                if !isBlank(line) {
                    let content = skipSpaces(line, from: 0)
                    if line[content] == "#" { break }
                    lastContent = Position(line: index, column: plainEnd(line, from: content))
                }
                index += 1
            }
            end = lastContent
        }
        return ValueSpan(start: start, end: end)
    }

    /// Just after the colon of `key:`, `"key":` or `'key':` starting at `column`; nil otherwise.
    private static func keyEnd(_ line: [Unicode.Scalar], key: String, from column: Int) -> Int? {
        let rest = String(String.UnicodeScalarView(line[column...]))
        for written in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(written) {
            var index = column + written.unicodeScalars.count
            while index < line.count, line[index] == " " || line[index] == "\t" { index += 1 }
            if index < line.count, line[index] == ":" { return index + 1 }
        }
        return nil
    }

    /// Past the closing quote of a quoted scalar that opens at `start`.
    private static func quotedEnd(_ lines: [[Unicode.Scalar]], key: String, from start: Position, last: Int, escapes: Bool) throws(Refusal) -> Position {
        let quote = lines[start.line][start.column]
        var line = start.line
        var column = start.column + 1
        while line <= last {
            let text = lines[line]
            while column < text.count {
                let scalar = text[column]
                if escapes && scalar == "\\" {
                    column += 2
                    continue
                }
                if scalar == quote {
                    if !escapes && column + 1 < text.count && text[column + 1] == quote {
                        column += 2
                        continue
                    }
                    return Position(line: line, column: column + 1)
                }
                column += 1
            }
            line += 1
            column = 0
        }
        throw Refusal(description: "\(key):'s quoted value is never closed; fix the file first")
    }

    /// Where a plain scalar's text on `line` ends: before ` # ` (a comment) and trailing spaces.
    /// A '#' followed by a letter or digit (`alt: Smiley #1 face`) is the rest of the text YAML
    /// cut off (`yaml-unquoted-comment`), not a comment: it is replaced with the value, or the old
    /// label's tail stayed after the new one.
    private static func plainEnd(_ line: [Unicode.Scalar], from column: Int) -> Int {
        var end = line.count
        var index = column
        while index < line.count {
            if line[index] == "#", index > column, line[index - 1] == " " || line[index - 1] == "\t" {
                if index + 1 < line.count, line[index + 1].properties.isAlphabetic || line[index + 1].properties.numericType != nil {
                    break
                }
                end = index
                break
            }
            index += 1
        }
        while end > column, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
        return end
    }

    private static func skipSpaces(_ line: [Unicode.Scalar], from column: Int) -> Int {
        var index = column
        while index < line.count, line[index] == " " || line[index] == "\t" { index += 1 }
        return index
    }

    private static func isBlank(_ line: [Unicode.Scalar]) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
