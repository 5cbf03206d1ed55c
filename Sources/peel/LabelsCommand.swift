import ArgumentParser
import Foundation
import PeelKit

struct LabelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labels",
        abstract: "Review accessibility labels in a spreadsheet: export them, import the edits.",
        discussion: """
        Examples:
          peel labels export --csv labels.csv      a row per sticker to review
          peel labels import labels.csv --dry-run  what the edits would change
          peel labels import labels.csv            write the new labels
        """,
        subcommands: [LabelsExportCommand.self, LabelsImportCommand.self]
    )
}

struct LabelsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every sticker's label to a CSV file for reviewers.",
        discussion: """
        One row per sticker in catalog order: pack, file (the image inside the content folder), \
        label, label hash (of the label as exported, so an import can tell whether the sidecar \
        changed since) and an empty "new label" column for the reviewer. UTF-8 with a byte-order \
        mark and CRLF rows, as Excel and LibreOffice open it without asking; a cell starting with \
        = + - or @ gets an apostrophe so it never runs as a formula (the import takes it off again).

        Examples:
          peel labels export --csv labels.csv
          peel labels export my-stickers --csv - > labels.csv
        """
    )

    @Argument(help: "The content folder.", completion: .directory)
    var content: String = "content"

    @Option(help: "The CSV file to write ('-' for standard output).", completion: .file(extensions: ["csv"]))
    var csv: String

    func run() throws {
        let (sheet, unreadable) = try LibraryCall.run(command: "labels export", content: content) {
            try LabelExport.sheet(content: URL(fileURLWithPath: content))
        }
        let terminal = Terminal.standardError
        for finding in unreadable {
            let place = finding.line.map { "\(finding.file):\($0)" } ?? finding.file
            terminal.line(terminal.colored("\(place): warning: the sidecar cannot be read (\(finding.message)); its row has no label, and an import refuses it until the sidecar is fixed", .yellow))
        }
        let data = LabelCSV.encode(sheet)
        if csv == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        try LibraryCall.run(command: "labels export", content: content) {
            try LabelExport.write(data, to: URL(fileURLWithPath: csv))
        }
        Terminal.standardOutput.line("Wrote \(plural(sheet.rows.count, "label")) to \(csv)")
    }
}

struct LabelsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the reviewed labels of a CSV file back into the sidecars.",
        discussion: """
        Each row's "new label" replaces the alt: of its sticker's sidecar and nothing else: other \
        keys, comments, key order, line endings and the body stay byte for byte. A sticker without \
        a sidecar gets one. Rows with an empty new label are skipped.

        A row whose label was changed in the sidecar since the export is refused, naming the file. \
        Every bad row is reported as FILE:LINE: error: ..., and nothing is written unless every row \
        is good. The file may come back from a spreadsheet: with or without a byte-order mark, \
        CRLF or LF, comma- or semicolon-separated, columns in any order.

        Examples:
          peel labels import labels.csv --dry-run
          peel labels import my-stickers reviewed.csv
        """
    )

    @Argument(help: ArgumentHelp("The content folder, then the CSV file; or only the CSV file (content folder: content).",
                                 valueName: "content-or-csv"), completion: .file())
    var first: String

    @Argument(help: ArgumentHelp("The CSV file, when the content folder comes first.", valueName: "csv"), completion: .file())
    var second: String?

    @Flag(help: "Print a diff of each sidecar that would change and write nothing.")
    var dryRun = false

    func run() throws {
        let content = second == nil ? "content" : first
        let file = second ?? first
        let folder = URL(fileURLWithPath: content)
        let terminal = Terminal.standardError
        let plan: LabelImport
        do {
            let sheet = try LabelCSV.read(URL(fileURLWithPath: file), file: file)
            plan = try LibraryCall.run(command: "labels import", content: content) {
                try LabelImport.plan(sheet, sheetFile: file, content: folder)
            }
        } catch let failure as LabelSheetProblems {
            for problem in failure.problems { terminal.line(terminal.colored(problem.description, .red)) }
            terminal.line("Nothing was written: \(plural(failure.problems.count, "row")) to fix.")
            throw ExitCode(1)
        } catch let error as PeelError {
            terminal.line(terminal.colored(error.description, .red))
            throw ExitCode(error.isUsageError ? 2 : 1)
        }
        if dryRun {
            for change in plan.changes {
                let diff = LineDiff.unified(from: change.before.map { String(decoding: $0, as: UTF8.self) },
                                            to: String(decoding: change.after, as: UTF8.self), path: change.sidecar)
                Terminal.standardOutput.lines(diff)
            }
        } else {
            try LibraryCall.run(command: "labels import", content: content) { try plan.apply(content: folder) }
        }
        Terminal.standardOutput.line("\(plan.summary(dryRun: dryRun))")
    }
}
