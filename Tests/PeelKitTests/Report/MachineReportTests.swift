import Foundation
import Testing

@testable import PeelKit

/// What SARIF and GitHub's annotations say of one cause reported for several stickers, and where
/// SARIF's URIs point when the content folder is outside the folder the check ran in.
struct MachineReportTests {
    /// A typo in one parts layer, reported for each of the three stickers made with it.
    static let layerFindings = ["a+x.png", "b+x.png", "c+x.png"].map {
        Finding(.warning, .labelSpelling, file: "sundaes/base/cone.md", line: 2, message: "“whsikers” may be misspelled",
                sticker: "sundaes/\($0)")
    }

    @Test func sarifGivesOneResultForOneCauseAndNamesItsStickers() throws {
        let folder = URL(fileURLWithPath: "/repo")
        let text = try SARIFReport.encode(Self.layerFindings, contentFolder: folder.appendingPathComponent("content"), currentDirectory: folder)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let message = (results.first?["message"] as? [String: Any])?["text"] as? String
        #expect(message == "“whsikers” may be misspelled (3 stickers: a+x, b+x, c+x)")
    }

    @Test func githubGivesOneAnnotationForOneCause() {
        let lines = GitHubAnnotations.lines(Self.layerFindings, pathPrefix: "content")
        #expect(lines == ["::warning file=content/sundaes/base/cone.md,line=2,title=peel label-spelling::“whsikers” may be misspelled (3 stickers: a+x, b+x, c+x)"])
    }

    @Test func differentLinesStayApart() {
        var second = Self.layerFindings[1]
        second.line = 3
        #expect(GitHubAnnotations.lines([Self.layerFindings[0], second], pathPrefix: "").count == 2)
    }

    @Test(arguments: ["/tmp/repo/tools/ci/step", "/tmp/repo/tools", "/elsewhere"])
    func aContentFolderOutsideTheCheckFolderHasURIsRelativeToItself(here: String) throws {
        let finding = Finding(.error, .missingLabel, file: "faces/grin face.md", line: 1, message: "no label")
        let text = try SARIFReport.encode([finding], contentFolder: URL(fileURLWithPath: "/tmp/repo/content"),
                                          currentDirectory: URL(fileURLWithPath: here))
        #expect(!text.contains("file:"), "no absolute file: URI")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["originalUriBaseIds"] as? [String: Any])?.keys.sorted() == ["CONTENTROOT"])
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let artifact = (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
        #expect(artifact?["uri"] as? String == "faces/grin%20face.md")
        #expect(artifact?["uriBaseId"] as? String == "CONTENTROOT")
    }
}
