import Foundation

/// Findings for machines: `{"findings": [{"file", "line", "severity", "code", "message", "sticker",
/// "suppressed"}], "summary": {...}}`, with `line` and `sticker` null where there is none.
public enum FindingsJSON {
    struct Document: Encodable {
        let findings: [FindingRecord]
        let summary: ReviewSummary
    }

    public static func encode(_ findings: [Finding], summary: ReviewSummary) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(findings: findings.map(FindingRecord.init), summary: summary)), as: UTF8.self)
    }
}
