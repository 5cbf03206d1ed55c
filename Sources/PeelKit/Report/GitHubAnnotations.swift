/// Findings as GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), so they
/// show as annotations on the changed files. Silenced findings are left out.
public enum GitHubAnnotations {
    /// `pathPrefix` is the content folder as seen from the repository root (for example "content").
    public static func lines(_ findings: [Finding], pathPrefix: String) -> [String] {
        let prefix = pathPrefix.isEmpty || pathPrefix == "." ? "" : (pathPrefix.hasSuffix("/") ? pathPrefix : pathPrefix + "/")
        // One annotation for one cause at one place, naming its stickers (FindingGroups).
        return FindingGroups.merged(findings.filter { !$0.suppressed }).map { finding in
            var properties = ["file=\(escapeProperty(prefix + finding.file))"]
            if let line = finding.line { properties.append("line=\(line)") }
            properties.append("title=\(escapeProperty("peel \(finding.code.rawValue)"))")
            let command = finding.severity == .error ? "error" : finding.severity == .note ? "notice" : "warning"
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(finding.message))"
        }
    }

    private static let dataEscapes: [Unicode.Scalar: String] = ["%": "%25", "\r": "%0D", "\n": "%0A"]

    /// The escaping GitHub's runner applies to command data; other control characters (an ESC
    /// in a file name, which the log would render) are shown as escapes, as on a terminal.
    static func escapeData(_ text: String) -> String {
        TerminalEscaping.escaped(text.replacingScalars(dataEscapes))
    }

    /// Properties also escape ':' and ','.
    static func escapeProperty(_ text: String) -> String {
        TerminalEscaping.escaped(text.replacingScalars(dataEscapes.merging([":": "%3A", ",": "%2C"]) { $1 }))
    }
}
