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
}
