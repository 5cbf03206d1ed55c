import Foundation
import PeelKit

/// How a command prints for machines (`--format json`, `sarif`, `github`), so that a run that
/// stops (no content folder, a broken template, a shard refused) prints its failure that way too,
/// as a `run-failed` error. It printed nothing, and `peel check missing --format json | jq -e
/// '.summary.errors == 0'` passed in a pipeline without pipefail.
enum MachineOutput: Sendable {
    case none
    case json
    case sarif
    case github

    /// The format `arguments` (the command line) ask for with `--format X` or `--format=X`, read
    /// before the command is parsed: a usage error (`--platform imesage`, `--max-pixels 0`) is a
    /// failed run to say in that format too, and printed nothing for machines.
    static func requested(in arguments: [String]) -> MachineOutput {
        var value: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--format", index + 1 < arguments.count { value = arguments[index + 1] }
            if argument.hasPrefix("--format=") { value = String(argument.dropFirst("--format=".count)) }
        }
        switch value {
        case "json": return .json
        case "sarif": return .sarif
        case "github": return .github
        default: return .none
        }
    }

    func print(_ finding: Finding) {
        // The failure's path as given on the command line: relative to the current folder when
        // it is inside it (SARIF glued the argument to the absolute path: "nope//tmp/…/nope").
        var finding = finding
        let here = FileManager.default.currentDirectoryPath
        if finding.file.hasPrefix(here + "/") { finding.file = String(finding.file.dropFirst(here.count + 1)) }
        let text: String?
        switch self {
        case .none: text = nil
        case .json: text = try? FindingsJSON.encode([finding], summary: ReviewSummary(findings: [finding], packs: 0, stickers: 0))
        case .sarif:
            // Paths relative to the current folder, or from the root for one outside it.
            let outside = finding.file.hasPrefix("/")
            if outside { finding.file = String(finding.file.dropFirst()) }
            text = try? SARIFReport.encode([finding], contentFolder: URL(fileURLWithPath: outside ? "/" : here))
        case .github: text = GitHubAnnotations.lines([finding], pathPrefix: "").joined(separator: "\n")
        }
        guard let text else { return }
        Terminal.standardOutput.write(document: text + "\n")
    }
}
