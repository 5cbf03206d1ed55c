/// A row (or the whole file) that an import refuses: `FILE:LINE: error: message`, the line being
/// the physical line of the file where the row starts. A warning is a row the import skips.
public struct LabelSheetProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let message: String
    public let severity: Severity

    public init(file: String, line: Int?, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.message = message
        self.severity = severity
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(severity.rawValue): \(message)"
    }
}

/// Every problem an import found; nothing was written.
public struct LabelSheetProblems: Error, Sendable, Equatable {
    public let problems: [LabelSheetProblem]
}
