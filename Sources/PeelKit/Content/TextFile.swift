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

    /// Whether `data` looks like UTF-16 saved without a byte-order mark: a NUL in most of the
    /// first bytes at even offsets (big-endian) or at odd ones (little-endian), which ASCII text in
    /// UTF-16 has and no text written as UTF-8 does. It decodes as UTF-8 (NUL is valid), so the
    /// sidecar was read as one long line of NULs: "add 'alt:'" to a file that holds it.
    static func isUTF16WithoutMark(_ data: Data) -> Bool {
        let head = data.prefix(4096)
        guard head.count >= 8 else { return false }
        var even = 0, odd = 0
        for (offset, byte) in head.enumerated() where byte == 0 {
            if offset % 2 == 0 { even += 1 } else { odd += 1 }
        }
        let pairs = head.count / 2
        return max(even, odd) * 10 >= pairs * 6 && min(even, odd) * 10 <= pairs
    }

    /// Whether `text` is rich text (RTF): what macOS TextEdit saves by default, even in a file
    /// named `.md`. Read as Markdown, its control words were published as the description, and the
    /// `alt:` inside it was not found.
    static func isRichText(_ text: String) -> Bool {
        text.hasPrefix("{\\rtf")
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
