import Foundation

/// Findings for machines: `{"findings": [{"file", "line", "severity", "code", "message", "sticker",
/// "suppressed"}], "summary": {...}}`, with `line` and `sticker` null where there is none.
public enum FindingsJSON {
    struct Entry: Encodable {
        let file: String
        @Nullable var line: Int?
        let severity: Severity
        let code: FindingCode
        let message: String
        @Nullable var sticker: String?
        let suppressed: Bool

        init(_ finding: Finding) {
            file = finding.file
            line = finding.line
            severity = finding.severity
            code = finding.code
            message = finding.message
            sticker = finding.sticker
            suppressed = finding.suppressed
        }
    }

    struct Document: Encodable {
        let findings: [Entry]
        let summary: ReviewSummary
    }

    public static func encode(_ findings: [Finding], summary: ReviewSummary) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(findings: findings.map(Entry.init), summary: summary)), as: UTF8.self)
    }
}
