/// Reads RFC 4180 records as spreadsheets write them: fields separated by `delimiter`, optionally
/// quoted with `"` (a doubled quote inside is one quote), records ended by CRLF, LF or CR, and
/// line breaks inside quoted fields. Each record keeps the physical line it starts on.
struct CSVReader {
    struct Record: Equatable {
        var fields: [String]
        /// 1-based physical line where the record starts.
        var line: Int
    }

    struct Failure: Equatable {
        /// The line the record starts on; for a quote never closed, the line it opens on.
        var line: Int
        var message: String
    }

    /// The delimiter of a file whose first line is `header`: whichever of comma, semicolon (Excel
    /// in locales whose decimal mark is a comma) and tab occurs most outside quotes; comma on a tie.
    static func delimiter(ofHeader text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.toggle(); continue }
            if !quoted && (scalar == "\n" || scalar == "\r") { break }
            if !quoted, counts[scalar] != nil { counts[scalar]! += 1 }
        }
        let preference: [Unicode.Scalar: Int] = [",": 2, ";": 1, "\t": 0]
        return [",", ";", "\t"].max { (counts[$0]!, preference[$0]!) < (counts[$1]!, preference[$1]!) } ?? ","
    }

    /// Every record of `text`, and every place it is malformed. Text after a closing quote is kept
    /// in its field and reading goes on; an unclosed quote swallows the rest of the file, so it ends it.
    static func records(_ text: String, delimiter: Unicode.Scalar) -> (records: [Record], failures: [Failure]) {
        let scalars = Array(text.unicodeScalars)
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var index = 0
        var atFieldStart = true
        var failures: [Failure] = []

        func endRecord() {
            fields.append(String(field))
            records.append(Record(fields: fields, line: recordLine))
            fields = []
            field = String.UnicodeScalarView()
            atFieldStart = true
        }

        while index < scalars.count {
            let scalar = scalars[index]
            if atFieldStart && scalar == "\"" {
                let opened = line
                index += 1
                var closed = false
                while index < scalars.count {
                    let inner = scalars[index]
                    if inner == "\"" {
                        if index + 1 < scalars.count && scalars[index + 1] == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    if inner == "\n" || (inner == "\r" && !(index + 1 < scalars.count && scalars[index + 1] == "\n")) { line += 1 }
                    field.append(inner)
                    index += 1
                }
                guard closed else {
                    failures.append(Failure(line: opened, message: "quoted field is never closed: a '\"' opens it here and the file ends; close it with '\"'"))
                    return (records, failures)
                }
                atFieldStart = false
                if index < scalars.count, scalars[index] != delimiter, scalars[index] != "\n", scalars[index] != "\r" {
                    failures.append(Failure(line: recordLine, message: "text after a closing quote; a quote inside a quoted field is written twice (\"\")"))
                }
                continue
            }
            atFieldStart = false
            switch scalar {
            case delimiter:
                fields.append(String(field))
                field = String.UnicodeScalarView()
                atFieldStart = true
                index += 1
            case "\r", "\n":
                index += scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(scalar)
                index += 1
            }
        }
        if !fields.isEmpty || !field.isEmpty || !atFieldStart { endRecord() }
        return (records, failures)
    }
}
