import Foundation

/// `LabelSheet` as a CSV file that survives a spreadsheet. Written as Excel and LibreOffice read
/// it without asking: UTF-8 with a byte-order mark (without one Excel reads the legacy code page),
/// CRLF rows, RFC 4180 quoting, and cells guarded against running as formulas (`SpreadsheetCell`).
/// Read back as spreadsheets save it: with or without the mark, CRLF or LF, comma, semicolon
/// (European Excel) or tab separated, columns found by their header name in any order, extra
/// columns ignored, empty rows skipped.
public enum LabelCSV {
    public enum Column {
        public static let pack = "pack"
        public static let file = "file"
        public static let label = "label"
        public static let labelHash = "label hash"
        public static let newLabel = "new label"
        /// The site's `review/labels.csv` names the image `source`; read as `file` when there is no `file`.
        public static let source = "source"
    }

    public static let header = [Column.pack, Column.file, Column.label, Column.labelHash, Column.newLabel]
    /// The columns an import cannot do without.
    static let required = [Column.file, Column.labelHash, Column.newLabel]
    static let byteOrderMark = "\u{FEFF}"
    /// 64 MiB: a 600-sticker sheet is about 60 KB, so this is a million rows, and a mistaken
    /// multi-gigabyte file is refused before it is read whole.
    static let maxBytes = 64 * 1024 * 1024

    public static func encode(_ sheet: LabelSheet) -> Data {
        var lines = [header.map(SpreadsheetCell.field).joined(separator: ",")]
        for row in sheet.rows {
            lines.append([row.pack, row.file, row.label ?? "", row.labelHash, row.newLabel].map(SpreadsheetCell.field).joined(separator: ","))
        }
        return Data((byteOrderMark + lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// The rows of the CSV file at `url`, shown in errors as `file`; a file over `maxBytes` is
    /// refused before it is read.
    public static func read(_ url: URL, file: String) throws -> LabelSheet {
        try decode(LabelSheetProblems.read(url, file: file, maxBytes: maxBytes, limit: "a label sheet may have"), file: file)
    }

    /// The rows of a CSV file named `file` (as shown in errors). Every problem is reported, each
    /// with the line its row starts on; none of the rows is returned when there is one.
    public static func decode(_ data: Data, file: String) throws(LabelSheetProblems) -> LabelSheet {
        func fail(_ line: Int?, _ message: String) -> LabelSheetProblems {
            LabelSheetProblems(problems: [LabelSheetProblem(file: file, line: line, message: message)])
        }
        var text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            // Excel's "Unicode Text": UTF-16 with a byte-order mark, tab-separated.
            guard let decoded = String(data: data, encoding: .utf16) else { throw fail(nil, "file is not valid UTF-16 text") }
            text = decoded
        } else {
            guard let decoded = String(validating: data, as: UTF8.self) else {
                throw fail(TextFile.firstInvalidLine(data), "file is not UTF-8 text; save it as \"CSV UTF-8\"")
            }
            text = decoded
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        // Excel's `sep=;` first line names the delimiter; the header follows it.
        let hint = Array(text.unicodeScalars.prefix(6))
        let named = hint.count >= 5 && String(String.UnicodeScalarView(hint[0..<4])).lowercased() == "sep="
            && (hint.count == 5 || hint[5] == "\r" || hint[5] == "\n") ? hint[4] : nil
        var (records, failures) = CSVReader.records(text, delimiter: named ?? CSVReader.delimiter(ofHeader: text))
        if named != nil, !records.isEmpty { records.removeFirst() }
        var problems = failures.map { LabelSheetProblem(file: file, line: $0.line, message: $0.message) }
        let malformed = Set(failures.map(\.line))
        guard let headerRecord = records.first, !isEmpty(headerRecord) else {
            throw LabelSheetProblems(problems: problems.isEmpty
                ? [LabelSheetProblem(file: file, line: 1, message: "the first line must be the header: \(header.joined(separator: ", "))")]
                : problems)
        }
        let names = headerRecord.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var columns: [String: Int] = [:]
        var headerProblems: [LabelSheetProblem] = []
        for (index, name) in names.enumerated() where header.contains(name) {
            if columns[name] != nil {
                headerProblems.append(LabelSheetProblem(file: file, line: headerRecord.line, message: "column '\(name)' appears twice; keep one"))
            }
            columns[name] = index
        }
        if columns[Column.file] == nil, let source = names.firstIndex(of: Column.source) { columns[Column.file] = source }
        let missing = required.filter { columns[$0] == nil }
        if !missing.isEmpty {
            headerProblems.append(LabelSheetProblem(file: file, line: headerRecord.line,
                message: "header has no \(missing.map { "'\($0)'" }.joined(separator: ", ")) column; expected the columns \(header.joined(separator: ", ")), found \(names.isEmpty ? "none" : names.prefix(8).map { "'\($0)'" }.joined(separator: ", "))"))
        }
        guard headerProblems.isEmpty else { throw LabelSheetProblems(problems: headerProblems + problems) }
        // The review CSV's `label (fr)` columns (`ReviewCSV`), by language tag.
        let translationColumns = names.enumerated().compactMap { index, name -> (String, Int)? in
            guard name.hasPrefix("label ("), name.hasSuffix(")"), name.count > 8 else { return nil }
            return (String(name.dropFirst("label (".count).dropLast()), index)
        }

        var rows: [LabelSheet.Row] = []
        for record in records.dropFirst() where !isEmpty(record) {
            guard !malformed.contains(record.line) else { continue }  // reported already; its cells cannot be trusted
            guard record.fields.count == names.count else {
                problems.append(LabelSheetProblem(file: file, line: record.line,
                    message: "row has \(record.fields.count) columns, the header \(names.count); a cell holding the separator must be quoted"))
                continue
            }
            func cell(_ name: String) -> String { columns[name].map { SpreadsheetCell.unguarded(record.fields[$0]) } ?? "" }
            var row = LabelSheet.Row(pack: cell(Column.pack), file: cell(Column.file), label: columns[Column.label] == nil ? nil : cell(Column.label),
                                     labelHash: cell(Column.labelHash).trimmingCharacters(in: .whitespaces),
                                     newLabel: newLabel(columns[Column.newLabel].map { record.fields[$0] } ?? "",
                                                        label: columns[Column.label].map { record.fields[$0] }),
                                     line: record.line)
            for (tag, index) in translationColumns { row.translations[tag] = SpreadsheetCell.unguarded(record.fields[index]) }
            rows.append(row)
        }
        guard problems.isEmpty else { throw LabelSheetProblems(problems: problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }) }
        return LabelSheet(rows: rows)
    }

    /// The "new label" cell as the reviewer meant it. Peel exports it empty, so an apostrophe in
    /// front is the reviewer's ("'-' minus sign" lost it), unless the cell is the label cell as
    /// Peel guarded it, copied across ("'=SUM(A1)" for "=SUM(A1)").
    static func newLabel(_ cell: String, label guardedLabel: String?) -> String {
        guard let guardedLabel, cell == guardedLabel else { return cell }
        return SpreadsheetCell.unguarded(cell)
    }

    /// A row with no text at all: a spreadsheet's trailing `,,,,` or blank line.
    private static func isEmpty(_ record: CSVReader.Record) -> Bool {
        record.fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
