import Foundation
import Testing
@testable import PeelKit

/// `label-misses-art-text`: which words a label says, and the finding when it does not.
@Suite struct ArtTextCheckTests {
    @Test func matchesIgnoringCaseDiacriticsAndPunctuation() {
        #expect(ArtTextMatcher.missingWords(["LOL"], in: "Cat laughing, lol!").isEmpty)
        #expect(ArtTextMatcher.missingWords(["CAFÉ"], in: "A cup at the cafe").isEmpty)
        #expect(ArtTextMatcher.missingWords(["Cafe"], in: "Café sign").isEmpty)
        // Arabic as it is written, with tanween, vowel marks or tatweel, says the art's bare word.
        for label in ["قطة تقول شكراً", "قطة تقول شُكْرًا", "قطة تقول شكـــرا"] {
            #expect(ArtTextMatcher.missingWords(["شكرا"], in: label).isEmpty, "\(label)")
        }
        #expect(ArtTextMatcher.missingWords(["שלום"], in: "חתול אומר שָׁלוֹם").isEmpty)
        #expect(ArtTextMatcher.missingWords(["DON'T"], in: "Cat saying dont").isEmpty)
        #expect(ArtTextMatcher.missingWords(["don’t"], in: "Cat saying don't").isEmpty)
        #expect(ArtTextMatcher.missingWords(["WELL-DONE"], in: "Well done, says the cat").isEmpty)
        #expect(ArtTextMatcher.missingWords(["GOODNIGHT"], in: "Moon saying good night").isEmpty)
    }

    @Test func allowsAFewLettersOffScaledToTheWord() {
        #expect(ArtTextMatcher.missingWords(["BIRTHDAY"], in: "Happy birthdy cake").isEmpty, "one slip in 8 letters")
        #expect(ArtTextMatcher.missingWords(["HELLO"], in: "Cat saying helo").isEmpty, "one slip in 5 letters")
        #expect(ArtTextMatcher.missingWords(["HELLO"], in: "Cat saying hi") == ["HELLO"])
        #expect(ArtTextMatcher.missingWords(["LOL"], in: "Cat with a lot of fun") == ["LOL"], "3 letters must match exactly")
        #expect(ArtTextMatcher.missingWords(["LOL"], in: "Cat with a lollipop") == ["LOL"], "a word inside another word does not count")
        #expect(ArtTextMatcher.missingWords(["HELLO"], in: "Cat saying hallway") == ["HELLO"])
        // A reading that lost a letter at the edge of the art is inside the label's word: said.
        #expect(ArtTextMatcher.missingWords(["hank"], in: "Yellow disc saying Thanks").isEmpty)
        #expect(ArtTextMatcher.missingWords(["hank"], in: "Yellow disc saying hello") == ["hank"])
        #expect(ArtTextMatcher.editDistance("kitten", "sitting") == 3)
        #expect(ArtTextMatcher.tolerance(for: 3) == 0 && ArtTextMatcher.tolerance(for: 5) == 1 && ArtTextMatcher.tolerance(for: 9) == 2)
    }

    /// "hope" said NOPE, "miss" said KISS (a letter off, but each a word of its own), "unhappy"
    /// said HAPPY and "chocolate" said LATE (inside a longer word).
    @Test func anotherWordOrItsOppositeDoesNotSayTheArtsWord() throws {
        let english = try #require(SpellingDictionary.shared(for: "en"))
        let isWord = { (word: String) in english.isCorrect(word) }
        #expect(ArtTextMatcher.missingWords(["NOPE"], in: "Grey cloud full of hope", isWord: isWord) == ["NOPE"])
        #expect(ArtTextMatcher.missingWords(["KISS"], in: "Blob saying miss you", isWord: isWord) == ["KISS"])
        #expect(ArtTextMatcher.missingWords(["HAPPY"], in: "Unhappy yellow face", isWord: isWord) == ["HAPPY"])
        #expect(ArtTextMatcher.missingWords(["LATE"], in: "A chocolate bar", isWord: isWord) == ["LATE"])
        // Typos and a reader's lost edge letters still count.
        #expect(ArtTextMatcher.missingWords(["BIRTHDAY"], in: "Happy birthdy cake", isWord: isWord).isEmpty)
        #expect(ArtTextMatcher.missingWords(["hank"], in: "Yellow disc saying Thanks", isWord: isWord).isEmpty)
        #expect(ArtTextMatcher.missingWords(["NOPE"], in: "Cloud saying nope", isWord: isWord).isEmpty)
    }

