import Testing
@testable import PeelKit

@Suite struct LabelWordsTests {
    private func texts(_ label: String) -> [String] { LabelWords.words(in: label).map(\.text) }

    @Test func numbersAndOrdinalsAreNotWords() {
        #expect(texts("3 cats in the 1990s, 3rd row, 4K and 1,000 balloons at 3.5 m") == ["cats", "in", "the", "row", "and", "balloons", "at"])
    }

    @Test func emojiAndSymbolsAreNotWords() {
        #expect(texts("Cat 🐱 + dog = ❤️!") == ["Cat", "dog"])
        #expect(texts("🐱🐱!").isEmpty)
    }

    @Test func hyphenatedWordsKeepTheirParts() {
        let words = LabelWords.words(in: "Yellow-and-black bee, well‐known")
        #expect(words.map(\.text) == ["Yellow-and-black", "bee", "well‐known"])
        #expect(words[0].parts == ["Yellow", "and", "black"])
        #expect(words[2].parts == ["well", "known"])
        // A part that is a number or a single letter is left out, the others stay.
        #expect(LabelWords.words(in: "3-legged T-rex")[0].parts == ["legged"])
        #expect(LabelWords.words(in: "3-legged T-rex")[1].parts == ["rex"])
    }

    /// A soft hyphen, word joiner or U+FEFF stands inside its word (UAX #29's WB4): "whis\u{AD}kers"
    /// was two misspellings, each with a wrong suggestion.
    @Test func formatCharactersStayInsideTheWord() {
        #expect(texts("Cat with whis\u{AD}kers, sle\u{2060}eping on a mat\u{FEFF}tress") == ["Cat", "with", "whiskers", "sleeping", "on", "mattress"])
    }

    @Test func straightAndCurlyApostrophesStayInTheWord() {
        #expect(texts("don't stop, it’s the cats’ toy and the 'cat' said") == ["don't", "stop", "it’s", "the", "cats’", "toy", "and", "the", "cat", "said"])
        #expect(LabelWords.straightened("it’s") == "it's")
    }

    @Test func lettersBeyondASCIIAreLetters() {
        #expect(texts("Café naïve Zürich façade Ελλάδα") == ["Café", "naïve", "Zürich", "façade", "Ελλάδα"])
        // Decomposed: e + U+0301 is one letter.
        #expect(texts("cafe\u{301} au lait") == ["cafe\u{301}", "au", "lait"])
    }

    @Test func shortAcronymsAndSingleLettersAreSkipped() {
        #expect(texts("LOL OMG NASA BRB Plan B x I") == ["Plan"])
        // Longer words in capitals are still checked.
        #expect(texts("WHISKERS") == ["WHISKERS"])
    }

    @Test func urlsEmailsAndAbbreviationsAreSkipped() {
        #expect(texts("see https://exmaple.com/pth or www.exmaple.org, mail me@exmaple.com e.g. peel.app") == ["see", "or", "mail"])
    }
}
