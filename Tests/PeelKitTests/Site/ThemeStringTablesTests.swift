import Foundation
import Testing
@testable import PeelKit

/// A theme's `strings.<tag>.json` changes the words it names and keeps Peel's others.
@Suite struct ThemeStringTablesTests {
    @Test func aThemeTableChangesOnlyTheWordsItNames() throws {
        let theme = try TemporaryFolder()
        try theme.write("{\"labelReview\": \"Relecture\"}", to: "strings.fr.json")
        try theme.write("{\"labelReview\": \"Granskning\"}", to: "strings.sv.json")
        let templates = try TemplateSet(overrideDirectory: theme.url)
        let french = templates.chrome(for: "fr")
        #expect(french["labelReview"] == "Relecture")
        #expect(french["downloadPack"] == "Télécharger la collection", "Peel's other French words stay")
        let swedish = templates.chrome(for: "sv")
        #expect(swedish.language == "sv" && swedish["labelReview"] == "Granskning")
        #expect(swedish["downloadPack"] == (try TemplateSet()).chrome(for: "en")["downloadPack"], "a language Peel has no table for falls back to English")
    }

    /// `strings.FR.json` and Peel's `strings.fr.json` won at random (a dictionary's order), so
    /// two builds of one catalog gave different French pages.
    @Test func aTableTaggedInCapitalsIsLaidOverPeelsOwnEveryTime() throws {
        let theme = try TemporaryFolder()
        try theme.write("{\"labelReview\": \"Relecture\"}", to: "strings.FR.json")
        for _ in 0..<8 {
            let french = try TemplateSet(overrideDirectory: theme.url).chrome(for: "fr")
            #expect(french["labelReview"] == "Relecture")
            #expect(french["downloadPack"] == "Télécharger la collection")
        }
        try theme.write("{\"labelReview\": \"Revue\"}", to: "strings.fr.json")
        #expect(throws: PeelError.self) { try TemplateSet(overrideDirectory: theme.url) }
    }

    /// A missing comma on line 3 was reported at line 1 with no hint.
    @Test func aBrokenTableIsNamedAtItsLine() throws {
        let theme = try TemporaryFolder()
        try theme.write("{\n  \"labelReview\": \"Relecture\"\n  \"downloadPack\": \"Télécharger\"\n}\n", to: "strings.fr.json")
        #expect(throws: PeelError.templateSyntax(path: theme.url.appendingPathComponent("strings.fr.json").path, line: 3,
                                                 message: "a string table is one JSON object of key to text, and this is not valid JSON here (a missing comma or quote?)")) {
            try TemplateSet(overrideDirectory: theme.url)
        }
        try theme.write("{\n  \"labelReview\": \"Relecture\",\n  \"downloadPack\": 3\n}\n", to: "strings.fr.json")
        #expect(throws: PeelError.templateSyntax(path: theme.url.appendingPathComponent("strings.fr.json").path, line: 3,
                                                 message: "'downloadPack' is not a string; every value is the text of its key, in quotes")) {
            try TemplateSet(overrideDirectory: theme.url)
        }
    }

    /// An editor's backup and autosave files in a theme were published under assets/ (and made a
    /// build differ from what peel serve showed).
    @Test func editorLeftoversAreNoPartOfATheme() throws {
        let theme = try TemporaryFolder()
        try theme.write("p { color: teal }", to: "style.css")
        try theme.write("p { color: red }", to: "style.css~")
        try theme.write("{{broken", to: "#pack.mustache#")
        try theme.write("x", to: "fonts/.#brand.css")
        let templates = try TemplateSet(overrideDirectory: theme.url)
        #expect(templates.assets["style.css"] != nil)
        #expect(templates.assets.keys.filter { $0.contains("~") || $0.contains("#") }.isEmpty, "\(templates.assets.keys.sorted())")
    }

    /// A theme's year or size folder (`img/2024/`, `icons/32/`) was taken for Vim's probe file and
    /// left out; a template's backup (`base.mustache.bak`) was published as source.
    @Test func digitFoldersAreAssetsAndBackupsAreNot() throws {
        let theme = try TemporaryFolder()
        try theme.write("x", to: "img/2024/banner.png")
        try theme.write("x", to: "32/favicon.png")
        try theme.write("x", to: "4913")
        try theme.write("{{! old }}", to: "base.mustache.bak")
        try theme.write("x", to: "style.css.orig")
        let templates = try TemplateSet(overrideDirectory: theme.url)
        #expect(templates.assets["img/2024/banner.png"] != nil && templates.assets["32/favicon.png"] != nil, "\(templates.assets.keys.sorted())")
        #expect(templates.assets["4913"] == nil && templates.assets["base.mustache.bak"] == nil && templates.assets["style.css.orig"] == nil)
    }

    /// `--templates _site -o _site` copied each site into the next one's assets/.
    @Test func theOutputMayNotBeTheTemplatesFolder() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("p { color: teal }", to: "theme/style.css")
        for output in ["theme", "theme/site", "."] {
            await #expect(throws: PeelError.self, "\(output)") {
                try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: folder.url.appendingPathComponent(output),
                                                            templates: folder.url.appendingPathComponent("theme"), useCache: false)).build()
            }
        }
        #expect(folder.exists("theme/style.css"))
    }
}
