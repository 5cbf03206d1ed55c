/// The words of a label that a spelling check should look at, found with the word-boundary rules
/// of Unicode's word segmentation (UAX #29) for letters and numbers: a word is a run of letters
/// and digits (any script: café, naïve, Zürich), joined across an apostrophe (' ’ ʼ) between
/// letters (don't, it’s), a period between letters or digits (e.g., peel.app, 3.5) and a comma
/// between digits (1,000). Two things differ from UAX #29, on purpose: a hyphen between letters
/// joins too, so "yellow-and-black" is checked whole before its parts; and a plural possessive's
/// closing apostrophe (cats’) stays with its word.
///
/// What is left out, and why:
/// - anything with a digit (3, 3rd, 1990s, 4K): numbers are not spelled;
/// - anything with a period inside (e.g., U.S., example.com): abbreviations and domain names;
/// - whitespace-separated chunks that are URLs or e-mail addresses;
/// - one-letter words (the "B" of "Plan B", the "x" of "3 x 4");
/// - all-caps words of 2–5 letters (LOL, OMG, NASA): acronyms, which no dictionary holds and
///   VoiceOver spells out on purpose;
/// - emoji, symbols and punctuation, which are never part of a word.
enum LabelWords {
    /// One word to check: as written, and its hyphen-separated parts (one part when it has no hyphen).
    struct Word: Equatable {
        let text: String
        let parts: [String]
    }

    /// The checkable words of `text`, in order.
    static func words(in text: String) -> [Word] {
        var words: [Word] = []
        // Format characters are part of the word they stand in (UAX #29, WB4): a soft hyphen, word
        // joiner or U+FEFF inside "whis\u{AD}kers" split it into two misspellings. ZWJ and ZWNJ are
        // left as they were (emoji sequences; Persian's ZWNJ).
        let scalars = Array(text.unicodeScalars.filter { $0.properties.generalCategory != .format || $0 == "\u{200C}" || $0 == "\u{200D}" })
        var start = 0
        while start < scalars.count {
            guard !scalars[start].properties.isWhitespace else { start += 1; continue }
            var end = start
            while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
            let chunk = scalars[start..<end]
            start = end
            guard !isAddress(chunk) else { continue }
            // A period inside: an abbreviation or a domain name, whole ("e.g", "peel.app").
            for token in segments(of: Array(chunk)) where !token.unicodeScalars.contains(".") {
                let parts = token.split(whereSeparator: isHyphen).filter(isCheckable).map(String.init)
                guard !parts.isEmpty else { continue }
                words.append(Word(text: token, parts: parts))
            }
        }
        return words
    }

    /// The runs of letters and digits with their joiners, per the rules above. Works on scalars, not
    /// Characters: a combining mark is a word scalar (UAX #29's Extend), so "e" + U+0301 stays one
    /// word, and scalar properties are several times cheaper than grapheme clusters' on every label.
    static func segments(of scalars: [Unicode.Scalar]) -> [String] {
        var tokens: [String] = []
        var index = 0
        while index < scalars.count {
            guard isWordScalar(scalars[index]) else { index += 1; continue }
            var end = index + 1
            while end < scalars.count {
                if isWordScalar(scalars[end]) { end += 1; continue }
                let joiner = scalars[end]
                guard end + 1 < scalars.count, isWordScalar(scalars[end + 1]) else { break }
                let joins: Bool
                if isApostrophe(joiner) || isHyphen(joiner) || joiner == "." {
                    joins = true
                } else if joiner == "," {
                    joins = isDigit(scalars[end - 1]) && isDigit(scalars[end + 1])
                } else {
                    joins = false
                }
                guard joins else { break }
                end += 2
            }
            // cats’: a plural possessive's apostrophe after a final s belongs to the word.
            if end < scalars.count, isApostrophe(scalars[end]), scalars[end - 1] == "s" || scalars[end - 1] == "S" {
                end += 1
            }
            var token = String.UnicodeScalarView()
            token.append(contentsOf: scalars[index..<end])
            tokens.append(String(token))
            index = end
        }
        return tokens
    }

    /// Whether a token or a part of one is a word to look up (see the type's list of what is left out).
    static func isCheckable<S: StringProtocol>(_ token: S) -> Bool {
        var letters = 0, upper = 0, lower = 0
        for scalar in token.unicodeScalars {
            if isDigit(scalar) || scalar == "." { return false }
            if isLetter(scalar) {
                letters += 1
                if scalar.properties.isUppercase { upper += 1 } else if scalar.properties.isLowercase { lower += 1 }
            }
        }
        if letters < 2 { return false }
        // Letters that have case and are all upper case: an acronym when short.
        if upper > 0, lower == 0, upper == letters, letters <= maximumAcronymLength { return false }
        return true
    }

    /// LOL, OMG, BRB, NASA, ASCII: longer all-caps words are checked (SHOUTED words are still words).
    static let maximumAcronymLength = 5

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetter(scalar) || ("0"..."9").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return isLetter(scalar)
        }
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetter(scalar) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("0"..."9").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BC}"
    }

    static func isHyphen(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "\u{2010}" || scalar == "\u{2011}"
    }

    static func isHyphen(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && isHyphen(character.unicodeScalars.first!)
    }

    /// A URL (scheme://…, www.…) or an e-mail address (name@host.tld): not words to spell.
    static func isAddress<S: StringProtocol>(_ chunk: S) -> Bool {
        isAddress(Array(chunk.unicodeScalars)[...])
    }

    static func isAddress(_ chunk: ArraySlice<Unicode.Scalar>) -> Bool {
        func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }
        func starts(with prefix: String) -> Bool {
            chunk.count >= prefix.unicodeScalars.count && zip(chunk, prefix.unicodeScalars).allSatisfy { lowered($0) == $1 }
        }
        if starts(with: "www.") || starts(with: "mailto:") { return true }
        let scalars = Array(chunk)
        for index in scalars.indices {
            if scalars[index] == ":", index + 2 < scalars.count, scalars[index + 1] == "/", scalars[index + 2] == "/" { return true }
            if scalars[index] == "@", index > 0, scalars[(index + 1)...].contains(".") { return true }
        }
        return false
    }

    /// The text with every apostrophe straight, as dictionaries spell them.
    static func straightened(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: { $0 != "'" && isApostrophe($0) }) else { return word }
        var straight = String.UnicodeScalarView()
        straight.append(contentsOf: word.unicodeScalars.map { isApostrophe($0) ? "'" : $0 })
        return String(straight)
    }
}
