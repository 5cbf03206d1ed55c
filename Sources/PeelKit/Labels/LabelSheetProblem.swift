import Foundation

/// A row (or the whole file) that an import refuses: `FILE:LINE: error: message`, the line being
/// the physical line of the file where the row starts. A warning is a row the import skips.
public struct LabelSheetProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let message: String
    public let severity: Severity
    /// `file` is relative to the content folder (site.md), not the sheet's path as given.
    public let isInContent: Bool

    public init(file: String, line: Int?, message: String, severity: Severity = .error, isInContent: Bool = false) {
        self.file = file
        self.line = line
        self.message = message
        self.severity = severity
        self.isInContent = isInContent
    }

    public var description: String { described(paths: nil) }

    /// The problem as printed, a content file shown through `paths` (as seen from the current
    /// directory: `content/site.md`, where a bare `site.md` named a file not there).
    public func described(paths: DisplayPath?) -> String {
        let shown = isInContent ? paths?.path(file) ?? file : file
        return "\(shown)\(line.map { ":\($0)" } ?? ""): \(severity.rawValue): \(message)"
    }
}

/// Every problem an import found; nothing was written.
public struct LabelSheetProblems: Error, Sendable, Equatable {
    public let problems: [LabelSheetProblem]

    /// The bytes of the sheet at `url` (shown as `file`), refused before they are read when there
    /// are more than `maxBytes`; `limit` names what the limit is ("Peel reads").
    static func read(_ url: URL, file: String, maxBytes: Int, limit: String) throws -> Data {
        if let size = ContentLimits.size(of: url), size > maxBytes {
            throw LabelSheetProblems(problems: [LabelSheetProblem(file: file, line: nil,
                message: "file is \(size) bytes, more than the \(ContentLimits.megabytes(maxBytes)) \(limit)")])
        }
        return try ContentFile.read(url)
    }
}
