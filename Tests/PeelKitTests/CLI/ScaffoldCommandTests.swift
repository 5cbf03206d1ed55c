import Foundation
import Testing
@testable import PeelKit

/// `peel init` and `peel new sticker`, run as the user runs them.
@Suite struct ScaffoldCommandTests {
    private func peel(_ arguments: [String], _ folder: TemporaryFolder) throws -> CLITests.Result {
        try CLITests().run(arguments, in: folder.url, environment: ["CI": "true"])
    }

    /// `peel new pack NAME` (a newcomer's next try after `new sticker`): the folder and a pack.md
    /// that checks clean once the pack has a sticker; never over an existing one; a path refused.
    @Test func newPackWritesAPackThatChecks() throws {
        let folder = try TemporaryFolder()
        #expect(try peel(["init"], folder).status == 0)
        let made = try peel(["new", "pack", "wild animals"], folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == "Wrote content/wild animals/pack.md\nNext: put the pack's images in content/wild animals/, then run peel new sticker 'wild animals/NAME' for each.\n")
        #expect(try folder.read("content/wild animals/pack.md").hasPrefix("---\ntitle: Wild animals\n# small"))
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "content/wild animals/fox.png")
        #expect(try peel(["new", "sticker", "wild animals/fox"], folder).stdout.hasSuffix("then run peel check.\n"))
        // Another content folder: the check it suggests names it.
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("content"), to: folder.url.appendingPathComponent("my stickers"))
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "my stickers/wild animals/owl.png")
        #expect(try peel(["new", "sticker", "wild animals/owl", "--content", "my stickers"], folder).stdout.hasSuffix("then run peel check 'my stickers'.\n"))
        // A folder written with a final dot (`--content .` inside the catalog) and the sentence's
        // full stop made `peel check ..`, the parent folder.
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "content/wild animals/cub.png")
        let dotted = try peel(["new", "sticker", "wild animals/cub", "--content", "content/."], folder)
        #expect(dotted.stdout.hasSuffix("then run this: peel check content/.\n"), "\(dotted.stdout)\(dotted.stderr)")
        try folder.write("---\nalt: A fox cub grinning\n---\n", to: "content/wild animals/cub.md")
        try folder.write("---\nalt: A red fox grinning\n---\n", to: "content/wild animals/fox.md")
        let check = try peel(["check", "content"], folder)
        #expect(check.status == 0 && !check.stdout.contains("wild animals/pack.md"), "\(check.stdout)")
        let again = try peel(["new", "pack", "wild animals"], folder)
        #expect(again.status == 1 && again.stderr.contains("The pack exists: edit its pack.md instead."))
        #expect(try peel(["new", "pack", "../outside"], folder).status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("outside").path))
    }

    /// `peel fit` of the sample catalog says what it does with a parts pack: fits its layers.
    @Test func fitSaysItWorksOnAPartsPacksLayers() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        let fit = try peel(["fit", "content"], folder)
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.hasSuffix("sundaes: its 12 composed stickers are made from its parts' layers at each build, so fit works on the layers (sundaes/<part>/) instead.\n"), "\(fit.stdout)")
        // The layers are counted with the other stickers; all of them fit already.
        #expect(fit.stdout.contains("Fitted 0 of 30 stickers; 30 already fit."), "\(fit.stdout)")
    }

    @Test func initMakesACatalogThatBuildsAndChecksClean() throws {
        let folder = try TemporaryFolder()
        let result = try peel(["init"], folder)
        #expect(result.status == 0, "\(result.stderr)")
        for path in ["content/site.md", "content/my-pack/pack.md", "content/my-pack/hello.png", "content/my-pack/hello.md"] {
            #expect(folder.exists(path), "\(path)")
            #expect(result.stdout.contains(path))
        }
        #expect(result.stdout.contains("peel serve content"))

        // The placeholder is a real sticker: a PNG at the pack's size class, with transparency, under the byte limit.
        let png = try Data(contentsOf: folder.url.appendingPathComponent("content/my-pack/hello.png"))
        let info = try ImageAnalyzer().analyze(png).info
        #expect(info.format == .png)
        #expect(info.width == SizeClass.regular.pixels && info.height == SizeClass.regular.pixels)
        #expect(info.hasTransparentPixels == true)
        #expect(png.count < 500_000)

        let check = try peel(["check", "content", "--strict"], folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("1 pack, 1 sticker: 0 errors, 0 warnings"), "\(check.stdout)")
        let build = try peel(["build", "content"], folder)
        #expect(build.status == 0)
        #expect(build.stderr.isEmpty, "no findings: \(build.stderr)")
        #expect(try folder.read("_site/my-pack/hello/index.html").contains("Yellow smiley face with a big smile and a white outline"))
        // Its sticker has the emoji the other messengers need: no emoji-missing once they are on.
        let messengers = try peel(["check", "content", "--platform", "telegram"], folder)
        #expect(!messengers.stdout.contains("emoji-missing"), "\(messengers.stdout)")
    }

    @Test func initRefusesToOverwriteAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\nalt: My own words\n---\n", to: "stickers/my-pack/hello.md")
        let result = try peel(["init", "stickers"], folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("stickers/my-pack/hello.md"), "\(result.stderr)")
        #expect(result.stderr.contains("never overwrites, so nothing was written"))
        #expect(try folder.read("stickers/my-pack/hello.md") == "---\nalt: My own words\n---\n", "the user's file is untouched")
        #expect(!folder.exists("stickers/site.md") && !folder.exists("stickers/my-pack/hello.png"), "all or nothing")

        #expect(try peel(["init", "fresh"], folder).status == 0)
        try folder.write("edited\n", to: "fresh/site.md")
        let again = try peel(["init", "fresh"], folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("these files already exist"))
        #expect(try folder.read("fresh/site.md") == "edited\n")

        // A folder on the way that is a symlink: refused before anything is written.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("linked/my-pack").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("elsewhere").path)
        let linked = try peel(["init", "linked"], folder)
        #expect(linked.status != 0 && linked.stderr.contains("it is a symlink"), "\(linked.stderr)")
        let elsewhere = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("elsewhere").path)
        #expect(!folder.exists("linked/site.md") && elsewhere.isEmpty)
    }

    @Test func newStickerWritesASidecarTemplateOnce() throws {
        let folder = try TemporaryFolder()
        #expect(try peel(["init"], folder).status == 0)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/my-pack/Red_Fox.png")

        let result = try peel(["new", "sticker", "my-pack/Red_Fox"], folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("content/my-pack/Red_Fox.md"))
        let sidecar = try folder.read("content/my-pack/Red_Fox.md")
        #expect(sidecar.contains("\nalt:\n"))
        #expect(sidecar.contains("title: \"Red Fox\""))
        #expect(sidecar.contains("\nemoji: []\n"), "a place for the emoji the other messengers need")

        // The empty label is what `peel check` then asks for, at the sidecar's line.
        let check = try peel(["check", "content"], folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("my-pack/Red_Fox.md:4: error[missing-label]"), "\(check.stdout)")

        try folder.write(sidecar.replacingOccurrences(of: "\nalt:\n", with: "\nalt: A red fox sitting in the snow\n"),
                         to: "content/my-pack/Red_Fox.md")
        let again = try peel(["new", "sticker", "my-pack/Red_Fox.png"], folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("content/my-pack/Red_Fox.md"))
        #expect(again.stderr.contains("this file already exists"))
        #expect(try folder.read("content/my-pack/Red_Fox.md").contains("A red fox sitting in the snow"), "never overwritten")
    }

    /// `peel check my-stickers` says `peel new sticker 'my-pack/X'` for a sticker without a
    /// sidecar; copied as printed beside or inside the catalog, it failed for want of --content.
    @Test func newStickerFindsTheCatalogThatHoldsThePack() throws {
        let folder = try TemporaryFolder()
        #expect(try peel(["init", "my-stickers"], folder).status == 0)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "my-stickers/my-pack/Animal Parade.png")
        let check = try peel(["check", "my-stickers"], folder)
        #expect(check.stdout.contains("or run peel new sticker 'my-pack/Animal Parade'"), "\(check.stdout)")
        let beside = try peel(["new", "sticker", "my-pack/Animal Parade"], folder)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(folder.exists("my-stickers/my-pack/Animal Parade.md"))
        #expect(beside.stdout.hasSuffix("then run peel check my-stickers.\n"), "\(beside.stdout)")

        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "my-stickers/my-pack/cat.png")
        let inside = try CLITests().run(["new", "sticker", "my-pack/cat"], in: folder.url.appendingPathComponent("my-stickers"), environment: ["CI": "true"])
        #expect(inside.status == 0 && folder.exists("my-stickers/my-pack/cat.md"), "\(inside.stderr)")
        // Two catalogs beside each other with that pack: neither is guessed.
        try folder.write("---\ntitle: P\n---\n", to: "other/my-pack/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "my-stickers/my-pack/dog.png")
        #expect(try peel(["new", "sticker", "my-pack/dog"], folder).status == 2)
        #expect(!folder.exists("my-stickers/my-pack/dog.md"))
    }

    @Test func newStickerSaysWhatIsWrong() throws {
        let folder = try TemporaryFolder()
        #expect(try peel(["init"], folder).status == 0)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/my-pack/fox.png")

        let noPack = try peel(["new", "sticker", "my-pak/fox"], folder)
        #expect(noPack.status == 1)
        #expect(noPack.stderr.contains("no pack folder 'my-pak'; did you mean 'my-pack'?; packs: my-pack"), "\(noPack.stderr)")

        let noImage = try peel(["new", "sticker", "my-pack/wolf"], folder)
        #expect(noImage.status == 1)
        #expect(noImage.stderr.contains("no sticker image named 'wolf'"))
        #expect(noImage.stderr.contains("Images here without a sidecar: fox.png"), "\(noImage.stderr)")

        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/turtle.gif"), to: "content/my-pack/fox.gif")
        let ambiguous = try peel(["new", "sticker", "my-pack/fox"], folder)
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("several images have this name (fox.gif, fox.png), and one sidecar, fox.md, would describe them all; rename one (e.g. fox.png to fox-2.png)"), "\(ambiguous.stderr)")
        // Named with its extension it still shares fox.md with fox.png: refused, nothing written.
        let withExtension = try peel(["new", "sticker", "my-pack/fox.gif"], folder)
        #expect(withExtension.status == 1 && !folder.exists("content/my-pack/fox.md"), "\(withExtension.stdout)")

        let badArgument = try peel(["new", "sticker", "fox"], folder)
        #expect(badArgument.status == 2)
        #expect(badArgument.stderr.contains("is not PACK/NAME"))
        #expect(try peel(["new", "sticker", "../outside/fox"], folder).status == 2)

        let noContent = try peel(["new", "sticker", "my-pack/fox", "--content", "nowhere"], folder)
        #expect(noContent.status == 2)
        #expect(noContent.stderr.contains("peel init"))
    }

    /// Beside a catalog that is not called content/, `peel new pack` named "the first argument" (the
    /// pack's name) as the content folder; it names --content and the catalog that is here.
    @Test func newPackBesideACatalogNamesIt() throws {
        let folder = try TemporaryFolder()
        #expect(try peel(["init", "my-stickers"], folder).status == 0)
        let beside = try peel(["new", "pack", "Cats"], folder)
        #expect(beside.status == 2)
        #expect(beside.stderr.hasPrefix("content: error: content folder not found; pass the folder that holds your packs (such as my-stickers)"), "\(beside.stderr)")
        #expect(beside.stderr.contains("The catalog here is my-stickers; run: peel new pack Cats --content my-stickers"), "\(beside.stderr)")
        #expect(!folder.exists("my-stickers/Cats"), "nothing is written on a guess")
        // The art of a pack without pack.md is found from beside the catalog, as `peel check` names it.
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "my-stickers/Cats/Happy Cat.png")
        let sticker = try peel(["new", "sticker", "Cats/Happy Cat"], folder)
        #expect(sticker.status == 0 && folder.exists("my-stickers/Cats/Happy Cat.md"), "\(sticker.stderr)")
    }
}
