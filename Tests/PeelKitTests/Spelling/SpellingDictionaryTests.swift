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

    @Test func aDictionaryHeldWhileInUseIsFreedWhenNoOneHoldsIt() throws {
        let cache = SpellingDictionary.Cache(retention: .whileInUse)
        weak var loaded: SpellingDictionary?
        var loads = 0
        let load = { () -> SpellingDictionary? in loads += 1; return SpellingDictionary(language: "en") }
        do {
            let english = try #require(cache.dictionary("en", load: load))
            loaded = english
            #expect(cache.dictionary("en", load: load) === english, "shared while held")
            #expect(loads == 1)
        }
        #expect(loaded == nil, "freed once nothing holds it")
        #expect(cache.dictionary("en", load: load) != nil)
        #expect(loads == 2, "loaded again when asked again")
        #expect(cache.dictionary("tlh") { nil } == nil)
        #expect(cache.dictionary("tlh") { Issue.record("a missing dictionary is not looked for twice"); return nil } == nil)
    }

    @Test func aDictionaryKeptForTheProcessStaysLoaded() throws {
        let cache = SpellingDictionary.Cache(retention: .process)
        weak var loaded: SpellingDictionary?
        do { loaded = try #require(cache.dictionary("en") { SpellingDictionary(language: "en") }) }
        #expect(loaded != nil)
        #expect(cache.dictionary("en") { nil } === loaded)
    }
}
