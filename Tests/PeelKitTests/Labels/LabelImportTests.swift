import Foundation
import Testing
@testable import PeelKit

/// Importing a reviewed sheet: all or nothing, conflicts refused by file, every bad row named with
/// its line, and a round trip of an unchanged export changes no byte of the content folder.
@Suite struct LabelImportTests {
    /// A small catalog: cat (CRLF sidecar with comments), dog (no alt), fox (block scalar), owl (no sidecar).
    func catalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let png = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write("---\ntitle: Review\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Pets\n---\n", to: "content/pets/pack.md")
        for name in ["cat", "dog", "fox", "owl"] { try folder.write(png, to: "content/pets/\(name).png") }
        try folder.write("---\r\n# checked by Sam\r\ntitle: Cat  # on the page\r\nalt: Orange cat\r\ntags: [cat]\r\n---\r\nA *curious* cat.\r\n", to: "content/pets/cat.md")
        try folder.write("---\ntitle: Dog\n---\nGood dog.\n", to: "content/pets/dog.md")
        try folder.write("---\nalt: |\n  Red fox\n  in snow\ntitle: Fox\n---\n", to: "content/pets/fox.md")
        return folder
    }

    func content(_ folder: TemporaryFolder) -> URL { folder.url.appendingPathComponent("content") }

    /// The sheet `peel labels export` makes, with `edits` (file → new label) filled in.
    func sheet(_ folder: TemporaryFolder, _ edits: [String: String] = [:]) throws -> LabelSheet {
        var sheet = try LabelExport.sheet(content: content(folder)).sheet
        for index in sheet.rows.indices {
            sheet.rows[index].line = index + 2
            sheet.rows[index].newLabel = edits[sheet.rows[index].file] ?? ""
        }
        return sheet
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

    /// Every file under the content folder with its bytes.
    func snapshot(_ folder: TemporaryFolder) throws -> [String: Data] {
        let root = content(folder)
        var files: [String: Data] = [:]
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
            let path = String(url.path.dropFirst(root.path.count + 1))
            if !url.hasDirectoryPath { files[path] = try Data(contentsOf: url) }
        }
        return files
    }

    @Test func exportListsEveryStickerInCatalogOrderWithItsLabelsHash() throws {
        let folder = try catalog()
        let rows = try sheet(folder).rows
        #expect(rows.map(\.file) == ["pets/cat.png", "pets/dog.png", "pets/fox.png", "pets/owl.png"])
        #expect(rows.map(\.label) == ["Orange cat", "", "Red fox\nin snow", ""])
        #expect(rows.map(\.labelHash) == rows.map { LabelHash.of($0.label ?? "") })
        #expect(rows.allSatisfy { $0.pack == "pets" && $0.newLabel.isEmpty })
    }

    @Test func importWritesOnlyTheAltValueAndCreatesMissingSidecars() throws {
        let folder = try catalog()
        let plan = try LabelImport.plan(sheet(folder, ["pets/cat.png": "Orange cat, smiling: #1", "pets/dog.png": "Golden dog",
                                                       "pets/fox.png": "Red fox in snow", "pets/owl.png": "  Owl at night  "]),
                                        sheetFile: "labels.csv", content: content(folder))
        #expect(plan.summary(dryRun: false) == "Changed 4 labels, 0 unchanged, 0 skipped (no new label).")
        try plan.apply(content: content(folder))
        #expect(try folder.read("content/pets/cat.md")
            == "---\r\n# checked by Sam\r\ntitle: Cat  # on the page\r\nalt: \"Orange cat, smiling: #1\"\r\ntags: [cat]\r\n---\r\nA *curious* cat.\r\n")
        #expect(try folder.read("content/pets/dog.md") == "---\ntitle: Dog\nalt: Golden dog\n---\nGood dog.\n")
        #expect(try folder.read("content/pets/fox.md") == "---\nalt: Red fox in snow\ntitle: Fox\n---\n")
        #expect(try folder.read("content/pets/owl.md") == "---\nalt: Owl at night\n---\n")
        // Peel reads the new labels.
        let (catalog, _) = try CatalogLoader(contentFolder: content(folder)).load()
        #expect(catalog.packs[0].stickers.map(\.alt) == ["Orange cat, smiling: #1", "Golden dog", "Red fox in snow", "Owl at night"])
    }

    /// All or nothing when writing too: a sidecar that cannot be written (here its folder became a
    /// link) left the sidecars before it already changed; and a sidecar saved in an editor while
    /// the import ran was overwritten with the label the import planned. Both now change nothing.
    @Test func anImportThatCannotWriteEverySidecarWritesNone() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Birds\n---\n", to: "content/birds/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/birds/crow.png")
        try folder.write("---\nalt: Crow\n---\n", to: "content/birds/crow.md")
        let plan = try LabelImport.plan(sheet(folder, ["birds/crow.png": "Black crow", "pets/cat.png": "Orange cat, sitting"]),
                                        sheetFile: "labels.csv", content: content(folder))
        let before = try snapshot(folder)
        // An editor saves cat.md while the import runs.
        try folder.write("---\nalt: Orange cat, edited meanwhile\n---\n", to: "content/pets/cat.md")
        let edited = try snapshot(folder)
        #expect {
            try plan.apply(content: content(folder))
        } throws: { error in
            guard case .cannotWrite(let path, let reason)? = error as? PeelError else { return false }
            return path == "pets/cat.md" && reason.hasSuffix("was changed since the import read it (saved in an editor meanwhile?); import again; nothing was written")
        }
        #expect(try snapshot(folder) == edited, "the edit kept, crow.md unchanged, no temporary file left")
        // A sidecar that cannot be written after one that can: neither is.
        try folder.write(String(decoding: before["pets/cat.md"]!, as: UTF8.self), to: "content/pets/cat.md")
        let pets = content(folder).appendingPathComponent("pets")
        try FileManager.default.moveItem(at: pets, to: folder.url.appendingPathComponent("pets-moved"))
        try FileManager.default.createSymbolicLink(at: pets, withDestinationURL: folder.url.appendingPathComponent("pets-moved"))
        #expect(throws: PeelError.self) { try plan.apply(content: content(folder)) }
        #expect(try folder.read("content/birds/crow.md") == "---\nalt: Crow\n---\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: content(folder).appendingPathComponent("birds").path).sorted() == ["crow.md", "crow.png", "pack.md"])
    }

    /// `Owl.png` (renamed on a Mac) whose sidecar is still `owl.md`: the import made `Owl.md` beside
    /// it, a pair a Mac or a PC keeps one of (the artist's tags and description, or the new label).
    /// So does `peel new sticker`. Both now refuse and say which file to rename.
    @Test func aNewSidecarBesideItsNameInAnotherCaseIsRefused() throws {
        let folder = try catalog()
        try FileManager.default.moveItem(at: content(folder).appendingPathComponent("pets/owl.png"),
                                         to: content(folder).appendingPathComponent("pets/Owl.png"))
        try folder.write("---\ntags: [owl]\n---\nThe artist's words.\n", to: "content/pets/owl.md")
        let before = try snapshot(folder)
        let refused = messages { _ = try LabelImport.plan(sheet(folder, ["pets/Owl.png": "Owl at night"]), sheetFile: "labels.csv", content: content(folder)) }
        #expect(refused.count == 1 && refused[0].contains("pets/Owl.md: owl.md is beside it") && refused[0].contains("rename owl.md to Owl.md"), "\(refused)")
        #expect(throws: ScaffoldError.sidecarUnderAnotherName(path: content(folder).appendingPathComponent("pets/Owl.md").path, existing: "owl.md")) {
            try SidecarScaffold.write("pets/Owl", content: content(folder))
        }
        #expect(try snapshot(folder) == before, "nothing written")
    }

    /// The site's review/labels.csv, with a reviewer's new label typed in, imports as an export does.
    /// The review sheet (`review/labels.csv`) of a site built from `folder`'s content, as records,
    /// the header first.
    func builtReviewSheet(_ folder: TemporaryFolder) async throws -> [CSVReader.Record] {
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: content(folder), output: site, useCache: false)).build()
        let text = try String(contentsOf: site.appendingPathComponent("review/labels.csv"), encoding: .utf8)
        return CSVReader.records(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, delimiter: ",").records
    }

    /// The plan for `records` saved again as a CSV file.
    func plan(_ records: [CSVReader.Record], _ folder: TemporaryFolder) throws -> LabelImport {
        let text = records.map { $0.fields.map(ReviewCSV.field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return try LabelImport.plan(LabelCSV.decode(Data(text.utf8), file: "labels.csv"), sheetFile: "labels.csv", content: content(folder))
    }

    @Test func theReviewSheetOfTheSiteImports() async throws {
        let folder = try catalog()
        var records = try await builtReviewSheet(folder)
        let header = records[0].fields
        #expect(Array(header.prefix(ReviewCSV.header.count)) == ReviewCSV.header)
        let source = try #require(header.firstIndex(of: "source")), newLabel = try #require(header.firstIndex(of: "new label"))
        let dog = try #require(records.firstIndex { $0.fields[source] == "pets/dog.png" })
        records[dog].fields[newLabel] = "Golden dog, tongue out"
        let plan = try plan(records, folder)
        #expect(plan.summary(dryRun: false) == "Changed 1 label, 0 unchanged, 3 skipped (no new label).")
        try plan.apply(content: content(folder))
        #expect(try folder.read("content/pets/dog.md") == "---\ntitle: Dog\nalt: Golden dog, tongue out\n---\nGood dog.\n")
    }

    /// The review sheet lists a parts pack's composed stickers (no label hash): unedited, their rows
    /// are skipped; a new label typed into one is refused with where its label comes from.
    @Test func theReviewSheetOfACatalogWithPartsImports() async throws {
        let folder = try catalog()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/sundaes"), to: "content/sundaes")
        try folder.write("---\ntitle: Pets\nlanguages: [en, fr, ar]\n---\n", to: "content/site.md")
        var records = try await builtReviewSheet(folder)
        let header = records[0].fields
        let source = try #require(header.firstIndex(of: "source")), newLabel = try #require(header.firstIndex(of: "new label"))
        #expect(records.contains { $0.fields[source] == "sundaes/cone+mint.png" }, "the review lists composed stickers")
        #expect(try plan(records, folder).changes.isEmpty)
        let sundae = try #require(records.firstIndex { $0.fields[source] == "sundaes/cone+mint.png" })
        records[sundae].fields[newLabel] = "Mint ice cream in a cone"
        #expect {
            try plan(records, folder)
        } throws: { error in
            (error as? LabelSheetProblems)?.problems.map(\.message) == [
                "sundaes/cone+mint.png: the sticker is composed from its pack's parts, and its label from theirs; edit the label in its parts' files (sundaes/<part>/<choice>.md)"]
        }
    }

    /// The review sheet shows each translation; one typed there is refused with the way to import it, not dropped.
    @Test func aTranslationTypedIntoTheReviewSheetIsRefusedNotDropped() async throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Pets\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\nalt: Renard roux\n---\n", to: "content/pets/fox.fr.md")
        var records = try await builtReviewSheet(folder)
        let header = records[0].fields
        let source = try #require(header.firstIndex(of: "source")), french = try #require(header.firstIndex(of: "label (fr)"))
        #expect(try plan(records, folder).changes.isEmpty, "the translations as exported are fine")
        let cat = try #require(records.firstIndex { $0.fields[source] == "pets/cat.png" })
        records[cat].fields[french] = "Chat orange"
        #expect {
            try plan(records, folder)
        } throws: { error in
            let problems = (error as? LabelSheetProblems)?.problems ?? []
            return problems.count == 1 && problems[0].message.hasPrefix("pets/cat.png: the 'label (fr)' cell differs from the French label; this sheet imports 'new label' only")
                && problems[0].message.hasSuffix("peel labels export --xliff FILE --lang fr, then peel labels import FILE")
        }
    }

    @Test func aReplacedSidecarKeepsItsPermissions() throws {
        let folder = try catalog()
        let cat = content(folder).appendingPathComponent("pets/cat.md").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cat)
        try LabelImport.plan(sheet(folder, ["pets/cat.png": "Private cat"]), sheetFile: "r.csv", content: content(folder))
            .apply(content: content(folder))
        #expect(try folder.read("content/pets/cat.md").contains("alt: Private cat\r\n"))
        #expect(try FileManager.default.attributesOfItem(atPath: cat)[.posixPermissions] as? Int == 0o600)
    }

    @Test func roundTripOfAnUnchangedExportChangesNoByte() throws {
        let folder = try catalog()
        let before = try snapshot(folder)
        var csv = try LabelCSV.decode(LabelCSV.encode(sheet(folder)), file: "labels.csv")
        // Even with every label copied into "new label", nothing changes.
        let plain = try LabelImport.plan(csv, sheetFile: "labels.csv", content: content(folder))
        #expect(plain.changes.isEmpty && plain.skipped == 4)
        for index in csv.rows.indices { csv.rows[index].newLabel = csv.rows[index].label ?? "" }
        let copied = try LabelImport.plan(csv, sheetFile: "labels.csv", content: content(folder))
        #expect(copied.changes.isEmpty)
        #expect(copied.summary(dryRun: false) == "Changed 0 labels, 2 unchanged, 2 skipped (no new label).")
        try copied.apply(content: content(folder))
        #expect(try snapshot(folder) == before)
    }

    @Test func aLabelChangedSinceTheExportIsRefusedButOtherEditsAreNot() throws {
        let folder = try catalog()
        let exported = try sheet(folder, ["pets/cat.png": "New cat", "pets/fox.png": "New fox"])
        try folder.write("---\nalt: Fox edited by hand\ntitle: Fox\n---\n", to: "content/pets/fox.md")
        try folder.write("---\r\n# checked by Sam, twice\r\ntitle: Kitty\r\nalt: Orange cat\r\n---\r\nNew body.\r\n", to: "content/pets/cat.md")
        let before = try snapshot(folder)
        #expect(messages { _ = try LabelImport.plan(exported, sheetFile: "labels.csv", content: content(folder)) }
            == ["labels.csv:4: error: pets/fox.md: label changed since the export (it is now 'Fox edited by hand'); export again and redo this row"])
        #expect(try snapshot(folder) == before)
        var without = exported
        without.rows.removeAll { $0.file == "pets/fox.png" }
        try LabelImport.plan(without, sheetFile: "labels.csv", content: content(folder)).apply(content: content(folder))
        #expect(try folder.read("content/pets/cat.md") == "---\r\n# checked by Sam, twice\r\ntitle: Kitty\r\nalt: New cat\r\n---\r\nNew body.\r\n")
    }

    @Test func everyBadRowIsReportedAndNothingIsWritten() throws {
        let folder = try catalog()
        try folder.write("outside", to: "secret.md")
        var rows = try sheet(folder, ["pets/cat.png": "Good new cat"]).rows
        func extra(_ file: String, hash: String = LabelHash.of(""), _ label: String = "x") {
            rows.append(LabelSheet.Row(pack: "pets", file: file, label: "", labelHash: hash, newLabel: label, line: rows.count + 2))
        }
        extra("pets/missing.png")
        extra("../secret.md")
        extra("/etc/passwd")
        extra("pets/pack.md")
        extra("pets/./dog.png", "Dog one")
        extra("pets/dog.png", "Dog two")
        extra("pets/owl.png", hash: "e3b0c44298fc1c14")
        rows[3].newLabel = "Owl\nat night"
        rows[2].newLabel = "bell\u{07}"
        let problems = messages { _ = try LabelImport.plan(LabelSheet(rows: rows), sheetFile: "r.csv", content: content(folder)) }
        #expect(problems == [
            "r.csv:4: error: pets/fox.png: the new label holds a control character (U+0007); a label is one line of text",
            "r.csv:5: error: pets/owl.png: the new label holds a control character (U+000A); a label is one line of text",
            "r.csv:6: error: pets/missing.png: no such sticker in the content folder",
            "r.csv:7: error: '../secret.md' is outside the content folder; the 'file' column is a path inside it, such as pets/cat.png",
            "r.csv:8: error: '/etc/passwd' is outside the content folder; the 'file' column is a path inside it, such as pets/cat.png",
            "r.csv:9: error: pets/pack.md: not a sticker of this catalog (only images in pack folders are; see peel check)",
            "r.csv:10: error: pets/dog.png: a second row for this sticker (the first is on line 3); keep one",
            "r.csv:11: error: pets/dog.png: a second row for this sticker (the first is on line 3); keep one",
            "r.csv:12: error: pets/owl.png: a second row for this sticker (the first is on line 5); keep one",
        ])
        #expect(try folder.read("content/pets/cat.md").contains("alt: Orange cat\r\n"), "the good row was not written either")
    }

    @Test func aMalformedHashAndAnUnreadableSidecarAreRefused() throws {
        let folder = try catalog()
        var exported = try sheet(folder, ["pets/cat.png": "Cat", "pets/fox.png": "Fox"])
        exported.rows[0].labelHash = "1.23457E+15"
        try folder.write("---\nalt: \"open\ntitle: Fox\n---\n", to: "content/pets/fox.md")
        let problems = messages { _ = try LabelImport.plan(exported, sheetFile: "r.csv", content: content(folder)) }
        #expect(problems.count == 2)
        #expect(problems.first == "r.csv:2: error: pets/cat.png: label hash '1.23457E+15' is not one that peel labels export writes (sha256: and 16 hex digits); export again")
        #expect(problems.last?.hasPrefix("r.csv:4: error: pets/fox.md:2: the sidecar cannot be read (") == true, "with the line of its error: \(problems)")
    }

    @Test func anEditInTheLabelColumnAndASpacesOnlyLabelAreRefused() throws {
        let folder = try catalog()
        var exported = try sheet(folder, ["pets/dog.png": "   "])
        exported.rows[0].label = "Orange cat, edited in the wrong column"
        exported.rows[2].label = "Red fox\r\nin snow"  // an editor's CRLF inside the cell is no edit
        #expect(messages { _ = try LabelImport.plan(exported, sheetFile: "r.csv", content: content(folder)) } == [
            "r.csv:2: error: pets/cat.png: the 'label' cell differs from the label exported; write the new label in the 'new label' column",
            "r.csv:3: error: pets/dog.png: the new label is only spaces; leave the cell empty to keep the label",
        ])
    }

    @Test func aSidecarSharedByTwoImagesIsRefused() throws {
        let folder = try catalog()
        try folder.write(try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/turtle.gif")), to: "content/pets/cat.gif")
        try folder.write(try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/turtle.gif")), to: "content/pets/owl.gif")
        let exported = try sheet(folder, ["pets/cat.gif": "A cat", "pets/owl.png": "An owl"])
        #expect(exported.rows.map(\.file) == ["pets/cat.gif", "pets/cat.png", "pets/dog.png", "pets/fox.png", "pets/owl.gif", "pets/owl.png"])
        #expect(messages { _ = try LabelImport.plan(exported, sheetFile: "r.csv", content: content(folder)) } == [
            "r.csv:2: error: pets/cat.md: shared by pets/cat.gif and pets/cat.png, so a new label would change both; rename one image first",
            "r.csv:7: error: pets/owl.md: shared by pets/owl.gif and pets/owl.png, so a new label would change both; rename one image first",
        ])
    }

    @Test func aSidecarThatIsASymlinkIsNotWrittenThrough() throws {
        let folder = try catalog()
        try folder.write("---\nalt: Target\n---\n", to: "content/elsewhere.md")
        try FileManager.default.removeItem(at: content(folder).appendingPathComponent("pets/dog.md"))
        try FileManager.default.createSymbolicLink(atPath: content(folder).appendingPathComponent("pets/dog.md").path,
                                                   withDestinationPath: "../elsewhere.md")
        let exported = try sheet(folder, ["pets/dog.png": "Dog"])
        #expect(messages { _ = try LabelImport.plan(exported, sheetFile: "r.csv", content: content(folder)) }
            == ["r.csv:3: error: pets/dog.md: a symlink; peel does not write through links, so replace it with the file or folder itself"])
        #expect(try folder.read("content/elsewhere.md") == "---\nalt: Target\n---\n")
    }

    @Test func dryRunDiffShowsTheChangedLineWithContext() throws {
        let folder = try catalog()
        let plan = try LabelImport.plan(sheet(folder, ["pets/cat.png": "Cat", "pets/owl.png": "Owl"]), sheetFile: "r.csv", content: content(folder))
        let diffs = plan.changes.map { LineDiff.unified(from: $0.before.map { String(decoding: $0, as: UTF8.self) },
                                                        to: String(decoding: $0.after, as: UTF8.self), path: $0.sidecar) }
        #expect(diffs == [
            "--- a/pets/cat.md\n+++ b/pets/cat.md\n@@ -1,7 +1,7 @@\n ---\n # checked by Sam\n title: Cat  # on the page\n-alt: Orange cat\n+alt: Cat\n tags: [cat]\n ---\n A *curious* cat.\n",
            "--- /dev/null\n+++ b/pets/owl.md\n@@ -0,0 +1,3 @@\n+---\n+alt: Owl\n+---\n",
        ])
        // Two changed lines around one kept: the kept line is context, not removed and added.
        let around = LineDiff.unified(from: "---\nalt: Sun\ntranslated_from: Sun\ntitle: S\n---\n",
                                      to: "---\nalt: Soleil\ntranslated_from: Sun\ntitle: Soleil\n---\n", path: "p/sun.fr.md")
        #expect(around == "--- a/p/sun.fr.md\n+++ b/p/sun.fr.md\n@@ -1,5 +1,5 @@\n ---\n-alt: Sun\n+alt: Soleil\n translated_from: Sun\n-title: S\n+title: Soleil\n ---\n")
    }

    /// A new file whose name no file system holds is refused before anything is written: the
    /// files before it were written, then the import failed, against "nothing is written unless
    /// every change is good".
    @Test func aNameTooLongIsRefusedBeforeAnyWrite() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("p"), withIntermediateDirectories: true)
        let long = String(repeating: "a", count: 251)
        let changes = [LabelImport.Change(sticker: "p/sun.png", sidecar: "p/sun.fr.md", before: nil, after: Data("---\nalt: Soleil\n---\n".utf8)),
                       LabelImport.Change(sticker: "p/\(long).png", sidecar: "p/\(long).fr.md", before: nil, after: Data("---\nalt: Long\n---\n".utf8))]
        #expect(throws: PeelError.self) { try LabelImport.write(changes, content: folder.url) }
        #expect(!folder.exists("p/sun.fr.md"), "nothing was written")
    }
}
