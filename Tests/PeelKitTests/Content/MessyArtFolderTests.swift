import Foundation
import Testing
@testable import PeelKit

/// A newcomer's first art folder, as exported from a Mac or a PC: every file Peel leaves out is
/// named with what to do about it.
@Suite struct MessyArtFolderTests {
    /// A folder named by its year was taken for Vim's `4913` probe file and vanished without a word,
    /// inside a pack and at the top.
    @Test func aFolderOfDigitsIsReportedLikeAnyFolder() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/2024/new-year.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "Art Exports/2024/fireworks.png")
        try folder.write("x", to: "p/4913")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let nested = try #require(findings.first { $0.file == "p/2024" }, "\(findings.map(\.formatted))")
        #expect(nested.code == .ignoredFile)
        #expect(nested.message.contains("its image is not in the site; move it up into the pack folder"), "\(nested.message)")
        #expect(catalog.packs.map(\.folder).contains("Art Exports"), "a folder of art is a pack, told to add pack.md")
        #expect(findings.contains { $0.file == "Art Exports/2024" && $0.code == .ignoredFile })
        #expect(!findings.contains { $0.file == "p/4913" }, "Vim's probe file is still skipped")
        // A year folder with nothing in it leaves nothing out.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("p/2024/new-year.png"))
        #expect(!(try CatalogLoader(contentFolder: folder.url).load().1.contains { $0.file == "p/2024" }))
    }

    /// Notepad saves `hello.md` as `hello.md.txt` and Explorer shows it as `hello.md`; `site.md.txt`
    /// was not reported at all.
    @Test func aSidecarSavedAsTextIsToldToBeRenamed() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/hello.png")
        try folder.write("---\nalt: Hello\n---\n", to: "p/hello.md.txt")
        try folder.write("---\ntitle: P\n---\n", to: "p/pack.md.txt")
        try folder.write("---\ntitle: Mine\n---\n", to: "site.md.txt")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        for (file, meant) in [("p/hello.md.txt", "hello.md"), ("p/pack.md.txt", "pack.md"), ("site.md.txt", "site.md")] {
            let finding = try #require(findings.first { $0.file == file }, "\(file): \(findings.map(\.formatted))")
            #expect(finding.code == .ignoredFile && finding.message.contains("rename it to \(meant) (in Notepad"), "\(finding.message)")
        }
        #expect(StickerFileKind.savedAsText("notes.txt") == nil && StickerFileKind.savedAsText(".md.txt") == nil)
    }

    /// Chrome and Edge on Windows save JPEGs as `.jfif`: it was "not a sticker or a sidecar".
    @Test func aJPEGUnderAnotherNameIsToldToBeRenamed() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder)
        try folder.write(Data([0xFF, 0xD8, 0xFF]), to: "p/waving cat.jfif")
        try folder.write("---\nalt: A cat waving\n---\n", to: "p/waving cat.md")
        try folder.write(Data([0xFF, 0xD8, 0xFF]), to: "p/sun.JPE")
        try folder.write("x", to: "p/sketch.procreate")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        let jfif = try #require(findings.first { $0.file == "p/waving cat.jfif" })
        #expect(jfif.code == .unsupportedFormat && jfif.message.hasSuffix("rename it to waving cat.jpg"), "\(jfif.message)")
        #expect(findings.first { $0.file == "p/sun.JPE" }?.message.hasSuffix("rename it to sun.jpg") == true)
        #expect(findings.first { $0.file == "p/sketch.procreate" }?.code == .unsupportedFormat, "art in an app's own format is told to be converted")
        #expect(!findings.contains { $0.code == .orphanSidecar }, "the sidecar's image is named already")
    }

    /// An artist keeps `cat.psd` beside `cat.png`: it was an error telling them to convert the
    /// working file to PNG (which the PNG already is), and every such file failed the build.
    @Test func aWorkingFileBesideItsStickerIsAWarningThatNamesExclude() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder)
        try folder.write("8BPS", to: "p/cat.psd")
        try folder.write("x", to: "p/dog.psd")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        let working = try #require(findings.first { $0.file == "p/cat.psd" }, "\(findings.map(\.formatted))")
        #expect(working.severity == .warning && working.code == .ignoredFile, "\(working.formatted)")
        #expect(working.message.contains("beside the sticker cat.png") && working.message.contains("exclude: [\"*/*.psd\"]"), "\(working.message)")
        let alone = try #require(findings.first { $0.file == "p/dog.psd" })
        #expect(alone.severity == .error && alone.code == .unsupportedFormat && alone.message.contains("exclude:"), "\(alone.message)")
        // The pattern the warning gives leaves the working file out without a word, and the sticker in.
        try folder.write("---\ntitle: Mine\nexclude: [\"*/*.psd\"]\n---\n", to: "site.md")
        let (catalog, quiet) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(!quiet.contains { $0.file.hasSuffix(".psd") }, "\(quiet.map(\.formatted))")
        #expect(catalog.packs.flatMap(\.stickers).map(\.source).contains("p/cat.png"))
    }

    /// A tab used to indent a list got libyaml's "cannot start any token".
    @Test func aTabIndentIsNamed() throws {
        let findings = FrontMatter.parse("---\nalt: Yellow face\ntags:\n\t- happy\n---\n", file: "p/hello.md").1
        let error = try #require(findings.first { $0.code == .yamlSyntax }, "\(findings)")
        #expect(error.line == 4 && error.message.hasSuffix("the line is indented with a tab, which YAML does not allow: indent with spaces"), "\(error.message)")
    }

    /// A print-size export was "image claims 5000×5000 pixels", with no next step; a hostile header is not told to raise the limit.
    @Test func artOverThePixelBudgetNamesTheLimitThatLetsItThrough() {
        let poster = ImageError.overPixelBudget(width: 5000, height: 5000, budget: ImageAnalyzer.defaultMaxPixels).description
        #expect(poster.contains("image is 5000×5000 pixels") && poster.contains("peel fit --max-pixels 25000000 writes a scaled copy"), "\(poster)")
        let bomb = ImageError.overPixelBudget(width: 1_000_000, height: 1_000_000, budget: ImageAnalyzer.defaultMaxPixels).description
        #expect(bomb.hasPrefix("image claims") && !bomb.contains("--max-pixels"))
        // A sticker-size image over a budget set low is not told to export at sticker size.
        let sticker = ImageError.overPixelBudget(width: 618, height: 618, budget: 200_000).description
        #expect(sticker.hasSuffix("so it was not read; pass --max-pixels 381924 or more"), "\(sticker)")
    }

    /// `peel check` names a sticker of a folder without pack.md as `peel new sticker 'Cats/Happy Cat'`;
    /// run beside the catalog, that failed with "content folder not found".
    @Test func theCatalogOfAStickerIsFoundWithoutPackFile() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder, "my-stickers/p")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "my-stickers/Cats/Happy Cat.png")
        try folder.write("x", to: "elsewhere/Cats/notes.txt")
        #expect(SidecarScaffold.catalog(holding: "Cats/Happy Cat", near: folder.url) == "my-stickers")
        #expect(SidecarScaffold.catalog(holding: "Cats/Happy Cat.png", near: folder.url) == "my-stickers")
        #expect(SidecarScaffold.catalog(holding: "p/anything", near: folder.url) == "my-stickers", "a pack with pack.md holds any name")
        #expect(SidecarScaffold.catalog(holding: "Cats/Sad Cat", near: folder.url) == nil, "no image of that name")
        #expect(SidecarScaffold.catalog(holding: "Cats/Happy Cat", near: folder.url.appendingPathComponent("my-stickers")) == ".")
    }
}

