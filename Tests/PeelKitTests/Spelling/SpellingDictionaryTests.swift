import Foundation
import Testing
@testable import PeelKit

@Suite struct SpellingDictionaryTests {
    @Test func findsDictionaryFilesForLanguageTags() {
        #expect(SpellingDictionary.fileNames(for: "en") == ["en_US", "en_GB", "en_AU", "en_CA", "en"])
        // A region holds to its own spelling: pt_PT told a Brazilian "fato" should be "facto".
        #expect(SpellingDictionary.fileNames(for: "pt-BR") == ["pt_BR", "pt"])
        #expect(SpellingDictionary.fileNames(for: "fr-CA") == ["fr_CA", "fr"])
        #expect(SpellingDictionary.fileNames(for: "zh-Hant-TW") == ["zh_TW", "zh"])
        #expect(SpellingDictionary.fileNames(for: "") == [])
    }

    /// Hunspell limits its suggestion search by clock(), the process's CPU time: with images
    /// decoded on other threads the same typo got fewer suggestions, and the site changed from
    /// run to run. Peel's clock() counts calls on the calling thread (`CSpellingClock`), so the
    /// limit is one of work; the same word gets the same suggestions however busy the process is.
    @Test func suggestionsDoNotDependOnWhatElseTheProcessDoes() async throws {
        let first = clock(), second = clock()
        #expect(second - first == 250, "Peel's clock(), not the C library's, is the one linked")
        let french = try #require(SpellingDictionary(language: "fr"), "scripts/install-dependencies installs hunspell-fr")
        let english = try #require(SpellingDictionary(language: "en"))
        let words = ["tornado", "Snowflake", "Crescent", "moonlight", "whsikers"]
        let quiet = words.map { french.suggestions(for: $0, limit: 10) } + words.map { english.suggestions(for: $0, limit: 10) }
        // Again, from fresh dictionaries (no kept answers), while every core spins.
        let busy = StopFlag()
        let spinners = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Thread { var x = 0.0; while !busy.isSet { x += sin(x) } }
        }
        spinners.forEach { $0.start() }
        defer { busy.set() }
        let frenchAgain = try #require(SpellingDictionary(language: "fr")), englishAgain = try #require(SpellingDictionary(language: "en"))
        let loaded = words.map { frenchAgain.suggestions(for: $0, limit: 10) } + words.map { englishAgain.suggestions(for: $0, limit: 10) }
        #expect(loaded == quiet)
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

/// Debian's hunspell-hr installs `hr_HR` only; a bare `hr` looked for `hr` and kept saying the
/// dictionary was missing after the package the finding named was installed.
@Suite struct RegionalDictionaryFallbackTests {
    @Test func aBareTagFindsItsOnlyRegionalDictionary() throws {
        let folder = try TemporaryFolder()
        for name in ["hr_HR.aff", "hr_HR.dic", "sk_SK.aff", "nn_NO.aff", "nn_NO.dic", "hrx_HR.aff", "hrx_HR.dic", "hr.txt"] {
            try folder.write("x", to: "a/\(name)")
        }
        try folder.write("x", to: "b/sk_SK.aff")
        try folder.write("x", to: "b/sk_SK.dic")
        let folders = [folder.url.appendingPathComponent("a").path, folder.url.appendingPathComponent("b").path]
        #expect(SpellingDictionary.regionalName(of: "hr", in: folders) == "hr_HR")
        #expect(SpellingDictionary.regionalName(of: "hr-BA", in: folders) == nil, "a region holds to its own spelling")
        #expect(SpellingDictionary.regionalName(of: "sk", in: folders) == "sk_SK", "a folder with both files, not the .aff alone")
        #expect(SpellingDictionary.regionalName(of: "nn", in: folders) == "nn_NO")
        #expect(SpellingDictionary.regionalName(of: "h", in: folders) == nil && SpellingDictionary.regionalName(of: "ga", in: folders) == nil)
    }

    /// `peel check --format json` of a catalog in English and `language`, whose translation of
    /// "Crescent moon" is misspelt ("moonn"), with only en_US installed as `dictionary` in $DICPATH.
    func checkWithEnglishInstalled(as dictionary: String, language: String) throws -> String {
        let folder = try TemporaryFolder()
        let english = try #require(SpellingDictionary.files(named: "en_US"), "scripts/install-dependencies installs hunspell-en-us")
        try folder.copy(URL(fileURLWithPath: english.aff), to: "dicts/\(dictionary).aff")
        try folder.copy(URL(fileURLWithPath: english.dic), to: "dicts/\(dictionary).dic")
        try folder.write("---\ntitle: Mine\nlanguages: [en, \(language)]\n---\n", to: "c/site.md")
        try folder.write("---\ntitle: Sky\n---\n", to: "c/sky/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "c/sky/moon.png")
        try folder.write("---\nalt: Crescent moon\n---\n", to: "c/sky/moon.md")
        try folder.write("---\nalt: Crescent moonn\n---\n", to: "c/sky/moon.\(language).md")
        return try CLITests().run(["check", "c", "--no-art-checks", "--format", "json"], in: folder.url,
                                  environment: ["DICPATH": folder.url.appendingPathComponent("dicts").path]).stdout
    }

    /// End to end, as Hunspell's own $DICPATH finds it: the installed `hr_HR` checks Croatian labels.
    @Test func checkUsesTheRegionalDictionaryOfABareTag() throws {
        let stdout = try checkWithEnglishInstalled(as: "hr_HR", language: "hr")
        #expect(!stdout.contains("spelling-dictionary-missing"), "\(stdout)")
        #expect(stdout.contains("label-spelling"), "the English words copied as hr_HR flag 'moonn': \(stdout)")
    }

    /// A tag with a region is checked in that region's spelling or not at all: with only `pt_PT`
    /// installed, Brazilian labels were told "fato" should be "facto", and no finding said
    /// hunspell-pt-br was missing.
    @Test func aRegionalTagIsNotCheckedWithAnotherRegionsDictionary() throws {
        let stdout = try checkWithEnglishInstalled(as: "pt_PT", language: "pt-BR")
        #expect(stdout.contains("spelling-dictionary-missing") && stdout.contains("hunspell-pt-br"), "\(stdout)")
        #expect(!stdout.contains("label-spelling"), "pt_PT must not check pt-BR: \(stdout)")
    }
}

/// Set once, read from other threads: stops the test's spinning threads.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    var isSet: Bool { lock.withLock { stopped } }
    func set() { lock.withLock { stopped = true } }
}
