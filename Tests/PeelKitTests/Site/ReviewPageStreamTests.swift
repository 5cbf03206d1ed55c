import Foundation
import Testing
@testable import PeelKit

/// The review page is rendered and written in parts (a row per sticker: 25 MB at 20,000), and
/// must be exactly the page rendered whole.
@Suite struct ReviewPageStreamTests {
    static func streamed(_ model: ReviewPageParts, templates: TemplateSet, rowsPerPart: Int) throws -> (page: String, parts: Int) {
        var page = ""
        var parts = 0
        try ReviewPageStream.render(model, templates: templates, rowsPerPart: rowsPerPart) { part in
            page += part
            parts += 1
        }
        return (page, parts)
    }

    /// The sample catalog has translations, findings and art text columns; the fixture catalog an
    /// unreadable sticker and silenced findings.
    @Test(arguments: ["content", "Tests/PeelKitTests/Fixtures/catalog"])
    func inPartsIsTheWholePageByteForByte(catalog: String) async throws {
        let review = try await Review.make(content: Fixtures.packageRoot.appendingPathComponent(catalog))
        let templates = try TemplateSet()
        let parts = PageRenderer(review: review, templates: templates).reviewParts()
        let whole = try templates.render("review", parts.whole)
        let rows = parts.count
        #expect(rows >= 5 && rows == parts.whole.page.rows.count)
        #expect(parts.frame.page.rows.isEmpty)
        for rowsPerPart in [1, 2, 5, rows, ReviewPageStream.rowsPerPart] {
            #expect(parts.key(rowsPerPart: rowsPerPart) == parts.key(), "the key does not depend on the parts")
            let (page, partCount) = try Self.streamed(parts, templates: templates, rowsPerPart: rowsPerPart)
            #expect(page == whole, "\(rowsPerPart) rows per part")
            // Before the rows, each part of rows, after them.
            #expect(partCount == 2 + (rows + rowsPerPart - 1) / rowsPerPart)
        }
        #expect(whole.components(separatedBy: "<tr data-status=").count == rows + 1)
        #expect(!whole.contains(ReviewPageStream.marker))
        // The key covers every row: another label gives another key.
        var edited = review.catalog
        edited.packs[0].stickers[0].alt = (edited.packs[0].stickers[0].alt ?? "") + " (edited)"
        let other = PageRenderer(review: Review(catalog: edited, assets: review.assets, findings: review.findings), templates: templates)
        #expect(other.reviewParts().key() != parts.key())
    }

    /// A theme whose review page was written before the marker existed is rendered whole, with
    /// its own rows; a theme's own `review-row` is used in parts.
    @Test func aThemeWithoutTheMarkerIsRenderedWholeAndAThemesRowIsUsed() async throws {
        let review = try await Review.make(content: Fixtures.catalog)
        let theme = try TemporaryFolder()
        let oldReview = "{{<base}}{{$content}}{{#page}}<table>{{#rows}}<tr><td>{{title}}</td></tr>{{/rows}}</table>{{/page}}{{/content}}{{/base}}"
        try theme.write(oldReview, to: "review.mustache")
        let old = try TemplateSet(overrideDirectory: theme.url)
        let oldParts = PageRenderer(review: review, templates: old).reviewParts()
        let (page, partCount) = try Self.streamed(oldParts, templates: old, rowsPerPart: 1)
        #expect(partCount == 1)
        #expect(page == (try old.render("review", oldParts.whole)))
        #expect(page.components(separatedBy: "<tr><td>").count == oldParts.count + 1)

        let rowTheme = try TemporaryFolder()
        try rowTheme.write("<tr class=\"mine\"><td>{{title}} ({{limit}})</td></tr>\n", to: "review-row.mustache")
        let mine = try TemplateSet(overrideDirectory: rowTheme.url)
        let model = PageRenderer(review: review, templates: mine).reviewParts()
        let streamed = try Self.streamed(model, templates: mine, rowsPerPart: 2)
        #expect(streamed.page == (try mine.render("review", model.whole)))
        // `limit` is the review's, found up the context as in the page rendered whole.
        #expect(streamed.page.components(separatedBy: "<tr class=\"mine\"><td>").count == model.count + 1)
        #expect(streamed.page.contains("(\(LabelChecks.maximumLength))</td>"))
    }

