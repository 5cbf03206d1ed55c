import PeelKit

/// Prints findings for people, grouped by file, `path:line: severity[code]: message`.
struct FindingPrinter {
    let terminal: Terminal

    func print(_ findings: [Finding]) {
        var lastFile: String?
        for finding in findings {
            if let lastFile, lastFile != finding.file { terminal.write("\n") }
            lastFile = finding.file
            let location = finding.line.map { "\(finding.file):\($0)" } ?? finding.file
            let severity = terminal.colored("\(finding.severity.rawValue)[\(finding.code.rawValue)]",
                                            finding.severity == .error ? .red : .yellow)
            terminal.write("\(terminal.colored(location, .bold)): \(severity): \(finding.message)\n")
        }
        if !findings.isEmpty { terminal.write("\n") }
    }
}
