import ArgumentParser
import Foundation
import PeelKit

struct LabelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labels",
        abstract: "Review labels in a spreadsheet, or translate them in XLIFF: export them, import the edits.",
        discussion: """
        Examples:
          peel labels export --csv labels.csv              a row per sticker to review
          peel labels import labels.csv --dry-run          what the edits would change
          peel labels import labels.csv                    write the new labels
          peel labels export --xliff fr.xliff --lang fr    texts to translate into French
          peel labels import fr.xliff                      write the translations (*.fr.md)
        """,
        subcommands: [LabelsExportCommand.self, LabelsImportCommand.self]
    )
}

struct LabelsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every sticker's label to a CSV file for reviewers, or an XLIFF file for translators.",
        discussion: """
        --csv: one row per sticker in catalog order: pack, file (the image inside the content \
        folder), label, label hash (of the label as exported, so an import can tell whether the \
        sidecar changed since) and an empty "new label" column for the reviewer. UTF-8 with a \
        byte-order mark and CRLF rows, as Excel and LibreOffice open it without asking; a cell \
        starting with = + - or @ gets an apostrophe so it never runs as a formula (the import takes \
        it off again).

        --xliff with --lang: XLIFF 1.2 (what Xcode exports, so any translation tool takes it) with \
        the site's title, each pack's name and each sticker's label and title, their translations \
        into that language so far (state translated, or needs-review-translation when the source \
        changed since) and a note giving the translator the context. --lang is one of the \
        languages site.md declares.

        Examples:
          peel labels export --csv labels.csv
          peel labels export my-stickers --csv - > labels.csv
          peel labels export --xliff fr.xliff --lang fr
        """
    )

    @Argument(help: "The content folder.", completion: .directory)
    var content: String = "content"

    @Option(help: "The CSV file to write ('-' for standard output).", completion: .file(extensions: ["csv"]))
    var csv: String?

    @Option(help: "The XLIFF file to write ('-' for standard output); needs --lang.", completion: .file(extensions: ["xliff", "xlf"]))
    var xliff: String?

    @Option(help: "The language to translate into, for --xliff (one of site.md's languages:).")
    var lang: String?

    func validate() throws {
        guard (csv == nil) != (xliff == nil) else { throw ValidationError("give one of --csv FILE or --xliff FILE") }
        if xliff != nil, lang == nil { throw ValidationError("--xliff needs --lang, the language to translate into (one of site.md's languages:)") }
        if csv != nil, lang != nil { throw ValidationError("--lang goes with --xliff; a CSV holds the default language's labels") }
    }

    func run() throws {
        if let xliff, let lang {
            try export(xliff: xliff, language: lang)
            return
        }
        guard let csv else { return }
        let (sheet, unreadable) = try LibraryCall.run(command: "labels export", content: content) {
            try LabelExport.sheet(content: URL(fileURLWithPath: content))
        }
        let terminal = Terminal.standardError
        let paths = DisplayPath(root: URL(fileURLWithPath: content))
        guard !sheet.rows.isEmpty else {
            // An empty sheet handed to a reviewer says nothing went wrong; peel check refuses the same folder.
            terminal.line(terminal.colored("\(content): error: no sticker to export; point peel labels export at a content folder (a folder of pack folders)", .red))
            if FileManager.default.fileExists(atPath: URL(fileURLWithPath: content).appendingPathComponent("pack.md").path) {
                let above = DisplayPath.file(URL(fileURLWithPath: content).standardizedFileURL.deletingLastPathComponent())
                terminal.line("This folder is a pack (it holds pack.md); its catalog is the folder above: run: peel labels export \(above) --csv \(csv)")
            }
            throw ExitCode(2)
        }
        for finding in unreadable {
            let place = paths.location(of: finding)
            terminal.line(terminal.colored("\(place): warning: the sidecar cannot be read (\(finding.message)); its row has no label, and an import refuses it until the sidecar is fixed", .yellow))
        }
        let data = LabelCSV.encode(sheet)
        if csv == "-" {
            Terminal.standardOutput.write(bytes: data)
            return
        }
        try LibraryCall.run(command: "labels export", content: content) {
            try LabelExport.write(data, to: URL(fileURLWithPath: csv), content: URL(fileURLWithPath: content),
                                  importCommand: "peel labels import \(ShellWord.quoted(content)) \(ShellWord.quoted(csv))")
        }
        Terminal.standardOutput.line("Wrote \(plural(sheet.rows.count, "label")) to \(csv)")
    }

    private func export(xliff: String, language: String) throws {
        let terminal = Terminal.standardError
        let data: Data
        do {
            data = try LibraryCall.run(command: "labels export", content: content) {
                try XLIFFExport.xliff(content: URL(fileURLWithPath: content), language: language)
            }
        } catch let failure as LabelSheetProblems {
            let paths = DisplayPath(root: URL(fileURLWithPath: content))
            for problem in failure.problems { terminal.line(terminal.colored(problem.described(paths: paths), .red)) }
            throw ExitCode(2)
        }
        if xliff == "-" {
            Terminal.standardOutput.write(bytes: data)
            return
        }
        try LibraryCall.run(command: "labels export", content: content) {
            try LabelExport.write(data, to: URL(fileURLWithPath: xliff), content: URL(fileURLWithPath: content),
                                  importCommand: "peel labels import \(ShellWord.quoted(content)) \(ShellWord.quoted(xliff))")
        }
        Terminal.standardOutput.line("Wrote \(xliff) (\(LanguageName.of(language)))")
    }
}

