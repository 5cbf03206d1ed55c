import Foundation

/// Reads a Markdown file as people write them: UTF-8 with or without byte-order marks, LF or
/// CRLF line endings. Invalid UTF-8 is reported (nil), never guessed at.
enum TextFile {
    static func decode(_ data: Data) -> String? {
        guard var text = String(validating: data, as: UTF8.self) else { return nil }
        // Every leading byte-order mark: a tool that adds one to a file that had one leaves two,
        // invisible in an editor, and the front matter after them was read as text.
        while text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        if text.unicodeScalars.contains("\r") {
            // "\r\n" is one Character in Swift, so normalise on the scalar level.
            var scalars = String.UnicodeScalarView()
            var previousWasCR = false
            for scalar in text.unicodeScalars {
                if scalar == "\r" {
                    scalars.append("\n")
                    previousWasCR = true
                    continue
                }
                if scalar == "\n" && previousWasCR { previousWasCR = false; continue }
                previousWasCR = false
                scalars.append(scalar)
            }
            text = String(scalars)
        }
        return text
    }

    /// Whether `data` starts with a UTF-16 byte-order mark (`FF FE` or `FE FF`), which no UTF-8
    /// text can: Windows Notepad's "Unicode".
    static func isUTF16(_ data: Data) -> Bool {
        data.count >= 2 && ((data[data.startIndex] == 0xFF && data[data.startIndex + 1] == 0xFE)
                            || (data[data.startIndex] == 0xFE && data[data.startIndex + 1] == 0xFF))
    }

    /// The line of the first byte sequence that is not UTF-8, for the finding.
    static func firstInvalidLine(_ data: Data) -> Int {
        var line = 1
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            if String(validating: data[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}