    /// A theme whose review page writes its rows inline and keeps the marker: its rows are
    /// streamed, not Peel's `review-row` (which took their place).
    @Test func aThemesInlineRowsAreTheRowsStreamed() async throws {
        let review = try await Review.make(content: Fixtures.catalog)
        let theme = try TemporaryFolder()
        let inline = "{{<base}}{{$content}}{{#page}}<table>{{#rows}}<tr class=\"studio-row\"><td>{{title}} ({{limit}})</td></tr>{{/rows}}{{{rowsToFollow}}}</table>{{/page}}{{/content}}{{/base}}"
        try theme.write(inline, to: "review.mustache")
        let templates = try TemplateSet(overrideDirectory: theme.url)
        let parts = PageRenderer(review: review, templates: templates).reviewParts()
        let (page, partCount) = try Self.streamed(parts, templates: templates, rowsPerPart: 1)
        #expect(partCount > 1, "streamed")
        #expect(page == (try templates.render("review", parts.whole)))
        #expect(page.components(separatedBy: "<tr class=\"studio-row\">").count == parts.count + 1)
        #expect(ReviewPageStream.rowsTemplateText(for: "{{#rows}}a{{/rows}} b {{{rowsToFollow}}}") == nil, "text between: rendered whole")
    }

    /// Rows that ask for their place (`{{index()}}`, `{{#first()}}`, `{{#last()}}`) started again at
    /// every part: two rows were marked first and numbered from 0 again. Such a page is rendered
    /// whole, with the bytes of the page in one piece.
    @Test func rowsThatAskForTheirPlaceAreRenderedWhole() async throws {
        let review = try await Review.make(content: Fixtures.catalog)
        let theme = try TemporaryFolder()
        try theme.write("{{<base}}{{$content}}{{#page}}<table>{{#rows}}<tr class=\"row-{{index()}}{{#first()}} first{{/first()}}\"><td>{{title}}</td></tr>{{/rows}}{{{rowsToFollow}}}</table>{{/page}}{{/content}}{{/base}}",
                        to: "review.mustache")
        let templates = try TemplateSet(overrideDirectory: theme.url)
        let parts = PageRenderer(review: review, templates: templates).reviewParts()
        let (page, partCount) = try Self.streamed(parts, templates: templates, rowsPerPart: 1)
        #expect(partCount == 1, "rendered whole")
        #expect(page == (try templates.render("review", parts.whole)))
        #expect(page.components(separatedBy: " first\"").count == 2 && page.contains("row-\(parts.count - 1)\""), "one first row, numbered on")
        #expect(!ReviewPageStream.asksForPosition("<tr>{{title}}{{> review-row}}</tr>") && ReviewPageStream.asksForPosition("{{#last()}}x{{/last()}}"))
    }

    /// A streamed file is hashed as written, and the previous site's identical file is linked
    /// instead of a new one, as for files written whole.
    @Test func aStreamedFileIsRecordedAndTheSameBytesAreLinked() throws {
        let folder = try TemporaryFolder()
        let parts = (0..<3000).map { "part \($0) " + String(repeating: "é", count: $0 % 700) + "\n" }
        let whole = parts.joined()
        for staging in ["one", "two"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(staging), withIntermediateDirectories: true)
        }
        let first = SiteWriter(staging: folder.url.appendingPathComponent("one"), previousSite: nil, previousOutputs: [:])
        try first.writeStreamed(to: "review/index.html", source: "key") { file in for part in parts { try file.write(part) } }
        #expect(try folder.read("one/review/index.html") == whole)
        let output = try #require(first.outputs["review/index.html"])
        #expect(output.size == Int64(whole.utf8.count))
        #expect(output.sha256 == Hex.string(SHA256.hash(data: Data(whole.utf8))))
        #expect(first.writtenCount == 1)

        let second = SiteWriter(staging: folder.url.appendingPathComponent("two"), previousSite: folder.url.appendingPathComponent("one"),
                                previousOutputs: first.outputs)
        try second.writeStreamed(to: "review/index.html", source: "key") { file in try file.write(whole) }
        #expect(second.reusedCount == 1 && second.writtenCount == 0)
        let one = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("one/review/index.html").path)
        let two = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("two/review/index.html").path)
        #expect(one[.systemFileNumber] as? Int == two[.systemFileNumber] as? Int, "linked, not written again")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("two/review").path)
        #expect(leftovers == ["index.html"])

        struct Broken: Error {}
        #expect(throws: Broken.self) {
            try second.writeStreamed(to: "catalog.json") { file in
                try file.write("{")
                throw Broken()
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("two/catalog.json").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("two").path).sorted() == ["review"])
    }
}
