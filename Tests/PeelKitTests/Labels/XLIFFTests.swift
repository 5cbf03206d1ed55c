import Foundation
import Testing
@testable import PeelKit

/// XLIFF for translators: the export (units, states, notes), the import (new files, every other
/// byte kept, translated_from:), the round trip, and every bad or hostile file refused with
/// nothing written.
@Suite struct XLIFFTests {
    /// A catalog in en, fr and de: moon translated (CRLF file with a comment), star translated from
    /// an older label (stale), comet untranslated, owl without a sidecar; the pack is translated,
    /// the site is not.
    func catalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let png = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write("---\ntitle: Moons\nlanguages: [en, fr, de]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Night sky\n---\nStars and moons.\n", to: "content/sky/pack.md")
        try folder.write("---\ntitle: Ciel de nuit\ntranslated_from: Night sky\n---\n", to: "content/sky/pack.fr.md")
        for name in ["moon", "star", "comet", "owl"] { try folder.write(png, to: "content/sky/\(name).png") }
        try folder.write("---\nalt: Crescent moon\ntitle: Moon\n---\nA *thin* moon & stars.\n", to: "content/sky/moon.md")
        try folder.write("---\r\n# checked by Léa\r\nalt: Croissant de lune  # court\r\ntitle: Lune\r\ntranslated_from: Crescent moon\r\n---\r\nUne lune fine.\r\n",
                         to: "content/sky/moon.fr.md")
        try folder.write("---\nalt: Shooting star over hills\ntitle: Star\n---\n", to: "content/sky/star.md")
        try folder.write("---\nalt: Étoile filante\ntranslated_from: Shooting star\n---\n", to: "content/sky/star.fr.md")
        try folder.write("---\nalt: Comet with a long tail\n---\n", to: "content/sky/comet.md")
        return folder
    }

    func content(_ folder: TemporaryFolder) -> URL { folder.url.appendingPathComponent("content") }

    func export(_ folder: TemporaryFolder, _ language: String = "fr") throws -> Data {
        try XLIFFExport.xliff(content: content(folder), language: language)
    }

    func plan(_ folder: TemporaryFolder, _ data: Data) throws -> XLIFFImport {
        try XLIFFImport.plan(XLIFFCodec.decode(data, file: "fr.xliff"), file: "fr.xliff", content: content(folder))
    }

    /// The exported document with `edit` applied to the unit `id`, written again through the codec.
    func edited(_ folder: TemporaryFolder, _ id: String, _ edit: @escaping (inout XLIFFDocument.Unit) -> Void) throws -> Data {
        try edited(folder, [id: edit])
    }

    /// The exported document with each unit of `edits` edited.
    func edited(_ folder: TemporaryFolder, _ edits: [String: (inout XLIFFDocument.Unit) -> Void]) throws -> Data {
        var document = try XLIFFCodec.decode(export(folder), file: "fr.xliff")
        for file in document.files.indices {
            for unit in document.files[file].units.indices {
                edits[document.files[file].units[unit].id]?(&document.files[file].units[unit])
            }
        }
        return try XLIFFCodec.encode(document)
    }

    func messages(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as LabelSheetProblems {
            return error.problems.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    /// An export over a file a translator worked in loses nothing: a changed target not imported
    /// yet keeps the file; one sent back unchanged, or imported since, lets it be replaced.
    @Test func anExportOverTranslatedWorkIsRefusedUntilItIsImported() throws {
        let folder = try catalog()
        let exported = try export(folder)
        #expect(LabelExport.unimportedWork(in: exported, replacedBy: exported, file: "fr.xliff") == nil)
        let translated = Data(String(decoding: exported, as: UTF8.self)
            .replacingOccurrences(of: "<target state=\"translated\">Croissant de lune</target>", with: "<target state=\"translated\">Fin croissant de lune</target>").utf8)
        #expect(translated != exported)
        #expect(LabelExport.unimportedWork(in: translated, replacedBy: exported, file: "fr.xliff") == "1 translation (sky/moon.png#alt first)")
        try folder.write("---\nalt: Fin croissant de lune\ntranslated_from: Crescent moon\n---\n", to: "content/sky/moon.fr.md")
        #expect(LabelExport.unimportedWork(in: translated, replacedBy: try export(folder), file: "fr.xliff") == nil, "imported since")
    }

    @Test func exportHoldsOneUnitPerTextWithItsTargetStateAndNote() throws {
        let folder = try catalog()
        let document = try XLIFFCodec.decode(export(folder), file: "fr.xliff")
        #expect(document.files.map(\.original) == ["site.md", "sky"])
        #expect(document.files.allSatisfy { $0.sourceLanguage == "en" && $0.targetLanguage == "fr" })
        let units = document.units
        #expect(units.map(\.id) == ["site.md#title", "sky/pack.md#title", "sky/comet.png#alt", "sky/comet.png#title",
                                    "sky/moon.png#alt", "sky/moon.png#title", "sky/star.png#alt", "sky/star.png#title"])
        let byID = Dictionary(uniqueKeysWithValues: units.map { ($0.id, $0) })
        #expect(byID["site.md#title"]?.target == nil)
        #expect(byID["sky/pack.md#title"]?.target == "Ciel de nuit")
        #expect(byID["sky/pack.md#title"]?.state == "translated")
        #expect(byID["sky/moon.png#alt"]?.source == "Crescent moon")
        #expect(byID["sky/moon.png#alt"]?.target == "Croissant de lune")
        #expect(byID["sky/moon.png#alt"]?.state == "translated")
        #expect(byID["sky/moon.png#alt"]?.maxWidth == 150)
        #expect(byID["sky/moon.png#title"]?.target == "Lune")
        #expect(byID["sky/star.png#alt"]?.state == "needs-review-translation")
        #expect(byID["sky/star.png#alt"]?.target == "Étoile filante")
        #expect(byID["sky/star.png#title"]?.target == nil)
        #expect(byID["sky/comet.png#alt"]?.target == nil)
        #expect(byID["sky/moon.png#alt"]?.note
                == "Accessibility label: VoiceOver reads it to describe the sticker; at most 150 characters.\nSticker sky/moon.png in the pack \"Night sky\".\nDescription: A thin moon & stars.")
        #expect(byID["sky/star.png#alt"]?.note?.contains("The English text was \"Shooting star\" when this was translated") == true)
    }

    @Test func exportIsDeterministicAndEscapedByLibxml2() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Comet <b>&</b> \"tail\"\n---\n", to: "content/sky/comet.md")
        let first = try export(folder)
        #expect(try export(folder) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"))
        #expect(text.contains("<source>Comet &lt;b&gt;&amp;&lt;/b&gt; &quot;tail&quot;</source>"))
        #expect(text.contains("<trans-unit id=\"sky/moon.png#alt\" maxwidth=\"150\" size-unit=\"char\" extradata=\"\(LabelHash.of("Croissant de lune"))\">"))
        #expect(text.contains("<target state=\"translated\">Croissant de lune</target>"))
    }

    @Test func exportRefusesALanguageTheSiteDoesNotDeclare() throws {
        let folder = try catalog()
        #expect(messages { _ = try export(folder, "es") }
                == ["site.md: error: 'es' is not one of the languages declared (en, fr, de); add it to languages: first"])
        #expect(messages { _ = try export(folder, "en") }.first?.contains("'en' is the default language") == true)
        try folder.write("---\ntitle: Moons\n---\n", to: "content/site.md")
        #expect(messages { _ = try export(folder, "fr") }.first?.contains("declares no languages") == true)
    }

    @Test func roundTripOfAnUnchangedExportChangesNoByte() throws {
        let folder = try catalog()
        let before = try LabelImportTests().snapshot(folder)
        let plan = try plan(folder, export(folder))
        #expect(plan.changes.isEmpty)
        #expect(plan.warnings.isEmpty)
        #expect(plan.updated == 0)
        #expect(plan.unchanged == 4)   // pack, moon's label and title, star's stale label (needs review: left)
        try plan.apply(content: content(folder))
        #expect(try LabelImportTests().snapshot(folder) == before)
    }

    @Test func importWritesANewTranslationFileWithACleanFrontMatter() throws {
        let folder = try catalog()
        let plan = try plan(folder, edited(folder, ["sky/comet.png#alt": { $0.target = "Comète à longue queue"; $0.state = "translated" },
                                                    "sky/comet.png#title": { $0.target = "Comète" }]))
        #expect(plan.changes.map(\.sidecar) == ["sky/comet.fr.md"])
        try plan.apply(content: content(folder))
        #expect(try String(contentsOf: content(folder).appendingPathComponent("sky/comet.fr.md"), encoding: .utf8)
                == "---\nalt: Comète à longue queue\ntitle: Comète\ntranslated_from: Comet with a long tail\n---\n")
        let catalog = try CatalogLoader(contentFolder: content(folder)).load()
        let comet = try #require(catalog.0.packs[0].stickers.first { $0.slug == "comet" })
        #expect(comet.labelState(in: "fr", source: catalog.0.site.defaultLanguage) == .translated)
        #expect(!catalog.1.contains { $0.file.hasPrefix("sky/comet.fr") })
    }

    @Test func importChangesOnlyTheValueAndKeepsEveryOtherByte() throws {
        let folder = try catalog()
        let plan = try plan(folder, edited(folder, "sky/moon.png#alt") { $0.target = "Lune: croissant" })
        #expect(plan.changes.map(\.sidecar) == ["sky/moon.fr.md"])
        try plan.apply(content: content(folder))
        #expect(try String(contentsOf: content(folder).appendingPathComponent("sky/moon.fr.md"), encoding: .utf8)
                == "---\r\n# checked by Léa\r\nalt: \"Lune: croissant\"  # court\r\ntitle: Lune\r\ntranslated_from: Crescent moon\r\n---\r\nUne lune fine.\r\n")
    }

    @Test func aReviewedStaleTranslationRecordsTheNewSource() throws {
        let folder = try catalog()
        // needs-review-translation → translated, target kept: the reviewer confirmed it.
        let reviewed = try plan(folder, edited(folder, "sky/star.png#alt") { $0.state = "translated" })
        try reviewed.apply(content: content(folder))
        #expect(try String(contentsOf: content(folder).appendingPathComponent("sky/star.fr.md"), encoding: .utf8)
                == "---\nalt: Étoile filante\ntranslated_from: Shooting star over hills\n---\n")
        // A new target still marked for review is written, and stays stale.
        let folder2 = try catalog()
        try plan(folder2, edited(folder2, "sky/star.png#alt") { $0.target = "Étoile filante sur les collines" }).apply(content: content(folder2))
        #expect(try String(contentsOf: content(folder2).appendingPathComponent("sky/star.fr.md"), encoding: .utf8)
                == "---\nalt: Étoile filante sur les collines\ntranslated_from: Shooting star\n---\n")
    }

    /// A translation written by hand has no translated_from:, so it can go out of date unseen;
    /// Peel's own note says to import it from XLIFF to record one, and a reviewer's `final` (or
    /// `signed-off`) on its unit, text unchanged, recorded nothing.
    @Test func aConfirmedHandWrittenTranslationRecordsItsSource() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Comète à longue queue\n---\n", to: "content/sky/comet.fr.md")
        let sent = try plan(folder, edited(folder, "sky/comet.png#alt") { $0.state = "translated" })
        try sent.apply(content: content(folder))
        #expect(try String(contentsOf: content(folder).appendingPathComponent("sky/comet.fr.md"), encoding: .utf8)
                == "---\nalt: Comète à longue queue\n---\n", "sent back as exported: no byte changes")
        for state in ["final", "signed-off"] {
            try folder.write("---\nalt: Comète à longue queue\n---\n", to: "content/sky/comet.fr.md")
            try plan(folder, edited(folder, "sky/comet.png#alt") { $0.state = state }).apply(content: content(folder))
            #expect(try String(contentsOf: content(folder).appendingPathComponent("sky/comet.fr.md"), encoding: .utf8)
                    == "---\nalt: Comète à longue queue\ntranslated_from: Comet with a long tail\n---\n", "\(state)")
        }
    }

    /// A target of invisible characters was written (a label VoiceOver reads as nothing), and the
    /// check then said "add 'alt:'" to a file that had one.
    @Test func aTargetOfInvisibleCharactersIsRefusedAndSaidAsSuch() async throws {
        let folder = try catalog()
        let invisible = try edited(folder, "sky/comet.png#alt") { $0.target = "\u{200B}\u{2060}"; $0.state = "translated" }
        let said = messages { _ = try plan(folder, invisible) }
        #expect(said == ["fr.xliff:\(try lineOfUnit(invisible, "sky/comet.png#alt")): error: unit 'sky/comet.png#alt': the target holds only invisible characters (U+200B U+2060); write the text"], "\(said)")
        // Written by hand: the check names it.
        try folder.write("---\nalt: \"\u{200B}\u{2060}\"\n---\n", to: "content/sky/comet.fr.md")
        let findings = try await Review.make(content: content(folder)).findings.filter { $0.file == "sky/comet.fr.md" || $0.message.contains("comet.fr.md") }
        #expect(findings.map(\.message) == ["the French label holds only invisible characters (U+200B U+2060), which VoiceOver reads as nothing; write the label"],
                "\(findings.map(\.formatted))")
        #expect(findings.first?.line == 2)
    }

    func lineOfUnit(_ data: Data, _ id: String) throws -> Int {
        let text = String(decoding: data, as: UTF8.self)
        let range = try #require(text.range(of: "id=\"\(id)\""))
        return 1 + text[..<range.lowerBound].filter { $0 == "\n" }.count
    }

    @Test func aTargetOverTheLabelLimitIsWrittenWithAWarning() throws {
        let folder = try catalog()
        let long = String(repeating: "Lune ", count: 31).trimmingCharacters(in: .whitespaces)   // 154 characters
        let data = try edited(folder, "sky/comet.png#alt") { $0.target = long; $0.state = "translated" }
        let plan = try plan(folder, data)
        #expect(plan.changes.count == 1)
        #expect(plan.warnings.contains { $0.message.contains("the label is 154 characters; VoiceOver labels are at most 150 (label-too-long)") },
                "\(plan.warnings.map(\.message))")
    }

    @Test func aControlCharacterIsNamedAtItsSidecarLine() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Comet\nalt: \"Comet \\a with a tail\"\n---\n", to: "content/sky/comet.md")
        #expect {
            try export(folder)
        } throws: { error in
            let problems = (error as? LabelSheetProblems)?.problems ?? []
            return problems.map(\.description) == ["sky/comet.md:3: error: sky/comet.png#alt holds a control character, which XML cannot carry (label-control-character); remove it, then export again"]
        }
        try folder.write("---\nalt: \"Étoile \\e filante\"\ntranslated_from: Shooting star\n---\n", to: "content/sky/star.fr.md")
        try folder.write("---\nalt: Comet\n---\n", to: "content/sky/comet.md")
        #expect {
            try export(folder)
        } throws: { error in
            (error as? LabelSheetProblems)?.problems.first.map { $0.file == "sky/star.fr.md" && $0.line == 2 } == true
        }
    }

    @Test func unfinishedTargetsAreSkipped() throws {
        let folder = try catalog()
        let plan = try plan(folder, edited(folder, ["sky/comet.png#alt": { $0.target = "Comète"; $0.state = "new" },
                                                    "sky/comet.png#title": { $0.target = "  " },
                                                    "site.md#title": { $0.target = "Lunes"; $0.state = "needs-translation" }]))
        #expect(plan.changes.isEmpty)
    }

    @Test func aUnitWhoseSourceChangedIsSkippedWithAWarning() throws {
        let folder = try catalog()
        let data = try export(folder)
        try folder.write("---\nalt: Comet with a short tail\n---\n", to: "content/sky/comet.md")
        let document = try XLIFFCodec.decode(data, file: "fr.xliff")
        var edited = document
        edited.files[1].units[1].target = "Comète à longue queue"   // sky/comet.png#alt
        let plan = try XLIFFImport.plan(edited, file: "fr.xliff", content: content(folder))
        #expect(plan.changes.isEmpty)
        #expect(plan.warnings.map(\.description) == ["fr.xliff:\(edited.files[1].units[1].line): warning: unit 'sky/comet.png#alt': the source changed since the export (it was 'Comet with a long tail', it is now 'Comet with a short tail'); export again and translate the new text (unit skipped)"])
    }

    /// A translation file edited by hand after the export: a target sent back as exported leaves
    /// it alone (a warning), and a target the translator changed too is refused, nothing written.
    @Test func aTranslationEditedSinceTheExportIsNeverOverwrittenUnseen() throws {
        let folder = try catalog()
        let untouched = try edited(folder, "sky/comet.png#alt") { $0.target = "Comète"; $0.state = "translated" }
        let bothChanged = try edited(folder, ["sky/comet.png#alt": { $0.target = "Comète"; $0.state = "translated" },
                                              "sky/moon.png#alt": { $0.target = "Lune en croissant" }])
        #expect(String(decoding: untouched, as: UTF8.self).contains("extradata=\"\(LabelHash.of("Croissant de lune"))\""))
        let fixed = "---\r\n# checked by Léa\r\nalt: Fin croissant de lune  # court\r\ntitle: Lune\r\ntranslated_from: Crescent moon\r\n---\r\nUne lune fine.\r\n"
        try folder.write(fixed, to: "content/sky/moon.fr.md")

        let plan = try plan(folder, untouched)
        #expect(plan.changes.map(\.sidecar) == ["sky/comet.fr.md"], "only the translator's new text is written")
        #expect(plan.warnings.count == 1 && plan.warnings[0].description.hasSuffix(
            "warning: unit 'sky/moon.png#alt': sky/moon.fr.md changed since the export and the translator left this text as it was; the file's text is kept (unit skipped)"))

        let before = try LabelImportTests().snapshot(folder)
        #expect(messages { _ = try self.plan(folder, bothChanged) }.map { $0.components(separatedBy: ": error: ").last! } == [
            "unit 'sky/moon.png#alt': sky/moon.fr.md changed since the export (its text is now 'Fin croissant de lune'), and the translation here changed too; keep one by hand, or export again"])
        #expect(try LabelImportTests().snapshot(folder) == before)
        #expect(try folder.read("content/sky/moon.fr.md") == fixed)
    }

    /// Translation tools (Trados, memoQ, Okapi) give back targets wrapped in segment and term
    /// marks (`<mrk>`) beside a `<seg-source>`: their text is the translation.
    @Test func segmentedTargetsOfTranslationToolsAreRead() throws {
        let folder = try catalog()
        let text = String(decoding: try export(folder), as: UTF8.self).replacingOccurrences(of: "<source>Comet with a long tail</source>", with:
            "<source>Comet with a long tail</source><seg-source><mrk mtype=\"seg\" mid=\"1\">Comet with a long tail</mrk></seg-source>"
            + "<target state=\"translated\"><mrk mtype=\"seg\" mid=\"1\">Comète à longue <mrk mtype=\"term\">queue</mrk></mrk></target>")
        let plan = try plan(folder, Data(text.utf8))
        #expect(plan.changes.map(\.sidecar) == ["sky/comet.fr.md"])
        #expect(String(decoding: try #require(plan.changes.first?.after), as: UTF8.self).contains("alt: Comète à longue queue\n"))
    }

    @Test func badFilesAreRefusedWithTheirLineAndNothingIsWritten() throws {
        let folder = try catalog()
        let good = String(decoding: try edited(folder, "sky/comet.png#alt") { $0.target = "Comète" }, as: UTF8.self)
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "</body>", with: "</bdy>"), "fr.xliff:61: error: not well-formed XML: Opening and ending tag mismatch: body line 18 and bdy"),
            (good.replacingOccurrences(of: "target-language=\"fr\"", with: "target-language=\"es\""),
             "error: target-language 'es': 'es' is not one of the languages declared (en, fr, de); add it to languages: first (site.md)"),
            (good.replacingOccurrences(of: "target-language=\"fr\"", with: "target-language=\"fr-FR\""),
             "error: target-language 'fr-FR': 'fr-FR' is not one of the languages declared (en, fr, de); did you mean 'fr'? Otherwise add 'fr-FR' to languages: first (site.md)"),
            (good.replacingOccurrences(of: "source-language=\"en\"", with: "source-language=\"de\""),
             "error: source-language is 'de', but the catalog's default language is 'en' (site.md); this file was not exported from this catalog"),
            (good.replacingOccurrences(of: "<target state=\"translated\">Lune</target>", with: "<target state=\"translated\">Lu<g id=\"1\">ne</g></target>"),
             "error: unit 'sky/moon.png#title': <target> holds markup (<g>); a label is plain text, so remove the tags"),
            ("<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\"/>",
             "fr.xliff:1: error: this is XLIFF 2; Peel reads XLIFF 1.2 (what Xcode and peel labels export --xliff write): export it as XLIFF 1.2"),
            ("<html/>", "fr.xliff:1: error: the root element is <html>, not <xliff>"),
            ("", "fr.xliff: error: the file is empty"),
        ]
        let before = try LabelImportTests().snapshot(folder)
        for (text, expected) in cases {
            let problems = messages { _ = try plan(folder, Data(text.utf8)) }
            // One problem (the language ones once per <file>: the site's and the pack's).
            #expect(!problems.isEmpty && problems.allSatisfy { $0.contains(expected) }, "\(expected) → \(problems)")
            #expect(problems.count == (expected.contains("-language") ? 2 : 1))
        }
        #expect(try LabelImportTests().snapshot(folder) == before)
    }

    /// A sticker removed or renamed after the handoff: its units are skipped (a translated one
    /// with a warning quoting its text), and the rest of the translator's work is imported. The
    /// whole file was refused, with advice ("export again") that threw the work away.
    @Test func unitsOfAStickerRemovedSinceTheExportAreSkipped() throws {
        let folder = try catalog()
        let text = try edited(folder, ["sky/comet.png#alt": { $0.target = "Comète à longue queue"; $0.state = "translated" },
                                       "sky/star.png#alt": { $0.target = "Étoile filante sur les collines"; $0.state = "translated" }])
        try FileManager.default.removeItem(at: content(folder).appendingPathComponent("sky/star.png"))
        try FileManager.default.removeItem(at: content(folder).appendingPathComponent("sky/star.md"))
        let plan = try plan(folder, text)
        #expect(plan.changes.map(\.sidecar) == ["sky/comet.fr.md"])
        let warnings = plan.warnings.map(\.description)
        #expect(warnings.count == 1 && warnings[0].contains("unit 'sky/star.png#alt': no such sticker")
                && warnings[0].contains("'Étoile filante sur les collines' is not written"), "\(warnings)")
        #expect(!warnings.joined().contains("sky/star.png#title"), "a unit with no translation goes without a word")
    }

    /// A translation tool's copy-source target: written (the translator's file is the record),
    /// but not as translated, so peel check keeps asking for the translation VoiceOver lacks; a
    /// reviewer's `final` vouches for it ("Pizza margherita" is Italian too).
    @Test func aTargetThatIsItsSourceIsNotRecordedAsTranslatedUnlessFinal() throws {
        let folder = try catalog()
        for (state, recorded) in [("translated", false), ("final", true)] {
            let plan = try plan(folder, try edited(folder, "sky/comet.png#alt") { $0.target = "Comet with a long tail"; $0.state = state })
            let after = String(decoding: try #require(plan.changes.first?.after), as: UTF8.self)
            #expect(after.contains("alt: Comet with a long tail\n"), "\(after)")
            #expect(after.contains("translated_from:") == recorded, "\(state): \(after)")
            #expect(plan.warnings.contains { $0.description.contains("the target is its English source word for word") } == !recorded,
                    "\(state): \(plan.warnings)")
        }
    }

    /// A translation file Peel cannot edit is refused at the unit that asked for the change.
    @Test func aFileThatCannotBeEditedIsRefusedAtItsUnitsLine() throws {
        let folder = try catalog()
        try folder.write("---\nalt: [Comète]\n---\n", to: "content/sky/comet.fr.md")
        let text = try edited(folder, "sky/comet.png#alt") { $0.target = "Comète à longue queue"; $0.state = "translated" }
        let problems = messages { _ = try plan(folder, text) }
        let line = String(decoding: text, as: UTF8.self).components(separatedBy: "\n")
            .firstIndex { $0.contains("id=\"sky/comet.png#alt\"") }.map { $0 + 1 }
        #expect(problems.count == 1 && problems[0].hasPrefix("fr.xliff:\(line ?? 0): error: unit 'sky/comet.png#alt': sky/comet.fr.md: "), "\(problems)")
    }

    @Test func hostileXMLFailsCleanly() throws {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE xliff [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file source-language="en" target-language="fr"
              datatype="plaintext" original="sky"><body><trans-unit id="sky/moon.png#alt"><source>Crescent moon</source>
              <target>&secret;</target></trans-unit></body></file></xliff>
            """
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 { laughs += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n" }
        laughs += "]>\n<xliff>&lol9;</xliff>\n"
        let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE xliff SYSTEM \"http://example.com/x.dtd\">\n<xliff/>\n"
        for (text, line) in [(xxe, 2), (laughs, 2), (external, 2)] {
            let problems = messages { _ = try XLIFFCodec.decode(Data(text.utf8), file: "evil.xliff") }
            #expect(problems == ["evil.xliff:\(line): error: the file declares a DOCTYPE; XLIFF needs none, and Peel reads no DTD so no entity can reach files or expand (XXE, billion laughs)"])
        }
        // Too large: refused from its size, before a byte is read (a sparse file).
        let folder = try TemporaryFolder()
        let huge = folder.url.appendingPathComponent("huge.xliff")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(XMLTree.maxBytes + 1))
        try handle.close()
        #expect(messages { _ = try XLIFFCodec.read(huge, file: "huge.xliff") }
                == ["huge.xliff: error: file is \(XMLTree.maxBytes + 1) bytes, more than the 64 MiB Peel reads"])
        // Deep nesting: libxml2's own limit, reported, no crash.
        let deep = "<xliff>" + String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000) + "</xliff>"
        #expect(messages { _ = try XLIFFCodec.decode(Data(deep.utf8), file: "deep.xliff") }.first?.contains("not well-formed XML") == true)
    }

    @Test func importFormatIsToldFromTheExtensionOrTheRoot() throws {
        let folder = try TemporaryFolder()
        #expect(LabelFileFormat.isXLIFF(path: "fr.XLF"))
        #expect(LabelFileFormat.isXLIFF(path: try folder.write("\u{FEFF}\n <?xml version=\"1.0\"?><xliff/>", to: "fr.txt").path))
        #expect(!LabelFileFormat.isXLIFF(path: try folder.write("pack,file,label\n", to: "labels.csv").path))
    }
}
