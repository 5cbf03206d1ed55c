import Foundation
import Testing
@testable import PeelKit

/// Past `ReviewLayout`'s limit the label review has a page per pack: the first page lists the
/// packs and their counts, each pack's page has that pack's rows. Built here with a low limit on
/// the problem catalog (27 stickers in several packs).
@Suite struct ReviewByPackTests {
    static func build(_ folder: TemporaryFolder, limit: Int) async throws -> Catalog {
        let content = try ProblemCatalog.make(in: folder)
        var options = BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))
        options.reviewStickersOnOnePage = limit
        _ = try await SiteBuilder(options: options).build()
        return try CatalogLoader(contentFolder: content).load().0
    }

    static func rows(_ page: String) -> [String] {
        page.components(separatedBy: "<tr data-status=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func aLargeReviewHasAPagePerPackAndTheFirstPageCountsThem() async throws {
        let folder = try TemporaryFolder()
        let catalog = try await Self.build(folder, limit: 10)
        #expect(catalog.stickerCount > 10)
        let first = try folder.read("site/review/index.html")
        #expect(Self.rows(first).isEmpty, "the first page has no rows")
        #expect(first.contains("class=\"review-packs-table\""))
        #expect(!first.contains("assets/review.js"), "no table, so no filter script")
        #expect(first.contains("Catalog findings"), "what no sticker's row shows stays on the first page")
        var seen = 0
        for pack in catalog.packs {
            let path = "site/review/\(pack.slug)/index.html"
            #expect(first.contains("href=\"\(pack.slug)/index.html\""), "the first page links \(pack.slug)")
            let page = try folder.read(path)
            let statuses = Self.rows(page)
            #expect(statuses.count == pack.stickers.count, "\(pack.slug): a row per sticker of the pack")
            seen += statuses.count
            // The first page's counts are the pack page's rows by status.
            let errors = statuses.filter { $0 == "error" }.count, warnings = statuses.filter { $0 == "warning" }.count
            let counts = "<td class=\"numeric\">\(pack.stickers.count)</td><td class=\"numeric\">\(errors)</td>"
                + "<td class=\"numeric\">\(warnings)</td><td class=\"numeric\">\(statuses.count - errors - warnings)</td>"
            #expect(first.contains("href=\"\(pack.slug)/index.html\" dir=\"auto\">\(HTMLText.escape(pack.title))</a></th>\(counts)"),
                    "\(pack.slug): counts \(counts)")
            #expect(page.contains("<li><a href=\"../index.html\">Label review</a></li>"), "back to the first page")
            #expect(page.contains("<script src=\"../../assets/review.js\" defer></script>"))
            #expect(page.contains("href=\"../labels.csv\""))
            #expect(!page.contains("name=\"pack\""), "one pack: no pack filter")
            #expect(!page.contains("Catalog findings"))
            for sticker in pack.stickers {
                #expect(page.contains("href=\"../../\(pack.slug)/\(sticker.slug)/index.html\""), "\(sticker.slug)'s link from two folders down")
                #expect(folder.exists("site/\(pack.slug)/\(sticker.slug)/index.html"))
            }
        }
        #expect(seen == catalog.stickerCount)
    }

    @Test func upToTheLimitTheReviewIsOnePageAndAnEarlierSplitIsRemoved() async throws {
        let folder = try TemporaryFolder()
        let catalog = try await Self.build(folder, limit: 10)
        let pack = try #require(catalog.packs.first { !$0.stickers.isEmpty })
        #expect(folder.exists("site/review/\(pack.slug)/index.html"))
        let splitCSV = try folder.read("site/review/labels.csv")
        // The same catalog with a limit of exactly its size: one page again, in the same output.
        var options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: folder.url.appendingPathComponent("site"))
        options.reviewStickersOnOnePage = catalog.stickerCount
        _ = try await SiteBuilder(options: options).build()
        let page = try folder.read("site/review/index.html")
        #expect(Self.rows(page).count == catalog.stickerCount)
        #expect(!page.contains("review-packs-table"))
        #expect(page.contains("name=\"pack\""), "several packs: the pack filter")
        #expect(!folder.exists("site/review/\(pack.slug)/index.html"), "the pack pages of the earlier build are gone")
        #expect(try folder.read("site/review/labels.csv") == splitCSV, "the CSV has every sticker either way")
    }
}
