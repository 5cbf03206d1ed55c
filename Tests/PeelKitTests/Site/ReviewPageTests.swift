import Foundation
import Testing
@testable import PeelKit

/// Findings on the built site: sticker pages, the pack grid, the review page, its CSV and catalog.json.
@Suite struct ReviewPageTests {
    func buildProblems() async throws -> (TemporaryFolder, BuildReport) {
        let folder = try TemporaryFolder()
        let content = try ProblemCatalog.make(in: folder)
        let report = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        return (folder, report)
    }

    @Test func buildStillWritesTheSiteWhenThereAreErrors() async throws {
        let (folder, report) = try await buildProblems()
        #expect(report.findings.hasErrors)
        #expect(folder.exists("site/review/index.html"))
        #expect(folder.exists("site/problems/placeholder/index.html"))
    }

    @Test func stickerPagesShowTheirFindings() async throws {
        let (folder, _) = try await buildProblems()
        let page = try folder.read("site/problems/placeholder/index.html")
        #expect(page.contains("<code>placeholder-label</code>"))
        #expect(page.contains("label &#39;IMG_1234&#39; is a placeholder"))
        #expect(page.contains("problems/placeholder.md:2"))
        let silenced = try folder.read("site/problems/silenced/index.html")
        #expect(silenced.contains("<code>no-transparency</code> <span class=\"badge\">silenced</span>"))
        let clean = try folder.read("site/problems/clean-cat/index.html")
        #expect(!clean.contains("finding-list"), "a clean sticker shows no review section")
    }

    @Test func packGridMarksStickersWithErrors() async throws {
        let (folder, _) = try await buildProblems()
        let grid = try folder.read("site/problems/index.html")
        let placeholderCard = try #require(grid.range(of: "href=\"placeholder/index.html\"")).upperBound
        let nextCard = try #require(grid.range(of: "</a>", range: placeholderCard..<grid.endIndex)).lowerBound
        #expect(grid[placeholderCard..<nextCard].contains("<span class=\"badge badge-error\">1 error</span>"))
        let cleanCard = try #require(grid.range(of: "href=\"clean-cat/index.html\"")).upperBound
        let cleanEnd = try #require(grid.range(of: "</a>", range: cleanCard..<grid.endIndex)).lowerBound
        #expect(!grid[cleanCard..<cleanEnd].contains("badge-error"))
    }

    @Test func reviewPageListsEveryStickerWithLabelCountAndFindings() async throws {
        let (folder, _) = try await buildProblems()
        let page = try folder.read("site/review/index.html")
        #expect(page.contains("<h1>Label review</h1>"))
        #expect(page.components(separatedBy: "<tr data-status=").count - 1 == 31)
        #expect(page.contains("<code>label-spelling</code> <span dir=\"auto\">“whsikers” may be misspelled (did you mean “whiskers”"))
        #expect(page.contains("data-status=\"clean\" data-sticker=\"Problems Clean cat\" data-label=\"Orange cat face with whiskers\" data-characters=\"29\""))
        #expect(page.contains("No label: VoiceOver reads the file name “no-sidecar.png”"))
        #expect(page.contains("<td class=\"numeric over-limit\" data-column=\"Characters\">"))
        #expect(page.contains("href=\"labels.csv\""))
        #expect(page.contains("<script src=\"../assets/review.js\" defer></script>"))
        #expect(folder.exists("site/assets/review.js"))
        #expect(page.contains("Silenced by <code>ignore:</code> lists: 1 finding, listed"), "one finding, not 1 findings")
    }

    @Test func reviewCSVHasARowPerStickerAndEscapesFields() async throws {
        let (folder, _) = try await buildProblems()
        let csv = try folder.read("site/review/labels.csv")
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "pack,sticker,source,sidecar,title,label,characters,status,findings,label hash,new label")
        #expect(rows.contains("problems,clean-cat,problems/clean-cat.png,problems/clean-cat.md,Clean cat,Orange cat face with whiskers,29,clean (art not checked),,"
            + "\(LabelHash.of("Orange cat face with whiskers")),"))
        #expect(rows.contains("problems,placeholder,problems/placeholder.png,problems/placeholder.md,Placeholder,IMG_1234,8,error,\"error[placeholder-label]: label 'IMG_1234' is a placeholder; write what the sticker shows, such as 'Smiling sun in sunglasses'\",\(LabelHash.of("IMG_1234")),"))
        #expect(rows.count == 32, "a header and one row per sticker")
        #expect(ReviewCSV.field("a, \"b\"") == "\"a, \"\"b\"\"\"")
        #expect(ReviewCSV.field("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(ReviewCSV.field("plain") == "plain")
    }

    @Test func catalogJSONCarriesEachStickersFindings() async throws {
        let (folder, _) = try await buildProblems()
        let data = try Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let packs = try #require(root["packs"] as? [[String: Any]])
        let problems = try #require(packs.first { $0["slug"] as? String == "problems" })
        let stickers = try #require(problems["stickers"] as? [[String: Any]])
        let placeholder = try #require(stickers.first { $0["slug"] as? String == "placeholder" })
        let findings = try #require(placeholder["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings[0]["code"] as? String == "placeholder-label")
        #expect(findings[0]["line"] as? Int == 2)
        #expect(findings[0]["file"] as? String == "problems/placeholder.md")
        #expect(findings[0]["suppressed"] as? Bool == false)
        let clean = try #require(stickers.first { $0["slug"] as? String == "clean-cat" })
        #expect((clean["findings"] as? [Any])?.isEmpty == true)
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["suppressed"] as? Int == 1)
    }
}

extension ReviewPageTests {
    /// The Pack filter names each pack in its own language: an Arabic pack's title was an option
    /// with no lang, read with English rules.
    @Test func packOptionsCarryThePacksLanguage() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: قطط\nlanguage: ar\n---\n", to: "content/cats/pack.md")
        try folder.write("---\ntitle: Dogs\n---\n", to: "content/dogs/pack.md")
        for pack in ["cats", "dogs"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/\(pack)/one.png")
            try folder.write("---\nalt: \(pack == "cats" ? "وجه قطة" : "Dog face")\n---\n", to: "content/\(pack)/one.md")
        }
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        let page = try folder.read("site/review/index.html")
        #expect(page.contains("<option value=\"cats\" dir=\"auto\" lang=\"ar\">قطط</option>"))
        #expect(page.contains("<option value=\"dogs\" dir=\"auto\">Dogs</option>"), "the page's own language needs no lang")
    }
}
