import Foundation
import Testing
@testable import PeelKit

/// A pack written in another of the site's languages (`language: ar` in an `[en, ar]` catalog):
/// its own files are its Arabic texts and its translations go the other way, into English. Every
/// output follows: the findings, the pages, catalog.json, the review, the String Catalogs, XLIFF.
@Suite struct PackLanguageTests {
    /// en (default) and ar. `sky` is English, its moon translated into Arabic. `souk` is Arabic
    /// (`language: ar`): its lamp translated into English, its tea not, and its pack title translated.
    private func catalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Stickers\nlanguages: [en, ar]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Night sky\n---\n", to: "content/sky/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/sky/moon.png")
        try folder.write("---\nalt: Crescent moon\n---\n", to: "content/sky/moon.md")
        try folder.write("---\nalt: هلال\ntranslated_from: Crescent moon\n---\n", to: "content/sky/moon.ar.md")
        try folder.write("---\ntitle: السوق\nlanguage: ar\n---\n", to: "content/souk/pack.md")
        try folder.write("---\ntitle: The market\ntranslated_from: السوق\n---\n", to: "content/souk/pack.en.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/souk/lamp.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/dog.jpg"), to: "content/souk/tea.jpg")
        try folder.write("---\nalt: فانوس نحاسي\ntitle: فانوس\n---\n", to: "content/souk/lamp.md")
        try folder.write("---\nalt: Brass lantern\ntitle: Lantern\ntranslated_from: فانوس نحاسي\n---\n", to: "content/souk/lamp.en.md")
        try folder.write("---\nalt: كوب شاي بالنعناع\n---\n", to: "content/souk/tea.md")
        return folder
    }

    private func content(_ folder: TemporaryFolder) -> URL { folder.url.appendingPathComponent("content") }

    /// The art's text is read in each pack's own language, one the site does not ship too: a
    /// `language: fr` pack on an English-only site was read in English alone.
    @Test func artIsReadInEachPacksOwnLanguage() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Stickers\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Bonjour\nlanguage: fr\n---\n", to: "content/souk/pack.md")
        let (catalog, _) = try CatalogLoader(contentFolder: content(folder)).load()
        #expect(Review.artLanguages(catalog) == ["en", "fr"])
        try folder.write("---\ntitle: Stickers\nlanguages: [en, ar]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: السوق\nlanguage: ar\n---\n", to: "content/souk/pack.md")
        #expect(Review.artLanguages(try CatalogLoader(contentFolder: content(folder)).load().0) == ["en", "ar"])
    }

    private func page(_ folder: TemporaryFolder, _ path: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent("site/\(path)"), encoding: .utf8)
    }

    @Test func thePacksSourceIsItsLanguageWhenTheSiteShipsIt() throws {
        var site = SiteInfo()
        site.languages = ["en", "fr", "ar"]
        var pack = Pack(slug: "p", folder: "p", title: "P")
        #expect(site.sourceLanguage(of: pack) == "en")
        pack.language = "AR"
        #expect(site.sourceLanguage(of: pack) == "ar", "tags compare case-insensitively and the site's spelling is kept")
        #expect(site.translationLanguages(of: pack) == ["en", "fr"])
        pack.language = "ja"
        #expect(site.sourceLanguage(of: pack) == "en", "a language the site does not ship stands in for the default one")
        #expect(site.translationLanguages(of: pack) == ["fr", "ar"])
    }

    @Test func findingsAskForTheOtherLanguagesTheDefaultIncluded() async throws {
        let folder = try catalog()
        let review = try await Review.make(content: content(folder))
        let missing = review.findings.filter { $0.code == .missingTranslation && $0.sticker != nil }
        #expect(missing.map(\.file) == ["souk/tea.md"], "\(missing.map(\.message))")
        // Titles never translated are said too, each on its source's title: line (souk's has pack.en.md).
        let titles = review.findings.filter { $0.code == .missingTranslation && $0.sticker == nil }
        #expect(titles.map { "\($0.file):\($0.line ?? 0) \($0.language ?? "")" } == ["site.md:2 ar", "sky/pack.md:2 ar"], "\(titles)")
        #expect(titles.last?.message == "no Arabic pack title: the Arabic pages show the English one, 'Night sky'; add title: to sky/pack.ar.md")
        #expect(missing.first?.language == "en")
        #expect(missing.first?.message.contains("reads the Arabic one; add 'alt:' to souk/tea.en.md") == true, "\(missing.first?.message ?? "")")
        #expect(!review.findings.contains { $0.code == .orphanTranslation }, "lamp.en.md and pack.en.md are translations: \(review.findings.map(\.message))")
        let souk = try #require(review.catalog.packs.first { $0.slug == "souk" })
        #expect(souk.stickers.first { $0.slug == "lamp" }?.translations["en"]?.alt == "Brass lantern")
        #expect(souk.titleState(in: "en", site: review.catalog.site) == .translated)
    }

    /// A pack in a language the site does not ship (`language: ja` in `[en, fr]`): its texts stand
    /// in for every language's, and the notes and findings name the language they are in.
    @Test func aPackInALanguageTheSiteDoesNotShipIsNamedByIt() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Stickers\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: 空\nlanguage: ja\n---\n", to: "content/sora/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/sora/sun.png")
        try folder.write("---\nalt: 黄色い太陽\n---\n", to: "content/sora/sun.md")
        #expect(SiteInfo().writtenLanguage(of: Pack(slug: "p", folder: "p", title: "P")) == "en")
        let review = try await Review.make(content: content(folder))
        #expect(review.catalog.site.writtenLanguage(of: review.catalog.packs[0]) == "ja")
        let missing = try #require(review.findings.first { $0.code == .missingTranslation && $0.sticker != nil })
        #expect(missing.message.contains("VoiceOver on a phone set to French reads the Japanese one"), "\(missing.message)")
        _ = try await SiteBuilder(options: BuildOptions(content: content(folder), output: folder.url.appendingPathComponent("site"))).build()
        let french = try page(folder, "fr/sora/sun/index.html")
        #expect(french.contains("le texte est affiché en japonais"), "\(french)")
    }

    @Test func aTranslationIntoThePacksOwnLanguageIsIgnoredWithAReason() async throws {
        let folder = try catalog()
        try folder.write("---\nalt: فانوس\n---\n", to: "content/souk/lamp.ar.md")
        let review = try await Review.make(content: content(folder))
        let orphan = try #require(review.findings.first { $0.code == .orphanTranslation })
        #expect(orphan.file == "souk/lamp.ar.md")
        #expect(orphan.message.contains("the language of this pack"), "\(orphan.message)")
    }

    @Test func pagesShowTheOwnTextsInTheirLanguageAndTranslationsElsewhere() async throws {
        let folder = try catalog()
        _ = try await SiteBuilder(options: BuildOptions(content: content(folder), output: folder.url.appendingPathComponent("site"))).build()
        // The Arabic pages show the pack's own texts, with no "not yet translated" note.
        let arTea = try page(folder, "ar/souk/tea/index.html")
        #expect(arTea.contains("كوب شاي بالنعناع"))
        #expect(!arTea.contains("translation-note"), "the tea is written in Arabic")
        let arPack = try page(folder, "ar/souk/index.html")
        #expect(arPack.contains(">السوق</h1>"), "the pack's own title, in the page's language: no lang of its own")
        // The English pages show the English translation, or the Arabic text marked as Arabic.
        let enLamp = try page(folder, "souk/lamp/index.html")
        #expect(enLamp.contains("Brass lantern"))
        #expect(!enLamp.contains("فانوس نحاسي"))
        let enTea = try page(folder, "souk/tea/index.html")
        #expect(enTea.contains("lang=\"ar\""), "an untranslated Arabic label is marked as Arabic on an English page")
        #expect(enTea.contains("translation-note"), "and is said to be untranslated")
        let enPack = try page(folder, "souk/index.html")
        #expect(enPack.contains(">The market</h1>"))
        // The English pack's pages are as before.
        #expect(try page(folder, "ar/sky/moon/index.html").contains("هلال"))
        #expect(!(try page(folder, "sky/moon/index.html")).contains("translation-note"))
    }

    @Test func catalogJSONFilesEachPacksTextsUnderItsLanguage() async throws {
        let folder = try catalog()
        let output = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: content(folder), output: output)).build()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("catalog.json"))) as? [String: Any])
        let packs = try #require(root["packs"] as? [[String: Any]])
        let souk = try #require(packs.first { $0["slug"] as? String == "souk" })
        #expect(souk["language"] as? String == "ar")
        #expect(packs.first { $0["slug"] as? String == "sky" }?["language"] as? String == "en")
        let languages = try #require(souk["languages"] as? [String: [String: Any]])
        #expect(languages["ar"]?["title"] as? String == "السوق")
        #expect(languages["ar"]?["state"] as? String == "source")
        #expect(languages["en"]?["title"] as? String == "The market")
        let stickers = try #require(souk["stickers"] as? [[String: Any]])
        let tea = try #require(stickers.first { $0["slug"] as? String == "tea" }?["languages"] as? [String: [String: Any]])
        #expect(tea["ar"]?["alt"] as? String == "كوب شاي بالنعناع")
        #expect(tea["ar"]?["state"] as? String == "source")
        #expect(tea["en"]?["state"] as? String == "missing")
        #expect(tea["en"]?["alt"] is NSNull)
    }

    @Test func reviewAndCSVHaveAColumnForEveryLanguageSomePackIsTranslatedInto() async throws {
        let folder = try catalog()
        let review = try await Review.make(content: content(folder))
        #expect(review.catalog.translatedLanguages == ["en", "ar"])
        let rows = OutputEscapingTests.parseCSV(ReviewCSV.make(review))
        let header = try #require(rows.first)
        #expect(Array(header.suffix(4)) == ["label (en)", "state (en)", "label (ar)", "state (ar)"])
        let byStem = Dictionary(rows.dropFirst().filter { $0.count > 1 }.map { ($0[1], Array($0.suffix(4))) }, uniquingKeysWith: { $1 })
        #expect(byStem["moon"] == ["", "source", "هلال", "translated"])
        #expect(byStem["lamp"] == ["Brass lantern", "translated", "", "source"])
        #expect(byStem["tea"] == ["", "missing", "", "source"])
    }

    @Test func stringCatalogsTakeEachPacksOwnLabelsAsTheirLanguage() async throws {
        let folder = try catalog()
        let output = try TemporaryFolder()
        let review = try await Review.make(content: content(folder))
        _ = try XcodeExport().write(review, content: content(folder), into: output.url)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.url.appendingPathComponent("Localizable.xcstrings"))) as? [String: Any])
        let strings = try #require(root["strings"] as? [String: [String: Any]])
        func values(_ key: String) -> [String: String] {
            let localizations = strings[key]?["localizations"] as? [String: [String: [String: String]]] ?? [:]
            return localizations.mapValues { $0["stringUnit"]?["value"] ?? "" }
        }
        #expect(values("lamp") == ["ar": "فانوس نحاسي", "en": "Brass lantern"])
        // No English: the catalog's source language takes the pack's own words (to review), or
        // String(localized: "tea") would give the key.
        #expect(values("tea") == ["ar": "كوب شاي بالنعناع", "en": "كوب شاي بالنعناع"])
        #expect(values("moon") == ["en": "Crescent moon", "ar": "هلال"])
    }

    @Test func xliffIntoTheDefaultLanguageHoldsThePacksWrittenInAnother() throws {
        let folder = try catalog()
        let english = try XLIFFCodec.decode(XLIFFExport.xliff(content: content(folder), language: "en"), file: "en.xliff")
        #expect(english.files.map(\.original) == ["souk"], "only the Arabic pack has anything to translate into English")
        #expect(english.files.first?.sourceLanguage == "ar")
        #expect(english.units.map(\.source).contains("كوب شاي بالنعناع"))
        let arabic = try XLIFFCodec.decode(XLIFFExport.xliff(content: content(folder), language: "ar"), file: "ar.xliff")
        #expect(arabic.files.map(\.original) == ["site.md", "sky"], "the Arabic pack is left out of the Arabic file")
        #expect(arabic.files.allSatisfy { $0.sourceLanguage == "en" })

        // Translating the tea into English and importing it writes tea.en.md from the Arabic source.
        var edited = english
        for index in edited.files[0].units.indices where edited.files[0].units[index].id == XLIFFExport.UnitID.label(
            Sticker(slug: "tea", source: "souk/tea.jpg", title: "tea")) {
            edited.files[0].units[index].target = "Mint tea"
            edited.files[0].units[index].state = "translated"
        }
        let plan = try XLIFFImport.plan(XLIFFCodec.decode(XLIFFCodec.encode(edited), file: "en.xliff"), file: "en.xliff", content: content(folder))
        #expect(plan.changes.map(\.sidecar) == ["souk/tea.en.md"])
        try plan.apply(content: content(folder))
        let written = try String(contentsOf: content(folder).appendingPathComponent("souk/tea.en.md"), encoding: .utf8)
        #expect(written.contains("alt: Mint tea"))
        #expect(written.contains("translated_from: كوب شاي بالنعناع"))
    }

    @Test func xliffRefusesTheDefaultLanguageWhenEveryPackIsWrittenInIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: S\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: P\n---\n", to: "content/p/pack.md")
        #expect(throws: LabelSheetProblems.self) { try XLIFFExport.xliff(content: content(folder), language: "en") }
        #expect(throws: Never.self) { try XLIFFExport.xliff(content: content(folder), language: "fr") }
    }
}
