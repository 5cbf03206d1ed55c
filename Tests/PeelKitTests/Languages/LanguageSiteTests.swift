import Foundation
import Testing
@testable import PeelKit

/// A site per language: the default language at the root, each other one in its folder, every page
/// saying its language and direction, linking its other languages, and marking what is not translated.
@Suite struct LanguageSiteTests {
    /// A catalog in en, fr and ar: the moon translated into both, the star into French only (from an
    /// older label, so stale), nothing of the site translated into Arabic.
    private func catalog(baseURL: String? = nil) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Moons\ndescription: Night stickers.\nlanguages: [en, fr, ar]\n"
                         + (baseURL.map { "base_url: \($0)\n" } ?? "") + "footer: Made at night.\n---\nWelcome.\n", to: "content/site.md")
        try folder.write("---\ntitle: Lunes\ndescription: Autocollants de nuit.\n---\nBienvenue.\n", to: "content/site.fr.md")
        try folder.write("---\ntitle: Night sky\n---\nStars and moons.\n", to: "content/sky/pack.md")
        try folder.write("---\ntitle: Ciel de nuit\ntranslated_from: Night sky\n---\nÉtoiles et lunes.\n", to: "content/sky/pack.fr.md")
        try folder.write("---\ntitle: سماء الليل\ntranslated_from: Night sky\n---\n", to: "content/sky/pack.ar.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/sky/moon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/sky/star.png")
        try folder.write("---\nalt: Crescent moon\ntitle: Moon\ntags: [night]\norder: 1\n---\nA thin moon.\n", to: "content/sky/moon.md")
        try folder.write("---\nalt: Shooting star\ntitle: Star\ntags: [wish]\norder: 2\n---\n", to: "content/sky/star.md")
        try folder.write("---\nalt: Croissant de lune\ntitle: Lune\ntags: [nuit]\ntranslated_from: Crescent moon\n---\nUne lune fine.\n",
                         to: "content/sky/moon.fr.md")
        try folder.write("---\nalt: هلال\ntitle: قمر\ntranslated_from: Crescent moon\n---\n", to: "content/sky/moon.ar.md")
        try folder.write("---\nalt: Étoile\ntranslated_from: Star\n---\n", to: "content/sky/star.fr.md")
        return folder
    }

    /// Theme words Peel says in English on a French page are marked `lang="en"` as its other
    /// English words are: the card's "1 error" badge (part of the card link's name) and the
    /// sticker page's "No label yet" and unreadable-sidecar notes were read with a French voice.
    @Test func englishThemeWordsOnAFrenchPageAreMarkedEnglish() async throws {
        let folder = try catalog()
        try folder.write("---\nalt: \"\"\ntitle: Star\norder: 2\n---\n", to: "content/sky/star.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/sky/star.fr.md"))
        let site = try await build(folder)
        let pack = try page(site, "fr/sky/index.html")
        #expect(pack.contains("<span class=\"badge badge-error\" lang=\"en\">1 error</span>"), "\(pack)")
        let star = try page(site, "fr/sky/star/index.html")
        #expect(star.contains("<p class=\"label-missing\" lang=\"en\">No label yet."), "\(star)")
        #expect(try page(site, "sky/index.html").contains("<span class=\"badge badge-error\">1 error</span>"), "English pages need no mark")
    }

    /// The catalog's French and Arabic files removed, for a site in other languages.
    private func removeTranslations(_ folder: TemporaryFolder) throws {
        for file in ["content/site.fr.md", "content/sky/pack.fr.md", "content/sky/pack.ar.md", "content/sky/moon.fr.md",
                     "content/sky/moon.ar.md", "content/sky/star.fr.md"] {
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent(file))
        }
    }

    /// A built site, with the temporary folder it lives in (removed when that is released).
    struct Built {
        let folder: TemporaryFolder
        var url: URL { folder.url.appendingPathComponent("site") }
        func appendingPathComponent(_ path: String) -> URL { url.appendingPathComponent(path) }
    }

    private func build(_ folder: TemporaryFolder) async throws -> Built {
        let built = Built(folder: folder)
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: built.url)).build()
        return built
    }

    private func page(_ site: Built, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every match of `pattern`'s first group in `text`.
    private func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    static let pages = ["index.html", "sky/index.html", "sky/moon/index.html", "sky/star/index.html"]

    /// The label review's template is English whatever the site's language: on an Arabic site its
    /// body said `ar` (a screen reader read its English with an Arabic voice) and laid its English
    /// out right to left. Its body now says `en`, its content runs left to right, and every
    /// catalog text on it carries its own `lang`.
    @Test func theLabelReviewIsMarkedEnglishOnASiteInAnotherLanguage() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: ملصقات\nlanguage: ar\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: سماء\n---\n", to: "content/sky/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/sky/moon.png")
        try folder.write("---\nalt: هلال رفيع\ntitle: قمر\n---\n", to: "content/sky/moon.md")
        let site = try await build(folder)
        let review = try page(site, "review/index.html")
        #expect(review.contains("<html lang=\"ar\" dir=\"rtl\">") && review.contains("<body lang=\"en\">"), "\(review.prefix(600))")
        #expect(review.contains("<div class=\"review-page\" dir=\"ltr\">"))
        #expect(review.contains("<span dir=\"auto\" lang=\"ar\">هلال رفيع</span>"), "the label, marked Arabic")
        #expect(review.contains("dir=\"auto\" lang=\"ar\">سماء</a>") && review.contains("dir=\"auto\" lang=\"ar\">ملصقات</a>"),
                "the pack's and the site's titles")
        // The other pages keep the site's language.
        let home = try page(site, "index.html")
        #expect(home.contains("<html lang=\"ar\" dir=\"rtl\">") && home.contains("<body>"))

        // On an English site nothing changes.
        let english = try await build(try catalog())
        let englishReview = try page(english, "review/index.html")
        #expect(englishReview.contains("<body>") && englishReview.contains("<div class=\"review-page\">"))
    }

    /// The pack page's download hint and the note on stickers the zip leaves out were English on
    /// every page, outside the theme's string tables.
    @Test func thePackDownloadsWordsAreInThePagesLanguage() async throws {
        let folder = try catalog()
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/sky/comet.png")
        try folder.write("---\ntitle: Comet\n---\n", to: "content/sky/comet.md")
        let site = try await build(folder)
        let english = try page(site, "sky/index.html")
        #expect(english.contains("<span class=\"hint-inline\">Xcode-ready Stickers.xcstickers and the original files</span>"))
        #expect(english.contains("<p class=\"hint download-note\">Its Stickers.xcstickers leaves out 1 sticker with errors: comet.png (missing-label).</p>"))
        let french = try page(site, "fr/sky/index.html")
        #expect(french.contains("<span class=\"hint-inline\">Stickers.xcstickers prêt pour Xcode et les fichiers d’origine</span>"))
        #expect(french.contains("<p class=\"hint download-note\">Son Stickers.xcstickers laisse de côté 1 autocollant avec des erreurs : comet.png (missing-label).</p>"),
                "\(matches("(<p class=\"hint download-note\"[^<]*)", in: french))")
        let arabic = try page(site, "ar/sky/index.html")
        #expect(!arabic.contains("the original files") && arabic.contains("comet.png (missing-label)"))
    }

    @Test func everyLanguageHasEveryPageWithItsLangAndDirection() async throws {
        let site = try await build(try catalog())
        for page in Self.pages {
            #expect(try self.page(site, page).contains("<html lang=\"en\">"), "\(page)")
            #expect(try self.page(site, "fr/\(page)").contains("<html lang=\"fr\">"), "fr/\(page)")
            #expect(try self.page(site, "ar/\(page)").contains("<html lang=\"ar\" dir=\"rtl\">"), "ar/\(page)")
        }
        // Images, thumbnails and assets exist once, at the root; translated pages link to them.
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("fr/sky/moon/moon.png").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("fr/assets").path))
        let french = try page(site, "fr/sky/moon/index.html")
        #expect(french.contains("href=\"../../../assets/style.css\""))
        #expect(french.contains("src=\"../../../sky/moon/moon.png\""))
        // The review page and catalog.json stay single, at the root.
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("fr/review").path))
    }

    @Test func alternatesAreCompleteAndSymmetric() async throws {
        let site = try await build(try catalog())
        for page in Self.pages {
            for (prefix, depth) in [("", 0), ("fr/", 1), ("ar/", 1)] {
                let html = try self.page(site, prefix + page)
                let hreflangs = matches("<link rel=\"alternate\" hreflang=\"([^\"]+)\"", in: html)
                #expect(hreflangs == ["en", "fr", "ar", "x-default"], "\(prefix)\(page)")
                // Each alternate, resolved from this page, is the same page in its language.
                let hrefs = matches("<link rel=\"alternate\" hreflang=\"[^\"]+\" href=\"([^\"]+)\"", in: html)
                let folder = URL(fileURLWithPath: "/site/" + prefix + page).deletingLastPathComponent()
                let resolved = hrefs.map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL.path }
                #expect(resolved == ["/site/\(page)", "/site/fr/\(page)", "/site/ar/\(page)", "/site/\(page)"], "\(prefix)\(page) \(depth)")
            }
        }
    }

    @Test func alternatesAreAbsoluteWithABaseURL() async throws {
        let site = try await build(try catalog(baseURL: "https://example.com/moons"))
        let html = try page(site, "ar/sky/moon/index.html")
        #expect(html.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/moons/sky/moon/\">"))
        #expect(html.contains("<link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.com/moons/fr/sky/moon/\">"))
        #expect(html.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.com/moons/sky/moon/\">"))
        #expect(html.contains("<meta property=\"og:url\" content=\"https://example.com/moons/ar/sky/moon/\">"))
    }

    @Test func theSwitcherKeepsYouOnTheSameSticker() async throws {
        let site = try await build(try catalog())
        let html = try page(site, "fr/sky/star/index.html")
        let nav = try #require(html.range(of: "<nav class=\"language-switcher\"[^>]*>.*?</nav>", options: .regularExpression).map { String(html[$0]) })
        #expect(nav.contains("aria-label=\"Langues\""))
        #expect(nav.contains("<a href=\"../../../sky/star/index.html\" hreflang=\"en\" lang=\"en\">English</a>"))
        #expect(nav.contains("<a href=\"index.html\" hreflang=\"fr\" lang=\"fr\" aria-current=\"true\">Français</a>"))
        #expect(nav.contains("<a href=\"../../../ar/sky/star/index.html\" hreflang=\"ar\" lang=\"ar\" dir=\"rtl\">العربية</a>"))
        // From the root, the French link lands on the French page of the same sticker.
        #expect(try page(site, "sky/star/index.html").contains("<a href=\"../../fr/sky/star/index.html\" hreflang=\"fr\" lang=\"fr\">Français</a>"))
        #expect(try page(site, "index.html").contains("<a href=\"ar/index.html\" hreflang=\"ar\" lang=\"ar\" dir=\"rtl\">العربية</a>"))
    }

    /// Where the system has no name of a language in itself it gives the English one, which the
    /// switcher marked as that language ("Klingon" read as Klingon, "Azerbaijani (Arabic)" set
    /// right to left).
    @Test func anEnglishNameInTheSwitcherIsMarkedEnglish() async throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Moons\nlanguages: [en, fr, tlh, az-Arab]\n---\n", to: "content/site.md")
        let html = try page(try await build(folder), "index.html")
        #expect(html.contains("hreflang=\"tlh\" lang=\"en\">Klingon</a>"), "\(html)")
        #expect(html.contains("hreflang=\"az-Arab\" lang=\"en\">Azerbaijani (Arabic)</a>"))
        #expect(html.contains("hreflang=\"fr\" lang=\"fr\">Français</a>"))
    }

    @Test func translatedTextsAreShownAndMissingOnesCarryTheDefaultLanguage() async throws {
        let site = try await build(try catalog())
        let moon = try page(site, "fr/sky/moon/index.html")
        #expect(moon.contains("<title>Lune – Ciel de nuit – Lunes</title>"))
        #expect(moon.contains("<h1 dir=\"auto\">Lune</h1>"))
        #expect(moon.contains("<p class=\"label-text\" id=\"label-text\" dir=\"auto\">Croissant de lune</p>"))
        #expect(moon.contains("alt=\"Croissant de lune\" dir=\"auto\"></picture>"))
        #expect(moon.contains("<li dir=\"auto\">nuit</li>"))
        #expect(!moon.contains("translation-note"))
        // The French star is stale: shown, marked "may be out of date"; its title falls back to English.
        let star = try page(site, "fr/sky/star/index.html")
        #expect(star.contains("<p class=\"label-text\" id=\"label-text\" dir=\"auto\">Étoile</p>"))
        #expect(star.contains("<h1 dir=\"auto\" lang=\"en\">Star</h1>"))
        #expect(star.contains("translation-note translation-stale"))
        #expect(star.contains("Peut-être obsolète"))
        // No Arabic star: the English label, with lang="en" on the text and on the image whose alt it is.
        let arabicStar = try page(site, "ar/sky/star/index.html")
        #expect(arabicStar.contains("<p class=\"label-text\" id=\"label-text\" dir=\"auto\" lang=\"en\">Shooting star</p>"))
        #expect(arabicStar.contains("alt=\"Shooting star\" dir=\"auto\" lang=\"en\"></picture>"))
        #expect(arabicStar.contains("<p class=\"translation-note translation-missing\"><span class=\"badge badge-translation\">لم يُترجم بعد</span>"))
        #expect(arabicStar.contains("<ul class=\"tags\" role=\"list\" lang=\"en\">"))
        // The Arabic site has no site.ar.md: its title and footer are the English ones, marked.
        #expect(arabicStar.contains("<a class=\"site-title\" href=\"../../index.html\" dir=\"auto\" lang=\"en\">Moons</a>"))
        #expect(arabicStar.contains("<div dir=\"auto\" lang=\"en\"><p dir=\"auto\">Made at night.</p>"))
        // The pack card of an untranslated label says so, in the page's language.
        let arabicPack = try page(site, "ar/sky/index.html")
        #expect(arabicPack.contains("<span class=\"badge badge-translation\">لم يُترجم بعد</span>"))
        #expect(arabicPack.contains("<h1 dir=\"auto\">سماء الليل</h1>"))
        #expect(arabicPack.contains("alt=\"هلال\" dir=\"auto\" loading=\"lazy\""))
    }

    @Test func theChromeIsInThePageLanguage() async throws {
        let site = try await build(try catalog())
        let french = try page(site, "fr/sky/moon/index.html")
        for text in ["Aller au contenu", "Libellé d’accessibilité", "Copier le libellé", "Écouter le libellé", "Autocollant 1 sur 2",
                     "Télécharger l’original", "Créé avec Peel"] {
            #expect(french.contains(text), "\(text)")
        }
        #expect(!french.contains("Skip to content"))
        // Fact names are in the page's language; what Peel writes in English whatever the page's
        // language (the facts' words) is marked English, numbers and codes not; the background
        // swatches are named in the page's language.
        #expect(french.contains("<dl class=\"facts\">"))
        #expect(french.contains("<dt>Taille en pixels</dt><dd>"), "a neutral value carries no lang")
        #expect(french.contains("<dt>Images</dt><dd lang=\"en\">1 (still)</dd>"))
        #expect(french.contains("<dt>Transparence</dt><dd lang=\"en\">"))
        #expect(!french.contains("<dt>Pixel size</dt>"))
        #expect(french.contains("<span class=\"swatch-name\">Blanc</span>") && french.contains("<span class=\"swatch-name\">Transparence</span>"))
        let english = try page(site, "sky/moon/index.html")
        #expect(english.contains("<dl class=\"facts\">") && english.contains("<dt>Frames</dt><dd>1 (still)</dd>"))
        let arabic = try page(site, "ar/sky/index.html")
        #expect(arabic.contains("<label for=\"sticker-filter-input\">التصفية حسب التسمية أو العنوان أو الوسم</label>"))
        #expect(arabic.contains("<h2 id=\"stickers-heading\">الملصقات <span class=\"count\">الملصقات: 2</span></h2>"))
        #expect(try page(site, "fr/index.html").contains("<h1 dir=\"auto\">Lunes</h1>"))
    }

    @Test func everyShippedStringTableHasEveryKeyOfTheEnglishOne() throws {
        let templates = try TemplateSet()
        let english = try #require(templates.stringTables["en"])
        for tag in ["en", "fr", "de", "es", "it", "pt", "nl", "ja", "zh", "ar", "he"] {
            let table = try #require(templates.stringTables[tag], "no table for \(tag)")
            #expect(Set(table.keys) == Set(english.keys), "\(tag)")
            for (key, text) in table {
                let placeholders = Set(matches("(\\{[a-z]+\\})", in: text))
                #expect(placeholders == Set(matches("(\\{[a-z]+\\})", in: english[key]!)), "\(tag).\(key)")
            }
        }
        // The string tables are the theme's, not assets of the site.
        #expect(!templates.assets.keys.contains { $0.hasPrefix("strings.") })
    }

    @Test func aLanguageWithoutATableGetsEnglishChromeMarkedAsEnglish() throws {
        let templates = try TemplateSet()
        let breton = templates.chrome(for: "br")
        #expect(breton.language == "en")
        #expect(breton["copyLabel"] == "Copy label")
        #expect(templates.chrome(for: "pt-BR").language == "pt-BR")
        #expect(templates.chrome(for: "pt-BR")["copyLabel"] == "Copiar etiqueta")
        // strings.zh.json is Simplified: Traditional Chinese pages get English, marked as such.
        for tag in ["zh-Hant", "zh-TW", "zh-HK", "zh-Hant-CN"] { #expect(templates.chrome(for: tag).language == "en", "\(tag)") }
        for tag in ["zh", "zh-CN", "zh-Hans", "zh-Hans-TW", "zh-SG"] { #expect(templates.chrome(for: tag).language == tag, "\(tag)") }
    }

    /// A pack page's description (the meta description and link previews) says how many stickers once.
    @Test func packDescriptionsCountTheStickersOnceInEveryLanguage() throws {
        let templates = try TemplateSet()
        for tag in templates.stringTables.keys.sorted() {
            let chrome = templates.chrome(for: tag)
            let count = chrome.stickerCount(7)
            let words = count.replacingOccurrences(of: "7", with: "").split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).map(String.init)
            for key in ["packDescription", "packDescriptionBy"] {
                let text = chrome.format(key, ["count": count, "author": "Ana"])
                for word in words {
                    #expect(text.components(separatedBy: word).count - 1 == 1, "\(tag).\(key): '\(word)' in \(text)")
                }
            }
        }
    }

    @Test func chromeWithoutATableCarriesLangEn() async throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Moons\nlanguages: [en, br]\n---\n", to: "content/site.md")
        try removeTranslations(folder)
        let site = try await build(folder)
        let html = try page(site, "br/index.html")
        #expect(html.contains("<html lang=\"br\">"))
        #expect(html.contains("<a class=\"skip-link\" href=\"#main\" lang=\"en\">Skip to content</a>"))
        #expect(html.contains("<nav class=\"site-nav\" aria-label=\"Site\" lang=\"en\">"))
    }

    /// Without a table every word of the theme is English: the body says so (headings, buttons,
    /// aria-labels and counts included), and each text in the page's language carries its `lang`.
    @Test func aPageWithoutATableHasAnEnglishBodyAndItsOwnTextsMarked() async throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Moons\nlanguages: [en, ko]\n---\n", to: "content/site.md")
        try removeTranslations(folder)
        try folder.write("---\ntitle: 밤하늘\ntranslated_from: Night sky\n---\n", to: "content/sky/pack.ko.md")
        try folder.write("---\nalt: 초승달\ntitle: 달\ntags: [밤]\ntranslated_from: Crescent moon\n---\n", to: "content/sky/moon.ko.md")
        let site = try await build(folder)
        let moon = try page(site, "ko/sky/moon/index.html")
        #expect(moon.contains("<html lang=\"ko\">"))
        #expect(moon.contains("<body lang=\"en\">"))
        #expect(moon.contains("<h1 dir=\"auto\" lang=\"ko\">달</h1>"))
        #expect(moon.range(of: #"lang="ko"[^<]*>초승달<"#, options: .regularExpression) != nil, "the label")
        #expect(!moon.contains(">Crescent moon<"), "translated")
        let pack = try page(site, "ko/sky/index.html")
        #expect(pack.contains("<h1 dir=\"auto\" lang=\"ko\">밤하늘</h1>"))
        #expect(pack.contains("alt=\"초승달\" dir=\"auto\" lang=\"ko\""), "the image's alt, by its element's lang")
        // The untranslated star is English, as the body is: no lang of its own.
        #expect(pack.contains("alt=\"Shooting star\" dir=\"auto\" loading"), "\(pack)")
        // Pages with a table are marked as before.
        #expect(try page(site, "sky/moon/index.html").contains("<body>"))
        // The star's note is an English sentence: it names the languages in English, not
        // "shown in 영어" (Korean words an English voice would read).
        let star = try page(site, "ko/sky/star/index.html")
        #expect(star.contains("Not yet translated into Korean: its words are shown in English."), "\(star)")
        #expect(!star.contains("영어") && !star.contains("into 한국어"))
    }

    @Test func aStalePackTitleIsMarkedOnItsPage() async throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Ciel de nuit\ntranslated_from: Night skies\n---\n", to: "content/sky/pack.fr.md")
        let site = try await build(folder)
        let badge = "<p class=\"translation-note translation-stale\"><span class=\"badge badge-translation\">"
        #expect(try page(site, "fr/sky/index.html").contains(badge), "the French title was made from an older English one")
        #expect(!(try page(site, "ar/sky/index.html")).contains(badge), "the Arabic one is current")
        #expect(!(try page(site, "sky/index.html")).contains(badge))
    }

    @Test func linkPreviewsDescribeTheCoverInThePagesLanguage() async throws {
        let site = try await build(try catalog(baseURL: "https://example.com/moons/"))
        for (prefix, alt) in [("", "Crescent moon"), ("fr/", "Croissant de lune"), ("ar/", "هلال")] {
            for page in ["index.html", "sky/index.html", "sky/moon/index.html"] {
                let html = try self.page(site, prefix + page)
                #expect(html.contains("<meta property=\"og:image:alt\" content=\"\(alt)\">"), "\(prefix)\(page)")
            }
        }
    }

    @Test func openGraphLocalesNameTheRegionPastAScript() {
        #expect(PageRenderer.openGraphLocale("en-GB") == "en_GB")
        #expect(PageRenderer.openGraphLocale("pt-br") == "pt_BR")
        #expect(PageRenderer.openGraphLocale("zh-Hant-TW") == "zh_TW")
        #expect(PageRenderer.openGraphLocale("sr-Latn-RS") == "sr_RS")
        #expect(PageRenderer.openGraphLocale("zh-Hant") == nil)
        #expect(PageRenderer.openGraphLocale("en") == nil)
        #expect(PageRenderer.openGraphLocale("es-419") == nil, "a numeric region has no Open Graph locale")
    }

    @Test func rightToLeftIsDecidedByScript() {
        for tag in ["ar", "he", "fa", "ur", "yi", "dv", "ps", "ckb", "syr", "nqo", "rhg", "ar-EG", "he-IL", "az-Arab", "pa-Arab", "ff-Adlm", "zh-yue-Arab"] {
            #expect(TextDirection.of(tag) == .rightToLeft, "\(tag)")
        }
        for tag in ["en", "fr", "de", "ja", "zh-Hant", "az-Latn", "uz", "ku", "tr", "ur-Latn", "sr-Cyrl"] {
            #expect(TextDirection.of(tag) == .leftToRight, "\(tag)")
        }
    }

    @Test func aCatalogWithoutLanguagesHasNoLanguageMarkup() async throws {
        let folder = try TemporaryFolder()
        let site = Built(folder: folder)
        _ = try await SiteBuilder(options: BuildOptions(content: Fixtures.catalog, output: site.url)).build()
        let html = try page(site, "pets/cat/index.html")
        #expect(!html.contains("hreflang"))
        #expect(!html.contains("language-switcher"))
        #expect(html.contains("<a class=\"site-title\" href=\"../../index.html\" dir=\"auto\">"))
        #expect(html.contains("<a class=\"skip-link\" href=\"#main\">Skip to content</a>"))
    }
}
