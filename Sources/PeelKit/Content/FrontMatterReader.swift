import Yams

/// Reads typed values out of front matter for one kind of file (site.md, pack.md, a sidecar),
/// reporting unknown keys with the closest known one and values of the wrong type with their line.
struct FrontMatterReader {
    let frontMatter: FrontMatter
    let file: String
    let sticker: String?
    private(set) var findings: [Finding] = []

    /// `sourceKeys` and `sourceFile`: for a translation file, the keys its source file sets for
    /// every language, reported as belonging there rather than as unknown.
    init(_ frontMatter: FrontMatter, file: String, knownKeys: [String], sticker: String? = nil,
         sourceKeys: [String] = [], sourceFile: String? = nil) {
        self.frontMatter = frontMatter
        self.file = file
        self.sticker = sticker
        for field in frontMatter.fields where !knownKeys.contains(field.key) {
            var message = "unknown key '\(field.key)' is ignored"
            if sourceKeys.contains(field.key), let sourceFile {
                message = "'\(field.key)' is not translated: \(sourceFile) sets it once for every language, so it is ignored here"
            } else if let suggestion = Suggestion.closest(to: field.key, in: knownKeys) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; known keys are \(knownKeys.joined(separator: ", "))"
            }
            findings.append(Finding(.warning, .unknownKey, file: file, line: field.line, message: message, sticker: sticker))
        }
    }

    /// A line for findings about `key`, or the first line when the key is absent.
    func line(of key: String) -> Int { frontMatter[key]?.line ?? 1 }

    /// The file line of each line of `key`'s text (`ScalarLines`), for findings inside it.
    func textLines(of key: String) -> [[ScalarLines.Segment]]? {
        frontMatter[key].flatMap { ScalarLines.of($0, rawLines: frontMatter.rawLines) }
    }

    /// True when `key` is there with no value (`alt:`, `alt: ~`, `alt: null`).
    func isNull(_ key: String) -> Bool {
        guard case .scalar(let scalar)? = frontMatter[key]?.value else { return false }
        return Self.isNull(scalar)
    }

    private static func isNull(_ scalar: Node.Scalar) -> Bool {
        scalar.tag == Tag(.null) || (scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string))
    }

    /// Text (any scalar: `alt: 42` reads as "42"); nil when absent or null.
    mutating func string(_ key: String) -> String? {
        guard let field = frontMatter[key] else { return nil }
        checkUnquoted(field)
        switch field.value {
        case .scalar(let scalar):
            if Self.isNull(scalar) {
                return nil
            }
            return scalar.string
        default:
            wrongType(field, expected: "text")
            return nil
        }
    }

    /// A list of text; a single value and a comma-separated line are accepted too.
    mutating func strings(_ key: String) -> [String]? {
        guard let field = frontMatter[key] else { return nil }
        checkUnquoted(field)
        switch field.value {
        case .sequence(let sequence):
            var values: [String] = []
            for item in sequence {
                guard let scalar = item.scalar else {
                    wrongType(field, expected: "a list of text")
                    return nil
                }
                values.append(scalar.string)
            }
            return values
        case .scalar(let scalar):
            return scalar.string.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        default:
            wrongType(field, expected: "a list of text")
            return nil
        }
    }

    mutating func integer(_ key: String) -> Int? {
        guard let field = frontMatter[key] else { return nil }
        if let scalar = field.value.scalar, let value = Int(scalar.string.trimmingCharacters(in: .whitespaces)) {
            return value
        }
        wrongType(field, expected: "a whole number")
        return nil
    }

    /// The trimmed text of `key` when `parse` accepts it; otherwise nil and an `invalid-value`
    /// warning on its line (`problem` says what was written wrong and what is used instead).
    mutating func validated<T>(_ key: String, _ parse: (String) -> T?, problem: (String) -> String) -> T? {
        guard let written = string(key)?.trimmingCharacters(in: .whitespacesAndNewlines), !written.isEmpty else { return nil }
        if let value = parse(written) { return value }
        report(.warning, .invalidValue, key: key, problem(written))
        return nil
    }

    /// A key written with other capitals than `key` (`Alt:` for `alt:`): keys are lower case.
    func miscased(_ key: String) -> (written: String, line: Int)? {
        frontMatter.fields.first { $0.key != key && $0.key.lowercased() == key }.map { ($0.key, $0.line) }
    }

    mutating func report(_ severity: Severity, _ code: FindingCode, key: String?, _ message: String) {
        findings.append(Finding(severity, code, file: file, line: key.map { line(of: $0) }, message: message, sticker: sticker))
    }

    /// Warns when a text value lost part of itself to YAML (an inline comment, a tag); other
    /// keys (`size: large  # 618 px`) may carry comments.
    private mutating func checkUnquoted(_ field: FrontMatter.Field) {
        guard KnownKeys.cutByYAML.contains(field.key), let raw = frontMatter.rawLines[field.line] else { return }
        if let (code, message) = UnquotedText.problem(in: raw, key: field.key, read: field.value.scalar?.string) {
            findings.append(Finding(.warning, code, file: file, line: field.line, message: message, sticker: sticker))
            return
        }
        // The lines below the key that belong to it: a value continued there, or a block list.
        let indentation = raw.prefix { $0 == " " || $0 == "\t" }.count
        var following: [(line: Int, text: String)] = []
        var line = field.line + 1
        while let text = frontMatter.rawLines[line] {
            let own = text.prefix { $0 == " " || $0 == "\t" }.count
            let entry = text.dropFirst(own).hasPrefix("-")
            guard text.allSatisfy({ $0 == " " || $0 == "\t" }) || own > indentation || (own == indentation && entry) else { break }
            following.append((line, text))
            line += 1
        }
        let found = field.value.sequence != nil
            ? UnquotedText.listProblems(following, key: field.key)
            : UnquotedText.continuationProblem(following, key: field.key, keyLine: raw, read: field.value.scalar?.string).map { [$0] } ?? []
        for (line, code, message) in found {
            findings.append(Finding(.warning, code, file: file, line: line, message: message, sticker: sticker))
        }
    }

    private mutating func wrongType(_ field: FrontMatter.Field, expected: String) {
        findings.append(Finding(.error, .wrongType, file: file, line: field.line,
                                message: "'\(field.key)' must be \(expected)", sticker: sticker))
    }
}