    @Test func namesEachMissingWordOnceInTheArtsOrder() {
        #expect(ArtTextMatcher.missingWords(["OMG", "LOL", "omg", "cat"], in: "A cat") == ["OMG", "LOL"])
        #expect(ArtTextMatcher.missingWords(["Good", "morning"], in: "Sun saying good morning").isEmpty)
    }

    /// A one-sticker catalog read from disk, for the check's subject.
    func subject(alt: String) throws -> (LabelSubject, TemporaryFolder) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/s.png")
        try folder.write("---\ntitle: S\nalt: \(alt)\n---\n", to: "p/s.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let pack = catalog.packs[0]
        return (CheckSubject(sticker: pack.stickers[0], pack: pack, info: nil).defaultLabel(site: catalog.site), folder)
    }

    static let lol = ArtTextReading(words: [.init(text: "LOL", confidence: 93)], raw: "LOL")

    @Test func warnsNamingTheWordsTheLabelMisses() throws {
        let (subject, _) = try subject(alt: "Laughing cat")
        let findings = ArtTextCheck.findings(reading: Self.lol, label: subject)
        #expect(findings.map(\.formatted) == [
            "p/s.md:3: warning[label-misses-art-text]: the art says “LOL” but the label does not: VoiceOver users miss it, so add it to the label",
        ])
        #expect(findings.first?.sticker == "p/s.png")
        let two = ArtTextReading(words: [.init(text: "OMG", confidence: 90), .init(text: "LOL", confidence: 91), .init(text: "WOW", confidence: 92)], raw: "")
        #expect(ArtTextCheck.findings(reading: two, label: subject.saying("Laughing cat")).first?.message
            == "the art says “OMG”, “LOL” and “WOW” but the label does not: VoiceOver users miss them, so add them to the label")
    }

    @Test func noFindingWhenTheLabelSaysItOrTheArtHasNoText() throws {
        let (subject, _) = try subject(alt: "Cat laughing out loud, LOL")
        #expect(ArtTextCheck.findings(reading: Self.lol, label: subject).isEmpty)
        #expect(ArtTextCheck.findings(reading: .empty, label: subject.saying("Laughing cat")).isEmpty)
        let noise = ArtTextReading(words: [], raw: "ll oO ~")
        #expect(ArtTextCheck.findings(reading: noise, label: subject.saying("Laughing cat")).isEmpty)
        #expect(ArtTextCheck.findings(reading: Self.lol, label: subject.saying(nil)).isEmpty, "missing-label covers it")
    }

    @Test func theCodeIsDocumented() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("<a id=\"rule-label-misses-art-text\"></a>`label-misses-art-text` | warning"))
        #expect(RuleHelp.text(for: .labelMissesArtText).contains("Fix: "))
    }

    @Test func keepsOnlyWordsThatLookLikeText() {
        #expect(ArtTextWordFilter.cleaned("“LOL!”") == "LOL")
        #expect(ArtTextWordFilter.cleaned("don’t") == "don't")
        #expect(ArtTextWordFilter.cleaned("a") == nil)
        #expect(ArtTextWordFilter.cleaned("|l") == nil)
        #expect(ArtTextWordFilter.cleaned("g00d") == nil)
        #expect(ArtTextWordFilter.isAllCapsToken("BRB"))
        #expect(!ArtTextWordFilter.isAllCapsToken("HELLOS"))
        #expect(!ArtTextWordFilter.isAllCapsToken("Lol"))
        #expect(!ArtTextWordFilter.isAllCapsToken("O"))
        #expect(!ArtTextWordFilter.isAllCapsToken("OO"), "a face's two eyes")
        #expect(!ArtTextWordFilter.isAllCapsToken("OOO"))
        #expect(ArtTextWordFilter.isAllCapsToken("OOH") && ArtTextWordFilter.isAllCapsToken("NO"))
    }
}

extension LabelSubject {
    /// The same label subject with other text.
    func saying(_ text: String?) -> LabelSubject {
        LabelSubject(sticker: sticker, pack: pack, text: text, title: title, file: file, line: line, language: language, translation: translation)
    }
}
