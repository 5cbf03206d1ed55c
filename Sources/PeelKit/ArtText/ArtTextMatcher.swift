import Foundation

/// Whether a label says the words drawn in the art. Loose on purpose, since the finding is about
/// a word a VoiceOver user never hears, not about spelling: case, diacritics, apostrophes and
/// hyphens are ignored ("CAFE" is said by "Café", "DONT" by "don't"), a few letters may differ
/// ("Happy Birthdy" says "BIRTHDAY"), and a word may be spelt apart ("GOODNIGHT" in "good night").
enum ArtTextMatcher {
    /// The art's words the label does not say, each once, in the art's order. `isWord` says
    /// whether a (normalised) word is in the language's dictionary: a label word a letter away
    /// from the art's is a typo only when it is no word itself ("hope" does not say NOPE).
    static func missingWords(_ words: [String], in label: String, isWord: (String) -> Bool = { _ in false }) -> [String] {
        let tokens = tokens(of: label)
        var missing: [String] = [], seen = Set<String>()
        for word in words {
            let key = normalized(word)
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            if !says(tokens, key, isWord: isWord) { missing.append(word) }
        }
        return missing
    }

    /// Prefixes that turn a word into its opposite: "unhappy" does not say HAPPY.
    static let negatingPrefixes = ["un", "in", "im", "il", "ir"]

    /// True when the label's tokens hold the (normalised) word, alone or as up to three tokens run
    /// together; or, for a word of four letters or more, inside a token at most two letters longer
    /// (the text reader often loses a letter or two at the art's edge or under an outline: "hank"
    /// read from THANKS), unless those letters make its opposite ("unhappy"). A token a few letters
    /// off counts only when it is no dictionary word of its own (a typo, "Birthdy"; not "hope" for NOPE).
    static func says(_ tokens: [String], _ word: String, isWord: (String) -> Bool = { _ in false }) -> Bool {
        if word.count >= 4, tokens.contains(where: { token in
            guard token.count > word.count, token.count <= word.count + 2, let range = token.range(of: word) else { return false }
            let before = String(token[..<range.lowerBound])
            return !negatingPrefixes.contains(before)
        }) { return true }
        let allowed = tolerance(for: word.count)
        let wordIsWord = isWord(word)
        for start in tokens.indices {
            var joined = ""
            for (index, token) in tokens[start..<min(start + 3, tokens.count)].enumerated() {
                joined += token
                if joined == word { return true }
                if abs(joined.count - word.count) <= allowed, editDistance(joined, word) <= allowed,
                   !(index == 0 && wordIsWord && isWord(joined)) { return true }
                if joined.count > word.count + allowed { break }
            }
        }
        return false
    }

    /// How many letters may differ: none in words of up to 3 letters (LOL is not LOT), one up to 7,
    /// two from 8 on; this is about the slips a person makes typing a label.
    static func tolerance(for length: Int) -> Int {
        switch length {
        case ...3: 0
        case ...7: 1
        default: 2
        }
    }

    /// The label's words, normalised, split at anything but letters and digits.
    static func tokens(of text: String) -> [String] {
        normalized(text, keepingSpaces: true).split(separator: " ").map(String.init)
    }

    /// Lower case, without diacritics (Arabic's and Hebrew's optional marks too), apostrophes or
    /// hyphens ("Don’t" → "dont", "Café" → "cafe", "شكراً" → "شكرا");
    /// with `keepingSpaces`, every other non-letter becomes a space.
    static func normalized(_ text: String, keepingSpaces: Bool = false) -> String {
        // Arabic's vowel marks and tatweel, Hebrew's points: folding leaves them on Linux, so
        // "شكراً" (with its tanween, as it is written) did not say the art's "شكرا".
        let folded = OptionalMarks.removed(from: text).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var out = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                out.append(character)
            } else if "'’‘`´-‐‑".contains(character) {
                continue
            } else if keepingSpaces {
                out.append(" ")
            }
        }
        return out
    }

    /// Levenshtein distance between two short strings, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
