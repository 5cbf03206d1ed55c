import Foundation

/// Findings as SARIF 2.1.0, the format code-scanning tools (GitHub code scanning, IDEs) read.
/// Paths are relative to `%SRCROOT%`, the folder `peel check` ran in (a repository's root in CI),
/// so a scanner resolves them on any runner; every rule has help text and a link to its README
/// section; silenced findings carry an in-source suppression.
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
        let fullDescription: Message
        let help: Message
        /// Only with a documentation address (RuleHelp.docsURL); left out otherwise.
        let helpUri: String?
    }

    struct Message: Encodable { let text: String }

    struct ArtifactLocation: Encodable {
        var uri: String?
        var uriBaseId: String?
        var description: Message?
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

    /// The base artifact URIs are relative to.
    public static let sourceRoot = "%SRCROOT%"

    /// The base of artifact URIs when the content folder is outside the folder the check ran in.
    public static let contentRoot = "CONTENTROOT"

    /// Paths are written relative to `currentDirectory` (the `%SRCROOT%` base); for a content
    /// folder outside it, relative to the content folder (the `CONTENTROOT` base).
    public static func encode(_ findings: [Finding], contentFolder: URL,
                              currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                              docsURL: String? = RuleHelp.docsURL) throws -> String {
        let codes = FindingCode.allCases
        let rules = codes.map { code in
            Rule(id: code.rawValue, name: code.ruleName, shortDescription: Message(text: code.summary),
                 fullDescription: Message(text: RuleHelp.text(for: code)), help: Message(text: RuleHelp.text(for: code)),
                 helpUri: docsURL.map { RuleHelp.url(for: code, docs: $0) })
        }
        let paths = DisplayPath(root: contentFolder, currentDirectory: currentDirectory)
        // Inside the folder the check ran in: relative to it. Outside (`../../../content`), relative
        // to the content folder instead, under a base of its own: an absolute `file:` URI named
        // one machine's disk, and `../content/…` pointed outside the base it claimed.
        let inside = !paths.prefix.hasPrefix("/") && !paths.prefix.hasPrefix("../")
        let artifact = { (file: String) -> ArtifactLocation in
            inside ? ArtifactLocation(uri: uriPath(paths.path(file)), uriBaseId: sourceRoot)
                   : ArtifactLocation(uri: uriPath(file), uriBaseId: contentRoot)
        }
        // One result for one cause at one place, naming its stickers (FindingGroups).
        let results = FindingGroups.merged(findings).map { finding in
            Result(ruleId: finding.code.rawValue, ruleIndex: codes.firstIndex(of: finding.code) ?? 0,
                   level: finding.severity == .error ? "error" : finding.severity == .note ? "note" : "warning", message: Message(text: finding.message),
                   locations: [Location(physicalLocation: PhysicalLocation(
                       artifactLocation: artifact(finding.file),
                       region: finding.line.map { Region(startLine: max(1, $0)) }))],
                   suppressions: finding.suppressed ? [Suppression()] : nil)
        }
        // No absolute URI for the base: the report then reads the same on every machine, and a
        // scanner (GitHub code scanning) resolves %SRCROOT% to the checkout it runs in.
        let root = inside
            ? [sourceRoot: ArtifactLocation(description: Message(text: "The folder peel check ran in, normally the repository root."))]
            : [contentRoot: ArtifactLocation(description: Message(text: "The content folder peel check read, outside the folder it ran in."))]
        let log = Log(runs: [Run(tool: Tool(driver: Driver(version: PeelVersion.current, rules: rules)),
                                 originalUriBaseIds: root, results: results)])
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
