import Foundation
import Testing
@testable import PeelKit

/// Translation files (`moon.fr.md`, `pack.fr.md`, `site.fr.md`) and `languages:` in site.md.
@Suite struct TranslationLoadingTests {
    /// A catalog in en, fr and de with one pack of two stickers.
    private func catalog(site: String = "---\ntitle: Moons\nlanguages: [en, fr, de]\n---\n") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(site, to: "site.md")
        try folder.write("---\ntitle: Night sky\n---\nStars and moons.\n", to: "sky/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "sky/moon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "sky/star.png")
        try folder.write("---\nalt: Crescent moon\ntitle: Moon\ntags: [night]\n---\nA thin moon.\n", to: "sky/moon.md")
        try folder.write("---\nalt: Shooting star\n---\n", to: "sky/star.md")
        return folder
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.line.map(String.init) ?? "-") \($0.code.rawValue) \($0.language ?? "-")" }
    }

    @Test func twoFilesForOneLanguageAlwaysGiveTheSameWinner() throws {
        let folder = try catalog()
        // Written in this order and the other: the file listing's order must not decide.
        try folder.write("---\nalt: Lune B\n---\n", to: "sky/moon.FR.md")
        try folder.write("---\nalt: Lune A\n---\n", to: "sky/moon.fr.md")
        try folder.write("---\nalt: Étoile B\n---\n", to: "sky/star.fr.md")
        try folder.write("---\nalt: Étoile A\n---\n", to: "sky/star.Fr.md")
        for _ in 0..<6 {
            let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
            let stickers = try #require(catalog.packs.first).stickers
            #expect(stickers.first { $0.slug == "moon" }?.translations["fr"]?.alt == "Lune A", "the file spelling the tag as site.md does")
            #expect(stickers.first { $0.slug == "star" }?.translations["fr"]?.alt == "Étoile B")
            let ignored = findings.filter { $0.code == .orphanTranslation }
            #expect(ignored.map(\.file).sorted() == ["sky/moon.FR.md", "sky/star.Fr.md"])
            #expect(ignored.first { $0.file == "sky/moon.FR.md" }?.message.hasPrefix("sky/moon.fr.md already holds the 'fr' translation") == true)
        }
    }

    @Test func readsStickerPackAndSiteTranslations() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Croissant de lune\ntitle: Lune\ntags: [nuit]\ntranslated_from: Crescent moon\n---\nUne lune fine.\n", to: "sky/moon.fr.md")
        try folder.write("---\ntitle: Ciel de nuit\n---\nÉtoiles et lunes.\n", to: "sky/pack.fr.md")
        try folder.write("---\ntitle: Lunes\n---\nBienvenue.\n", to: "site.fr.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.site.languages == ["en", "fr", "de"])
        #expect(catalog.site.defaultLanguage == "en")
        #expect(catalog.site.otherLanguages == ["fr", "de"])
        #expect(catalog.site.translations["fr"]?.title == "Lunes")
        #expect(catalog.site.translations["fr"]?.introHTML == "<p dir=\"auto\">Bienvenue.</p>\n")
        let pack = try #require(catalog.packs.first)
        #expect(pack.translations["fr"]?.title == "Ciel de nuit")
        #expect(pack.translations["fr"]?.descriptionHTML == "<p dir=\"auto\">Étoiles et lunes.</p>\n")
        let moon = try #require(pack.stickers.first { $0.slug == "moon" })
        let french = try #require(moon.translations["fr"])
        #expect(french.file == "sky/moon.fr.md")
        #expect(french.alt == "Croissant de lune")
        #expect(french.altLine == 2)
        #expect(french.title == "Lune")
        #expect(french.tags == ["nuit"])
        #expect(french.translatedFrom == "Crescent moon")
        #expect(french.descriptionHTML == "<p dir=\"auto\">Une lune fine.</p>\n")
        #expect(moon.labelState(in: "en", source: catalog.site.defaultLanguage) == .source)
        #expect(moon.labelState(in: "fr", source: catalog.site.defaultLanguage) == .translated)
        #expect(moon.labelState(in: "de", source: catalog.site.defaultLanguage) == .missing)
        #expect(moon.label(in: "de", source: catalog.site.defaultLanguage) == ("Crescent moon", "en"))
        #expect(moon.label(in: "fr", source: catalog.site.defaultLanguage) == ("Croissant de lune", "fr"))
        // The German labels of both stickers and the French one of the star are missing: nothing else.
        #expect(summary(findings.filter { $0.code != .missingTranslation }) == [], "\(findings.map(\.formatted))")
    }

    /// `label:` is a parts pack's template; in the translation of an ordinary pack it was dropped
    /// without a word, though the author meant it as the stickers' French labels.
    @Test func aLabelInTheTranslationOfAnOrdinaryPackIsSaidToBeIgnored() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Ciel de nuit\nlabel: Une lune\nlabel_translated_from: A moon\n---\n", to: "sky/pack.fr.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let ignored = findings.filter { $0.code == .unknownKey }
        #expect(summary(ignored) == ["sky/pack.fr.md:3 unknown-key -", "sky/pack.fr.md:4 unknown-key -"], "\(findings.map(\.formatted))")
        #expect(ignored.first?.message.contains("sky/<sticker>.fr.md") == true)
        // Without it, no warning (a parts pack's translated template is tested in PartsPackTests).
        try folder.write("---\ntitle: Ciel de nuit\n---\n", to: "sky/pack.fr.md")
        #expect(try CatalogLoader(contentFolder: folder.url).load().1.filter { $0.code == .unknownKey }.isEmpty)
    }

    @Test func missingAndStaleTranslationsAreFoundExactly() async throws {
        let folder = try catalog()
        try folder.write("---\nalt: Croissant de lune\ntranslated_from: Crescent moon\n---\n", to: "sky/moon.fr.md")
        try folder.write("---\nalt: Mondsichel\ntranslated_from: \"Crescent moon \"\n---\n", to: "sky/moon.de.md")
        // Translated from an older label: stale.
        try folder.write("---\nalt: Étoile\ntranslated_from: Star\n---\n", to: "sky/star.fr.md")
        // No alt: missing, though the file exists.
        try folder.write("---\ntitle: Stern\n---\n", to: "sky/star.de.md")
        try folder.write("---\ntitle: Ciel nocturne\ntranslated_from: Night sky\n---\n", to: "sky/pack.fr.md")
        try folder.write("---\ntitle: Monde\n---\n", to: "site.de.md")
        let result = try await Review.make(content: folder.url)
        let relevant = result.findings.filter { [.missingTranslation, .staleTranslation].contains($0.code) }
        // The German file exists without alt:: the finding is on it, the file to fix, not on star.md.
        // Titles never translated: the site's French one, and the pack's German one (each on its title: line).
        #expect(summary(relevant) == [
            "site.md:2 missing-translation fr",
            "sky/pack.md:2 missing-translation de",
            "sky/star.de.md:- missing-translation de",
            "sky/star.fr.md:3 stale-translation fr",
        ], "\(result.findings.map(\.formatted))")
        let stale = try #require(relevant.first { $0.code == .staleTranslation })
        #expect(stale.message.contains("'Star'") && stale.message.contains("'Shooting star'") && stale.message.contains("French"))
        #expect(stale.sticker == "sky/star.png")
    }

    @Test func aTranslationWithoutTranslatedFromIsNotStale() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Croissant de lune\n---\n", to: "sky/moon.fr.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs[0].stickers.first { $0.slug == "moon" }?.labelState(in: "fr", source: catalog.site.defaultLanguage) == .translated)
    }

    @Test func orphanAndUndeclaredTranslationsAreReportedAndIgnored() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Soleil\n---\n", to: "sky/sun.fr.md")          // no sun.png
        try folder.write("---\nalt: Luna\n---\n", to: "sky/moon.es.md")          // es not declared
        try folder.write("---\nalt: Moon\n---\n", to: "sky/moon.en.md")          // the default language
        try folder.write("---\ntitle: Himmel\n---\n", to: "other/pack.de.md")    // no pack.md
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "other/cat.png")
        try folder.write("---\nalt: Cat\n---\n", to: "other/cat.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let relevant = findings.filter { [.orphanTranslation, .undeclaredLanguage, .orphanSidecar].contains($0.code) }
        #expect(summary(relevant) == [
            "other/pack.de.md:- orphan-translation de",
            "sky/moon.en.md:- orphan-translation en",
            "sky/moon.es.md:- undeclared-language es",
            "sky/sun.fr.md:- orphan-translation fr",
        ], "\(findings.map(\.formatted))")
        let moon = try #require(catalog.packs.first { $0.slug == "sky" }?.stickers.first { $0.slug == "moon" })
        #expect(moon.translations.isEmpty)
        #expect(catalog.packs.first { $0.slug == "other" }?.translations.isEmpty == true)
    }

    @Test func aCatalogWithoutLanguagesWorksAsBeforeAndReportsTranslationFiles() async throws {
        let folder = try catalog(site: "---\ntitle: Moons\nlanguage: en-GB\n---\n")
        try folder.write("---\nalt: Croissant de lune\n---\n", to: "sky/moon.fr.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.site.languages == [])
        #expect(catalog.site.defaultLanguage == "en-GB")
        #expect(catalog.site.otherLanguages == [])
        #expect(summary(findings) == ["sky/moon.fr.md:- undeclared-language fr"])
        #expect(findings[0].message.contains("languages: [en-GB, fr]"))
        // A file in the catalog's own language is no translation ("add languages: [en-GB, en-GB]" was the advice).
        try folder.write("---\nalt: Moon\n---\n", to: "sky/moon.en-GB.md")
        let own = try CatalogLoader(contentFolder: folder.url).load().1.first { $0.file == "sky/moon.en-GB.md" }
        #expect(own?.code == .undeclaredLanguage && own?.message.hasPrefix("'en-GB' is the catalog's language (site.md's language:), so this file is ignored; if sky/moon.md is written in another language") == true, "\(own?.message ?? "")")
        #expect(own?.message.contains("[en-GB, en-GB]") == false)
        let result = try await Review.make(content: folder.url)
        #expect(!result.findings.contains { $0.code == .missingTranslation })
    }

    @Test func anImageNamedLikeATranslationKeepsItsSidecar() throws {
        let folder = try catalog()
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/turtle.gif"), to: "sky/logo.fr.gif")
        try folder.write("---\nalt: Logo in French\n---\n", to: "sky/logo.fr.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let logo = try #require(catalog.packs[0].stickers.first { $0.fileName == "logo.fr.gif" })
        #expect(logo.alt == "Logo in French")
        #expect(logo.sidecar == "sky/logo.fr.md")
    }

    @Test func translationsWithoutTranslatedFromGetOneNotePerLanguage() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Croissant de lune\n---\n", to: "sky/moon.fr.md")
        try folder.write("---\nalt: Étoile filante\n---\n", to: "sky/star.fr.md")
        try folder.write("---\nalt: Mond\ntranslated_from: Crescent moon\n---\n", to: "sky/moon.de.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let notes = TranslationChecks.findings(for: catalog).filter { $0.severity == .note }
        #expect(notes.map(\.file) == ["site.md"], "one for French; the German one records its source")
        #expect(notes.first?.language == "fr")
        #expect(notes.first?.message.hasPrefix("2 French labels (sky/moon.fr.md first) have no translated_from:, so Peel cannot tell when the label they translate changes") == true,
                "\(notes.map(\.message))")
    }

    @Test func anUnreadableTranslationIsReportedOnceNotAlsoAsMissing() throws {
        let folder = try catalog()
        try folder.write("---\nalt: \"Croissant de lune\n---\n", to: "sky/moon.fr.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.contains { $0.code == .yamlSyntax && $0.file == "sky/moon.fr.md" })
        let missing = TranslationChecks.findings(for: catalog).filter { $0.code == .missingTranslation && $0.sticker == "sky/moon.png" }
        #expect(missing.map(\.language) == ["de"], "not French: its file is there, with an error of its own")
    }

    /// `alt: ""` in a translation is said where it is, as an empty label (it was "add 'alt:'" to
    /// the file that has it, with no line); a warning about the value is said once, not per read.
    @Test func anEmptyTranslatedLabelIsSaidOnItsLineAndValueWarningsOnce() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Lune\nalt: \"\"\n---\n", to: "sky/moon.fr.md")
        try folder.write("---\nalt: Étoile #1 filante\n---\n", to: "sky/star.fr.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let empty = findings.filter { $0.code == .missingTranslation && $0.file == "sky/moon.fr.md" }
        #expect(empty.map(\.line) == [3] && empty.first?.message == "the French label is empty; write the label", "\(empty)")
        let checked = TranslationChecks.findings(for: catalog).filter { $0.code == .missingTranslation && $0.sticker == "sky/moon.png" }
        #expect(checked.map(\.language) == ["de"], "said once, by the loader")
        #expect(findings.filter { $0.file == "sky/star.fr.md" }.map(\.code) == [.yamlUnquotedComment], "\(summary(findings))")
        // `alt:` with nothing after it, or `~`, is the same empty label (it was "add 'alt:'", no line).
        for blank in ["alt:", "alt: ~", "alt: null"] {
            try folder.write("---\ntitle: Lune\n\(blank)\n---\n", to: "sky/moon.fr.md")
            let (reloaded, again) = try CatalogLoader(contentFolder: folder.url).load()
            let said = again.filter { $0.code == .missingTranslation && $0.file == "sky/moon.fr.md" }
            #expect(said.map(\.line) == [3] && said.first?.message == "the French label is empty; write the label", "\(blank): \(said)")
            #expect(TranslationChecks.findings(for: reloaded).filter { $0.code == .missingTranslation && $0.sticker == "sky/moon.png" }.map(\.language) == ["de"])
        }
    }

    /// `moon.pt_BR.md` (gettext's spelling, which site.md accepts) is said to need a hyphen; it
    /// was "no image named 'moon.pt_BR.png'".
    @Test func aTranslationNamedWithAnUnderscoreIsToldItsName() throws {
        let folder = try catalog(site: "---\ntitle: Moons\nlanguages: [en, pt-BR]\n---\n")
        try folder.write("---\nalt: Lua crescente\n---\n", to: "sky/moon.pt_BR.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let named = findings.filter { $0.file == "sky/moon.pt_BR.md" }
        #expect(named.map(\.code) == [.orphanSidecar])
        #expect(named.first?.message == "is named with '_' in its language tag, so it is not read as a translation: language tags take '-' in file names; rename it to moon.pt-BR.md",
                "\(named)")
    }

    /// The English label pasted into a translation passed as translated in a language without a
    /// dictionary (Japanese): it is said once, in any language, and not again as misspelt.
    @Test func aTranslationThatIsTheSourceLabelIsSaid() throws {
        let folder = try catalog(site: "---\ntitle: Moons\nlanguages: [en, fr, ja, en-GB]\n---\n")
        try folder.write("---\nalt: Crescent moon\n---\n", to: "sky/moon.ja.md")
        try folder.write("---\nalt: crescent MOON!\n---\n", to: "sky/moon.fr.md")
        try folder.write("---\nalt: Crescent moon\n---\n", to: "sky/moon.en-GB.md")
        try folder.write("---\nalt: Shooting star\n---\n", to: "sky/star.ja.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let same = TranslationChecks.findings(for: catalog).filter { $0.message.contains("word for word") }
        #expect(same.map { "\($0.file):\($0.line ?? 0)" }.sorted() == ["sky/moon.fr.md:2", "sky/moon.ja.md:2", "sky/star.ja.md:2"], "en-GB may say what en says: \(same)")
        #expect(same.first { $0.file == "sky/moon.ja.md" }?.message == "the Japanese label is the English one, word for word, so VoiceOver on a phone set to Japanese reads English; translate it, or remove it from sky/moon.ja.md to say it is not translated yet")
        #expect(!SpellingCheck().findings(for: catalog).contains { $0.file == "sky/moon.fr.md" }, "said once")
        #expect(!TranslationChecks.isSameLabel("Taco", "Taco", language: "es", source: "en"), "one word: a name, the same in many languages")
        // translated_from: is the translator's word that it is the translation ("Pizza margherita"
        // in Italian), in a language written in Latin letters; Japanese is not, so English words in
        // a Japanese label are no translation, whatever the file says (a copied file, the label forgotten).
        try folder.write("---\nalt: Shooting star\ntranslated_from: Shooting star\n---\n", to: "sky/star.ja.md")
        try folder.write("---\nalt: crescent MOON!\ntranslated_from: Crescent moon\n---\n", to: "sky/moon.fr.md")
        let (confirmed, _) = try CatalogLoader(contentFolder: folder.url).load()
        let stillSaid = TranslationChecks.findings(for: confirmed).filter { $0.message.contains("word for word") }.map(\.file).sorted()
        #expect(stillSaid == ["sky/moon.ja.md", "sky/star.ja.md"], "\(stillSaid)")
        #expect(LatinScript.isUsed(by: "sr-Latn") && !LatinScript.isUsed(by: "sr") && !LatinScript.isUsed(by: "zh-Hant-TW") && LatinScript.isUsed(by: "pt-BR"))
    }

    @Test func anImageTakingItsNamesakesTranslationIsReported() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Croissant de lune\ntranslated_from: Crescent moon\n---\n", to: "sky/moon.fr.md")
        #expect(try CatalogLoader(contentFolder: folder.url).load().1.filter { $0.code == .ambiguousSidecar }.isEmpty)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/turtle.gif"), to: "sky/moon.fr.gif")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let clash = findings.filter { $0.code == .ambiguousSidecar }
        #expect(clash.map(\.file) == ["sky/moon.fr.md"])
        #expect(clash.first?.message.hasPrefix("is the sidecar of moon.fr.gif, so it is not the French translation of moon's sticker") == true,
                "\(clash.map(\.message))")
        #expect(catalog.packs[0].stickers.first { $0.slug == "moon" }?.translations["fr"] == nil)
    }

    @Test func languagesAreValidatedAndTheFirstIsTheDefault() throws {
        let folder = try catalog(site: "---\ntitle: Moons\nlanguage: fr\nlanguages: [en, fr, \"not a tag\", FR, \"\", pt-BR]\n---\n")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.site.languages == ["en", "fr", "pt-BR"])
        #expect(catalog.site.language == "en")
        #expect(summary(findings) == ["site.md:3 invalid-value -", "site.md:4 invalid-value -", "site.md:4 invalid-value -", "site.md:4 invalid-value -"],
                "\(findings.map(\.formatted))")
    }

    @Test func languageTagsInFileNamesMatchCaseInsensitively() throws {
        let folder = try catalog(site: "---\ntitle: Moons\nlanguages: [en, pt-BR]\n---\n")
        try folder.write("---\nalt: Lua crescente\n---\n", to: "sky/moon.pt-br.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs[0].stickers.first { $0.slug == "moon" }?.translations["pt-BR"]?.alt == "Lua crescente")
    }

    @Test func settingsInATranslationFileBelongInTheSource() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Croissant de lune\norder: 3\n---\n", to: "sky/moon.fr.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let finding = try #require(findings.first { $0.code == .unknownKey })
        #expect(finding.file == "sky/moon.fr.md" && finding.line == 3 && finding.language == "fr")
        #expect(finding.message.contains("sky/moon.md sets it once for every language"))
    }

    @Test func aPackFolderNamedLikeALanguageDoesNotTakeItsFolder() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: French things\n---\n", to: "fr/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "fr/cat.png")
        try folder.write("---\nalt: Cat\n---\n", to: "fr/cat.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.map(\.slug).sorted() == ["fr-2", "sky"])
        // Said: adding a language moved the pack's address, links and all.
        let moved = findings.filter { $0.code == .nameClash }
        #expect(moved.map(\.file) == ["fr"] && moved.first?.message == "pack folder 'fr' is published at fr-2/, not fr/, which holds the French pages (languages: in site.md); rename the folder so its address does not move",
                "\(moved)")
    }
}
