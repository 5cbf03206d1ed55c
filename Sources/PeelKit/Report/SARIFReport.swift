import Foundation

/// Findings as SARIF 2.1.0, the format code-scanning tools (GitHub code scanning, IDEs) read.
/// Paths are relative to the `CONTENT` base, which points at the content folder; silenced findings
/// carry an in-source suppression.
public enum SARIFReport {
    public static let version = "2.1.0"
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    struct Log: Encodable {
        let schema = SARIFReport.schema
        let version = SARIFReport.version
        let runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: ArtifactLocation]
        let results: [Result]
    }

    struct Tool: Encodable { let driver: Driver }

    struct Driver: Encodable {
        let name = "Peel"
        let version: String
        let rules: [Rule]
    }

    struct Rule: Encodable {
        let id: String
        let name: String
        let shortDescription: Message
    }

    struct Message: Encodable { let text: String }

    struct ArtifactLocation: Encodable {
        let uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable { let startLine: Int }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region?
    }

    struct Location: Encodable { let physicalLocation: PhysicalLocation }

    struct Suppression: Encodable {
        let kind = "inSource"
        let justification = "silenced by an ignore: list in front matter"
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let suppressions: [Suppression]?
    }

    /// `contentFolder` becomes the `CONTENT` base URI so results resolve to real files.
    public static func encode(_ findings: [Finding], contentFolder: URL) throws -> String {
        let codes = FindingCode.allCases
        let rules = codes.map { code in
            Rule(id: code.rawValue, name: code.ruleName, shortDescription: Message(text: code.summary))
        }
        let results = findings.map { finding in
            Result(ruleId: finding.code.rawValue, ruleIndex: codes.firstIndex(of: finding.code) ?? 0,
                   level: finding.severity == .error ? "error" : "warning", message: Message(text: finding.message),
                   locations: [Location(physicalLocation: PhysicalLocation(
                       artifactLocation: ArtifactLocation(uri: uriPath(finding.file), uriBaseId: "CONTENT"),
                       region: finding.line.map { Region(startLine: max(1, $0)) }))],
                   suppressions: finding.suppressed ? [Suppression()] : nil)
        }
        var base = contentFolder.standardizedFileURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(version: PeelVersion.current, rules: rules)),
                                 originalUriBaseIds: ["CONTENT": ArtifactLocation(uri: base, uriBaseId: nil)],
                                 results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(log), as: UTF8.self)
    }

    /// A relative path as a URI reference: each segment percent-encoded.
    static func uriPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#[]@!$&'()*+,;=:")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}

extension FindingCode {
    /// "missing-label" -> "MissingLabel", SARIF's rule name form.
    var ruleName: String {
        rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
