import Foundation
import Testing
@testable import PeelKit

/// The text reader inside the art checks: `peel check` and an `art_checks` build report words the
/// art says and the label does not, show what was read, cache it, and say when a language cannot be read.
@Suite struct ArtTextPipelineTests {
    static func catalog(in folder: TemporaryFolder, language: String = "en", lolLabel: String = "Laughing cat",
                        artChecks: Bool = false) throws -> URL {
        try folder.write("---\ntitle: Words\nlanguage: \(language)\(artChecks ? "\nart_checks: true" : "")\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Talk\nsize: regular\n---\n", to: "content/talk/pack.md")
        let lol = TextStickers.sticker(side: 408, lines: [("LOL", 130)], style: .darkOnTransparent)
        try folder.write(try PNGCodec.encode(lol), to: "content/talk/lol.png")
        try folder.write("---\nalt: \(lolLabel)\n---\n", to: "content/talk/lol.md")
        try folder.write(try PNGCodec.encode(TestArt.outlinedFace(size: 408)), to: "content/talk/face.png")
        try folder.write("---\nalt: A smiling face\n---\n", to: "content/talk/face.md")
        return folder.url.appendingPathComponent("content")
    }

    static func textFindings(_ findings: [Finding]) -> [Finding] {
        findings.filter { $0.code == .labelMissesArtText || $0.code == .artTextUnavailable }
    }

    @Test func checkReportsTheWordTheLabelMissesAndNothingOnArtWithoutText() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let review = try await Review.make(content: content, art: ArtChecks(cacheFolder: nil))
        let found = Self.textFindings(review.findings)
        #expect(found.map(\.file) == ["talk/lol.md"], "\(found)")
        #expect(found.first?.line == 2 && found.first?.message.contains("“LOL”") == true)
        #expect(review.artFacts["talk/lol.png"]?.text?.words.map(\.text) == ["LOL"])
        #expect(review.artFacts["talk/face.png"]?.text?.words.isEmpty == true, "read, and nothing kept")
    }

    /// A pack with `language: fr` on an English site has French lettering: it was read with the
    /// English data and dictionary, which dropped "Bonjour", so its label was never compared.
    @Test func eachPacksArtIsReadInItsOwnLanguage() async throws {
        guard TesseractLanguage.dataFolder(for: "fra") != nil, SpellingDictionary.shared(for: "fr") != nil else {
            Issue.record("tesseract-ocr-fra and hunspell-fr are test tools (scripts/install-dependencies --test-tools)")
            return
        }
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Words\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Salut\nlanguage: fr\n---\n", to: "content/salut/pack.md")
        let hello = TextStickers.sticker(side: 408, lines: [("Bonjour", 90)], style: .overShape(shape: (120, 200, 120), ink: (20, 20, 20)))
        try folder.write(try PNGCodec.encode(hello), to: "content/salut/bonjour.png")
        try folder.write("---\nalt: Un cercle vert\n---\n", to: "content/salut/bonjour.md")
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"), art: ArtChecks(cacheFolder: nil))
        let found = Self.textFindings(review.findings)
        #expect(found.map(\.file) == ["salut/bonjour.md"] && found.first?.message.contains("“Bonjour”") == true, "\(found.map(\.formatted))")
        #expect(!found.contains { $0.code == .artTextUnavailable })
    }

    @Test func aLabelThatSaysTheWordIsClean() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder, lolLabel: "Cat laughing out loud, saying lol")
        let review = try await Review.make(content: content, art: ArtChecks(cacheFolder: nil))
        #expect(Self.textFindings(review.findings).isEmpty)
    }

    @Test func theReadingIsCachedAndALabelEditIsJudgedAgainstIt() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let cache = folder.url.appendingPathComponent(".peel-cache/art-checks")
        let first = try await Review.make(content: content, art: ArtChecks(cacheFolder: cache))
        #expect(Self.textFindings(first.findings).count == 1)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") && $0 != "index.json" }
        #expect(entries.count == 2)
        let stored = try entries.map { try String(contentsOf: cache.appendingPathComponent($0), encoding: .utf8) }
        #expect(stored.contains { $0.contains("\"LOL\"") }, "the reading is in the cache")
        try folder.write("---\nalt: A cat saying LOL\n---\n", to: "content/talk/lol.md")
        let second = try await Review.make(content: content, art: ArtChecks(cacheFolder: cache))
        #expect(Self.textFindings(second.findings).isEmpty)
        #expect(second.artFacts["talk/lol.png"]?.text == first.artFacts["talk/lol.png"]?.text)
    }

    @Test func aBuildThatAsksForArtChecksShowsWhatWasRead() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder, artChecks: true)
        let output = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: content, output: output)).build()
        #expect(Self.textFindings(report.findings).map(\.file) == ["talk/lol.md"])
        let page = try folder.read("site/talk/lol/index.html")
        #expect(page.contains("Text in the art"), "the sticker page shows what was read")
        #expect(page.contains("label-misses-art-text"))
        #expect(try !folder.read("site/talk/face/index.html").contains("Text in the art"))
        #expect(try folder.read("site/review/index.html").contains("Text in the art"))
    }

    @Test func aLanguageTesseractCannotReadIsOneWarningAndTheOtherArtChecksStillRun() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder, language: "tlh")
        let review = try await Review.make(content: content, art: ArtChecks(cacheFolder: nil))
        let found = Self.textFindings(review.findings)
        #expect(found.map(\.code) == [.artTextUnavailable] && found.first?.file == "site.md", "\(found)")
        #expect(found.first?.message.contains("tlh") == true)
        #expect(review.artFacts["talk/face.png"]?.visibility != nil, "visibility was still measured")
        #expect(review.artFacts["talk/lol.png"]?.text == nil)
    }
}
