import Foundation

/// Findings for machines: `{"findings": [{"file", "line", "severity", "code", "message", "sticker"}],
/// "summary": {...}}`, with `line` and `sticker` null where there is none.
public enum FindingsJSON {
    struct Entry: Encodable {
        let file: String
        @Nullable var line: Int?
        let severity: Severity
        let code: FindingCode
        let message: String
        @Nullable var sticker: String?

        init(_ finding: Finding) {
            file = finding.file
            line = finding.line
            severity = finding.severity
            code = finding.code
            message = finding.message
            sticker = finding.sticker
        }
    }

    struct Summary: Encodable {
        let errors: Int
        let warnings: Int
        let packs: Int
        let stickers: Int
    }

    struct Document: Encodable {
        let findings: [Entry]
        let summary: Summary
    }

    public static func encode(_ findings: [Finding], summary report: BuildReport) throws -> String {
        let document = Document(findings: findings.map(Entry.init),
                                summary: Summary(errors: findings.errorCount, warnings: findings.warningCount,
                                                 packs: report.packCount, stickers: report.stickerCount))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
