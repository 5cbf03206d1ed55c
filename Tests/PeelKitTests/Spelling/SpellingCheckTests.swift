import Foundation
import Testing
@testable import PeelKit

@Suite struct SpellingCheckTests {
    private func english() throws -> SpellingDictionary { try #require(SpellingDictionary.shared(for: "en")) }

    private func unknown(_ label: String, words: [String] = []) throws -> [String] {
        SpellingCheck.unknownWords(in: label, dictionaries: [try english()], words: CatalogWords(words))
    }

    /// A catalog of one pack whose stickers have these labels (images are never read here).
    private func catalog(_ labels: [String], siteFrontMatter: String = "", packFrontMatter: String = "") throws -> (Catalog, [Finding]) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Site\n\(siteFrontMatter)---\n", to: "content/site.md")
        try folder.write("---\ntitle: Pets\n\(packFrontMatter)---\n", to: "content/pets/pack.md")
        for (index, label) in labels.enumerated() {
            try folder.write(Data([0x89]), to: "content/pets/s\(index).png")
            try folder.write("---\ntitle: Sticker \(index)\nalt: \"\(label)\"\n---\n", to: "content/pets/s\(index).md")
        }
        return try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
    }

    @Test func ordinaryEnglishLabelsAreClean() throws {
        for label in ["Orange cat face with whiskers", "Yellow-and-black honeybee in flight", "Six-pointed snowflake drawn in black lines",
                      "Yellow face laughing so hard that tears fly from its eyes", "Dog's wagging tail", "The cats’ shared bowl",
                      "Don't panic, it’s only a well-known ghost", "LOL written over a laughing cat", "Rainbow arc in red, orange and purple"] {
            #expect(try unknown(label).isEmpty, "\(label)")
        }
    }

    /// Decomposed accents (macOS input, some copies) are the same word as precomposed ones, in
    /// either order: the answer given to the first form seen was given to both.
    @Test func decomposedAccentsAreTheSameWord() throws {
        // en_GB spells café with its accent (en_US has no accented word).
        let british = SpellingDictionary.sharedVariants(for: "en")
        try #require(british.contains { $0.name == "en_GB" }, "Debian's hunspell-en-gb")
        let decomposed = "A cafe\u{301} sign", precomposed = "A café sign"
        #expect(SpellingCheck.unknownWords(in: decomposed, dictionaries: british, words: CatalogWords([])).isEmpty)
        for order in [[decomposed, precomposed], [precomposed, decomposed]] {
            var memo: [String: Bool] = [:]
            let answers = order.map { SpellingCheck.unknownWords(in: $0, dictionaries: british, words: CatalogWords([]), memo: &memo) }
            #expect(answers.allSatisfy { !$0.contains { $0.hasPrefix("caf") } }, "\(order): \(answers)")
        }
    }

    /// A decomposed typo is offered the precomposed word's suggestions: Hunspell was asked with
    /// the NFD bytes, and "brûlée" got "brutalize".
    @Test func aDecomposedTypoGetsTheSuggestionsOfItsPrecomposedForm() throws {
        let (catalog, _) = try catalog(["A cafe\u{301}e sign"], siteFrontMatter: "language: en-GB\n")
        let message = SpellingCheck().findings(for: catalog).first { $0.code == .labelSpelling }?.message ?? ""
        #expect(message.contains("did you mean “café”"), "\(message)")
    }

    /// A brand in Latin letters inside an Arabic label is no misspelt Arabic word; a label all in
    /// Latin letters is still said to be in another language.
    @Test func latinNamesInsideANonLatinLabelAreNotTypos() throws {
        try #require(SpellingDictionary(language: "ar") != nil, "scripts/install-dependencies installs hunspell-ar for the sample's Arabic")
        let (catalog, _) = try catalog(["ساعة يد Casio", "Brown leather watch strap"], siteFrontMatter: "language: ar\n")
        let findings = SpellingCheck().findings(for: catalog).filter { $0.code == .labelSpelling }
        #expect(!findings.contains { $0.file == "pets/s0.md" }, "\(findings.map(\.message))")
        #expect(findings.contains { $0.file == "pets/s1.md" && $0.message.contains("are not Arabic words") }, "\(findings.map(\.message))")
        #expect(SpellingCheck.isLatinWord("Casio") && SpellingCheck.isLatinWord("Crème") && !SpellingCheck.isLatinWord("ساعة") && !SpellingCheck.isLatinWord("2024"))
    }