/// Names copied from a Mac are decomposed (NFD); what a user types on Linux is composed (NFC).
@Suite struct DecomposedNameTests {
    /// `peel new sticker météo/soleil` typed in NFC finds a pack folder spelt in NFD: it said "no
    /// pack folder 'météo'; packs: météo".
    @Test func newStickerFindsAPackFolderInTheOtherForm() throws {
        let folder = try TemporaryFolder()
        let decomposed = "me\u{301}te\u{301}o", composed = "m\u{E9}t\u{E9}o"
        try folder.write("---\ntitle: M\u{E9}t\u{E9}o\n---\n", to: "c/\(decomposed)/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "c/\(decomposed)/soleil.png")
        let content = folder.url.appendingPathComponent("c")
        #expect(SidecarScaffold.catalog(holding: "\(composed)/soleil", near: folder.url) == "c")
        let sidecar = try SidecarScaffold.write("\(composed)/soleil", content: content)
        #expect(sidecar.path == content.appendingPathComponent("\(decomposed)/soleil.md").path)
        #expect(folder.exists("c/\(decomposed)/soleil.md"))
    }

    @Test func aTypedPathFindsTheFileInTheOtherForm() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder, "c/p")
        let decomposed = "Cafe\u{301} Cat"
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "c/p/\(decomposed).png")
        let typed = folder.url.appendingPathComponent("c/p/Caf\u{E9} Cat.png")
        #expect(!FileManager.default.fileExists(atPath: typed.path), "Linux compares names byte for byte")
        let target = try CatalogTarget.locate(typed)
        #expect(target.scope == .file("p/\(decomposed).png"))
        // Its title is composed (NFC), as typed text is.
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("c")).load()
        let sticker = try #require(catalog.packs.first?.stickers.first { $0.source.hasSuffix(".png") && $0.source != "p/cat.png" })
        #expect(sticker.title.unicodeScalars.elementsEqual("Caf\u{E9} Cat".unicodeScalars), "\(Array(sticker.title.unicodeScalars))")
        #expect(!findings.isEmpty, "its missing sidecar")
    }

    /// `sun.png.png` (Windows hid the last extension) or `rain.png.` (a dot at the end, which a Mac
    /// keeps): its sidecar says which, and the image says to rename it, not "create p/sun.png.md",
    /// which would leave the sidecar an orphan.
    @Test(arguments: [
        ("sun.png.png", "sun", "its image is named 'sun.png.png', with the extension twice (Windows hides the last one), so it is not this sidecar's; rename the image to sun.png"),
        ("rain.png.", "rain", "its image is named 'rain.png.', with a dot at the end, so it is not this sidecar's; rename the image to rain.png"),
    ])
    func aMisnamedImageIsNamed(image: String, stem: String, orphanMessage: String) throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/\(image)")
        try folder.write("---\nalt: A picture of the weather\n---\n", to: "p/\(stem).md")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        #expect(try #require(findings.first { $0.code == .orphanSidecar }).message == orphanMessage)
        #expect(try #require(findings.first { $0.code == .missingSidecar }).message
                == "sticker has no sidecar; p/\(stem).md is for '\(stem).png', which this image is meant to be: rename it to \(stem).png")
    }

    /// `sun.fr.md` beside `Sun.png` (a rename on a disk that ignores case): the orphaned
    /// translation names the image, as an orphaned sidecar does.
    @Test func aTranslationInAnotherCaseNamesItsImage() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: S\nlanguages: [en, fr]\n---\n", to: "site.md")
        try OtherMachinesFilesTests.pack(folder)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/Sun.png")
        try folder.write("---\nalt: A smiling sun\n---\n", to: "p/Sun.md")
        try folder.write("---\nalt: Un soleil souriant\n---\n", to: "p/sun.fr.md")
        let findings = try CatalogLoader(contentFolder: folder.url).load().1
        let orphan = try #require(findings.first { $0.code == .orphanTranslation })
        #expect(orphan.message == "no sticker named 'sun' for this translation; Sun.png differs from its name only in the case of its letters: rename one so the names match")
    }

    /// A link to a folder inside a pack was walked four levels deep: `loop -> .` counted the pack's
    /// own two images as 17 "not in the site", and a link to `/` listed the disk outside the content.
    @Test func aLinkedFolderInsideAPackIsNotWalked() throws {
        let folder = try TemporaryFolder()
        try OtherMachinesFilesTests.pack(folder)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("p/loop").path, withDestinationPath: ".")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "p/real/one.png")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("p/real/again").path, withDestinationPath: "..")
        let (_, findings) = try CatalogLoader(contentFolder: folder.url).load()
        let loop = try #require(findings.first { $0.file == "p/loop" }, "\(findings.map(\.formatted))")
        #expect(loop.code == .ignoredFile)
        #expect(loop.message.hasPrefix("a link to a folder inside a pack is not followed"), "\(loop.message)")
        let real = try #require(findings.first { $0.file == "p/real" })
        #expect(real.message.contains("its image is not in the site"), "one image, the link inside not followed: \(real.message)")
    }
}
