import Foundation
import Testing
@testable import PeelKit

/// The review page of a catalog in several languages with messenger downloads stays readable: the
/// catalog's notes are folded away below its problems, a pack's catalog findings carry the pack for
/// the filter, and a label missing in several languages is one line on its row.
@Suite struct ReviewPageLayoutTests {
    private func site() async throws -> (TemporaryFolder, BuildReport) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Night\nlanguages: [en, fr, de]\nplatforms: [imessage, telegram, signal]\ntelegram_bot: nightbot\n---\n",
                         to: "content/site.md")
        try folder.write("---\ntitle: Night sky\n---\n", to: "content/sky/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/sky/moon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/sky/star.png")
        try folder.write("---\nalt: Crescent moon\nemoji: [🌙]\n---\n", to: "content/sky/moon.md")
        try folder.write("---\nalt: Shooting star\nemoji: [⭐]\n---\n", to: "content/sky/star.md")
        try folder.write("---\nalt: Étoile filante\n---\n", to: "content/sky/star.fr.md")
        try folder.write("notes", to: "content/sky/notes.txt")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        return (folder, report)
    }

    @Test func notesAreFoldedBelowTheCatalogsProblems() async throws {
        let (folder, report) = try await site()
        let page = try folder.read("site/review/index.html")
        let notes = report.findings.filter { $0.severity == .note && $0.sticker == nil }
        try #require(notes.count >= 2, "\(report.findings.map(\.formatted))")
        let details = try #require(page.range(of: "<details class=\"catalog-notes\">"))
        #expect(page.contains("<summary>\(notes.count) notes: what the exports will change, never a problem</summary>"))
        // The pack's stray file is a warning above the fold, marked with its pack for the filter.
        let stray = try #require(page.range(of: "data-pack=\"sky\"><span class=\"finding-location\">sky/notes.txt</span>"))
        #expect(stray.lowerBound < details.lowerBound)
        for note in notes {
            let shown = try #require(page.range(of: "<code>\(note.code.rawValue)</code>"), "\(note.formatted)")
            #expect(shown.lowerBound > details.lowerBound, "\(note.formatted) is inside the fold")
        }
    }

    @Test func aLabelMissingInSeveralLanguagesIsOneLine() async throws {
        let (folder, _) = try await site()
        let page = try folder.read("site/review/index.html")
        let rows = page.components(separatedBy: "<tr data-status=")
        let moon = try #require(rows.first { $0.contains("data-sticker=\"Night sky Moon\"") })
        #expect(moon.components(separatedBy: "<code>missing-translation</code>").count == 2, "one line: \(moon)")
        #expect(moon.contains("no label in French, German: VoiceOver on a phone set to one of them reads the English one; add &#39;alt:&#39; to sky/moon.fr.md, sky/moon.de.md"))
        // One language missing keeps its own words.
        let star = try #require(rows.first { $0.contains("data-sticker=\"Night sky Star\"") })
        #expect(star.components(separatedBy: "<code>missing-translation</code>").count == 2)
        #expect(star.contains("no German label"), "\(star)")
    }
}
