import Foundation

/// Findings for machines: `{"findings": [{"file", "line", "severity", "code", "message", "sticker"}],
/// "summary": {...}}`, with `line` and `sticker` null where there is none.
public enum FindingsJSON {
    struct Entry: Encodable {
        let finding: Finding
        enum CodingKeys: String, CodingKey { case file, line, severity, code, message, sticker }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(finding.file, forKey: .file)
            try container.encode(finding.line, forKey: .line)
            try container.encode(finding.severity, forKey: .severity)
            try container.encode(finding.code, forKey: .code)
            try container.encode(finding.message, forKey: .message)
            try container.encode(finding.sticker, forKey: .sticker)
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
