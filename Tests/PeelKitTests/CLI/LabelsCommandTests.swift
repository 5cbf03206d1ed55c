import Foundation
import Testing
@testable import PeelKit

/// `peel labels export` and `peel labels import` run as a reviewer would, through a file that
/// went through a spreadsheet (semicolons, LF, no byte-order mark, reordered columns).
@Suite struct LabelsCommandTests {
    let cli = CLITests()
    let fixtures = LabelImportTests()

    @Test func exportToAFileAndToStandardOutput() throws {
        let folder = try fixtures.catalog()
        let written = try cli.run(["labels", "export", "content", "--csv", "labels.csv"], in: folder.url)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "Wrote 4 labels to labels.csv\n")
        let file = try Data(contentsOf: folder.url.appendingPathComponent("labels.csv"))
        #expect(file.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: file, as: UTF8.self).contains("\r\npets,pets/fox.png,\"Red fox\nin snow\",\(LabelHash.of("Red fox\nin snow")),\r\n"))
        let piped = try cli.run(["labels", "export", "--csv", "-"], in: folder.url)
        #expect(piped.status == 0)
        #expect(Data(piped.stdout.utf8) == file)
    }

    /// An export over a sheet a reviewer filled in lost their new labels, exit 0. It is refused
    /// until they are imported; a sheet left as exported, or whose edits are imported, is replaced.
    @Test func anExportNeverReplacesWorkNotImportedYet() throws {
        let folder = try fixtures.catalog()
        #expect(try cli.run(["labels", "export", "content", "--csv", "labels.csv"], in: folder.url).status == 0)
        #expect(try cli.run(["labels", "export", "content", "--csv", "labels.csv"], in: folder.url).status == 0, "an unedited sheet is replaced")
        let sheet = folder.url.appendingPathComponent("labels.csv")
        let exported = try String(contentsOf: sheet, encoding: .utf8)
        let reviewed = exported.replacingOccurrences(of: "\(LabelHash.of("Orange cat")),", with: "\(LabelHash.of("Orange cat")),Orange cat asleep on a rug")
        #expect(reviewed != exported)
        try reviewed.write(to: sheet, atomically: false, encoding: .utf8)
        let refused = try cli.run(["labels", "export", "content", "--csv", "labels.csv"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("labels.csv: error: cannot write: it holds 1 new label (line 2 first) not imported yet"), "\(refused.stderr)")
        #expect(refused.stderr.contains("import it first (peel labels import content labels.csv)"), "the command works as written: \(refused.stderr)")
        #expect(try String(contentsOf: sheet, encoding: .utf8) == reviewed, "the reviewer's sheet is kept")
        #expect(try cli.run(["labels", "import", "content", "labels.csv"], in: folder.url).status == 0)
        #expect(try cli.run(["labels", "export", "content", "--csv", "labels.csv"], in: folder.url).status == 0, "imported: nothing is lost")
        // A file of the team's that is no sheet is not replaced either.
        try "name,notes\ncat,keep me\n".write(to: sheet, atomically: false, encoding: .utf8)
        let theirs = try cli.run(["labels", "export", "content", "--csv", "labels.csv"], in: folder.url)
        #expect(theirs.status == 1 && theirs.stderr.contains("it holds a file that is not a Peel label sheet"), "\(theirs.stderr)")
        #expect(!theirs.stderr.contains("import it first"), "no sheet to import: \(theirs.stderr)")
        // An empty file holds nothing to lose.
        try Data().write(to: sheet)
        #expect(try cli.run(["labels", "export", "content", "--csv", "labels.csv"], in: folder.url).status == 0)
    }

    /// A pack folder or an empty one exports no sheet: an error (exit 2), as peel check gives,
    /// with the command that works from a pack.
    @Test func anExportOfNoStickerIsAnError() throws {
        let folder = try fixtures.catalog()
        let pack = try cli.run(["labels", "export", ".", "--csv", "labels.csv"], in: folder.url.appendingPathComponent("content/pets"))
        #expect(pack.status == 2)
        #expect(pack.stderr.contains(".: error: no sticker to export"))
        #expect(pack.stderr.contains("its catalog is the folder above: run: peel labels export .. --csv labels.csv"))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try cli.run(["labels", "export", "empty", "--csv", "-"], in: folder.url)
        #expect(empty.status == 2 && empty.stdout.isEmpty && empty.stderr.contains("empty: error: no sticker to export"))
        #expect(!folder.exists("content/pets/labels.csv"))
    }

    /// A String Catalog given to the import is named as one, with the files that do import.
    @Test func aStringCatalogIsNotReadAsACSV() throws {
        let folder = try fixtures.catalog()
        try folder.write("{\"sourceLanguage\":\"en\",\"strings\":{}}", to: "Localizable.xcstrings")
        let run = try cli.run(["labels", "import", "Localizable.xcstrings"], in: folder.url)
        #expect(run.status == 2 && run.stderr.contains("Localizable.xcstrings: error: a String Catalog or JSON file is not imported"), "\(run.stderr)")
    }

    @Test func anExportNeverWritesIntoTheContentFolder() throws {
        let folder = try fixtures.catalog()
        let snapshot = try fixtures.snapshot(folder)
        for (arguments, file) in [(["--csv"], "content/pets/cat.png"), (["--csv"], "content/site.md"),
                                  (["--csv"], "content/pets/new.csv")] {
            let run = try cli.run(["labels", "export"] + arguments + [file], in: folder.url)
            #expect(run.status != 0, "\(file) was written: \(run.stdout)")
            #expect(run.stderr.contains(file.hasSuffix("new.csv") ? "this would write inside the content folder, among the files Peel reads; choose another output (e.g. labels.csv beside the content folder)"
                                                                : "this would replace content Peel reads"), "\(run.stderr)")
        }
        #expect(try fixtures.snapshot(folder) == snapshot, "the content is untouched")
        try folder.write("---\ntitle: Review\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        let xliff = try cli.run(["labels", "export", "content", "--xliff", "content/fr.xliff", "--lang", "fr"], in: folder.url)
        #expect(xliff.status == 2 && xliff.stderr.contains("(e.g. labels.xliff beside the content folder)"), "\(xliff.stderr)")
        #expect(!folder.exists("content/fr.xliff"))
    }

    @Test func importFromASpreadsheetThenPeelCheckReadsTheNewLabels() throws {
        let folder = try fixtures.catalog()
        let before = try cli.run(["check", "content"], in: folder.url, environment: ["CI": "true"])
        #expect(before.stdout.contains("pets/dog.md: error[missing-label]"))
        #expect(before.stdout.contains("pets/owl.png: error[missing-sidecar]"))
        #expect(try cli.run(["labels", "export", "--csv", "labels.csv"], in: folder.url).status == 0)
        // What European Excel saves: semicolons, its own column order, LF, no mark.
        let rows = try LabelCSV.decode(Data(contentsOf: folder.url.appendingPathComponent("labels.csv")), file: "labels.csv").rows
        var text = "new label;file;label hash;notes\n"
        for row in rows {
            let new = ["pets/dog.png": "Golden dog; tongue out", "pets/owl.png": "Owl at night"][row.file] ?? ""
            text += "\(new.contains(";") ? "\"\(new)\"" : new);\(row.file);\(row.labelHash);\n"
        }
        try folder.write(text, to: "reviewed.csv")

        let snapshot = try fixtures.snapshot(folder)
        let dryRun = try cli.run(["labels", "import", "reviewed.csv", "--dry-run"], in: folder.url)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout == "--- a/pets/dog.md\n+++ b/pets/dog.md\n@@ -1,4 +1,5 @@\n ---\n title: Dog\n+alt: Golden dog; tongue out\n ---\n Good dog.\n"
            + "--- /dev/null\n+++ b/pets/owl.md\n@@ -0,0 +1,3 @@\n+---\n+alt: Owl at night\n+---\n"
            + "Would change 2 labels, 0 unchanged, 2 skipped (no new label); nothing was written (--dry-run).\n")
        #expect(try fixtures.snapshot(folder) == snapshot, "--dry-run writes nothing")

        let imported = try cli.run(["labels", "import", "content", "reviewed.csv"], in: folder.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Changed 2 labels, 0 unchanged, 2 skipped (no new label).\n")
        let after = try cli.run(["check", "content", "--format", "json"], in: folder.url)
        #expect(!after.stdout.contains("missing-label") && !after.stdout.contains("missing-sidecar"), "\(after.stdout)")
        let (catalog, _) = try CatalogLoader(contentFolder: fixtures.content(folder)).load()
        #expect(catalog.packs[0].stickers.map(\.alt) == ["Orange cat", "Golden dog; tongue out", "Red fox\nin snow", "Owl at night"])
    }

    @Test func anUnchangedExportImportsWithoutChangingAByteEvenWithHostileLabels() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let png = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        let labels = ["=HYPERLINK(\"http://x\")", "'-already quoted", "+1 for cats", "@mention", "Comma, semicolon; \"quotes\"",
                      "Tab\there", "Chat ravi, 日本語 🐈‍⬛", "ends with spaces   "]
        for (index, label) in labels.enumerated() {
            try folder.write(png, to: "content/pets/hostile\(index).png")
            try folder.write("---\r\nalt: \(YAMLScalarText.doubleQuoted(label))  # hostile\r\n---\r\n", to: "content/pets/hostile\(index).md")
        }
        try folder.write("---\nalt: |\n  Two\n  lines\n---\n", to: "content/pets/block.md")
        try folder.write(png, to: "content/pets/block.png")
        try folder.write("---\nalt: [unclosed\n---\n", to: "content/pets/broken.md")
        try folder.write(png, to: "content/pets/broken.png")
        let snapshot = try fixtures.snapshot(folder)

        let export = try cli.run(["labels", "export", "--csv", "labels.csv"], in: folder.url)
        #expect(export.status == 0)
        #expect(export.stderr.hasPrefix("content/pets/broken.md:2: warning: the sidecar cannot be read ("), "paths as seen from the current folder, as every command prints them: \(export.stderr)")
        let plain = try cli.run(["labels", "import", "labels.csv"], in: folder.url)
        #expect(plain.stdout == "Changed 0 labels, 0 unchanged, 15 skipped (no new label).\n", "\(plain.stderr)")
        // Every label copied into "new label", as a reviewer who agrees with all of them might.
        var sheet = try LabelCSV.decode(Data(contentsOf: folder.url.appendingPathComponent("labels.csv")), file: "labels.csv")
        #expect(Set(labels.map { $0.trimmingCharacters(in: .whitespaces) }).isSubset(of: Set(sheet.rows.compactMap(\.label))))
        for index in sheet.rows.indices { sheet.rows[index].newLabel = sheet.rows[index].label ?? "" }
        try folder.write(LabelCSV.encode(sheet), to: "copied.csv")
        let copied = try cli.run(["labels", "import", "copied.csv"], in: folder.url)
        #expect(copied.stdout == "Changed 0 labels, 14 unchanged, 1 skipped (no new label).\n", "\(copied.stderr)")
        #expect(try fixtures.snapshot(folder) == snapshot)
    }

    @Test func badRowsAreListedWithTheirLinesAndNothingIsWritten() throws {
        let folder = try fixtures.catalog()
        try folder.write("file,label hash,new label\r\npets/cat.png,\(LabelHash.of("Orange cat")),New cat\r\n"
                         + "pets/nope.png,\(LabelHash.of("")),x\r\npets/dog.png,\(LabelHash.of("")),\"unclosed\r\n", to: "bad.csv")
        try folder.write("file,label hash,new label\npets/cat.png,\(LabelHash.of("Orange cat")),New cat\npets/nope.png,\(LabelHash.of("")),x\n"
                         + "../site.md,\(LabelHash.of("")),x\n", to: "rows.csv")
        let snapshot = try fixtures.snapshot(folder)
        let unclosed = try cli.run(["labels", "import", "bad.csv"], in: folder.url)
        #expect(unclosed.status == 1)
        #expect(unclosed.stderr.hasPrefix("bad.csv:4: error: quoted field is never closed"))
        let rows = try cli.run(["labels", "import", "rows.csv"], in: folder.url)
        #expect(rows.status == 1)
        #expect(rows.stderr == "rows.csv:3: error: pets/nope.png: no such sticker in the content folder\n"
            + "rows.csv:4: error: '../site.md' is outside the content folder; the 'file' column is a path inside it, such as pets/cat.png\n"
            + "Nothing was written: 2 rows to fix.\n")
        #expect(try fixtures.snapshot(folder) == snapshot)
        let usage = try cli.run(["labels", "import"], in: folder.url)
        #expect(usage.status == 2)
    }

    @Test func xliffExportDryRunImportAndAnUndeclaredLanguage() throws {
        let folder = try XLIFFTests().catalog()
        let written = try cli.run(["labels", "export", "--xliff", "fr.xliff", "--lang", "fr"], in: folder.url)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "Wrote fr.xliff (French)\n")
        let piped = try cli.run(["labels", "export", "content", "--xliff", "-", "--lang", "fr"], in: folder.url)
        #expect(Data(piped.stdout.utf8) == (try Data(contentsOf: folder.url.appendingPathComponent("fr.xliff"))))
        let undeclared = try cli.run(["labels", "export", "--xliff", "es.xliff", "--lang", "es"], in: folder.url)
        #expect(undeclared.status == 2)
        #expect(undeclared.stderr.contains("site.md: error: 'es' is not one of the languages declared (en, fr, de)"))
        let noLanguage = try cli.run(["labels", "export", "--xliff", "fr.xliff"], in: folder.url)
        #expect(noLanguage.status != 0 && noLanguage.stderr.contains("--xliff needs --lang"))

        let text = try String(contentsOf: folder.url.appendingPathComponent("fr.xliff"), encoding: .utf8)
        try folder.write(text.replacingOccurrences(of: "<source>Comet with a long tail</source>",
                                                   with: "<source>Comet with a long tail</source>\n        <target>Comète</target>"), to: "fr.xlf")
        let snapshot = try fixtures.snapshot(folder)
        let dryRun = try cli.run(["labels", "import", "fr.xlf", "--dry-run"], in: folder.url)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout == "--- /dev/null\n+++ b/sky/comet.fr.md\n@@ -0,0 +1,4 @@\n+---\n+alt: Comète\n+translated_from: Comet with a long tail\n+---\n"
            + "Would change 1 French file (1 text), 4 unchanged, 3 skipped (no finished translation, or a changed source); nothing was written (--dry-run).\n")
        #expect(try fixtures.snapshot(folder) == snapshot, "--dry-run writes nothing")
        let imported = try cli.run(["labels", "import", "content", "fr.xlf"], in: folder.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("content/sky/comet.fr.md"), encoding: .utf8)
                == "---\nalt: Comète\ntranslated_from: Comet with a long tail\n---\n")

        try folder.write(text.replacingOccurrences(of: "target-language=\"fr\"", with: "target-language=\"es\""), to: "bad.xliff")
        let after = try fixtures.snapshot(folder)
        let refused = try cli.run(["labels", "import", "bad.xliff"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: target-language 'es'"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Nothing was written"))
        #expect(try fixtures.snapshot(folder) == after)
    }
}
