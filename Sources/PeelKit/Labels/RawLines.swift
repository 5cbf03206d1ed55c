/// A text file as lines, each with its own line ending ("\r\n", "\n", "\r" or none), so an edit
/// can change one span and put every other byte back. Lines break where `TextFile` breaks them,
/// so indexes match the front matter's 1-based line numbers minus one.
struct RawLines {
    struct Line {
        var content: [Unicode.Scalar]
        var ending: String
    }

    var byteOrderMark: Bool
    var lines: [Line]

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        byteOrderMark = scalars.first == "\u{FEFF}"
        if byteOrderMark { scalars.removeFirst() }
        lines = []
        var current: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                let crlf = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
                lines.append(Line(content: current, ending: crlf ? "\r\n" : String(scalar)))
                current = []
                index += crlf ? 2 : 1
            } else {
                current.append(scalar)
                index += 1
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(Line(content: current, ending: "")) }
    }

    var text: String {
        var result = String.UnicodeScalarView()
        if byteOrderMark { result.append("\u{FEFF}") }
        for line in lines {
            result.append(contentsOf: line.content)
            result.append(contentsOf: line.ending.unicodeScalars)
        }
        return String(result)
    }

    /// The file's own line ending (its first), for lines Peel adds.
    var ending: String { lines.first { !$0.ending.isEmpty }?.ending ?? "\n" }

    /// The index of the closing `---` (or `...`) of the front matter, nil when the file has none.
    var frontMatterEnd: Int? {
        guard let first = lines.first, Self.trimmed(first) == "---" else { return nil }
        return lines.indices.dropFirst().first { ["---", "..."].contains(Self.trimmed(lines[$0])) }
    }

    mutating func replace(_ span: ValueSpan, with value: String) {
        let head = lines[span.start.line].content[..<span.start.column]
        let tail = lines[span.end.line].content[span.end.column...]
        let ending = lines[span.end.line].ending
        lines.replaceSubrange(span.start.line...span.end.line,
                              with: [Line(content: Array(head) + Array(value.unicodeScalars) + Array(tail), ending: ending)])
    }

    mutating func insert(line text: String, at index: Int) {
        lines.insert(Line(content: Array(text.unicodeScalars), ending: ending), at: index)
    }

    /// Puts `---`, `keys` and `---` before the first line.
    mutating func insertFrontMatter(_ keys: [String]) {
        let added = (["---"] + keys + ["---"]).map { Line(content: Array($0.unicodeScalars), ending: ending) }
        lines.insert(contentsOf: added, at: 0)
    }

    static func trimmed(_ line: Line) -> String {
        String(String.UnicodeScalarView(line.content)).trimmingCharacters(in: .whitespaces)
    }
}
