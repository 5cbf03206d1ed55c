import Foundation
import Testing
@testable import PeelKit

/// `language:` and `background:` in pack.md: validated, and used on the pack's pages.
@Suite struct PackPresentationKeysTests {
    @Test(arguments: ["en", "ar", "pt-BR", "zh-Hant-TW", "sr-Latn", "es-419", "de-CH-1996", "en-x-pirate", "ja-u-ca-japanese"])
    func wellFormedLanguageTagsAreAccepted(_ tag: String) {
        #expect(LanguageTag.wellFormed(tag) == tag)
    }

    @Test(arguments: ["", "e", "englishlanguage", "en_GB", "en-", "-en", "\" onload=\"x", "ar-EG-", "en-x", "123",
                      "French", "english", "Latn", "german-CH"])
    func malformedLanguageTagsAreRefused(_ tag: String) {
        #expect(LanguageTag.wellFormed(tag) == nil)
    }

    /// A language's name (BCP 47 has no 5–8 letter language subtags in use) gets its tag as advice.
    @Test func aLanguagesNameIsAnsweredWithItsTag() {
        #expect(LanguageTag.advice(for: "French") == "'French' is a language's name, not its tag: write 'fr'")
        #expect(LanguageTag.tag(named: "english") == "en" && LanguageTag.tag(named: "Deutsch") == "de" && LanguageTag.tag(named: "français") == "fr")
        #expect(LanguageTag.advice(for: "Klingonish").hasSuffix("is not a BCP 47 language tag such as en, fr, ar or pt-BR"))
    }

    @Test func hexColoursParseAndAnythingElseIsRefused() {
        #expect(CardColor.parse("#F4EFE6") == "#f4efe6")
        #expect(CardColor.parse("#fff") == "#ffffff")
        for bad in ["fff", "#ffff", "#ggg", "red", "#fff;background:url(x)", "rgb(1,2,3)", "#ff ff ff"] {
            #expect(CardColor.parse(bad) == nil, "\(bad)")
        }
    }

    func build(packFront: String) async throws -> (TemporaryFolder, BuildReport) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: قطط\n\(packFront)---\n", to: "content/cats/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/cats/cat.png")
        try folder.write("---\nalt: قطة برتقالية.\ntags: [قطة]\n---\n", to: "content/cats/cat.md")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        return (folder, report)
    }

    @Test func aPackLanguageIsTheLangOfItsTextsAndEveryTextIsDirAuto() async throws {
        let (folder, report) = try await build(packFront: "language: ar\n")
        #expect(!report.findings.contains { $0.code == .invalidValue })
        let sticker = try folder.read("site/cats/cat/index.html")
        #expect(sticker.contains("<html lang=\"en\">"), "the theme's own words stay in the site's language")
        #expect(sticker.contains("<h1 dir=\"auto\" lang=\"ar\">Cat</h1>"))
        #expect(sticker.contains("<p class=\"label-text\" id=\"label-text\" dir=\"auto\" lang=\"ar\">قطة برتقالية.</p>"))
        #expect(sticker.contains("<li dir=\"auto\">قطة</li>"))
        let pack = try folder.read("site/cats/index.html")
        #expect(pack.contains("<h1 dir=\"auto\" lang=\"ar\">قطط</h1>"))
        #expect(pack.contains("<span dir=\"auto\" lang=\"ar\">Cat</span>"), "card titles carry the pack's language")
        #expect(try folder.read("site/index.html").contains("<span class=\"pack-card-title\" dir=\"auto\" lang=\"ar\">قطط</span>"))
        #expect(try folder.read("site/review/index.html").contains("<span dir=\"auto\" lang=\"ar\">قطة برتقالية.</span>"))
    }

    @Test func withoutALanguageTextsAreStillDirAuto() async throws {
        let (folder, _) = try await build(packFront: "")
        let sticker = try folder.read("site/cats/cat/index.html")
        #expect(sticker.contains("<p class=\"label-text\" id=\"label-text\" dir=\"auto\">قطة برتقالية.</p>"))
        #expect(!sticker.contains(" lang=\"ar\""))
    }

    @Test func aMalformedLanguageIsAWarningWithItsLineAndIsNotUsed() async throws {
        let (folder, report) = try await build(packFront: "size: regular\nlanguage: \"ar\\\" onmouseover=x\"\n")
        let finding = try #require(report.findings.first { $0.code == .invalidValue })
        #expect(finding.file == "cats/pack.md")
        #expect(finding.line == 4)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("is not a BCP 47 language tag"))
        #expect(!(try folder.read("site/cats/index.html")).contains("onmouseover"))
    }

    @Test func aPackBackgroundIsBehindItsArtAndAnInvalidOneIsAWarning() async throws {
        let (folder, _) = try await build(packFront: "background: \"#F4EFE6\"\n")
        let pack = try folder.read("site/cats/index.html")
        #expect(pack.contains("class=\"sticker-art art-card\" style=\"--art-bg: #f4efe6\""))
        #expect(try folder.read("site/cats/cat/index.html").contains("style=\"--art-bg: #f4efe6\""))

        let (bad, report) = try await build(packFront: "background: \"red;} body{display:none\"\n")
        let finding = try #require(report.findings.first { $0.code == .invalidValue })
        #expect(finding.line == 3)
        #expect(finding.message.contains("is not a hex colour"))
        #expect(!(try bad.read("site/cats/index.html")).contains("--art-bg"))
    }
}
