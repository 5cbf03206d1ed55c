/// What YAML does to an unquoted (plain) value that people do not expect, found on the raw line:
/// `alt: Smiley #1 face` is read as "Smiley" (` #` starts a comment), `alt: !important face` as
/// "face" (`!important` is a tag), and `alt: Smiley face: big grin` does not parse at all (`: `
/// starts another key). The fix is always the same: quote the value.
enum UnquotedText {
    /// The value part of `key: value` on `line`, or nil when the line is not that key's.
    static func value(in line: String, key: String) -> Substring? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        // `"alt":` and `'alt':`, as JSON-to-YAML converters write keys, are the same key.
        guard let spelled = [key, "\"\(key)\"", "'\(key)'"].first(where: { trimmed.hasPrefix($0) }) else { return nil }
        let afterKey = trimmed.dropFirst(spelled.count).drop { $0 == " " || $0 == "\t" }
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

    /// A plain value continued on the lines below its key (`alt:` then `  Smiley #1 face`, or a
    /// long label wrapped onto a second line) that YAML cut at a '#', or whose first word on the
    /// next line is a tag: the line, and the warning. `following` are the lines below the key that
    /// belong to it; `read` is what YAML made of the value.
    static func continuationProblem(_ following: [(line: Int, text: String)], key: String, keyLine: String, read: String?) -> (Int, FindingCode, String)? {
        guard let onKeyLine = value(in: keyLine, key: key) else { return nil }
        // Quoted, block (`|`, `>-`) and flow values keep their '#' on every line.
        if let first = onKeyLine.first, "\"'|>[{".contains(first) { return nil }
        var parts = onKeyLine.isEmpty ? [] : [onKeyLine]
        var problem: (line: Int, code: FindingCode, mark: Substring)?
        for (line, text) in following {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard let first = trimmed.first else { continue }
            if parts.isEmpty {
                // The value starts on this line: quoted, block and flow values keep '#' and '!'.
                if "\"'|>[{".contains(first) { return nil }
                if first == "!" || first == "&" {
                    problem = problem ?? (line, .yamlTag, trimmed.prefix { $0 != " " && $0 != "\t" })
                }
            }
            // A line below the key that starts with '#' is a comment to YAML: with text above it,
            // the rest of a wrapped label (`  #1 fan`); with none, the value itself
            // (`background:` then `  #f4efe6`), which is then empty.
            if first == "#" {
                // Before the value starts, a comment line with the value below it is a comment.
                let valueBelow = following.contains { $0.line > line && $0.text.contains { $0 != " " && $0 != "\t" }
                    && $0.text.drop { $0 == " " || $0 == "\t" }.first != "#" }
                if parts.isEmpty && valueBelow { continue }
                problem = problem ?? (line, .yamlUnquotedComment, trimmed)
                parts.append(trimmed)
                break
            }
            if let comment = commentStart(in: trimmed) {
                problem = problem ?? (line, .yamlUnquotedComment, trimmed[comment...])
                parts.append(trimmed[..<comment])
                parts.append(trimmed[comment...])
                break
            }
            parts.append(trimmed)
        }
        guard let problem else { return nil }
        let written = Substring(parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " "))
        let readAs = read.map { "'\($0)'" } ?? "nothing"
        let fix = "put the \(noun(key)) in quotes, on one line: \(key): \(quoted(written))"
        if problem.code == .yamlTag {
            return (problem.line, .yamlTag, "'\(key)' starts with '\(problem.mark)', which YAML reads as a tag or an anchor and drops, so it reads as \(readAs); \(fix)")
        }
        return (problem.line, .yamlUnquotedComment,
                "'\(key)' is cut at '#' on this line: YAML reads '\(problem.mark)' as a comment, so it reads as \(readAs); \(fix)")
    }

    /// The entries of a block list (`tags:` then `  - #happy`) that YAML cut at a '#' (an entry
    /// that starts with one is empty, and dropped) or whose first word is a tag: each one's line
    /// and warning.
    static func listProblems(_ following: [(line: Int, text: String)], key: String) -> [(Int, FindingCode, String)] {
        following.compactMap { line, text in
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("- ") || trimmed.hasPrefix("-\t") else { return nil }
            let entry = trimmed.dropFirst(2).drop { $0 == " " || $0 == "\t" }
            guard let first = entry.first, !"\"'|>[{".contains(first) else { return nil }
            if first == "!" || first == "&" {
                let mark = entry.prefix { $0 != " " && $0 != "\t" }
                return (line, .yamlTag, "an entry of '\(key)' starts with '\(mark)', which YAML reads as a tag or an anchor and drops; "
                    + "put the entry in quotes: - \(quoted(entry))")
            }
            guard let comment = commentStart(in: entry) else { return nil }
            let kept = entry[..<comment].trimmingCharacters(in: .whitespaces)
            return (line, .yamlUnquotedComment, "an entry of '\(key)' is cut at '#': YAML reads '\(entry[comment...])' as a comment, so the entry "
                + (kept.isEmpty ? "is empty and dropped" : "reads as '\(kept)'") + "; put it in quotes: - \(quoted(entry))")
        }
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

    /// The first front-matter line (by number in `rawLines`) where a key's colon is followed by a
    /// space YAML does not read as one: a no-break space (Option+Space on a Mac, French keyboards,
    /// text pasted from a web page or Word) looks exactly like `alt: label`, yet YAML read the whole
    /// line as a text or stumbled on the next key. With the hint to give.
    static func unusualSpaceAfterKey(in rawLines: [Int: String]) -> (line: Int, hint: String)? {
        let spaces: [Unicode.Scalar: String] = ["\u{00A0}": "a no-break space (U+00A0)", "\u{202F}": "a narrow no-break space (U+202F)",
                                                "\u{2007}": "a figure space (U+2007)", "\u{3000}": "an ideographic space (U+3000)"]
        for number in rawLines.keys.sorted() {
            guard let line = rawLines[number], let colon = line.unicodeScalars.firstIndex(of: ":") else { continue }
            let key = String(line.unicodeScalars[..<colon]).trimmingCharacters(in: .whitespaces)
            let after = line.unicodeScalars.index(after: colon)
            guard !key.isEmpty, key.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" || $0 == "-" }),
                  after < line.unicodeScalars.endIndex, let name = spaces[line.unicodeScalars[after]] else { continue }
            return (number, "; line \(number) has \(name) after '\(key):', which YAML does not read as a space: type a plain space there")
        }
        return nil
    }

    /// A hint for a libyaml error on `line`: an unclosed quote, or "mapping values are not
    /// allowed" on a `key: text: more` line.
    static func hint(forSyntaxError problem: String, line: String) -> String {
        if problem.contains("while scanning a quoted scalar") {
            return "; the quote that opens on this line is never closed, so close it (write a quote inside as \\\" or '')"
        }
        // YAML forbids tabs for indentation; libyaml says only "found character that cannot start any token".
        if problem.contains("cannot start any token"), line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
            return "; the line is indented with a tab, which YAML does not allow: indent with spaces"
        }
        guard problem.hasPrefix("mapping values are not allowed"),
              let colon = line.firstIndex(of: ":") else { return "" }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !key.contains(" "), let written = value(in: line, key: key), !written.isEmpty else { return "" }
        // ` alt: Yellow face` under `title: Hello`: the key is indented, so YAML reads it on into
        // the value above. Quoting the value (the advice below) does not help; unindenting does.
        if line.first == " " || line.first == "\t" {
            return "; '\(key):' is indented, so YAML reads it as part of the value on the line above; keys start at the beginning of the line: remove the space before '\(key):'"
        }
        return "; the value of '\(key)' holds ': ', which YAML reads as another key, so put it in quotes: \(key): \(quoted(written))"
    }

    /// Where a YAML comment starts in a plain value: a '#' at its start or after a space or tab.
    /// Read by Unicode scalar: the keycap emoji #️⃣ is one character that starts with a '#'.
    private static func commentStart(in value: Substring) -> Substring.Index? {
        var previous: Unicode.Scalar = " "
        for index in value.unicodeScalars.indices {
            let scalar = value.unicodeScalars[index]
            if scalar == "#" && (previous == " " || previous == "\t") { return index }
            previous = scalar
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
