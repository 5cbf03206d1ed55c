import Foundation
import Testing
@testable import PeelKit

/// What a catalog in several languages gives machines and reviewers: String Catalogs beside the
/// Xcode export (and in the pack zips), catalog.json's languages, the review page and its CSV.
@Suite struct TranslationOutputsTests {
    /// en, fr and de: the moon translated into French and stale in German, the star missing in both,
    /// the pack's title French only.
    private func catalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Moons\nlanguages: [en, fr, de]\n---\n", to: "site.md")
        try folder.write("---\ntitle: Night sky\n---\nStars and moons.\n", to: "sky/pack.md")
        try folder.write("---\ntitle: Ciel de nuit\ntranslated_from: Night sky\n---\nÉtoiles.\n", to: "sky/pack.fr.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "sky/moon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "sky/star.png")
        try folder.write("---\nalt: Crescent moon\ntitle: Moon\n---\n", to: "sky/moon.md")
        try folder.write("---\nalt: Shooting star\n---\n", to: "sky/star.md")
        try folder.write("---\nalt: Croissant de lune\ntitle: Lune\ntags: [nuit]\ntranslated_from: Crescent moon\n---\nUne lune.\n", to: "sky/moon.fr.md")
        try folder.write("---\nalt: Mond\ntranslated_from: Moon\n---\n", to: "sky/moon.de.md")
        return folder
    }

    private static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// language -> (state, value) of one string.
    private static func units(_ root: [String: Any], key: String) -> [String: [String]] {
        let strings = root["strings"] as? [String: Any]
        let localizations = (strings?[key] as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
        return localizations.mapValues { value in
            let unit = (value as? [String: Any])?["stringUnit"] as? [String: String] ?? [:]
            return [unit["state"] ?? "", unit["value"] ?? ""]
        }
    }

    @Test func stringCatalogsHoldExactlyTheTranslatedStringsWithTheirStates() async throws {
        let folder = try catalog()
        let output = try TemporaryFolder()
        let review = try await Review.make(content: folder.url)
        let result = try XcodeExport().write(review, content: folder.url, into: output.url)
        #expect(result.stringCatalogs == ["InfoPlist.xcstrings", "Localizable.xcstrings"])
        #expect(result.summary.hasSuffix(", with InfoPlist.xcstrings and Localizable.xcstrings beside it"))

        let localizable = try Self.json(Data(contentsOf: output.url.appendingPathComponent("Localizable.xcstrings")))
        #expect(localizable["version"] as? String == "1.0")
        #expect(localizable["sourceLanguage"] as? String == "en")
        #expect(Set((localizable["strings"] as? [String: Any])?.keys ?? [:].keys) == ["moon", "star"])
        #expect(Self.units(localizable, key: "moon") == [
            "en": ["translated", "Crescent moon"], "fr": ["translated", "Croissant de lune"], "de": ["needs_review", "Mond"],
        ])
        #expect(Self.units(localizable, key: "star") == ["en": ["translated", "Shooting star"]], "missing translations are left out")
        let moon = try #require((localizable["strings"] as? [String: Any])?["moon"] as? [String: Any])
        #expect(moon["extractionState"] as? String == "manual")

        let infoPlist = try Self.json(Data(contentsOf: output.url.appendingPathComponent("InfoPlist.xcstrings")))
        #expect(Self.units(infoPlist, key: "CFBundleDisplayName") == ["en": ["translated", "Night sky"], "fr": ["translated", "Ciel de nuit"]])
    }

    /// A pack written in another language (`language: fr`) and not yet translated into the
    /// default one still has a value in the catalogs' source language (its own text, to review):
    /// without one, `String(localized: "owl")` gave the key, and VoiceOver read "owl".
    @Test func aPackInAnotherLanguageFillsTheSourceLanguage() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Birds\nlanguages: [en, fr]\n---\n", to: "site.md")
        try folder.write("---\ntitle: Oiseaux\nlanguage: fr\n---\n", to: "birds/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "birds/owl.png")
        try folder.write("---\nalt: Une chouette\n---\n", to: "birds/owl.md")
        let output = try TemporaryFolder()
        _ = try XcodeExport().write(try await Review.make(content: folder.url), content: folder.url, into: output.url)
        let localizable = try Self.json(Data(contentsOf: output.url.appendingPathComponent("Localizable.xcstrings")))
        #expect(localizable["sourceLanguage"] as? String == "en")
        #expect(Self.units(localizable, key: "owl") == ["fr": ["translated", "Une chouette"], "en": ["needs_review", "Une chouette"]])
        let infoPlist = try Self.json(Data(contentsOf: output.url.appendingPathComponent("InfoPlist.xcstrings")))
        #expect(Self.units(infoPlist, key: "CFBundleDisplayName") == ["fr": ["translated", "Oiseaux"], "en": ["needs_review", "Oiseaux"]])
    }

    @Test func stringCatalogsAreLaidOutAsXcodeWritesThem() throws {
        var catalog = StringCatalog(sourceLanguage: "en")
        var entry = StringCatalog.Entry(comment: "Accessibility label (VoiceOver) of p/a.png")
        entry.add("Cat / dog \"hi\"", language: "en", state: .source)
        entry.add("Chat", language: "fr", state: .stale)
        entry.add(nil, language: "de", state: .missing)
        catalog.strings["b"] = StringCatalog.Entry()
        catalog.strings["a"] = entry
        let text = String(decoding: try catalog.encoded(), as: UTF8.self)
        #expect(text == """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : {
              "comment" : "Accessibility label (VoiceOver) of p/a.png",
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Cat / dog \\"hi\\""
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "Chat"
                  }
                }
              }
            },
            "b" : {
              "extractionState" : "manual",
              "localizations" : {

              }
            }
          },
          "version" : "1.0"
        }
        """)
    }

    @Test func anExportNeverReplacesAStringCatalogItDidNotWrite() async throws {
        let folder = try catalog()
        let output = try TemporaryFolder()
        let review = try await Review.make(content: folder.url)
        _ = try XcodeExport().write(review, content: folder.url, into: output.url)
        // Written by the last export: replaced, and the same bytes again (deterministic).
        let first = try Data(contentsOf: output.url.appendingPathComponent("Localizable.xcstrings"))
        _ = try XcodeExport().write(review, content: folder.url, into: output.url)
        #expect(try Data(contentsOf: output.url.appendingPathComponent("Localizable.xcstrings")) == first)
        // Edited since (or the app's own): refused, and nothing is lost.
        try output.write("{ \"mine\" : true }", to: "InfoPlist.xcstrings")
        #expect(throws: PeelError.self) { _ = try XcodeExport().write(review, content: folder.url, into: output.url) }
        #expect(try output.read("InfoPlist.xcstrings") == "{ \"mine\" : true }")
    }

    /// An export killed after it wrote the new String Catalogs and before it swapped in the asset
    /// catalog that records them: the next export takes them (they are what it writes), instead
    /// of refusing them as made by hand, ever after.
    @Test func anExportKilledBeforeItsSwapIsFinishedByTheNext() async throws {
        let folder = try catalog()
        let output = try TemporaryFolder()
        _ = try XcodeExport().write(try await Review.make(content: folder.url), content: folder.url, into: output.url)
        try folder.write("---\nalt: Falling star\n---\n", to: "sky/star.md")
        let review = try await Review.make(content: folder.url)
        // What the killed export left: the new String Catalogs beside the old asset catalog.
        let exported = review.catalog.packs
        for file in try StringCatalog.files(exported, site: review.catalog.site) { try output.write(file.data, to: file.path) }
        _ = try XcodeExport().write(review, content: folder.url, into: output.url)
        #expect(try output.read("Localizable.xcstrings").contains("Falling star"))
    }

    @Test func packZipsCarryTheStringCatalogsAndTranslationFiles() throws {
        let folder = try catalog()
        let (loaded, _) = try CatalogLoader(contentFolder: folder.url).load()
        let pack = loaded.packs[0]
        #expect(PackArchive.sources(of: pack).contains("sky/moon.fr.md") && PackArchive.sources(of: pack).contains("sky/pack.fr.md"))
        let zip = try PackArchive.make(pack, site: loaded.site, content: folder.url, rejected: [])
        let names = String(decoding: zip, as: UTF8.self)
        #expect(names.contains("sky/Localizable.xcstrings") && names.contains("sky/InfoPlist.xcstrings"))
        #expect(names.contains("sky/originals/moon.fr.md"))
    }

    @Test func catalogJSONCarriesEveryLanguage() async throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Lunes\ndescription: Des lunes\ntranslated_from: Moons\n---\n", to: "site.fr.md")
        let output = try TemporaryFolder()
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url, output: output.url.appendingPathComponent("site"))).build()
        let root = try Self.json(Data(contentsOf: output.url.appendingPathComponent("site/catalog.json")))
        #expect(root["version"] as? Int == 2)
        let site = try #require(root["site"] as? [String: Any])
        #expect(site["language"] as? String == "en" && site["languages"] as? [String] == ["en", "fr", "de"])
        // The site's own texts in every language, as packs give theirs (a reader had English alone).
        let siteTexts = try #require(site["texts"] as? [String: [String: Any]])
        #expect(siteTexts["en"]?["title"] as? String == "Moons" && siteTexts["en"]?["state"] as? String == "source")
        #expect(siteTexts["fr"]?["title"] as? String == "Lunes" && siteTexts["fr"]?["description"] as? String == "Des lunes"
                && siteTexts["fr"]?["state"] as? String == "translated")
        #expect(siteTexts["de"]?["title"] is NSNull && siteTexts["de"]?["state"] as? String == "missing")
        let pack = try #require((root["packs"] as? [[String: Any]])?.first)
        #expect(pack["title"] as? String == "Night sky", "the default language's fields stay")
        let packLanguages = try #require(pack["languages"] as? [String: [String: Any]])
        #expect(packLanguages["fr"]?["title"] as? String == "Ciel de nuit" && packLanguages["fr"]?["state"] as? String == "translated")
        #expect(packLanguages["de"]?["state"] as? String == "missing" && packLanguages["de"]?["title"] is NSNull)
        #expect(packLanguages["en"]?["state"] as? String == "source")
        let moon = try #require((pack["stickers"] as? [[String: Any]])?.first { $0["slug"] as? String == "moon" })
        #expect(moon["alt"] as? String == "Crescent moon")
        let texts = try #require(moon["languages"] as? [String: [String: Any]])
        #expect(texts["en"]?["state"] as? String == "source" && texts["en"]?["alt"] as? String == "Crescent moon")
        #expect(texts["fr"]?["alt"] as? String == "Croissant de lune" && texts["fr"]?["title"] as? String == "Lune")
        #expect(texts["fr"]?["tags"] as? [String] == ["nuit"] && texts["fr"]?["description"] as? String == "<p dir=\"auto\">Une lune.</p>\n")
        #expect(texts["fr"]?["file"] as? String == "sky/moon.fr.md" && texts["fr"]?["state"] as? String == "translated")
        #expect(texts["de"]?["state"] as? String == "stale" && texts["de"]?["alt"] as? String == "Mond")
        let star = try #require((pack["stickers"] as? [[String: Any]])?.first { $0["slug"] as? String == "star" })
        #expect((star["languages"] as? [String: [String: Any]])?["fr"]?["state"] as? String == "missing")

        // The review CSV: a label and a state column per other language.
        let rows = OutputEscapingTests.parseCSV(try output.read("site/review/labels.csv"))
        #expect(rows.first == ReviewCSV.header + ["label (fr)", "state (fr)", "label (de)", "state (de)"])
        let moonRow = try #require(rows.first { $0.count > 1 && $0[1] == "moon" })
        #expect(Array(moonRow.suffix(4)) == ["Croissant de lune", "translated", "Mond", "stale"])
        let starRow = try #require(rows.first { $0.count > 1 && $0[1] == "star" })
        #expect(Array(starRow.suffix(4)) == ["", "missing", "", "missing"])

        // The review page: a column per other language, states to filter on.
        let page = try output.read("site/review/index.html")
        #expect(page.contains("<th scope=\"col\">French (fr)</th>") && page.contains("<th scope=\"col\">German (de)</th>"))
        #expect(page.contains("data-translations=\"missing missing:fr missing:de\""))
        #expect(page.contains("data-translations=\"stale stale:de\""))
        #expect(page.contains("<span dir=\"auto\" lang=\"fr\">Croissant de lune</span>"))
        // A missing translation shows its badge, not the English label marked as French or German.
        #expect(!page.contains("lang=\"fr\">Shooting star") && !page.contains("lang=\"de\">Shooting star"))
        #expect(page.contains("data-column=\"French (fr)\"><span class=\"badge badge-warning\">missing</span>"))
        #expect(page.contains("<option value=\"stale:de\">Out of date in German</option>"))
    }

    @Test func aCatalogInOneLanguageKeepsItsOutputs() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/cat.png")
        try folder.write("---\nalt: Cat\n---\n", to: "p/cat.md")
        let output = try TemporaryFolder()
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url, output: output.url.appendingPathComponent("site"))).build()
        let rows = OutputEscapingTests.parseCSV(try output.read("site/review/labels.csv"))
        #expect(rows.first == ReviewCSV.header)
        let page = try output.read("site/review/index.html")
        #expect(!page.contains("review-translation"))
        let root = try Self.json(Data(contentsOf: output.url.appendingPathComponent("site/catalog.json")))
        #expect((root["site"] as? [String: Any])?["languages"] as? [String] == ["en"])
    }
}
