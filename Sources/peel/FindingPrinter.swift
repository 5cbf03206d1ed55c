import PeelKit

/// Prints findings for people, grouped by file, `path:line: severity[code]: message`, with paths
/// as seen from the current directory.
struct FindingPrinter {
    let terminal: Terminal
    /// Where the content folder is, for paths a terminal can open; nil prints them relative to it.
    var paths: DisplayPath?
    /// List silenced findings too, marked "(silenced)"; `peel check` shows them, `build` counts them.
    var includeSuppressed = false

    init(terminal: Terminal, paths: DisplayPath? = nil, includeSuppressed: Bool = false) {
        self.terminal = terminal
        self.paths = paths
        self.includeSuppressed = includeSuppressed
    }

    func print(_ findings: [Finding]) {
        var lastFile: String?
        let shown = findings.filter { includeSuppressed || !$0.suppressed }
        for group in FindingGroups.sameLines(shown) {
            let finding = group[0]
            if let lastFile, lastFile != finding.file { terminal.write("\n") }
            lastFile = finding.file
            let location = paths?.location(of: finding) ?? finding.line.map { "\(finding.file):\($0)" } ?? finding.file
            let severity = terminal.colored("\(finding.severity.rawValue)[\(finding.code.rawValue)]",
                                            finding.severity == .error ? .red : finding.severity == .note ? .dim : .yellow)
            let silenced = finding.suppressed ? terminal.colored(" (silenced)", .dim) : ""
            terminal.line("\(terminal.colored(location, .bold)): \(severity)\(silenced): \(finding.message)\(FindingGroups.stickers(of: group))")
        }
        if !shown.isEmpty { terminal.write("\n") }
    }
}
