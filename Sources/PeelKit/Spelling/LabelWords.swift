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
        for chunk in text.split(whereSeparator: { $0.isWhitespace }) where !isAddress(chunk) {
            // A period inside: an abbreviation or a domain name, whole ("e.g", "peel.app").
            for token in segments(of: Array(chunk)) where !token.contains(".") {
                let parts = split(token, where: isHyphen).filter(isCheckable)
                guard !parts.isEmpty else { continue }
                words.append(Word(text: token, parts: parts))
            }
        }
        return words
    }

    /// The runs of letters and digits with their joiners, per the rules above.
    static func segments(of characters: [Character]) -> [String] {
        var tokens: [String] = []
        var index = 0
        while index < characters.count {
            guard isWordCharacter(characters[index]) else { index += 1; continue }
            var end = index + 1
            while end < characters.count {
                if isWordCharacter(characters[end]) { end += 1; continue }
                let joiner = characters[end]
                guard end + 1 < characters.count, isWordCharacter(characters[end + 1]) else { break }
                let before = characters[end - 1], after = characters[end + 1]
                let joins: Bool
                if isApostrophe(joiner) || isHyphen(joiner) || joiner == "." {
                    joins = true
                } else if joiner == "," {
                    joins = before.isNumber && after.isNumber
                } else {
                    joins = false
                }
                guard joins else { break }
                end += 2
            }
            // cats’: a plural possessive's apostrophe after a final s belongs to the word.
            if end < characters.count, isApostrophe(characters[end]), characters[end - 1] == "s" || characters[end - 1] == "S" {
                end += 1
            }
            tokens.append(String(characters[index..<end]))
            index = end
        }
        return tokens
    }

    /// Whether a token or a part of one is a word to look up (see the type's list of what is left out).
    static func isCheckable<S: StringProtocol>(_ token: S) -> Bool {
        if token.contains(where: { $0.isNumber || $0 == "." }) { return false }
        let letters = token.filter(\.isLetter)
        if letters.count < 2 { return false }
        // Letters that have case and are all upper case: an acronym when short.
        let cased = letters.filter { $0.isUppercase || $0.isLowercase }
        if !cased.isEmpty, cased.count == letters.count, cased.allSatisfy(\.isUppercase), letters.count <= maximumAcronymLength {
            return false
        }
        return true
    }

    /// LOL, OMG, BRB, NASA, ASCII: longer all-caps words are checked (SHOUTED words are still words).
    static let maximumAcronymLength = 5

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    static func isApostrophe(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}" || character == "\u{02BC}"
    }

    static func isHyphen(_ character: Character) -> Bool {
        character == "-" || character == "\u{2010}" || character == "\u{2011}"
    }

    /// A URL (scheme://…, www.…) or an e-mail address (name@host.tld): not words to spell.
    static func isAddress<S: StringProtocol>(_ chunk: S) -> Bool {
        let lowered = chunk.lowercased()
        if lowered.contains("://") || lowered.hasPrefix("www.") || lowered.hasPrefix("mailto:") { return true }
        if let at = lowered.firstIndex(of: "@"), at != lowered.startIndex, lowered[lowered.index(after: at)...].contains(".") { return true }
        return false
    }

    /// The text with every apostrophe straight, as dictionaries spell them.
    static func straightened(_ word: String) -> String {
        String(word.map { isApostrophe($0) ? "'" : $0 })
    }

    private static func split(_ token: String, where isSeparator: (Character) -> Bool) -> [String] {
        token.split(whereSeparator: isSeparator).map(String.init)
    }
}
