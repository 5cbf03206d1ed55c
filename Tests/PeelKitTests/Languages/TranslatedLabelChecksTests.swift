import Foundation
import Testing
@testable import PeelKit

/// Every label rule on every language: a translation's label is checked with its language's word
/// lists and dictionary, and its findings point at the translation file's `alt:` line.
@Suite struct TranslatedLabelChecksTests {
    /// A catalog in `languages` with one pack whose stickers have `labels` (stem -> default label),
    /// and `translations` (file name -> alt) beside them.
    private func catalog(languages: String = "[en, fr, de, ja]", labels: [(String, String)],
                         translations: [(String, String)]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Sky\nlanguages: \(languages)\n---\n", to: "site.md")
        try folder.write("---\ntitle: Night sky\n---\n", to: "sky/pack.md")
        let art = ["pets/cat.png", "pets/fox.png", "pets/turtle.gif"]
        for (index, (stem, alt)) in labels.enumerated() {
            let image = art[index % art.count]
            try folder.copy(Fixtures.catalog.appendingPathComponent(image), to: "sky/\(stem).\(image.split(separator: ".").last!)")
            try folder.write("---\nalt: \(alt)\n---\n", to: "sky/\(stem).md")
        }
        for (file, alt) in translations {
            try folder.write("---\nalt: \"\(alt)\"\n---\n", to: "sky/\(file)")
        }
        return folder
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.line.map(String.init) ?? "-") \($0.code.rawValue) \($0.language ?? "-")" }
    }

    private func labelFindings(_ folder: TemporaryFolder) throws -> [Finding] {
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        var findings: [Finding] = []
        for pack in catalog.packs {
            for sticker in pack.stickers {
                for label in CheckSubject(sticker: sticker, pack: pack, info: nil).labels(site: catalog.site) {
                    findings += LabelChecks.check(label) + LabelChecks.bidiControls(label)
                }
            }
            findings += LabelChecks.duplicates(in: pack, site: catalog.site)
        }
        return findings.sorted()
    }

    /// Labels of symbols alone are not "the same label" as each other: each has no words, which
    /// label-without-words says; labels with the same words are still duplicates.
    @Test func symbolOnlyLabelsAreNotDuplicates() throws {
        let folder = try catalog(languages: "[en]", labels: [("a", "\"...\""), ("b", "\"!!!\""), ("c", "🙂"), ("d", "Happy moon"), ("e", "HAPPY moon!")],
                                 translations: [])
        let findings = try labelFindings(folder)
        #expect(findings.filter { $0.code == .duplicateLabel }.map(\.file) == ["sky/e.md"])
        #expect(findings.filter { $0.code == .labelWithoutWords }.count == 3)
    }

    /// Skin-tone and gender variants differ by their emoji alone, and VoiceOver reads them
    /// differently ("thumbs up: light skin tone"): not duplicates. The same emoji is.
    @Test func labelsThatDifferByTheirEmojiAreNotDuplicates() throws {
        let folder = try catalog(languages: "[en]", labels: [("a", "Thumbs up 👍🏻"), ("b", "Thumbs up 👍🏿"), ("c", "thumbs up! 👍🏿"),
                                                             ("d", "Shrug 🤷‍♀️"), ("e", "Shrug 🤷‍♂️")],
                                 translations: [])
        let findings = try labelFindings(folder)
        #expect(findings.filter { $0.code == .duplicateLabel }.map(\.file) == ["sky/c.md"])
        #expect(LabelChecks.duplicateKey("Thumbs up 👍🏻") != LabelChecks.duplicateKey("Thumbs up 👍🏿"))
        #expect(LabelChecks.duplicateKey("...") == "")
        // Arabic vowel marks and tatweel are no difference VoiceOver reads.
        #expect(LabelChecks.duplicateKey("وَجْهٌ أَصْفَر") == LabelChecks.duplicateKey("وجه أصفر"))
        #expect(LabelChecks.duplicateKey("وجـــه أصفر") == LabelChecks.duplicateKey("وجه أصفر"))
        #expect(LabelChecks.duplicateKey("وجه أحمر") != LabelChecks.duplicateKey("وجه أصفر"))
    }

    /// The theme ships Arabic and Hebrew pages: their placeholders and redundant openings are
    /// caught as the other languages' are ("صورة" passed without a word), and Korean's and
    /// Russian's too. A real label in each passes.
    @Test func arabicHebrewKoreanAndRussianPlaceholdersAndOpeningsAreCaught() throws {
        let folder = try catalog(languages: "[en, ar, he, ko, ru]", labels: [("moon", "Crescent moon"), ("star", "Shooting star"), ("sun", "Smiling sun")],
                                 translations: [
            ("moon.ar.md", "صورة"), ("moon.he.md", "תמונה"), ("moon.ko.md", "이미지"), ("moon.ru.md", "Изображение"),
            ("star.ar.md", "صورة نجم"), ("star.he.md", "תמונה של כוכב נופל"), ("star.ko.md", "별똥별의 이미지"), ("star.ru.md", "картинка падающей звезды"),
            ("sun.ar.md", "شمس مبتسمة"), ("sun.he.md", "שמש מחייכת"), ("sun.ko.md", "웃는 해"), ("sun.ru.md", "улыбающееся солнце"),
        ])
        // A noun with its adjective is the thing itself, not "a picture of": no finding.
        for (file, label) in [("moon.ar.md", "ملصق أزرق"), ("moon.ko.md", "고양이 스티커"), ("moon.ru.md", "Стикер синий")] {
            try folder.write("---\nalt: \"\(label)\"\n---\n", to: "sky/\(file)")
        }
        let plain = try labelFindings(folder).filter { $0.code == .redundantLabelPrefix || $0.code == .placeholderLabel }
        #expect(!plain.contains { ["sky/moon.ar.md", "sky/moon.ko.md", "sky/moon.ru.md"].contains($0.file) }, "\(plain.map(\.formatted))")
        try folder.write("---\nalt: \"صورة\"\n---\n", to: "sky/moon.ar.md")
        try folder.write("---\nalt: \"이미지\"\n---\n", to: "sky/moon.ko.md")
        try folder.write("---\nalt: \"Изображение\"\n---\n", to: "sky/moon.ru.md")
        let findings = try labelFindings(folder).filter { $0.code != .labelSpelling }
        #expect(summary(findings) == [
            "sky/moon.ar.md:2 placeholder-label ar", "sky/moon.he.md:2 placeholder-label he",
            "sky/moon.ko.md:2 placeholder-label ko", "sky/moon.ru.md:2 placeholder-label ru",
            "sky/star.ar.md:2 redundant-label-prefix ar", "sky/star.he.md:2 redundant-label-prefix he",
            "sky/star.ko.md:2 redundant-label-prefix ko", "sky/star.ru.md:2 redundant-label-prefix ru",
        ])
    }

    @Test func everyLabelRuleRunsOnEveryLanguageAtTheTranslationsAltLine() throws {
        let long = String(repeating: "Sonne ", count: 26).trimmingCharacters(in: .whitespaces)   // 155 characters
        let folder = try catalog(labels: [("moon", "Crescent moon"), ("star", "Shooting star"), ("sun", "Smiling sun")], translations: [
            ("moon.fr.md", "Sans titre"), ("moon.de.md", "Bild von einer Mondsichel"), ("moon.ja.md", "無題の画像"),
            ("star.fr.md", "Une image d’étoile filante"), ("star.de.md", "bild von einer mondsichel"), ("star.ja.md", "流れ星の画像"),
            ("sun.de.md", long), ("sun.ja.md", "☀️ ❤️"),
        ])
        // A bidi override in the French label, on line 3.
        try folder.write("---\ntitle: Soleil\nalt: Soleil \u{202E}souriant\n---\n", to: "sky/sun.fr.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "sky/cloud.png")
        try folder.write("---\nalt: Grey cloud\n---\n", to: "sky/cloud.md")
        try folder.write("---\nalt: cloud\n---\n", to: "sky/cloud.fr.md")
        let findings = try labelFindings(folder)
        #expect(summary(findings) == [
            "sky/cloud.fr.md:2 label-is-file-name fr",
            "sky/moon.de.md:2 redundant-label-prefix de",
            "sky/moon.fr.md:2 placeholder-label fr",
            "sky/moon.ja.md:2 placeholder-label ja",
            "sky/star.de.md:2 duplicate-label de",
            "sky/star.de.md:2 redundant-label-prefix de",
            "sky/star.fr.md:2 redundant-label-prefix fr",
            "sky/star.ja.md:2 redundant-label-prefix ja",
            "sky/sun.de.md:2 label-too-long de",
            "sky/sun.fr.md:3 label-bidi-control fr",
            "sky/sun.ja.md:2 label-without-words ja",
        ], "\(findings.map(\.formatted))")
        func message(_ file: String, _ code: FindingCode) -> String {
            findings.first { $0.file == file && $0.code == code }?.message ?? ""
        }
        #expect(message("sky/star.fr.md", .redundantLabelPrefix) == "French label starts with 'Une image d’', which VoiceOver already conveys; say 'Étoile filante'")
        #expect(message("sky/star.ja.md", .redundantLabelPrefix) == "Japanese label ends with 'の画像', which VoiceOver already conveys; say '流れ星'")
        #expect(message("sky/moon.de.md", .redundantLabelPrefix).hasPrefix("German label starts with 'Bild von'"))
        #expect(message("sky/star.de.md", .duplicateLabel) == "same German label as sky/moon.png; describe what makes this sticker different")
        #expect(message("sky/sun.de.md", .labelTooLong).hasPrefix("German label is 155 characters"))
        #expect(message("sky/moon.fr.md", .placeholderLabel) == "French label 'Sans titre' is a placeholder; write what the sticker shows, such as 'Soleil souriant avec des lunettes de soleil'",
                "the example in the label's language")
        #expect(message("sky/moon.ja.md", .placeholderLabel).hasSuffix("such as 'サングラスをかけて笑う太陽'"))
        #expect(findings.allSatisfy { $0.sticker?.hasPrefix("sky/") == true })
    }

    @Test func theDefaultLanguageKeepsItsFindingsAndMessages() throws {
        let folder = try catalog(labels: [("moon", "Image of a moon"), ("star", "IMG_1234"), ("sun", "\"❤️\"")], translations: [("moon.fr.md", "Lune")])
        #expect(summary(try labelFindings(folder)) == ["sky/moon.md:2 redundant-label-prefix -", "sky/star.md:2 placeholder-label -",
                                                        "sky/sun.md:2 label-without-words -"])
        #expect(try labelFindings(folder)[0].message == "label starts with 'Image of', which VoiceOver already conveys; say 'A moon'")
    }

    @Test func aMissingTranslationIsNotADuplicateOfAnother() throws {
        // Both German labels are missing (VoiceOver reads the English ones, which differ): no duplicate.
        let folder = try catalog(labels: [("moon", "Crescent moon"), ("star", "Shooting star")],
                                 translations: [("moon.fr.md", "Lune"), ("star.fr.md", "Lune")])
        #expect(summary(try labelFindings(folder)) == ["sky/star.fr.md:2 duplicate-label fr"])
    }

    @Test func translatedTitlesAndPackTitlesAreCheckedForBidiControls() throws {
        let folder = try catalog(labels: [("moon", "Crescent moon")], translations: [])
        try folder.write("---\ntitle: Lune \u{202E}x\nalt: Lune\n---\n", to: "sky/moon.fr.md")
        try folder.write("---\ntitle: Ciel \u{2066}nocturne\n---\n", to: "sky/pack.fr.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let pack = catalog.packs[0]
        let sticker = CheckSubject(sticker: pack.stickers[0], pack: pack, info: nil).labels(site: catalog.site).flatMap(LabelChecks.bidiControls)
        #expect(sticker.map(\.formatted) == ["sky/moon.fr.md:2: warning[label-bidi-control]: French title holds U+202E (right-to-left override); they reorder how it reads, so remove them"])
        #expect(summary(LabelChecks.textCharacters(in: pack, site: catalog.site)) == ["sky/pack.fr.md:2 label-bidi-control fr"])
    }

    @Test func controlCharactersInLabelsAndTitlesAreReportedAtTheirLine() throws {
        let folder = try catalog(labels: [("moon", "Crescent moon")], translations: [])
        // YAML escapes and a block scalar: what a raw byte could not put in a sidecar.
        try folder.write("---\ntitle: \"Moon\\tface\"\nalt: \"Crescent \\e[31mmoon\\a\"\n---\n", to: "sky/moon.md")
        try folder.write("---\nalt: |\n  Lune\n  croissante\n---\n", to: "sky/moon.fr.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let pack = catalog.packs[0]
        let found = CheckSubject(sticker: pack.stickers[0], pack: pack, info: nil).labels(site: catalog.site).flatMap(LabelChecks.controlCharacters)
        #expect(found.map(\.formatted) == [
            "sky/moon.md:3: error[label-control-character]: label holds the control character U+001B (escape), the control character U+0007 (bell); write it on one line of plain text",
            "sky/moon.md:2: warning[label-control-character]: title holds a tab (U+0009); write it on one line of plain text",
            "sky/moon.fr.md:2: warning[label-control-character]: French label holds a line break (U+000A); write it on one line of plain text",
        ])
    }

    /// ESC and BEL in a pack's title went into Xcode's display name (the app's name in Messages),
    /// and in its author, the site's title or a tag into catalog.json and the messengers, with no
    /// finding: only the title's bidi controls were checked.
    @Test func controlCharactersInPackSiteAndTagTextsAreReported() throws {
        let folder = try catalog(labels: [("moon", "Crescent moon")], translations: [])
        try folder.write("---\ntitle: \"Sky \\e[2J\\e]0;owned\\a pack\"\nauthor: \"Ann\\e[31m\"\nlicense: \"CC\\u202E0\"\n---\n", to: "sky/pack.md")
        try folder.write("---\ntitle: \"Ciel\\b\"\n---\n", to: "sky/pack.fr.md")
        try folder.write("---\ntitle: \"Night\\e[0m sky\"\nlanguages: [en, fr]\n---\n", to: "site.md")
        try folder.write("---\nalt: Crescent moon\ntags: [\"moon\\e[31m\", night]\n---\n", to: "sky/moon.md")
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let pack = catalog.packs[0]
        #expect(LabelChecks.textCharacters(in: pack, site: catalog.site).map(\.formatted) == [
            "sky/pack.md:2: error[label-control-character]: pack title holds the control character U+001B (escape), the control character U+0007 (bell); write it on one line of plain text",
            "sky/pack.md: error[label-control-character]: author holds the control character U+001B (escape); write it on one line of plain text",
            "sky/pack.md: warning[label-bidi-control]: license holds U+202E (right-to-left override); they reorder how it reads, so remove them",
            "sky/pack.fr.md:2: error[label-control-character]: French pack title holds the control character U+0008 (backspace); write it on one line of plain text",
        ])
        #expect(summary(LabelChecks.textCharacters(in: catalog.site)) == ["site.md:2 label-control-character -"])
        #expect(summary(LabelChecks.tagCharacters(pack.stickers[0])) == ["sky/moon.md:- label-control-character -"])
        #expect(LabelChecks.tagCharacters(pack.stickers[0]).first?.severity == .error)
    }

    @Test func spellingUsesEachLanguagesDictionaryAndReportsAMissingOneOnce() throws {
        let folder = try catalog(languages: "[en, fr, de]", labels: [("moon", "Crescent moon"), ("star", "Shooting star")], translations: [
            ("moon.fr.md", "Croissant de lunne"), ("star.fr.md", "Étoile filante"),
            ("moon.de.md", "Mondsichel"), ("star.de.md", "Sternschnuppe"),
        ])
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        // German has no dictionary here, whatever the machine has installed.
        let check = SpellingCheck { $0 == "de" ? [] : SpellingDictionary.sharedVariants(for: $0) }
        let findings = check.findings(for: catalog).sorted()
        #expect(summary(findings) == ["site.md:- spelling-dictionary-missing de", "sky/moon.fr.md:2 label-spelling fr"], "\(findings.map(\.formatted))")
        #expect(findings.first?.message.contains("language 'de'") == true)
        #expect(findings.last?.message.hasPrefix("in the French label, “lunne” may be misspelled") == true)
        #expect(SpellingCheck.languages(of: catalog) == ["de", "en", "fr"])
    }

    @Test func languagesWithoutWordSpacesAskForNoDictionary() throws {
        // Hunspell checks space-separated words; no distribution has a Japanese dictionary to install.
        let folder = try catalog(languages: "[en, ja, de]", labels: [("moon", "Crescent moon")],
                                 translations: [("moon.ja.md", "三日月"), ("moon.de.md", "Mondsichel")])
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let check = SpellingCheck { $0 == "en" ? SpellingDictionary.sharedVariants(for: $0) : [] }
        let findings = check.findings(for: catalog)
        #expect(findings.filter { $0.code == .spellingDictionaryMissing }.map(\.message).map { $0.contains("'de'") } == [true],
                "\(findings.map(\.formatted))")
    }

    @Test func artTextIsComparedWithTheDefaultLabelOnly() throws {
        let folder = try catalog(labels: [("moon", "Moon saying LOL")], translations: [("moon.fr.md", "Lune qui rit")])
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        let pack = catalog.packs[0]
        let reading = ArtTextReading(words: [.init(text: "LOL", confidence: 93)], raw: "LOL")
        let facts = ArtFacts(sampledFrames: 1, visibility: nil, text: reading)
        #expect(ArtChecks.findings(facts, subject: CheckSubject(sticker: pack.stickers[0], pack: pack, info: nil), site: catalog.site).isEmpty)
    }

    // MARK: - Word lists

    @Test(arguments: [
        ("Sans titre", "fr", true), ("Image de", "fr", true), ("Nouvelle image 2", "fr", true), ("Chat", "fr", false),
        ("Bild", "de", true), ("Platzhalter", "de", true), ("Unbenannt 3", "de", true), ("Null", "de", false), ("Mondsichel", "de", false),
        ("imagen", "es", true), ("Captura de pantalla 2024", "es", true), ("Gato", "es", false),
        ("immagine", "it", true), ("Senza titolo", "it", true), ("imagem", "pt-BR", true), ("Sem título", "pt", true),
        ("afbeelding", "nl", true), ("Naamloos", "nl", true),
        ("画像", "ja", true), ("無題の画像", "ja", true), ("スタンプ画像1", "ja", true), ("流れ星", "ja", false), ("猫の画像", "ja", false),
        ("图片", "zh-Hans", true), ("贴纸", "zh", true), ("一张图片", "zh", true), ("猫的图片", "zh", false),
        // English always applies.
        ("Untitled", "fr", true), ("IMG_1234", "ja", true), ("image", "de", true),
        // A Latin word is never split into placeholders.
        ("Nana", "en", false), ("Textfile", "en", false),
        // Testers' finds: file names with spaces, identifiers, phrases tools leave.
        ("Screenshot 2024-01-01 at 10.00.00.png", "en", true), ("Smiling cat.png", "en", true), ("IMG_1234 2.PNG", "en", true),
        ("Capture d’écran 2024-01-01 à 10.00.00.png", "fr", true), ("Bildschirmfoto 2024-01-01 um 10.00.00.png", "de", true),
        ("1f602", "en", true), ("U+1F600", "en", true), ("emoji_u1f600", "en", true), ("1f468-200d-1f469", "en", true),
        ("3F2504E0-4F89-11D3-9A0C-0305E82C3301", "en", true), ("a3f9c2e1", "en", true), ("Deadbeef", "en", false), ("Cafe", "en", false),
        ("no description", "en", true), ("No alt text", "en", true), ("TODO: describe this sticker", "en", true), ("undefined", "en", true),
        ("[object Object]", "en", true), ("Insert description here", "en", true), ("Untitled design", "en", true), ("NaN", "en", true),
        ("Lorem ipsum dolor sit amet, consectetur adipiscing elit", "en", true), ("À compléter", "fr", true), ("x", "en", true), ("%s", "en", true),
        ("No entry", "en", false), ("Gato no telhado", "pt", false),
        // Real descriptions the lists had taken for placeholders.
        ("Picture frame", "en", false), ("Photo frame", "en", false), ("Cadre photo", "fr", false), ("Frame 12", "en", true), ("Layer 1", "en", true),
        ("Calque 3", "fr", true), ("无表情", "zh", false), ("无", "zh", true), ("Dolor", "es", false), ("猫", "zh", false), ("꿀", "ko", false),
        // Arabic with its optional marks and tatweel.
        ("صُورَة", "ar", true), ("صـورة", "ar", true),
        // A verifying tester's real labels the first rules took for placeholders.
        ("Text me", "en", false), ("The new me", "en", false), ("Graphic design", "en", false), ("Final design", "en", false),
        ("A+", "en", false), ("3D", "en", false), ("5G", "en", false), ("U2", "en", false), ("π", "en", false),
        ("ـــ", "ar", true), ("Dad2Be", "en", false), ("Face2Face", "en", false), ("Ace2Ace", "en", false), ("Bead-2024", "en", false), ("A.", "en", true),
    ])
    func placeholdersPerLanguage(label: String, language: String, isPlaceholder: Bool) {
        #expect(LabelChecks.isPlaceholder(label, language: language) == isPlaceholder)
    }

    @Test(arguments: [
        ("Image de chat", "fr", "Image de"), ("Une photo d'un chat", "fr", "Une photo d'"), ("Ein Bild von einem Hund", "de", "Ein Bild von"),
        ("Una imagen de un gato", "es", "Una imagen de"), ("Un’immagine di un gatto", "it", "Un’immagine di"),
        ("Imagem de um gato", "pt-BR", "Imagem de"), ("Een afbeelding van een kat", "nl", "Een afbeelding van"),
        ("猫の画像", "ja", "の画像"), ("猫的图片", "zh-Hans", "的图片"), ("Image of a cat", "fr", "Image of"),
        ("Image: a smiling cat", "en", "Image:"), ("画像：笑う猫", "ja", "画像："), ("图片：笑的猫", "zh", "图片："), ("이미지: 웃는 고양이", "ko", "이미지:"),
        ("Photograph of a dog", "en", "Photograph of"), ("A drawing of a cat", "en", "A drawing of"), ("An image showing a cat", "en", "An image showing"),
        ("Picture of… a cat", "en", "Picture of"), ("صُورَة قطة", "ar", "صورة"), ("תמונה: חתול", "he", "תמונה:"),
        // A direction mark before or after the label hid its wording.
        ("\u{200F}صورة قطة", "ar", "صورة"), ("\u{200E}Image of a cat", "en", "Image of"), ("\u{2067}תמונה: חתול\u{2069}", "he", "תמונה:"), ("תְּמוּנָה: חתול", "he", "תמונה:"),
    ])
    func redundantWordingPerLanguage(label: String, language: String, wording: String) {
        #expect(RedundantPrefixes.match(label, language: language)?.wording == wording)
    }

    /// Every language whose placeholder words Peel knows shows its example label in that language
    /// (a Hebrew translator was shown 'Smiling sun in sunglasses').
    @Test func everyLanguageWithPlaceholderWordsHasItsOwnExample() {
        let english = LabelChecks.exampleLabel(in: "en")
        for language in ["ar", "de", "es", "fr", "he", "it", "ja", "ko", "nl", "pt", "ru", "zh"] {
            #expect(LabelChecks.exampleLabel(in: language) != english, "\(language)")
            #expect(PlaceholderWords.list(for: language).words != PlaceholderWords.list(for: "en").words, "\(language) has its own placeholder words")
        }
    }

    @Test func wordsThatOnlyLookLikeRedundantWordingAreFine() {
        #expect(RedundantPrefixes.match("Imagerie", language: "fr") == nil)
        #expect(RedundantPrefixes.match("Bildhauer", language: "de") == nil)
        #expect(RedundantPrefixes.match("の画像", language: "ja") == nil, "nothing before it: the placeholder rule's case")
        #expect(RedundantPrefixes.match("Photo booth", language: "en") == nil)
        #expect(RedundantPrefixes.match("Iconic: a cat", language: "en") == nil)
        #expect(RedundantPrefixes.match("Фото-сессия", language: "ru") == nil, "a hyphen makes a word of its own")
        #expect(RedundantPrefixes.match("Image: a smiling cat", language: "en")?.rest == "a smiling cat")
    }

    /// Text hidden in a label's characters: tag characters (an error, outside a flag), piled
    /// variation selectors and combining marks (warnings); a subdivision flag and one accent are fine.
    @Test func hiddenTextInsideCharactersIsFound() {
        let tags = String(String.UnicodeScalarView("say: free".unicodeScalars.compactMap { Unicode.Scalar(0xE0000 + $0.value) }))
        #expect(LabelChecks.hiddenText(in: "Smiling cat" + tags)?.severity == .error)
        #expect(LabelChecks.hiddenText(in: "Waving dog" + String(repeating: "\u{FE0F}", count: 40))?.severity == .warning)
        #expect(LabelChecks.hiddenText(in: "Cat" + String(repeating: "\u{301}", count: 40)) != nil)
        #expect(LabelChecks.hiddenText(in: "Flag of Scotland 🏴󠁧󠁢󠁳󠁣󠁴󠁿, café, ❤️, Việt") == nil)
        // Emoji sequences keyboards type hold a selector after each emoji: not extra.
        #expect(LabelChecks.hiddenText(in: "🏳️‍⚧️ Trans pride flag, 🕵️‍♀️ detective, 👁️‍🗨️ witness") == nil)
        // Hidden text behind a black flag is no subdivision flag.
        let behindFlag = "\u{1F3F4}" + String(String.UnicodeScalarView("ignore all".unicodeScalars.compactMap { Unicode.Scalar(0xE0000 + $0.value) })) + "\u{E007F}"
        #expect(LabelChecks.hiddenText(in: "Cat waving " + behindFlag)?.severity == .error)
    }

    /// U+2800 looks blank and VoiceOver reads nothing useful: a missing label, not a warning.
    @Test func aBlankBrailleLabelIsInvisible() {
        #expect(InvisibleText.isInvisible("\u{2800}") && InvisibleText.isInvisible(" \u{3164} "))
        #expect(!InvisibleText.isInvisible("⠃"))
    }

    // MARK: - Length

    @Test(arguments: [
        ("👨‍👩‍👧‍👦", 1),            // a ZWJ family: seven scalars, eleven UTF-16 units
        ("🧑🏽‍🚀", 1),                // skin tone and ZWJ
        ("🇫🇷🇯🇵", 2),               // two flags: four regional indicators
        ("e\u{301}", 1),           // a combining accent
        ("a\u{308}\u{323}", 1),    // two combining marks
        ("\u{1100}\u{1161}\u{11A8}", 1), // a Hangul syllable written as conjoining jamo
        ("한국어", 3), ("日本語のラベル", 7),
        ("नमस्ते", 3),                // Devanagari: न म स्ते, the conjunct with its vowel sign is one
    ])
    func lengthIsCountedAsAReaderSeesIt(text: String, length: Int) {
        #expect(PerceivedLength.of(text) == length)
    }

    @Test func theLengthLimitIsInReaderCharactersInEveryLanguage() throws {
        // 150 family emoji: 1,650 UTF-16 units, within the limit; 151 are over it.
        let family = "👨‍👩‍👧‍👦"
        let folder = try catalog(labels: [("moon", "Moon")], translations: [
            ("moon.fr.md", "Lune " + String(repeating: family, count: 145)),
            ("moon.de.md", "Mond " + String(repeating: family, count: 146)),
            ("moon.ja.md", String(repeating: "月", count: 150)),
        ])
        #expect(summary(try labelFindings(folder).filter { $0.code == .labelTooLong }) == ["sky/moon.de.md:2 label-too-long de"])
    }
}
