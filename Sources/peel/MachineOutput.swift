import Foundation
import PeelKit

/// How a command prints for machines (`--format json`, `sarif`, `github`), so that a run that
/// stops (no content folder, a broken template, a shard refused) prints its failure that way too,
/// as a `run-failed` error. It printed nothing, and `peel check missing --format json | jq -e
/// '.summary.errors == 0'` passed in a pipeline without pipefail.
enum MachineOutput: Sendable {
    case none
    case json
    case sarif(contentFolder: URL)
    case github

    func print(_ finding: Finding) {
        let text: String?
        switch self {
        case .none: text = nil
        case .json: text = try? FindingsJSON.encode([finding], summary: ReviewSummary(findings: [finding], packs: 0, stickers: 0))
        case .sarif(let folder): text = try? SARIFReport.encode([finding], contentFolder: folder)
        case .github: text = GitHubAnnotations.lines([finding], pathPrefix: "").joined(separator: "\n")
        }
        guard let text else { return }
        Swift.print(text)
        fflush(nil)
    }
}
