import PeelKit

/// Prints findings for people, grouped by file, `path:line: severity[code]: message`.
struct FindingPrinter {
    let terminal: Terminal
    /// List silenced findings too, marked "(silenced)"; `peel check` shows them, `build` counts them.
    var includeSuppressed = false

    func print(_ findings: [Finding]) {
        var lastFile: String?
        let shown = findings.filter { includeSuppressed || !$0.suppressed }
        for finding in shown {
            if let lastFile, lastFile != finding.file { terminal.write("\n") }
            lastFile = finding.file
            let location = finding.line.map { "\(finding.file):\($0)" } ?? finding.file
            let severity = terminal.colored("\(finding.severity.rawValue)[\(finding.code.rawValue)]",
                                            finding.severity == .error ? .red : .yellow)
            let silenced = finding.suppressed ? terminal.colored(" (silenced)", .dim) : ""
            terminal.write("\(terminal.colored(location, .bold)): \(severity)\(silenced): \(finding.message)\n")
        }
        if !shown.isEmpty { terminal.write("\n") }
    }
}
