import Foundation
import Testing
@testable import PeelKit

@Suite struct CatalogLoaderTests {
    @Test func readsTheFixtureCatalogInDisplayOrder() throws {
        let (catalog, findings) = try CatalogLoader(contentFolder: Fixtures.catalog).load()
        // The xss pack's javascript: link and raw HTML, which its pack.md silences.
        #expect(findings.map(\.code).sorted { $0.rawValue < $1.rawValue } == [.brokenLink, .rawHTML, .rawHTML], "\(findings.map(\.formatted))")
        #expect(findings.first { $0.code == .brokenLink }?.file == "xss/pack.md")
        #expect(catalog.site.title == "Fixture <Gallery> & Friends")
        #expect(catalog.packs.map(\.slug) == ["pets", "xss"])
        let pets = catalog.packs[0]
        #expect(pets.title == "Pets")
        #expect(pets.size == .small)
        #expect(pets.contexts == [.messages, .media])
        #expect(pets.author == "Test Artist")
        #expect(pets.license == "CC0")
        // fox has order 1; the others have none and sort by file name after it.
        #expect(pets.stickers.map(\.slug) == ["fox", "cat", "dog", "turtle"])
        #expect(pets.stickers[0].tags == ["fox", "clever"])
        #expect(pets.stickers[1].alt == "Orange cat face with whiskers")
        #expect(pets.stickers[1].descriptionHTML == "<p dir=\"auto\">A <em>curious</em> cat.</p>\n")
        #expect(pets.stickers[3].title == "Turtle", "a sticker without a title takes one from its file name")
        #expect(pets.descriptionHTML.contains("<del>strikethrough</del>"))
    }