    @Test func aNameInsideACompoundMayBeLowerCase() throws {
        let trex = try unknown("T-rex that's roaring")
        #expect(trex.isEmpty, "\(trex)")
        #expect(try unknown("rex roaring") == ["rex"], "only inside a compound")
        #expect(try unknown("T-rexx roaring") == ["rexx"])
    }

    @Test func typosAreNamedOncePerLabel() throws {
        #expect(try unknown("Orange cat with whsikers and more whsikers") == ["whsikers"])
        #expect(try unknown("Yellow-and-blck bee") == ["blck"])
        #expect(try unknown("WHISKRES everywhere") == ["WHISKRES"])
    }

    @Test func findingNamesTheWordHunspellsSuggestionsAndTheAltLine() throws {
        let (catalog, _) = try catalog(["Orange cat face with whsikers"])
        let findings = SpellingCheck().findings(for: catalog)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.code == .labelSpelling && finding.severity == .warning)
        #expect(finding.file == "pets/s0.md" && finding.line == 3 && finding.sticker == "pets/s0.png")
        #expect(finding.message.hasPrefix("“whsikers” may be misspelled (did you mean “whiskers”"), "\(finding.message)")
        #expect(finding.message.hasSuffix("add it to words: in pets/pack.md"))
        let suggested = try english().suggestions(for: "whsikers", limit: 3)
        #expect(finding.message.contains(suggested.map { "“\($0)”" }.last!))
    }

    /// A label in another language: one finding that says so, not one per word each advising words:.
    @Test func aLabelInAnotherLanguageIsOneFinding() throws {
        let (catalog, _) = try catalog(["Un soleil jaune souriant avec des lunettes", "Orange cat with whsikers and a hatt"])
        let findings = SpellingCheck().findings(for: catalog)
        #expect(findings.map(\.file) == ["pets/s0.md", "pets/s1.md", "pets/s1.md"], "\(findings.map(\.message))")
        #expect(findings[0].message.hasPrefix("6 of the label's 7 words are not English words (“Un”, “soleil”, “jaune”, …); is the label in another language?"))
        #expect(findings[1].message.hasPrefix("“whsikers” may be misspelled"), "two typos in an English label are still named one by one")
    }

    /// Japanese in an English sidecar was one "misspelled word", with advice to add the sentence to
    /// words: (which would silence it for good).
    @Test func aLabelInAScriptWithoutSpacesIsInAnotherLanguage() throws {
        let (catalog, _) = try catalog(["笑っている黄色い顔と大きな目", "Yellow face saying 你好"])
        let findings = SpellingCheck().findings(for: catalog)
        #expect(findings.map(\.file) == ["pets/s0.md", "pets/s1.md"], "\(findings.map(\.message))")
        #expect(findings[0].message.hasPrefix("the label is written in a script without spaces between words (“笑っている黄色い顔と大きな目”), not in English; is the label in another language?"))
        #expect(findings.allSatisfy { !$0.message.contains("words:") })
    }

    @Test func catalogAndPackWordsAreAccepted() throws {
        // "Bubbles" is a word already; "Fluffkin" is not.
        let labels = ["Fluffkin the cat", "FLUFFKIN shouting", "Fluffkin’s bowl", "Bubbles in a bath", "Zorp waving", "Two zorps dancing", "Grumplet frowning"]
        let (plain, _) = try catalog(labels)
        #expect(Set(SpellingCheck().findings(for: plain).map(\.message).map { $0.components(separatedBy: "”")[0] })
                    == ["“Fluffkin", "“FLUFFKIN", "“Fluffkin’s", "“Zorp", "“zorps", "“Grumplet"])
        let (withWords, loadFindings) = try catalog(labels, siteFrontMatter: "words: [Fluffkin, zorp]\n", packFrontMatter: "words: Grumplet\n")
        #expect(!loadFindings.contains { $0.code == .unknownKey }, "words: is a known key")
        #expect(SpellingCheck().findings(for: withWords).isEmpty)
    }

    @Test func wordCaseFollowsHunspellsRule() {
        let words = CatalogWords(["Bubbles", "zorp", "iPhone"])
        #expect(words.contains("Bubbles") && words.contains("BUBBLES") && words.contains("Bubbles's") && !words.contains("bubbly"))
        #expect(words.contains("zorp") && words.contains("Zorp") && words.contains("ZORP") && words.contains("zorps") && words.contains("zorp’s"))
        #expect(words.contains("iPhone") && words.contains("iPhones") && !words.contains("iphone"))
        #expect(!CatalogWords(["Bubbles"]).contains("bubbles"))
    }

    @Test func packWordsStayInTheirPack() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\nwords: [Zorp]\n---\n", to: "content/a/pack.md")
        try folder.write("---\ntitle: B\n---\n", to: "content/b/pack.md")
        for pack in ["a", "b"] {
            try folder.write(Data([0x89]), to: "content/\(pack)/z.png")
            try folder.write("---\nalt: Zorp waving\n---\n", to: "content/\(pack)/z.md")
        }
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        #expect(SpellingCheck().findings(for: catalog).map(\.file) == ["b/z.md"])
    }

    @Test func otherLanguagesUseTheirDictionary() throws {
        let (french, _) = try catalog(["Chat orange avec des moustaches, très mignon", "Chat avec des mustaches"], siteFrontMatter: "language: fr\n")
        let findings = SpellingCheck().findings(for: french)
        #expect(findings.map(\.file) == ["pets/s1.md"])
        #expect(findings.first?.message.hasPrefix("“mustaches”") == true)
        // A pack's language wins over the site's.
        let (mixed, _) = try catalog(["Chat orange avec des moustaches"], packFrontMatter: "language: fr\n")
        #expect(SpellingCheck().findings(for: mixed).isEmpty)
    }

    /// A check of one pack or one file keeps what says a check could not run at all (site.md's
    /// missing dictionary): it was left out as another file's, and the scoped check said "0 warnings".
    @Test func aScopedCheckKeepsWhatCouldNotBeChecked() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Klingon\nlanguage: tlh\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Words\nsize: small\n---\n", to: "content/words/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/words/hello.png")
        try folder.write("---\nalt: nuqneH\n---\n", to: "content/words/hello.md")
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        #expect(review.findings.contains { $0.code == .spellingDictionaryMissing && $0.file == "site.md" })
        for scope in [CatalogTarget.Scope.pack("words"), .file("words/hello.png")] {
            #expect(review.scoped(to: scope).findings.contains { $0.code == .spellingDictionaryMissing }, "\(scope)")
        }
        // A pack in another language: its own pack.md's warning is kept for a file of it, and is
        // no finding of another pack's check.
        try folder.write("---\ntitle: English\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Wörter\nsize: small\nlanguage: tlh\n---\n", to: "content/more/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/more/hi.png")
        try folder.write("---\nalt: nuqneH tlhIngan\n---\n", to: "content/more/hi.md")
        try folder.write("---\nalt: A happy cat\n---\n", to: "content/words/hello.md")
        let mixed = try await Review.make(content: folder.url.appendingPathComponent("content"))
        let onPack = mixed.findings.filter { $0.code == .spellingDictionaryMissing && $0.file == "more/pack.md" }
        #expect(onPack.count == 1, "\(mixed.findings.filter { $0.code == .spellingDictionaryMissing })")
        #expect(mixed.scoped(to: .file("more/hi.png")).findings.contains { $0.code == .spellingDictionaryMissing && $0.file == "more/pack.md" })
        #expect(!mixed.scoped(to: .file("words/hello.png")).findings.contains { $0.code == .spellingDictionaryMissing },
                "the English pack's check is not about Klingon: \(mixed.scoped(to: .file("words/hello.png")).findings)")
    }

    /// A word misspelt in a translation names the label it is in: the review shows the finding on
    /// the sticker's row, beside its English label. A missing dictionary names its language in JSON.
    @Test func aTranslationsMisspeltWordNamesItsLabel() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Faces\nlanguages: [en, fr, tlh]\n---\n", to: "site.md")
        try folder.write("---\ntitle: Faces\n---\n", to: "faces/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "faces/smile.png")
        try folder.write("---\nalt: Yellow smiling face\n---\n", to: "faces/smile.md")
        try folder.write("---\nalt: Visaje jaune souriant\n---\n", to: "faces/smile.fr.md")
        try folder.write("---\nalt: nuqneH\n---\n", to: "faces/smile.tlh.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let findings = SpellingCheck().findings(for: catalog)
        let french = try #require(findings.first { $0.file == "faces/smile.fr.md" })
        #expect(french.message.hasPrefix("in the French label, “Visaje” may be misspelled"), "\(french.message)")
        #expect(findings.first { $0.code == .spellingDictionaryMissing }?.language == "tlh")
    }

    @Test func aMissingDictionaryIsOneWarningNamingItsPackage() throws {
        let (klingon, _) = try catalog(["tlhIngan Hol", "Qapla' batlh", "nuqneH"], siteFrontMatter: "language: tlh\n")
        let findings = SpellingCheck().findings(for: klingon)
        #expect(findings.count == 1)
        #expect(findings.first?.code == .spellingDictionaryMissing && findings.first?.file == "site.md")
        // Debian has no Klingon dictionary: no package is named (hunspell-tlh was).
        #expect(findings.first?.message.hasSuffix("no Hunspell dictionary for it is installed; Debian has no package for it: put its .aff and .dic files in a folder named by DICPATH") == true,
                "\(findings)")
        #expect(SpellingDictionary.debianPackage(for: "tlh") == nil && SpellingDictionary.debianPackage(for: "uk-UA") == "hunspell-uk")
        #expect(SpellingDictionary.debianPackage(for: "no") == "hunspell-no" && SpellingDictionary.debianPackage(for: "et") == "hunspell-et")
        #expect(SpellingDictionary.debianPackage(for: "pt-BR") == "hunspell-pt-br" && SpellingDictionary.debianPackage(for: "fr-CA") == "hunspell-fr")
        // Only when a label needs it: no labels, no lookup and no warning.
        var asked: [String] = []
        let (unlabelled, _) = try catalog([], siteFrontMatter: "language: tlh\n")
        #expect(SpellingCheck(dictionaries: { asked.append($0); return [] }).findings(for: unlabelled).isEmpty)
        #expect(asked.isEmpty)
    }

    /// Each language's dictionaries are let go before the next language's are loaded (English,
    /// French and Arabic together are 44 MB of Hunspell), and the findings still come in the order
    /// of the catalog's labels, not language by language.
    @Test func oneLanguageAtATimeAndFindingsInLabelOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Site\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Pets\n---\n", to: "content/pets/pack.md")
        let labels = [("A sleepy cat", "Un chat endormmi"), ("A sleepy dgo", "Un chien endormi")]
        for (index, (english, french)) in labels.enumerated() {
            try folder.write(Data([0x89]), to: "content/pets/s\(index).png")
            try folder.write("---\nalt: \(english)\n---\n", to: "content/pets/s\(index).md")
            try folder.write("---\nalt: \(french)\n---\n", to: "content/pets/s\(index).fr.md")
        }
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        final class Loaded { var dictionaries: [(language: String, dictionary: () -> SpellingDictionary?)] = [] }
        let loaded = Loaded()
        let check = SpellingCheck { language in
            for earlier in loaded.dictionaries {
                #expect(earlier.dictionary() == nil, "\(earlier.language) is still loaded when \(language) is asked for")
            }
            guard let dictionary = SpellingDictionary(language: language) else { return [] }
            loaded.dictionaries.append((language, { [weak dictionary] in dictionary }))
            return [dictionary]
        }
        let findings = check.findings(for: catalog)
        #expect(loaded.dictionaries.map(\.language) == ["en", "fr"])
        #expect(findings.map(\.file) == ["pets/s0.fr.md", "pets/s1.md"])
        #expect(findings.map { $0.message.prefix(32) } == ["in the French label, “endormmi” ", "“dgo” may be misspelled (did you"])
    }

    /// "en" does not say whose spelling: British and American are both right; "en-US" is American only.
    @Test func aBareLanguageTagAcceptsEveryInstalledRegion() throws {
        let labels = ["A single grey cloud", "Rainbow in every colour", "Rainbow in every color"]
        let (bare, _) = try catalog(labels)
        #expect(SpellingCheck().findings(for: bare).isEmpty)
        let (american, _) = try catalog(labels, siteFrontMatter: "language: en-US\n")
        #expect(SpellingCheck().findings(for: american).map(\.file) == ["pets/s0.md", "pets/s1.md"])
        let (british, _) = try catalog(labels, siteFrontMatter: "language: en-GB\n")
        #expect(SpellingCheck().findings(for: british).map(\.file) == ["pets/s2.md"])
        // One catalog, two packs: the bare tag's answers are not reused for the regional one.
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\n---\n", to: "content/a/pack.md")
        try folder.write("---\ntitle: B\nlanguage: en-US\n---\n", to: "content/b/pack.md")
        for pack in ["a", "b"] {
            try folder.write(Data([0x89]), to: "content/\(pack)/cloud.png")
            try folder.write("---\nalt: A single grey cloud\n---\n", to: "content/\(pack)/cloud.md")
        }
        let (mixed, _) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        #expect(SpellingCheck().findings(for: mixed).map(\.file) == ["b/cloud.md"])
    }

    @Test func debianPackagesFollowDebiansNames() {
        #expect(SpellingDictionary.debianPackage(for: "en") == "hunspell-en-us")
        #expect(SpellingDictionary.debianPackage(for: "en-GB") == "hunspell-en-gb")
        #expect(SpellingDictionary.debianPackage(for: "de") == "hunspell-de-de")
        #expect(SpellingDictionary.debianPackage(for: "pt-BR") == "hunspell-pt-br")
        #expect(SpellingDictionary.debianPackage(for: "fr-CA") == "hunspell-fr")
        #expect(SpellingDictionary.debianPackage(for: "nb") == "hunspell-no")
    }

    /// A typo in a parts pack's layer is reported once, on the layer's own `alt:` line (it was on
    /// pack.md's `label:` template line, which does not hold the word); the template's own typo
    /// stays on the template's line.
    @Test func aPartLabelsTypoIsReportedInThePartsFile() throws {
        let folder = try TemporaryFolder()
        try folder.copy(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../content/sundaes").standardizedFileURL,
                        to: "content/sundaes")
        try folder.write("---\ntitle: Site\n---\n", to: "content/site.md")
        try folder.write("---\nalt: a waffle cone with whsikers\nemoji: [🍦]\n---\n", to: "content/sundaes/base/cone.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        let findings = SpellingCheck().findings(for: catalog).filter { $0.code == .labelSpelling && $0.language == nil }
        #expect(findings.map(\.file) == ["sundaes/base/cone.md"], "\(findings.map(\.formatted))")
        #expect(findings.first?.line == 2 && findings.first?.message.contains("whsikers") == true)
    }
}
