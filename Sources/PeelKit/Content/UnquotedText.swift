/// What YAML does to an unquoted (plain) value that people do not expect, found on the raw line:
/// `alt: Smiley #1 face` is read as "Smiley" (` #` starts a comment), `alt: !important face` as
/// "face" (`!important` is a tag), and `alt: Smiley face: big grin` does not parse at all (`: `
/// starts another key). The fix is always the same: quote the value.
enum UnquotedText {
    /// The value part of `key: value` on `line`, or nil when the line is not that key's.
    static func value(in line: String, key: String) -> Substring? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(key) else { return nil }
        let afterKey = trimmed.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
        guard afterKey.first == ":" else { return nil }
        return afterKey.dropFirst().drop { $0 == " " || $0 == "\t" }
    }

    /// A warning for a text value that YAML cut, or nil. `read` is what YAML made of it.
    static func problem(in line: String, key: String, read: String?) -> (FindingCode, String)? {
        guard let written = value(in: line, key: key), let first = written.first else { return nil }
        // Quoted, block and flow values keep their '#' and '!' (or were parsed as written).
        if "\"'|>[{".contains(first) { return nil }
        let readAs = read.map { "'\($0)'" } ?? "nothing"
        if first == "!" || first == "&" {
            let mark = written.prefix { $0 != " " && $0 != "\t" }
            let kind = first == "!" ? "a tag" : "an anchor"
            return (.yamlTag, "'\(key)' starts with '\(mark)', which YAML reads as \(kind) and drops, so it reads as \(readAs); "
                + "put the \(noun(key)) in quotes: \(key): \(quoted(written))")
        }
        if let comment = commentStart(in: written) {
            let dropped = written[comment...].drop { $0 == " " || $0 == "\t" }
            return (.yamlUnquotedComment, "'\(key)' is cut at '#': YAML reads '\(dropped)' as a comment, so it reads as \(readAs); "
                + "put the \(noun(key)) in quotes: \(key): \(quoted(written))")
        }
        return nil
    }

    /// The line of the nearest `key: "value` above `line` whose quote is not closed on it, if
    /// the nearest key line above is one (`lines`: file line → text).
    static func unclosedQuote(before line: Int, in lines: [Int: String]) -> Int? {
        for candidate in stride(from: line - 1, through: 1, by: -1) {
            guard let text = lines[candidate] else { continue }
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard let colon = trimmed.firstIndex(of: ":"),
                  trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }), !trimmed[..<colon].isEmpty else { continue }
            let value = trimmed[trimmed.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
            var rest = value.dropFirst()
            while let index = rest.firstIndex(of: quote) {
                if quote == "\"" && index > rest.startIndex && rest[rest.index(before: index)] == "\\" {
                    rest = rest[rest.index(after: index)...]
                    continue
                }
                if quote == "'" && rest[rest.index(after: index)...].first == "'" {
                    rest = rest[rest.index(index, offsetBy: 2)...]
                    continue
                }
                return nil   // closed on its own line
            }
            return candidate
        }
        return nil
    }

    /// A hint for a libyaml error on `line`: an unclosed quote, or "mapping values are not
    /// allowed" on a `key: text: more` line.
    static func hint(forSyntaxError problem: String, line: String) -> String {
        if problem.contains("while scanning a quoted scalar") {
            return "; the quote that opens on this line is never closed, so close it (write a quote inside as \\\" or '')"
        }
        guard problem.hasPrefix("mapping values are not allowed"),
              let colon = line.firstIndex(of: ":") else { return "" }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !key.contains(" "), let written = value(in: line, key: key), !written.isEmpty else { return "" }
        return "; the value of '\(key)' holds ': ', which YAML reads as another key, so put it in quotes: \(key): \(quoted(written))"
    }

    /// Where a YAML comment starts in a plain value: a '#' at its start or after a space or tab.
    private static func commentStart(in value: Substring) -> Substring.Index? {
        if value.first == "#" { return value.startIndex }
        var previous: Character = "x"
        for index in value.indices {
            if value[index] == "#" && (previous == " " || previous == "\t") { return index }
            previous = value[index]
        }
        return nil
    }

    /// The value as it was meant, in double quotes (backslash and quote escaped).
    private static func quoted(_ value: Substring) -> String {
        let text = value.trimmingCharacters(in: .whitespaces)
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func noun(_ key: String) -> String {
        key == "alt" ? "label" : key == "tags" ? "tags" : key == "background" ? "colour" : "text"
    }
}