    /// Stickers sorted by the bytes of the whole file name put `grin-badge.png` before `grin.png`
    /// ('-' < '.'), `sun10` before `sun2` and `Zebra` before `apple`: the pack's first sticker,
    /// its default cover, was a variant.
    @Test func stickersAndPacksSortAsAFileBrowserShowsThem() throws {
        let folder = try TemporaryFolder()
        for pack in ["pack-10", "Pack-2", "pack-1"] {
            try folder.write("---\ntitle: \(pack)\n---\n", to: "\(pack)/pack.md")
        }
        for name in ["grin-badge.png", "grin.png", "sun10.png", "sun2.png", "sun02.png", "Zebra.png", "apple.png", "2cats.png", "sun2-b.gif"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "pack-1/\(name)")
            try folder.write("---\nalt: A cat face\n---\n", to: "pack-1/\(StickerFileKind.stem(name)).md")
        }
        let catalog = try CatalogLoader(contentFolder: folder.url).load().0
        #expect(catalog.packs.map(\.folder) == ["pack-1", "Pack-2", "pack-10"])
        // Folders named without ASCII are slugged `pack-<hash>`; they sort by name, not by hash,
        // and a dot in a folder's name is no extension.
        let unicode = try TemporaryFolder()
        let names = ["Абрикосы", "Бананы", "Вишни", "Груши", "faces.v2", "faces", "いぬ", "うさぎ", "とり", "ねこ"]
        for pack in names.reversed() {
            try unicode.write("---\ntitle: \(pack)\n---\n", to: "\(pack)/pack.md")
            try unicode.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "\(pack)/cat.png")
            try unicode.write("---\nalt: A cat face\n---\n", to: "\(pack)/cat.md")
        }
        #expect(try CatalogLoader(contentFolder: unicode.url).load().0.packs.map(\.folder)
                == ["faces", "faces.v2", "Абрикосы", "Бананы", "Вишни", "Груши", "いぬ", "うさぎ", "とり", "ねこ"])
        #expect(catalog.packs[0].stickers.map(\.fileName) == ["2cats.png", "apple.png", "grin.png", "grin-badge.png", "sun02.png", "sun2.png",
                                                              "sun2-b.gif", "sun10.png", "Zebra.png"])
        // Accents as a file browser reads them: étoile went after zèbre (its bytes), and that is
        // the order Messages shows the Xcode pack in. NFD (a Mac's) sorts as NFC.
        let accented = ["zèbre.png", "fleur.png", "étoile.png", "Éclair.png", "etoile.png", "e\u{301}toile2.png", "Ölfass.png", "ours.png"]
        #expect(accented.sorted(by: NameOrder.naturalPrecedes)
                == ["Éclair.png", "etoile.png", "étoile.png", "e\u{301}toile2.png", "fleur.png", "Ölfass.png", "ours.png", "zèbre.png"])
    }

    /// Icon art kept in a folder of its own (`icon: ../art/icon.png`) made that folder a pack:
    /// "add a pack.md", a card on the home page, and the Xcode export refused everything.
    @Test func aFolderOfIconArtIsNoPack() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Pets\nicon: ../art/icon.png\ntray: ../art/tray.png\n---\n", to: "pets/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "pets/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "pets/cat.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "art/icon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "art/tray.png")
        try folder.write("x", to: "art/Thumbs.db")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.map(\.folder) == ["pets"] && catalog.packs[0].icon == "art/icon.png")
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        // A folder that holds anything else is a pack without its pack.md, as before.
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "art/extra.png")
        let (again, more) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(again.packs.map(\.folder) == ["art", "pets"])
        #expect(more.contains { $0.code == .missingPackFile && $0.file == "art" })
        // A theme kept in the content folder is said to be one, with the exclude: that leaves it out.
        try folder.write("<h1>{{title}}</h1>", to: "theme/pack.mustache")
        let theme = try CatalogLoader(contentFolder: folder.url).load().1.first { $0.code == .missingPackFile && $0.file == "theme" }
        #expect(theme?.message.contains("holds templates (.mustache): a theme, not a pack") == true && theme?.message.contains("exclude: [theme]") == true,
                "\(String(describing: theme))")
    }

    @Test func reportsMissingSidecarsLabelsAndPackFiles() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "a/cat.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "a/fox.png")
        try folder.write("---\nalt: \"\"\n---\n", to: "a/fox.md")
        try folder.write("---\nsize: huge\n---\n", to: "a/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "b/cat.png")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.count == 2)
        let summary = findings.map { "\($0.file):\($0.line.map(String.init) ?? "-") \($0.code.rawValue)" }
        #expect(summary == [
            "a/cat.png:- missing-sidecar",
            "a/fox.md:2 missing-label",
            "a/pack.md:1 missing-pack-title",
            "a/pack.md:2 invalid-value",
            "b:- missing-pack-file",
            "b/cat.png:- missing-sidecar",
        ])
        #expect(findings.first { $0.code == .missingSidecar }?.sticker == "a/cat.png")
        #expect(findings.allSatisfy { $0.severity == .error })
    }

    @Test func imagesAtTheTopAreIgnoredUnlessAPackUsesThemAsItsIcon() throws {
        let folder = try TemporaryFolder()
        let png = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write(png, to: "icon-1024.png")
        try folder.write(png, to: "stray.png")
        try folder.write(png, to: "a/cat.png")
        try folder.write("---\nalt: A cat\n---\n", to: "a/cat.md")
        try folder.write("---\ntitle: A\nicon: ../icon-1024.png\n---\n", to: "a/pack.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.first?.icon == "icon-1024.png")
        #expect(findings.filter { $0.code == .ignoredFile }.map(\.file) == ["stray.png"], "the icon's art is used, not ignored")
    }

    @Test func anImageNamedPackIsToldToTakeAnotherName() throws {
        let folder = try TemporaryFolder()
        let png = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write(png, to: "a/pack.png")
        try folder.write("---\ntitle: A\n---\n", to: "a/pack.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let finding = try #require(findings.first { $0.code == .missingSidecar })
        #expect(finding.message == "sticker has no sidecar; its sidecar would be a/pack.md, which is the pack's own file; rename the image (e.g. pack-sticker.png) and give it a sidecar with 'alt:'")
    }

    @Test func aKeyWithCapitalsIsNamedWhereTheLabelOrTitleIsMissing() throws {
        let folder = try TemporaryFolder()
        let png = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write(png, to: "a/cat.png")
        try folder.write("---\ntags: [cat]\nAlt: Orange cat\n---\n", to: "a/cat.md")
        try folder.write("---\nTitle: Pets\n---\n", to: "a/pack.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let label = try #require(findings.first { $0.code == .missingLabel })
        #expect(label.line == 3 && label.message == "sticker has no accessibility label: 'Alt:' is not 'alt:' (keys are lower case); write alt: on this line")
        let title = try #require(findings.first { $0.code == .missingPackTitle })
        #expect(title.line == 2 && title.message.hasPrefix("pack has no title: 'Title:' is not 'title:'"))
    }

    @Test func otherImageTypesAreReportedNotSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\n---\n", to: "a/pack.md")
        try folder.write(Data("RIFF".utf8), to: "a/photo.webp")
        try folder.write(Data(), to: "a/drawing.svg")
        try folder.write("notes", to: "a/notes.txt")
        try folder.write("---\nalt: x\n---\n", to: "a/ghost.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.filter { $0.code == .unsupportedFormat }.map(\.file) == ["a/drawing.svg", "a/photo.webp"])
        // A skipped file is no sticker: not counted among "stickers with errors" beside "0 stickers".
        #expect(findings.filter { $0.code == .unsupportedFormat }.allSatisfy { $0.sticker == nil })
        #expect(ReviewSummary(findings: findings, packs: 1, stickers: 0).stickersWithErrors == 0)
        #expect(findings.contains { $0.code == .ignoredFile && $0.file == "a/notes.txt" && $0.severity == .warning })
        #expect(findings.contains { $0.code == .orphanSidecar && $0.file == "a/ghost.md" })
        #expect(findings.contains { $0.code == .emptyPack })
    }

    /// A title made from a file name splits its words at underscores, hyphens and any white
    /// space or control character: a tab in the name no longer reaches the title.
    @Test func titlesFromFileNamesHoldNoTabs() {
        #expect(CatalogLoader.title(fromStem: "happy\tsun") == "Happy sun")
        #expect(CatalogLoader.title(fromStem: "happy_sun-2") == "Happy sun 2")
        #expect(CatalogLoader.title(fromStem: "  ") == "  ")
    }

    /// A cover that is not a sticker of the pack is named at its line.
    @Test func aCoverThatIsNotAStickerIsNamedAtItsLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\ncover: ghost.png\n---\n", to: "a/pack.md")
        try folder.write(try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png")), to: "a/cat.png")
        try folder.write("---\nalt: A cat\n---\n", to: "a/cat.md")
        let finding = try CatalogLoader(contentFolder: folder.url).load().1.first { $0.message.hasPrefix("cover 'ghost.png'") }
        #expect(finding?.file == "a/pack.md" && finding?.line == 3)
    }

    /// The suggested command can be pasted: a pack or image name with a space is quoted.
    @Test func theMissingSidecarHintCanBePasted() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\n---\n", to: "Pack One/pack.md")
        let png = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write(png, to: "Pack One/happy sun's.png")
        try folder.write(png, to: "Pack One/plain.png")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1.filter { $0.code == .missingSidecar }.map(\.message)
        #expect(findings.contains { $0.hasSuffix("run peel new sticker 'Pack One/happy sun'\\''s'") }, "\(findings)")
        #expect(findings.contains { $0.hasSuffix("run peel new sticker 'Pack One/plain'") })
        #expect(ShellWord.quoted("faces/party") == "faces/party")
    }

    /// Front matter after a blank line, or fenced with `----`, is read as text: said at its line,
    /// instead of a bare missing-label; a body that merely has a rule is no front matter.
    /// `Site.md`, `site.markdown`, `Pack.md`: only the exact name is read, and a Mac's disk (which
    /// ignores case) hid the mistake until Linux or CI dropped the settings without a word.
    @Test func misnamedSettingsFilesAreNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Mine\nlanguages: [en, fr]\n---\n", to: "Site.md")
        try folder.write("---\ntitle: A\n---\n", to: "a/Pack.md")
        try folder.write("---\ntitle: B\n---\n", to: "b/pack.md")
        try folder.write("---\ntitle: B again\n---\n", to: "b/pack.markdown")
        try folder.write("---\ntitle: Les miens\n---\n", to: "Site.fr.md")
        for pack in ["a", "b"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "\(pack)/cat.png")
            try folder.write("---\nalt: An orange cat\n---\n", to: "\(pack)/cat.md")
        }
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        var ignored = findings.filter { $0.code == .ignoredFile }
        #expect(ignored.map(\.file) == ["Site.fr.md", "Site.md", "a/Pack.md", "b/pack.markdown"], "\(ignored)")
        #expect(ignored[0].message.hasSuffix("rename it to site.fr.md"), "\(ignored[0].message)")
        ignored.removeFirst()
        #expect(ignored[0].message.hasSuffix("rename it to site.md"))
        #expect(ignored[2].message.contains("pack.md is read and this file is not"))
        #expect(!findings.contains { $0.code == .orphanSidecar }, "not taken for a sticker's sidecar: \(findings)")
        #expect(catalog.site.title != "Mine")
    }

    /// `hello.png.md` (named after the whole file) is said to be misnamed, not a translation into "png".
    @Test func aSidecarNamedAfterTheWholeImageFileIsNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/hello.png")
        try folder.write("---\nalt: A cat\n---\n", to: "p/hello.png.md")
        try folder.write("---\nalt: A cat\n---\n", to: "p/hello.gif.md")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(!findings.contains { $0.code == .orphanTranslation }, "\(findings)")
        for name in ["p/hello.png.md", "p/hello.gif.md"] {
            let named = try #require(findings.first { $0.file == name })
            #expect(named.code == .orphanSidecar && named.message.hasSuffix("rename it to hello.md"), "\(named.message)")
        }
    }

    /// One YAML slip in pack.md (a repeated key) leaves every setting unread: the error says so.
    @Test func anUnreadablePackFileSaysItsSettingsAreNotRead() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Big Feelings\nsize: large\nsize: small\n---\n", to: "faces/pack.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let error = try #require(findings.first { $0.code == .yamlSyntax })
        #expect(error.message.hasSuffix("until it is fixed, none of pack.md's settings are read (the pack is 'faces', size regular, no icon)"), "\(error.message)")
        #expect(catalog.packs.first?.title == "faces" && catalog.packs.first?.size == .regular)
        // So is front matter after a blank line.
        try folder.write("\n---\ntitle: Big Feelings\nsize: large\n---\n", to: "faces/pack.md")
        let (_, again) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(again.first { $0.code == .frontMatterNotFirst }?.message.contains("none of pack.md's settings are read") == true, "\(again)")
    }

    /// `pt_BR`, as locales are written, is pt-BR wherever a language is read, and said.
    @Test func anUnderscoredTagIsTakenWithAHyphenEverywhere() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: S\nlanguages: [en, pt_BR]\n---\n", to: "site.md")
        try folder.write("---\ntitle: P\nlanguage: pt_BR\n---\n", to: "p/pack.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.site.languages == ["en", "pt-BR"] && catalog.packs.first?.language == "pt-BR")
        #expect(findings.filter { $0.code == .invalidValue }.map(\.file) == ["p/pack.md", "site.md"], "\(findings)")
        #expect(findings.allSatisfy { !$0.message.contains("is not a BCP 47") })
    }

    @Test func frontMatterNotOnTheFirstLineIsNamed() {
        for (text, line, why) in [("\n---\nalt: A cat\n---\n", 2, "it starts on line 2, after a blank line"),
                                  ("\n\n---\nalt: A cat\n---\n", 3, "it starts on line 3, after blank lines"),
                                  ("----\nalt: A cat\n----\n", 1, "its fence is '----', not '---'"),
                                  ("--\nalt: A cat\n--\n", 1, "its fence is '--', not '---'"),
                                  ("—\nalt: A cat\n—\n", 1, "its fence is '—', a dash that smart punctuation made of '---'"),
                                  ("+++\ntitle = \"Cats\"\n+++\n", 1, "its fence is '+++', not '---' (Peel reads YAML front matter, not TOML)"),
                                  ("\nalt: A cat\ntitle: Cat\n", 2, "it has no '---' lines around it")] {
            let findings = FrontMatter.parse(text, file: "a/cat.md").1
            #expect(findings.map(\.code) == [.frontMatterNotFirst] && findings.first?.line == line, "\(text)")
            #expect(findings.first?.message.hasPrefix("this looks like front matter, but \(why), so it is read as the page's text") == true)
        }
        for text in ["A plain body.\n---\nMore\n", "\n---\n\nA rule, then text.\n", "---\nalt: A cat\n---\n",
                     "Note: the cat came first.\n", "—\nA dash, then text.\n", "-\nalt: a list item\n"] {
            #expect(FrontMatter.parse(text, file: "a/cat.md").1.isEmpty, "\(text)")
        }
    }

    /// A label of invisible characters only (joiners, marks, a soft hyphen, a variation selector)
    /// is no label: `missing-label`, naming the code points; so is such a translation (missing).
    @Test func aLabelOfInvisibleCharactersIsMissing() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\n---\n", to: "a/pack.md")
        try folder.write("---\ntitle: Moons\nlanguages: [en, fr]\n---\n", to: "site.md")
        let png = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        let invisible = ["200D", "2060", "200E", "00AD", "FE0F", "200D 200B 2060"]
        for (index, points) in invisible.enumerated() {
            try folder.write(png, to: "a/s\(index).png")
            let escaped = points.split(separator: " ").map { "\\u\($0)" }.joined()
            try folder.write("---\nalt: \"\(escaped)\"\n---\n", to: "a/s\(index).md")
        }
        try folder.write(png, to: "a/cat.png")
        try folder.write("---\nalt: A cat\n---\n", to: "a/cat.md")
        try folder.write("---\nalt: \"\\u200D\\u00AD\"\ntranslated_from: A cat\n---\n", to: "a/cat.fr.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let missing = findings.filter { $0.code == .missingLabel }.sorted { $0.file < $1.file }
        #expect(missing.map(\.file) == invisible.indices.map { "a/s\($0).md" })
        #expect(missing.allSatisfy { $0.severity == .error && $0.line == 2 })
        #expect(missing[0].message == "sticker has no accessibility label: alt: holds only invisible characters (U+200D); write what the sticker shows")
        #expect(missing[5].message.contains("(U+200D U+200B U+2060)"))
        #expect(catalog.packs[0].stickers.first { $0.source == "a/cat.png" }?.translations["fr"]?.alt == nil, "an invisible translation is none")
    }

    /// Emacs's backups and auto-saves, Vim's probe and JetBrains' safe-write copies are neither
    /// read nor reported; a pack folder named with digits is still a pack, and a stray file still
    /// gets its warning.
    @Test func editorLeftoversAreSkippedSilently() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\n---\n", to: "2024/pack.md")
        let png = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write(png, to: "2024/cat.png")
        try folder.write("---\nalt: A cat\n---\n", to: "2024/cat.md")
        for leftover in ["cat.md~", "#cat.md#", "4913", "cat.md___jb_tmp___", "cat.md___jb_old___", "pack.md~", "sedhDgZUn"] {
            try folder.write("---\nalt: an old label\n---\n", to: "2024/\(leftover)")
        }
        try folder.write("x", to: "site.md~")
        try folder.write("notes", to: "2024/notes.txt")
        #expect(!EditorLeftover.matches(fileName: "sedan.png") && !EditorLeftover.matches(fileName: "sedans2024") && !EditorLeftover.matches(fileName: "sedAb1.md"))
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.map(\.folder) == ["2024"])
        #expect(catalog.packs.first?.stickers.map(\.source) == ["2024/cat.png"])
        #expect(findings.map(\.file) == ["2024/notes.txt"], "only the stray file is reported")
        let snapshot = InputSnapshot.take(folder.url)
        #expect(Set(snapshot.files.keys) == ["2024/pack.md", "2024/cat.png", "2024/cat.md", "2024/notes.txt"], "serve and the build cache watch no leftover")
    }

    @Test func iconPathsNeverLeaveTheContentFolder() throws {
        let folder = try TemporaryFolder()
        for (index, icon) in ["../../etc/passwd", "/etc/passwd", "../../outside.png"].enumerated() {
            try folder.write("---\ntitle: P\nicon: \(icon)\n---\n", to: "content/p\(index)/pack.md")
        }
        try folder.write("x", to: "outside.png")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        #expect(catalog.packs.allSatisfy { $0.icon == nil })
        let refused = findings.filter { $0.code == .pathOutsideContent }
        #expect(refused.count == 3)
        #expect(refused.allSatisfy { $0.line == 3 && $0.severity == .error })
    }

    @Test func symlinkedStickerLeavingTheContentFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "secret.png")
        try folder.write("---\ntitle: P\n---\n", to: "content/p/pack.md")
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("content/p/leak.png"),
                                                   withDestinationURL: folder.url.appendingPathComponent("secret.png"))
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        #expect(catalog.packs[0].stickers.isEmpty)
        #expect(findings.contains { $0.code == .pathOutsideContent && $0.file == "p/leak.png" })
    }

    @Test func iconIsNotASticker() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nicon: icon.png\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/icon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "p/fox.png")
        try folder.write("---\nalt: Fox\n---\n", to: "p/fox.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(catalog.packs[0].icon == "p/icon.png")
        #expect(catalog.packs[0].stickers.map(\.slug) == ["fox"])
    }

    /// Tray art is often one of the pack's stickers: naming it dropped the sticker, and its
    /// sidecar was "an orphan" of an image right there.
    @Test func trayArtThatIsAStickerStaysASticker() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\ntray: fox.png\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "p/fox.png")
        try folder.write("---\nalt: Fox\n---\n", to: "p/fox.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(catalog.packs[0].tray == "p/fox.png" && catalog.packs[0].stickers.map(\.slug) == ["fox"])
    }

    /// A Mac writes "café" decomposed (e + U+0301); typed in pack.md on Linux it is one é. The
    /// file system compares bytes, so the icon was "missing" though it was right there.
    @Test func iconNamedInAnotherUnicodeNormalizationIsFound() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "cafe\u{301} icon.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "p/fox.png")
        try folder.write("---\nalt: Fox\n---\n", to: "p/fox.md")
        try folder.write("---\ntitle: P\nicon: ../caf\u{E9} icon.png\n---\n", to: "p/pack.md")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        // The file system's spelling, so that reading it later finds it.
        #expect(catalog.packs[0].icon.map { Array($0.utf8) } == Array("cafe\u{301} icon.png".utf8))
        #expect(catalog.packs[0].stickers.map(\.slug) == ["fox"])
    }

    /// Latin-1 names (an old zip, a Windows share) were "no such file or folder" for files `ls`
    /// shows, and a pack folder so named was skipped in silence.
    @Test func aNameThatIsNotUTF8IsNamedAsSuch() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/cat.png")
        try folder.write("---\nalt: Cat\n---\n", to: "p/cat.md")
        func bytes(_ relative: [UInt8]) -> [CChar] { (Array(folder.url.path.utf8) + relative + [0]).map { CChar(bitPattern: $0) } }
        let file = open(bytes(Array("/p/caf".utf8) + [0xE9] + Array(".png".utf8)), O_CREAT | O_WRONLY, 0o644)
        #expect(file >= 0)
        close(file)
        #expect(mkdir(bytes(Array("/f".utf8) + [0xEA] + Array("tes".utf8)), 0o755) == 0)
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let mangled = findings.filter { $0.message.hasPrefix("the name is not UTF-8 text") }
        #expect(mangled.map(\.file).sorted() == ["f\u{FFFD}tes", "p/caf\u{FFFD}.png"], "\(findings.map(\.formatted))")
        #expect(mangled.allSatisfy { $0.severity == .error && $0.code == .unreadableFile })
        #expect(catalog.packs.map(\.slug) == ["p"] && catalog.packs[0].stickers.map(\.slug) == ["cat"])
    }

    /// site.md's language: became <html lang> unchecked (fr_FR, as locales are written).
    @Test func theSiteLanguageIsABCP47Tag() throws {
        for (written, used, said) in [("fr_FR", "fr-FR", "written with an underscore"), ("français", "en", "is a language's name, not its tag: write 'fr'"), ("fr-F", "en", "is not a BCP 47 language tag"), ("pt-BR", "pt-BR", nil)] {
            let folder = try TemporaryFolder()
            try folder.write("---\ntitle: S\nlanguage: \(written)\n---\n", to: "site.md")
            try folder.write("---\ntitle: P\n---\n", to: "p/pack.md")
            let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
            #expect(catalog.site.language == used, "\(written)")
            let problems = findings.filter { $0.code == .invalidValue }
            if let said {
                #expect(problems.count == 1 && problems[0].line == 3 && problems[0].message.contains(said), "\(problems.map(\.formatted))")
            } else {
                #expect(problems.isEmpty)
            }
        }
    }

    @Test func namesWithSpacesAndUnicodeGetUniqueSlugs() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Café Pack\n---\n", to: "Café Pack/pack.md")
        for name in ["Happy Sun", "happy-sun", "Ünïcödé ☀️"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "Café Pack/\(name).png")
            try folder.write("---\nalt: \(name) label\n---\n", to: "Café Pack/\(name).md")
        }
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(catalog.packs[0].slug == "cafe-pack")
        #expect(Set(catalog.packs[0].stickers.map(\.slug)) == ["happy-sun", "happy-sun-2", "unicode"])
    }

    @Test func packsNeverTakeTheSitesOwnFolders() throws {
        let folder = try TemporaryFolder()
        for name in ["assets", "review"] { try folder.write("---\ntitle: \(name)\n---\n", to: "\(name)/pack.md") }
        let (catalog, _) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.map(\.slug) == ["assets-2", "review-2"])
        #expect(SitePaths.reviewPage.hasPrefix("review/"), "the reserved name follows the review page's folder")
    }

    @Test func anOversizedTableIsAFindingOnItsLineAndTheSidecarIsStillRead() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: A\n---\n", to: "a/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "a/cat.png")
        let pipes = String(repeating: String(repeating: "|", count: 1000) + "\n", count: 400)
        try folder.write("---\nalt: A cat\n---\nThe cat.\n\n|a|\n|-|\n\(pipes)", to: "a/cat.md")
        let start = ContinuousClock.now
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(ContinuousClock.now - start < .seconds(5), "unguarded this takes over 30 s")
        #expect(findings.map { "\($0.file):\($0.line ?? 0) \($0.code.rawValue) \($0.sticker ?? "-")" } == ["a/cat.md:6 markdown-table-too-large a/cat.png"])
        let cat = try #require(catalog.packs.first?.stickers.first)
        #expect(cat.alt == "A cat")
        #expect(cat.descriptionHTML.hasPrefix("<p dir=\"auto\">The cat.</p>") && !cat.descriptionHTML.contains("<table"))
    }

    @Test func missingContentFolderThrows() {
        #expect(throws: PeelError.contentFolderMissing(path: "/nonexistent/peel")) {
            try CatalogLoader(contentFolder: URL(fileURLWithPath: "/nonexistent/peel")).load()
        }
    }
}
