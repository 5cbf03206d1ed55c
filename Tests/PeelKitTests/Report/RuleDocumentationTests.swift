import Foundation
import Testing
@testable import PeelKit

/// Every finding code has a README anchor its SARIF `helpUri` points at, and help text.
@Suite struct RuleDocumentationTests {
    @Test(arguments: FindingCode.allCases)
    func everyCodeHasAnAnchorAndHelp(_ code: FindingCode) throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("<a id=\"rule-\(code.rawValue)\"></a>`\(code.rawValue)`"), "README row for \(code.rawValue)")
        #expect(RuleHelp.url(for: code, docs: "https://docs.example/peel/README.md") == "https://docs.example/peel/README.md#rule-\(code.rawValue)")
        #expect(RuleHelp.fixes[code] != nil, "a fix for \(code.rawValue)")
    }

    /// An address copied from a browser (`#readme`) or with a space made an invalid helpUri.
    @Test func aDocsAddressWithAFragmentOrASpaceGivesAValidURI() {
        #expect(RuleHelp.url(for: .missingLabel, docs: "https://git.example/team/peel#readme") == "https://git.example/team/peel#rule-missing-label")
        #expect(RuleHelp.url(for: .missingLabel, docs: "https://wiki.example/Peel docs/README.md") == "https://wiki.example/Peel%20docs/README.md#rule-missing-label")
        #expect(RuleHelp.url(for: .missingLabel, docs: "https://wiki.example/a%20b/") == "https://wiki.example/a%20b/#rule-missing-label")
    }

    @Test func fitIsSuggestedForStickersThatAreTooLarge() async throws {
        let folder = try TemporaryFolder()
        let content = try ProblemCatalog.make(in: folder)
        let findings = try await Review.make(content: content).findings
        let heavy = try #require(findings.first { $0.code == .fileTooLarge })
        #expect(heavy.message.contains("run 'peel fit'"), "\(heavy.message)")
        let tiny = try #require(findings.first { $0.code == .sizeOutOfRange })
        #expect(!tiny.message.contains("peel fit"), "fit never scales up, so it is no fix for 200 px art: \(tiny.message)")
    }
}
