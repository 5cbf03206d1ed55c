import Foundation
import Testing
@testable import PeelKit

/// The label CSV as spreadsheets write and read it: byte-order mark, CRLF, RFC 4180 quoting,
/// formula guards that an import undoes, semicolons, reordered columns and errors with lines.
@Suite struct LabelCSVTests {
    func row(_ file: String, _ label: String, new: String = "") -> LabelSheet.Row {
        LabelSheet.Row(pack: "pets", file: file, label: label, labelHash: LabelHash.of(label), newLabel: new)
    }

    func decode(_ text: String) throws(LabelSheetProblems) -> LabelSheet {
        try LabelCSV.decode(Data(text.utf8), file: "labels.csv")
    }

    func problems(_ text: String) -> [String] {
        do {
            _ = try decode(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func hashIsTheFirst16HexDigitsOfTheLabelsSHA256() {
        // printf 'Orange cat' | sha256sum
        #expect(LabelHash.of("Orange cat") == "sha256:d9c071a471c58391")
        #expect(LabelHash.of("") == "sha256:e3b0c44298fc1c14")
        #expect(LabelHash.isWellFormed("SHA256:E3B0C44298FC1C14"))
        #expect(!LabelHash.isWellFormed("e3b0c44298fc1c14"))
        #expect(!LabelHash.isWellFormed("sha256:e3b0c44298fc1c1"))
    }

    @Test func encodeWritesBOMCRLFQuotingAndFormulaGuards() {
        let sheet = LabelSheet(rows: [row("pets/cat.png", "Cat, \"smiling\""), row("pets/sum.png", "=SUM(A1)"),
                                      row("pets/two.png", "line one\nline two"), row("pets/semi.png", "a;b")])
        let text = String(decoding: LabelCSV.encode(sheet), as: UTF8.self)
        #expect(text == "\u{FEFF}pack,file,label,label hash,new label\r\n"
            + "pets,pets/cat.png,\"Cat, \"\"smiling\"\"\",\(LabelHash.of("Cat, \"smiling\"")),\r\n"
            + "pets,pets/sum.png,\"'=SUM(A1)\",\(LabelHash.of("=SUM(A1)")),\r\n"
            + "pets,pets/two.png,\"line one\nline two\",\(LabelHash.of("line one\nline two")),\r\n"
            + "pets,pets/semi.png,\"a;b\",\(LabelHash.of("a;b")),\r\n")
    }

    @Test(arguments: ["=1+1", "+cmd", "-minus", "@at", "'=already guarded", "''+two", "'plain apostrophe", "\tTab", "\r=cr",
                      "Cat, \"quoted\"", "semi;colon", "multi\r\nline", "é Ü 日本語 🐈‍⬛", "", " spaced "])
    func formulaGuardsAndQuotingRoundTrip(label: String) throws {
        let sheet = LabelSheet(rows: [row("pets/cat.png", label, new: label)])
        let back = try LabelCSV.decode(LabelCSV.encode(sheet), file: "labels.csv")
        #expect(back.rows.map(\.label) == [label])
        #expect(back.rows.map(\.newLabel) == [label])
        #expect(back.rows.map(\.labelHash) == [LabelHash.of(label)])
        #expect(SpreadsheetCell.unguarded(SpreadsheetCell.guarded(label)) == label)
    }

    /// A leading apostrophe the reviewer typed in "new label" is kept; one that is Peel's guard on
    /// the label cell, copied across, is taken off.
    @Test func anApostropheTypedInTheNewLabelIsKept() throws {
        let typed = try decode("file,label,label hash,new label\npets/cat.png,Minus,sha256:e3b0c44298fc1c14,'-' minus sign\n")
        #expect(typed.rows.first?.newLabel == "'-' minus sign")
        let copied = try decode("file,label,label hash,new label\npets/cat.png,'-minus,sha256:e3b0c44298fc1c14,'-minus\n")
        #expect(copied.rows.first?.newLabel == "-minus" && copied.rows.first?.label == "-minus")
    }

    @Test func aSpreadsheetsApostropheLessFormulaTextIsReadAsWritten() throws {
        // A spreadsheet that shows '-ish as text saves -ish: nothing to take off.
        let sheet = try decode("file,label hash,new label\n pets/cat.png,sha256:e3b0c44298fc1c14,-ish\n")
        #expect(sheet.rows.first?.newLabel == "-ish")
    }

    @Test func readsSemicolonsLFWithoutBOMReorderedAndExtraColumnsWithRowLines() throws {
        let text = "New Label;notes;File;Label hash;label\n"
            + "Un chat;ok;pets/cat.png;sha256:e3b0c44298fc1c14;Cat\n"
            + "\"Deux\nlignes; \"\"cité\"\"\";;pets/dog.jpg;sha256:e3b0c44298fc1c14;Dog\n"
            + "\n"
            + ";;pets/fox.png;sha256:e3b0c44298fc1c14;Fox\n"
            + ";;;;\n\n"
        let sheet = try decode(text)
        #expect(sheet.rows.map(\.file) == ["pets/cat.png", "pets/dog.jpg", "pets/fox.png"])
        #expect(sheet.rows.map(\.newLabel) == ["Un chat", "Deux\nlignes; \"cité\"", ""])
        #expect(sheet.rows.map(\.label) == ["Cat", "Dog", "Fox"])
        #expect(sheet.rows.map(\.line) == [2, 3, 6])
        #expect(sheet.rows.map(\.pack) == ["", "", ""])
    }

