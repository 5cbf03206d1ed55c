/// How large the pipe tables of one Markdown text may be before Peel renders that text without
/// GitHub's table extension, and the linear scan that measures them before cmark-gfm sees the text.
///
/// Why: the table extension of cmark-gfm 0.29.0.gfm.6 (the Debian library Peel links) is quadratic
/// in the cells of a row, the upstream table-complexity bug fixed in later releases. Measured on it:
/// one row of 10,000 pipes takes 2 s and of 50,000 pipes 150 s; a 1000 × 1000 table 5 s and 514 MB.
/// Even short rows cost about 3 µs a cell, ten times plain text. So a row may hold at most 64 cells
/// (no sticker description needs more; a row costs at most about 0.1 ms), a table 500 rows, and all
/// the tables of a text 10,000 cells together (about 30 ms): far beyond any real table, far below
/// anything slow, whatever the 4 MiB text limit lets a file hold.
struct PipeTableLimits {
    static let maxCellsPerRow = 64
    static let maxRowsPerTable = 500
    static let maxCellsPerText = 10_000

    /// The first table-like block that breaks a limit, and how.
    struct Excess: Equatable {
        /// 1-based line of the table's header row in the scanned text.
        let line: Int
        /// What is too large, as a sentence without its full stop.
        let problem: String
    }

    /// Scans `text` once, line by line, for table-like blocks (a row, then a delimiter row of
    /// `|`, `-` and `:`, then rows up to a blank line) and returns the first limit one breaks. The
    /// scan errs towards seeing tables: a blockquote's `>` and indentation are ignored, and a block
    /// runs to the next blank line even where cmark-gfm would end it sooner.
    static func firstExcess(in text: String) -> Excess? {
        var cellsInText = 0
        var table: (line: Int, rows: Int)?
        var previous: (line: Int, cells: Int, blank: Bool)?
        var lineNumber = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let shape = Self.shape(of: line)
            if shape.blank {
                table = nil
            } else if var open = table {
                open.rows += 1
                table = open
                cellsInText += shape.cells
                if let excess = check(rowCells: shape.cells, table: open, cellsInText: cellsInText) { return excess }
            } else if shape.delimiter, let header = previous, !header.blank, header.cells > 1 || shape.cells > 1 {
                // The header row and the delimiter row open a table.
                let open = (line: header.line, rows: 1)   // the header row; the delimiter row is no row of cells
                table = open
                cellsInText += header.cells + shape.cells
                if let excess = check(rowCells: max(header.cells, shape.cells), table: open, cellsInText: cellsInText) {
                    return excess
                }
            }
            previous = (lineNumber, shape.cells, shape.blank)
        }
        return nil
    }

    private static func check(rowCells: Int, table: (line: Int, rows: Int), cellsInText: Int) -> Excess? {
        if rowCells > maxCellsPerRow {
            return Excess(line: table.line, problem: "table has a row of \(rowCells) cells, more than the \(maxCellsPerRow) a row may have")
        }
        if table.rows > maxRowsPerTable {
            return Excess(line: table.line, problem: "table has more than the \(maxRowsPerTable) rows a table may have")
        }
        if cellsInText > maxCellsPerText {
            return Excess(line: table.line, problem: "the tables of this file have more than \(maxCellsPerText) cells together")
        }
        return nil
    }

    /// What a line looks like to the scan: blank, a delimiter row, and how many cells it would
    /// split into (unescaped pipes + 1, an upper bound).
    private static func shape(of line: Substring.UTF8View) -> (blank: Bool, delimiter: Bool, cells: Int) {
        var pipes = 0, dashes = 0
        var content = false, onlyDelimiterCharacters = true, escaped = false
        for byte in line {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: ">") where !content:
                break   // blockquote markers before the row
            case UInt8(ascii: "|"):
                content = true
                if !escaped { pipes += 1 }
            case UInt8(ascii: "-"):
                content = true
                dashes += 1
            case UInt8(ascii: ":"):
                content = true
            default:
                content = true
                onlyDelimiterCharacters = false
            }
            escaped = byte == UInt8(ascii: "\\") && !escaped
        }
        return (!content, content && onlyDelimiterCharacters && dashes > 0, pipes + 1)
    }
}
