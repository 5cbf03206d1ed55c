import Foundation
import Testing
@testable import PeelKit

@Suite struct SpellingDictionaryTests {
    @Test func findsDictionaryFilesForLanguageTags() {
        #expect(SpellingDictionary.fileNames(for: "en") == ["en_US", "en_GB", "en_AU", "en_CA", "en"])
        #expect(SpellingDictionary.fileNames(for: "pt-BR") == ["pt_BR", "pt_PT", "pt"])
        #expect(SpellingDictionary.fileNames(for: "fr-CA") == ["fr_CA", "fr_FR", "fr"])
        #expect(SpellingDictionary.fileNames(for: "zh-Hant-TW") == ["zh_TW", "zh"])
        #expect(SpellingDictionary.fileNames(for: "") == [])
    }

    @Test func englishAcceptsWordsAndSuggestsForTypos() throws {
        // scripts/install-dependencies installs hunspell-en-us.
        let english = try #require(SpellingDictionary(language: "en"))
        #expect(english.name == "en_US")
        #expect(english.isCorrect("whiskers"))
        #expect(english.isCorrect("Cat"))
        #expect(!english.isCorrect("whsikers"))
        #expect(english.suggestions(for: "whsikers").contains("whiskers"))
        #expect(english.suggestions(for: "whsikers", limit: 1).count == 1)
    }

    @Test func readsUnicodeWordsInUTF8Dictionaries() throws {
        let french = try #require(SpellingDictionary(language: "fr"))
        #expect(french.isCorrect("été"))
        #expect(french.isCorrect("chat"))
        #expect(!french.isCorrect("chatt"))
    }

    @Test func aLanguageWithoutAnInstalledDictionaryGivesNil() {
        #expect(SpellingDictionary(language: "tlh") == nil)
        #expect(SpellingDictionary.shared(for: "tlh") == nil)
        #expect(SpellingDictionary.shared(for: "en") === SpellingDictionary.shared(for: "en"))
    }
}