struct LabelsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the reviewed labels of a CSV file back into the sidecars, or the translations of an XLIFF file into the translation files.",
        discussion: """
        Each row's "new label" replaces the alt: of its sticker's sidecar and nothing else: other \
        keys, comments, key order, line endings and the body stay byte for byte. A sticker without \
        a sidecar gets one. Rows with an empty new label are skipped.

        A row whose label was changed in the sidecar since the export is refused, naming the file. \
        Every bad row is reported as FILE:LINE: error: ..., and nothing is written unless every row \
        is good. The file may come back from a spreadsheet: with or without a byte-order mark, \
        CRLF or LF, comma- or semicolon-separated, columns in any order.

        An XLIFF file (.xliff or .xlf, or any file whose root is <xliff>) writes each finished \
        target into the translation file of its language (grinning.fr.md, pack.fr.md, \
        site.fr.md), made when missing, with translated_from: recording the source it translates; \
        every other byte of an existing file stays. Invalid XML, the wrong source language or a \
        target language site.md does not declare is an error and nothing is written; a unit whose \
        source changed since the export, or whose sticker was removed or renamed, is skipped (with \
        a warning when it was translated).

        Examples:
          peel labels import labels.csv --dry-run
          peel labels import my-stickers reviewed.csv
          peel labels import fr.xliff --dry-run
        """
    )

    @Argument(help: ArgumentHelp("The content folder, then the CSV or XLIFF file; or only that file (content folder: content).",
                                 valueName: "content-or-csv"), completion: .file())
    var first: String

    @Argument(help: ArgumentHelp("The CSV or XLIFF file, when the content folder comes first.", valueName: "file"), completion: .file())
    var second: String?

    @Flag(help: "Print a diff of each sidecar that would change and write nothing.")
    var dryRun = false

    func run() throws {
        let content = second == nil ? "content" : first
        let file = second ?? first
        let folder = URL(fileURLWithPath: content)
        if LabelFileFormat.isXLIFF(path: file) {
            return try importXLIFF(file, content: content)
        }
        if LabelFileFormat.isStringCatalog(path: file) {
            let terminal = Terminal.standardError
            terminal.line(terminal.colored("\(file): error: a String Catalog or JSON file is not imported; Peel writes .xcstrings for Xcode from the sidecars. Import a CSV (peel labels export --csv FILE) or an XLIFF file (peel labels export --xliff FILE --lang LANG; Xcode's Export Localizations writes XLIFF too)", .red))
            throw ExitCode(2)
        }
        let plan = try planned(content: content, problem: "row", read: { try LabelCSV.read(URL(fileURLWithPath: file), file: file) },
                               plan: { try LabelImport.plan($0, sheetFile: file, content: folder) })
        if dryRun {
            printDiffs(plan.changes)
        } else {
            try LibraryCall.run(command: "labels import", content: content) { try plan.apply(content: folder) }
        }
        Terminal.standardOutput.line("\(plan.summary(dryRun: dryRun))")
    }

    private func importXLIFF(_ file: String, content: String) throws {
        let folder = URL(fileURLWithPath: content)
        let terminal = Terminal.standardError
        let plan = try planned(content: content, problem: "problem", read: { try XLIFFCodec.read(URL(fileURLWithPath: file), file: file) },
                               plan: { try XLIFFImport.plan($0, file: file, content: folder) })
        for warning in plan.warnings { terminal.line(terminal.colored(warning.description, .yellow)) }
        if dryRun {
            printDiffs(plan.changes)
        } else {
            try LibraryCall.run(command: "labels import", content: content) { try plan.apply(content: folder) }
        }
        Terminal.standardOutput.line("\(plan.summary(dryRun: dryRun))")
    }

    /// An import's plan: the file `read`, then planned against the content folder. Its problems are
    /// printed (nothing is written) and end the command.
    private func planned<Document, Plan>(content: String, problem: String, read: () throws -> Document,
                                         plan: (Document) throws -> Plan) throws -> Plan {
        let terminal = Terminal.standardError
        do {
            let document = try read()
            return try LibraryCall.run(command: "labels import", content: content) { try plan(document) }
        } catch let failure as LabelSheetProblems {
            let paths = DisplayPath(root: URL(fileURLWithPath: content))
            for problem in failure.problems { terminal.line(terminal.colored(problem.described(paths: paths), .red)) }
            terminal.line("Nothing was written: \(plural(failure.problems.count, problem)) to fix.")
            throw ExitCode(1)
        } catch let error as PeelError {
            throw LibraryCall.report(error)
        }
    }

    private func printDiffs(_ changes: [LabelImport.Change]) {
        for change in changes {
            let diff = LineDiff.unified(from: change.before.map { String(decoding: $0, as: UTF8.self) },
                                        to: String(decoding: change.after, as: UTF8.self), path: change.sidecar)
            Terminal.standardOutput.lines(diff)
        }
    }
}
