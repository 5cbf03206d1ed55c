import Foundation
import Yams

/// A Markdown file split into its YAML front matter (between `---` lines) and its body, with the
/// line of every key so findings can point at it.
public struct FrontMatter {
    public struct Field {
        public let key: String
        public let value: Node
        /// 1-based line in the file.
        public let line: Int
    }

    /// Fields in the order they were written.
    public private(set) var fields: [Field] = []
    public private(set) var body: String = ""
    /// 1-based line in the file where the body starts.
    public private(set) var bodyLine: Int = 1
    /// The front matter's lines as written, by 1-based file line, for checks YAML's parsed
    /// values cannot answer (what an unquoted value lost).
    public private(set) var rawLines: [Int: String] = [:]

    public subscript(key: String) -> Field? { fields.first { $0.key == key } }

    /// Parses `text` (already decoded) from `file` (a path relative to the content folder).
    /// Problems become findings; the returned value holds whatever could be read.
    /// The codes `parse` gives when the front matter cannot be read at all: nothing it declares is known.
    static let unreadableCodes: Set<FindingCode> = [.yamlSyntax, .frontMatterUnclosed, .frontMatterNotMapping]

    public static func parse(_ text: String, file: String) -> (FrontMatter, [Finding]) {
        var result = FrontMatter()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, isFence(first) else {
            result.body = text
            return (result, misplacedFence(lines, file: file).map { [$0] } ?? [])
        }
        guard let closing = lines.indices.dropFirst().first(where: { isFence(lines[$0]) || isDocumentEnd(lines[$0]) }) else {
            return (result, [Finding(.error, .frontMatterUnclosed, file: file, line: 1,
                                     message: "front matter starts with '---' but has no closing '---' line; add one after the last key")])
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        for index in 1..<closing { result.rawLines[index + 1] = String(lines[index]) }
        result.body = lines[(closing + 1)...].joined(separator: "\n")
        result.bodyLine = closing + 2

        let lineMap = lineMap(ofYAML: yaml)
        /// libyaml's 1-based line as a line within the YAML as the file's lines count them.
        func fileLine(_ yamlLine: Int) -> Int {
            guard let lineMap, yamlLine >= 1 else { return yamlLine }
            return lineMap[min(yamlLine, lineMap.count) - 1]
        }

        let root: Node?
        do {
            // The encoding is given: Yams would otherwise read the whole environment for it on every parse.
            root = try Yams.compose(yaml: yaml, .default, .default, .utf8)
        } catch {
            var (yamlLine, problem) = describe(error)
            if case .reader? = error as? YamlError {} else { yamlLine = yamlLine.map(fileLine) }
            // Yams marks the mapping that holds a repeated key; the line to fix is the repeat.
            if case .duplicatedKeysInMapping(let keys, _)? = error as? YamlError, let repeated = secondLine(of: keys, in: yaml) {
                yamlLine = repeated
            }
            // Never past the front matter: the closing '---' is not where anything went wrong.
            var line = yamlLine.map { min($0, max(1, closing - 1)) + 1 } ?? 1
            var hint = UnquotedText.hint(forSyntaxError: problem, line: result.rawLines[line] ?? "")
            // `alt: "Yellow face` then `title: "Hello"`: YAML reads one quoted text across both
            // lines and stumbles on the second; the line to fix is where the quote opened.
            if problem.contains("did not find expected key") || problem.contains("could not find expected ':'"),
               let opened = UnquotedText.unclosedQuote(before: line, in: result.rawLines) {
                hint = "; the quote that opens on this line is not closed on it, so YAML read on to line \(line); close it (write a quote inside as \\\" or '')"
                line = opened
            }
            // `  alt: A cat` then `title: Cat`: the first key's indentation is the mapping's, so
            // YAML stumbles on the next key, which is right. The line to fix is the first one.
            if problem.contains("did not find expected <document start>") || problem.contains("expected <block end>"),
               let first = (1..<line).first(where: {
                   let text = (result.rawLines[$0] ?? "").trimmingCharacters(in: .whitespaces)
                   return !text.isEmpty && !text.hasPrefix("#") && text != "---"
               }),
               let text = result.rawLines[first], text.first == " " || text.first == "\t",
               let key = text.split(separator: ":").first?.trimmingCharacters(in: .whitespaces), !key.isEmpty, text.contains(":") {
                let next = (result.rawLines[line] ?? "").split(separator: ":").first?.trimmingCharacters(in: .whitespaces) ?? ""
                hint = "; '\(key):' is indented and '\(next):' on line \(line) is not, and YAML takes the first key's indentation for all; keys start at the beginning of the line: remove the space before '\(key):'"
                line = first
            }
            if let unusual = UnquotedText.unusualSpaceAfterKey(in: result.rawLines), unusual.line <= line {
                (line, hint) = unusual
            }
            return (result, [Finding(.error, .yamlSyntax, file: file, line: line,
                                     message: "YAML syntax error in front matter: \(problem)\(hint)")])
        }
        guard let root else { return (result, []) }
        guard case .mapping(let mapping) = root else {
            let unusual = UnquotedText.unusualSpaceAfterKey(in: result.rawLines)
            return (result, [Finding(.error, .frontMatterNotMapping, file: file, line: unusual?.line ?? fileLine(root.mark?.line ?? 1) + 1,
                                     message: "front matter must be 'key: value' lines, not a single value or a list" + (unusual?.hint ?? ""))])
        }
        var findings: [Finding] = []
        var seen = Set<String>()
        for (keyNode, value) in mapping {
            let line = fileLine(keyNode.mark?.line ?? 1) + 1
            guard let key = keyNode.scalar?.string else {
                findings.append(Finding(.error, .wrongType, file: file, line: line,
                                        message: "front-matter keys must be plain words"))
                continue
            }
            if !seen.insert(key).inserted {
                findings.append(Finding(.error, .yamlSyntax, file: file, line: line,
                                        message: "key '\(key)' appears twice; keep one"))
                continue
            }
            result.fields.append(Field(key: key, value: value, line: line))
        }
        return (result, findings)
    }

    /// The 1-based line within the YAML (as `describe` gives it) of the first repeat of one of `keys` written `key:` at
    /// the start of a line, at the indentation its first occurrence has.
    private static func secondLine(of keys: [String], in yaml: String) -> Int? {
        var first: [String: Int] = [:]   // key → its first line's indentation
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indentation = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indentation)
            for key in keys where rest.hasPrefix(key + ":") || rest.hasPrefix("\"\(key)\":") || rest.hasPrefix("'\(key)':") {
                if let seen = first[key] {
                    if seen == indentation { return index + 1 }
                } else {
                    first[key] = indentation
                }
            }
        }
        return nil
    }

    /// Front matter that was meant but is not on the first line: `---` after blank lines, or a
    /// fence of more dashes (`----`), followed by a `key:` line. Read as Markdown, its `alt:` was
    /// lost with a bare "no accessibility label", and the page showed the YAML as a heading.
    /// Front matter Peel cannot see: after blank lines, between fences that are not '---' (`----`,
    /// `--`, an em dash that smart punctuation made of '---', Hugo's TOML `+++`), or with no fences
    /// at all (`alt: …` on the first line). The file is read as text alone; this says why.
    private static func misplacedFence(_ lines: [Substring], file: String) -> Finding? {
        guard let index = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
        let first = lines[index].trimmingCharacters(in: .whitespaces)
        if looksLikeKey(first, known: true) {
            return Finding(.error, .frontMatterNotFirst, file: file, line: index + 1,
                           message: "this looks like front matter, but it has no '---' lines around it, so it is read as the page's text; "
                               + "put a line '---' before the first key and another after the last")
        }
        let dashes = first.allSatisfy { $0 == "-" || $0 == "—" || $0 == "–" }
        let isFenceLike = first == "+++" || dashes && (first.count >= 2 || first != "-")
        guard isFenceLike, index > 0 || first != "---", index + 1 < lines.count, looksLikeKey(String(lines[index + 1]), known: false) else { return nil }
        let why: String
        if index > 0 && first == "---" {
            why = "it starts on line \(index + 1), after \(index == 1 ? "a blank line" : "blank lines")"
        } else if first.contains("—") || first.contains("–") {
            why = "its fence is '\(first)', a dash that smart punctuation made of '---'"
        } else {
            why = "its fence is '\(first)', not '---'" + (first == "+++" ? " (Peel reads YAML front matter, not TOML)" : "")
        }
        return Finding(.error, .frontMatterNotFirst, file: file, line: index + 1,
                       message: "this looks like front matter, but \(why), so it is read as the page's text; start the file with '---' on its first line")
    }

    /// Whether `line` reads `key:` (or TOML's `key =`); with `known`, only a key of Peel's files.
    private static func looksLikeKey(_ line: String, known: Bool) -> Bool {
        guard let match = line.firstMatch(of: /^([A-Za-z_][A-Za-z0-9_-]*)\s*(:|=)(\s|$)/) else { return false }
        return !known || (match.output.2 == ":" && KnownKeys.everyFileKey.contains(String(match.output.1)))
    }

    private static func isFence(_ line: Substring) -> Bool {
        isMarker("---", line)
    }

    private static func isDocumentEnd(_ line: Substring) -> Bool {
        isMarker("...", line)
    }

    /// A YAML document marker: at the start of its line (YAML 1.2 §9.1.2; Jekyll and Hugo read
    /// fences so too), then only spaces or a comment. An indented `---` is text inside a block:
    /// a Markdown rule in `footer: |` once closed the front matter there and published the keys
    /// after it as the page's text.
    private static func isMarker(_ marker: String, _ line: Substring) -> Bool {
        guard line.hasPrefix(marker) else { return false }
        let rest = line.dropFirst(marker.count)
        let words = rest.trimmingCharacters(in: .whitespaces)
        return words.isEmpty || words.hasPrefix("#") && (rest.first == " " || rest.first == "\t")
    }

    /// The file's line of each of libyaml's lines, when they differ: libyaml also breaks lines at
    /// U+0085, U+2028 and U+2029 (YAML 1.1's line breaks), which editors, GitHub and Peel's
    /// findings do not, so every mark after one would point a line too far. Nil when the YAML has
    /// none. Index: libyaml's 1-based line − 1; value: the 1-based line within the YAML.
    static func lineMap(ofYAML yaml: String) -> [Int]? {
        let breaks: Set<Unicode.Scalar> = ["\u{85}", "\u{2028}", "\u{2029}"]
        guard yaml.unicodeScalars.contains(where: { breaks.contains($0) }) else { return nil }
        var map = [1]
        var line = 1
        var previous: Unicode.Scalar = " "
        for scalar in yaml.unicodeScalars {
            if scalar == "\n" {
                line += 1
                if previous != "\r" { map.append(line) } else { map[map.count - 1] = line }
            } else if scalar == "\r" || breaks.contains(scalar) {
                map.append(line)
            }
            previous = scalar
        }
        return map
    }

    /// The 1-based line within the YAML and a readable problem, from a Yams error.
    private static func describe(_ error: Error) -> (Int?, String) {
        guard let yamlError = error as? YamlError else { return (nil, "\(error)") }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            // An unclosed quote or list is only noticed where the input ends; the context's mark
            // is where it opened, the line to fix. A block mapping's context is the whole front
            // matter's first line, so there the problem's own mark is the better one.
            // A plain scalar's context is where the value before started: a tab that breaks the
            // indentation is on the problem's own line ("found a tab character … while scanning a
            // plain scalar" was reported on the line above the tab).
            if let context, !context.text.contains("block"), !context.text.contains("plain scalar") { return (context.mark.line, detail) }
            return (mark.line, detail)
        case .reader(let problem, _, let value, let yaml):
            // Reader errors (a control character) have no mark: find the character they name.
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Unicode.Scalar(UInt32(bitPattern: value)).flatMap { bad in
                lines.firstIndex { $0.unicodeScalars.contains(bad) }.map { $0 + 1 }  // 1-based, like a mark
            }
            return (line, problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return (context.mark.line, "duplicate keys: \(duplicates.joined(separator: ", "))")
        default:
            return (nil, "\(yamlError)")
        }
    }
}
