import Foundation
import Testing
@testable import PeelKit

/// `peel check` pointed at a pack folder or a sticker file checks exactly that, within its
/// catalog, and never reports success for checking nothing.
@Suite struct CheckScopeTests {
    let cli = CLITests()

    /// A catalog with site.md and two packs: `faces` has a sticker with an error, `pets` is clean
    /// but holds a byte-for-byte copy of a `faces` sticker.
    func catalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let cat = Fixtures.catalog.appendingPathComponent("pets/cat.png")
        let fox = Fixtures.catalog.appendingPathComponent("pets/fox.png")
        try folder.write("---\ntitle: Stickers\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Faces\nsize: small\n---\n", to: "content/faces/pack.md")
        try folder.copy(cat, to: "content/faces/cat.png")
        try folder.write("---\nalt: IMG_1234\n---\n", to: "content/faces/cat.md")
        try folder.copy(fox, to: "content/faces/fox.png")
        try folder.write("---\nalt: Orange fox face\n---\n", to: "content/faces/fox.md")
        try folder.write("---\ntitle: Pets\nsize: small\n---\n", to: "content/pets/pack.md")
        try folder.copy(fox, to: "content/pets/fox-copy.png")
        try folder.write("---\nalt: Another orange fox\n---\n", to: "content/pets/fox-copy.md")
        try folder.write("---\ntitle: Empty\n---\n", to: "content/empty/pack.md")
        return folder
    }

    @Test func aTranslationFileIsCheckedAsItsSticker() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Stickers\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\nalt: IMG_5678\n---\n", to: "content/faces/fox.fr.md")
        let result = try cli.run(["check", "content/faces/fox.fr.md", "--no-art-checks"], in: folder.url, environment: ["CI": "true"])
        #expect(result.stdout.contains("content/faces/fox.fr.md:2: error[placeholder-label]"), "\(result.stdout)")
        #expect(!result.stderr.contains("no sticker was checked"), "\(result.stderr)")
        #expect(result.stdout.contains("Checked content/faces/fox.fr.md"), "\(result.stdout)")
        #expect(result.status == 1)
    }

    @Test func siteAndPackFilesStandForTheirCatalogAndPack() throws {
        let folder = try catalog()
        try folder.write("---\ntitle: Stickers\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Visages\ntranslated_from: Old faces\n---\n", to: "content/faces/pack.fr.md")
        for file in ["content/faces/pack.md", "content/faces/pack.fr.md"] {
            let result = try cli.run(["check", file, "--no-art-checks"], in: folder.url, environment: ["CI": "true"])
            #expect(result.stdout.contains("content/faces/pack.fr.md:3: warning[stale-translation]"), "\(file): \(result.stdout)")
            #expect(result.stdout.contains("content/faces/cat.md:2: error[placeholder-label]"), "the pack's stickers: \(result.stdout)")
            #expect(!result.stdout.contains("content/pets/"), "\(file): only its pack")
            #expect(!result.stderr.contains("no sticker was checked"), "\(result.stderr)")
            #expect(result.status == 1)
        }
        let site = try cli.run(["check", "content/site.md", "--no-art-checks"], in: folder.url, environment: ["CI": "true"])
        #expect(site.stdout.contains("content/faces/cat.md:2: error[placeholder-label]"), "the whole catalog: \(site.stdout)\(site.stderr)")
        #expect(site.stdout.contains("content/pets/"), "\(site.stdout)")
        #expect(!site.stderr.contains("not part of a catalog"))
    }

    @Test func aPackFolderIsCheckedWithinItsCatalog() throws {
        let folder = try catalog()
        let result = try cli.run(["check", "content/faces"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1, "the pack's error fails the check: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("content/faces/cat.md:2: error[placeholder-label]"))
        #expect(!result.stdout.contains("content/pets/"), "only what is about the pack")
        #expect(result.stdout.hasSuffix("Checked pack content/faces/, 2 stickers: 1 error, 0 warnings\n"), "\(result.stdout)")

        let pets = try cli.run(["check", "content/pets"], in: folder.url, environment: ["CI": "true"])
        #expect(pets.status == 0)
        #expect(pets.stdout.contains("content/pets/fox-copy.png: warning[duplicate-image]: same image bytes as faces/fox.png"),
                "duplicates are found across the whole catalog: \(pets.stdout)")
    }

    @Test func aStickerFileIsCheckedAlone() throws {
        let folder = try catalog()
        let result = try cli.run(["check", "content/faces/cat.png"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("content/faces/cat.md:2: error[placeholder-label]"), "its sidecar's findings count")
        #expect(result.stdout.hasSuffix("Checked content/faces/cat.png (1 sticker): 1 error, 0 warnings\n"), "\(result.stdout)")
        let fox = try cli.run(["check", "faces/fox.md", "--format", "json"], in: folder.url.appendingPathComponent("content"))
        #expect(fox.status == 0, "\(fox.stderr)")
        #expect(fox.stdout.contains("\"stickers\" : 1"))
    }

    /// With site.md's platforms:, the site's readiness table said Blocked (no emoji) while
    /// `peel check` said all was well: check checks the platforms site.md publishes to.
    @Test func checkChecksThePlatformsSiteMdPublishesTo() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: S\nplatforms: [imessage, telegram]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/p/cat.md")
        let check = try cli.run(["check", "content"], in: folder.url, environment: ["CI": "true"])
        #expect(check.status == 1 && check.stdout.contains("error[emoji-missing]"), "\(check.stdout)")
        let onlyMessages = try cli.run(["check", "content", "--platform", "imessage"], in: folder.url, environment: ["CI": "true"])
        #expect(onlyMessages.status == 0 && !onlyMessages.stdout.contains("emoji-missing"), "\(onlyMessages.stdout)")
    }

    @Test func checkingNothingIsAnError() throws {
        let folder = try catalog()
        let empty = try cli.run(["check", "content/empty"], in: folder.url, environment: ["CI": "true"])
        #expect(empty.status == 2, "\(empty.stdout)")
        #expect(empty.stderr.contains("content/empty: error[nothing-checked]: no sticker was checked: the pack here has none (the findings above say why)"), "\(empty.stderr)")
        // The summary counts that error, as JSON does (it said "0 errors" on a failing run).
        #expect(empty.stdout.contains(": 1 error, "), "\(empty.stdout)")
        // Machines see it too: a report of "0 errors" read as a clean run.
        let json = try cli.run(["check", "content/empty", "--format", "json"], in: folder.url, environment: ["CI": "true"])
        #expect(json.status == 2 && json.stdout.contains("\"code\" : \"nothing-checked\"") && json.stdout.contains("\"errors\" : 1"), "\(json.stdout)")
        let sarif = try cli.run(["check", "content/empty", "--format", "sarif"], in: folder.url, environment: ["CI": "true"])
        #expect(sarif.stdout.contains("nothing-checked"))

        // An image in a folder inside a pack: the folder is why, not site.md.
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/faces/extra/x.png")
        let nested = try cli.run(["check", "content/faces/extra/x.png"], in: folder.url)
        #expect(nested.status == 2 && nested.stderr.contains("error: this is in a folder inside the pack content/faces; packs are one level deep"), "\(nested.stderr)")

        // Beside site.md: it was "no site.md above it".
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/stray.png")
        let top = try cli.run(["check", "content/stray.png"], in: folder.url)
        #expect(top.status == 2 && top.stderr.contains("content/stray.png: error: this is at the top of the content folder, beside site.md, where Peel reads no sticker; a sticker goes in a pack folder (<pack>/stray.png)"),
                "\(top.stderr)")

        try folder.write("nothing here", to: "loose/notes.txt")
        let loose = try cli.run(["check", "loose/notes.txt"], in: folder.url)
        #expect(loose.status == 2)
        #expect(loose.stderr.contains("not part of a catalog"), "\(loose.stderr)")

        try folder.write("", to: "bare/.keep")
        let typo = try cli.run(["check", "content/faces/kat.png"], in: folder.url)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("content/faces/kat.png: error: no such file or folder"), "\(typo.stderr)")

        let bare = try cli.run(["check", "bare"], in: folder.url)
        #expect(bare.status == 2, "a folder with no stickers is not a passing check: \(bare.stdout)")
    }

    /// A layer of a parts pack and a part folder are of their pack: a check of a layer was
    /// refused ("move it out of its part folder", exit 2), a part folder checked as a catalog of
    /// its own ("Checked 0 packs").
    @Test func aPartsLayerAndAPartFolderAreCheckedWithinTheirPack() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        try folder.write("---\nalt: IMG_2041\n---\n", to: "content/sundaes/base/cone.md")
        for file in ["content/sundaes/base/cone.md", "content/sundaes/base/cone.png"] {
            let layer = try cli.run(["check", file, "--no-art-checks"], in: folder.url, environment: ["CI": "true"])
            #expect(layer.status == 1, "\(file): \(layer.stderr)")
            #expect(layer.stdout.contains("content/sundaes/base/cone.md:2: error[placeholder-label]"), "\(file): \(layer.stdout)")
            #expect(!layer.stdout.contains("content/faces/") && !layer.stdout.contains("scoops/mint.md"), "only the layer's: \(layer.stdout)")
        }
        let part = try cli.run(["check", "content/sundaes/base", "--no-art-checks"], in: folder.url, environment: ["CI": "true"])
        #expect(part.status == 1 && part.stdout.contains("Checked pack content/sundaes/"), "\(part.stdout)\(part.stderr)")
    }

    @Test func buildRefusesPartOfACatalogAndSuggestsTheCurrentFolder() throws {
        let folder = try catalog()
        let pack = try cli.run(["build", "content/faces"], in: folder.url)
        #expect(pack.status == 2)
        #expect(pack.stderr.contains("run: peel build content"), "\(pack.stderr)")
        // site.md stands for the catalog in a check, but a build is of the folder ("no packs here");
        // the command to paste keeps the -o given.
        // `peel serve` of a pack folder served "no packs here … fix the file and save" forever.
        let served = try cli.run(["serve", "content/faces", "--port", "0"], in: folder.url)
        #expect(served.status == 2 && served.stderr.contains("content/faces: error: a site is served from a whole catalog, not part of one; run: peel serve content"),
                "\(served.stderr)")
        let siteFile = try cli.run(["build", "content/site.md", "-o", "out"], in: folder.url)
        #expect(siteFile.status == 2 && siteFile.stderr.contains("run: peel build content -o out"), "\(siteFile.stderr)")
        #expect(!folder.exists("out"))

        let inside = try cli.run(["build"], in: folder.url.appendingPathComponent("content"))
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("content: error: no such file or folder"), "\(inside.stderr)")
        #expect(inside.stderr.contains("run: peel build ."), "\(inside.stderr)")
        let check = try cli.run(["check"], in: folder.url.appendingPathComponent("content"))
        #expect(check.stderr.contains("run: peel check ."), "\(check.stderr)")
        let elsewhere = try cli.run(["build"], in: folder.url)
        #expect(!elsewhere.stderr.contains("run: peel build ."), "only where the folder looks like a catalog")
        // fit and the exports said only "no such file or folder" (or the generic advice) there.
        for (command, hint) in [(["fit"], "run: peel fit . -o ../fitted"),
                                (["export", "xcode"], "run: peel export xcode . -o ../MyStickerApp/MyStickerApp"),
                                (["export", "whatsapp"], "run: peel export whatsapp . -o ../exports/whatsapp")] {
            let run = try cli.run(command, in: folder.url.appendingPathComponent("content"))
            #expect(run.status == 2 && run.stderr.contains(hint), "\(command): \(run.stderr)")
        }
        // From inside a pack folder: its catalog is above, and the site goes beside that.
        let faces = folder.url.appendingPathComponent("content/faces")
        #expect(try cli.run(["build"], in: faces).stderr.contains("This folder is a pack (it holds pack.md); its catalog is the folder above: run: peel build .. -o ../../_site"))
        #expect(try cli.run(["check"], in: faces).stderr.contains("run: peel check ."))
        #expect(try cli.run(["serve", "--port", "1"], in: folder.url.appendingPathComponent("content")).stderr.contains("run: peel serve ."),
                "serve says so too, not 'make a new catalog'")
        let tooDeep = try cli.run(["build", ".."], in: faces)
        #expect(tooDeep.stderr.contains("choose one outside it (-o ../../_site)"), "the suggestion works from here: \(tooDeep.stderr)")
    }
}