    @Test func readsCRLFWithBOMAndTabs() throws {
        let sheet = try decode("\u{FEFF}file\tlabel hash\tnew label\r\npets/cat.png\tsha256:e3b0c44298fc1c14\tNew\r\n")
        #expect(sheet.rows == [LabelSheet.Row(pack: "", file: "pets/cat.png", label: nil, labelHash: "sha256:e3b0c44298fc1c14", newLabel: "New", line: 2)])
    }

    @Test func readsExcelsUnicodeTextAndItsSepLine() throws {
        // "Unicode Text": UTF-16 little-endian with a byte-order mark, tab-separated.
        var utf16 = Data([0xFF, 0xFE])
        for unit in "file\tlabel hash\tnew label\r\npets/cat.png\tsha256:e3b0c44298fc1c14\tChat \u{1F408}\r\n".utf16 {
            utf16.append(UInt8(unit & 0xFF))
            utf16.append(UInt8(unit >> 8))
        }
        #expect(try LabelCSV.decode(utf16, file: "labels.txt").rows.map(\.newLabel) == ["Chat \u{1F408}"])
        // `sep=;` names the delimiter (the header has a comma in a name); lines still count from the file's first.
        let sheet = try decode("sep=;\r\nfile;label hash;new label;\"a,b\"\r\npets/cat.png;sha256:e3b0c44298fc1c14;Un chat, ravi;\r\n")
        #expect(sheet.rows.map(\.newLabel) == ["Un chat, ravi"])
        #expect(sheet.rows.map(\.line) == [3])
    }

    @Test func everyBadRowIsReportedWithItsLine() {
        let text = "file,label hash,new label\n"
            + "pets/cat.png,sha256:e3b0c44298fc1c14,\"two\nlines\"\n"
            + "pets/dog.jpg,sha256:e3b0c44298fc1c14,a,b\n"
            + "pets/fox.png,sha256:e3b0c44298fc1c14\n"
        #expect(problems(text) == [
            "labels.csv:4: error: row has 4 columns, the header 3; a cell holding the separator must be quoted",
            "labels.csv:5: error: row has 2 columns, the header 3; a cell holding the separator must be quoted",
        ])
    }

    @Test func anUnterminatedQuoteIsReportedWhereItOpens() {
        let text = "file,label hash,new label\r\npets/cat.png,sha256:e3b0c44298fc1c14,ok\r\npets/dog.jpg,sha256:e3b0c44298fc1c14,\"never\r\nclosed\r\n"
        #expect(problems(text) == ["labels.csv:3: error: quoted field is never closed: a '\"' opens it here and the file ends; close it with '\"'"])
        #expect(problems("file,label hash,new label\n\"a\"b,c,d\n") == ["labels.csv:2: error: text after a closing quote; a quote inside a quoted field is written twice (\"\")"])
        // Every problem is reported, the unclosed quote with those before it.
        #expect(problems("file,label hash,new label\nx,y\n\"a\nb\"c,d,e\nok,ok,ok\nx,\"open\n") == [
            "labels.csv:2: error: row has 2 columns, the header 3; a cell holding the separator must be quoted",
            "labels.csv:3: error: text after a closing quote; a quote inside a quoted field is written twice (\"\")",
            "labels.csv:6: error: quoted field is never closed: a '\"' opens it here and the file ends; close it with '\"'",
        ])
    }

    @Test func aHeaderWithoutTheNeededColumnsIsRefused() {
        #expect(problems("pack,file,label\npets,pets/cat.png,Cat\n")
            == ["labels.csv:1: error: header has no 'label hash', 'new label' column; expected the columns pack, file, label, label hash, new label, found 'pack', 'file', 'label'"])
        #expect(problems("") == ["labels.csv:1: error: the first line must be the header: pack, file, label, label hash, new label"])
        #expect(problems("file,file,label hash,new label\n") == ["labels.csv:1: error: column 'file' appears twice; keep one"])
    }

    @Test func aFileThatIsNotUTF8IsRefusedWithItsLine() {
        var data = Data("file,label hash,new label\n".utf8)
        data += Data([0x70, 0xE9, 0x2C, 0x0A])  // Latin-1 "pé,"
        #expect(throws: LabelSheetProblems(problems: [LabelSheetProblem(file: "labels.csv", line: 2,
                                                                          message: "file is not UTF-8 text; save it as \"CSV UTF-8\"")])) {
            try LabelCSV.decode(data, file: "labels.csv")
        }
    }
}
