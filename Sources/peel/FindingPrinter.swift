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
        for group in Self.sameLines(shown) {
            let finding = group[0]
            if let lastFile, lastFile != finding.file { terminal.write("\n") }
            lastFile = finding.file
            let location = paths?.location(of: finding) ?? finding.line.map { "\(finding.file):\($0)" } ?? finding.file
            let severity = terminal.colored("\(finding.severity.rawValue)[\(finding.code.rawValue)]",
                                            finding.severity == .error ? .red : finding.severity == .note ? .dim : .yellow)
            let silenced = finding.suppressed ? terminal.colored(" (silenced)", .dim) : ""
            terminal.line("\(terminal.colored(location, .bold)): \(severity)\(silenced): \(finding.message)\(Self.stickers(of: group))")
        }
        if !shown.isEmpty { terminal.write("\n") }
    }

    /// Findings that would print as the same line, together: one cause at one place reported
    /// for several stickers (a parts pack's layer or template, for each sticker made with it).
    /// They sort next to each other (file, line, code, message); JSON keeps each one.
    static func sameLines(_ findings: [Finding]) -> [[Finding]] {
        var groups: [[Finding]] = []
        for finding in findings {
            if let last = groups.last?.first, last.file == finding.file, last.line == finding.line, last.code == finding.code,
               last.severity == finding.severity, last.message == finding.message, last.suppressed == finding.suppressed,
               last.language == finding.language, last.sticker != nil, finding.sticker != nil {
                groups[groups.count - 1].append(finding)
            } else {
                groups.append([finding])
            }
        }
        return groups
    }

    /// " (4 stickers: round+happy, round+sad, …)" for a line said of several stickers; "" for one.
    static func stickers(of group: [Finding]) -> String {
        let names = group.compactMap(\.sticker).map { source -> Substring in
            let file = source.split(separator: "/").last ?? Substring(source)
            return file.lastIndex(of: ".").map { file[..<$0] } ?? file
        }
        guard names.count > 1 else { return "" }
        let shown = 3
        return " (\(names.count) stickers: " + names.prefix(shown).joined(separator: ", ") + (names.count > shown ? ", …" : "") + ")"
    }
}
