import Foundation
import Testing
@testable import PeelKit

/// Every command that writes goes through one safe write (a temporary file renamed into place,
/// never through a link at the destination) and one rule for where it may write (never into the
/// content it reads); the build cache is used only in a folder that is Peel's. Runs the real
/// `peel` binary, as a user would.
@Suite struct WriteSafetyTests {
    let cli = CLITests()

    static let art = Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png")

    // MARK: - One safe write

    @Test func iconsRefuseASymlinkPlantedInTheIconSetAndLeaveItsTargetAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write("the user's file\n", to: "victim.txt")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out/\(IconSet.folderName)"),
                                                withIntermediateDirectories: true)
        let link = folder.url.appendingPathComponent("out/\(IconSet.folderName)/iphone-29x29@2x.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.url.appendingPathComponent("victim.txt").path)

        let result = try cli.run(["icons", Self.art.path, "-o", "out"], in: folder.url, environment: ["CI": "true"])

        // The set holds a file peel icons did not write: nothing is written, nothing followed; an
        // output Peel will not write into is bad usage (2), as for build and the exports.
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("holds an icon set peel icons did not write"), "\(result.stderr)")
        #expect(try folder.read("victim.txt") == "the user's file\n", "the file the link led to is untouched")
        #expect(SafeFile.isSymlink(link.path), "the link is left as it was")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
    }

    @Test func iconsRefuseAnIconSetFolderThatIsASymlink() throws {
        let folder = try TemporaryFolder()
        try folder.write("keep\n", to: "elsewhere/keep.txt")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("out/\(IconSet.folderName)").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("elsewhere").path)

        let result = try cli.run(["icons", Self.art.path, "-o", "out"], in: folder.url, environment: ["CI": "true"])

        #expect(result.status == 1)
        #expect(result.stderr.contains("\(IconSet.folderName): error: cannot write: it is a symlink; Peel does not write through links"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("elsewhere").path) == ["keep.txt"])
    }

    @Test func initAndNewStickerNeverWriteThroughADanglingSymlink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("content"), withIntermediateDirectories: true)
        let target = folder.url.appendingPathComponent("planted.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("content/site.md").path, withDestinationPath: target.path)

        let initResult = try cli.run(["init"], in: folder.url, environment: ["CI": "true"])
        #expect(initResult.status == 1)
        #expect(initResult.stderr.contains("content/site.md"), "\(initResult.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target.path), "nothing was created through the link")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/site.md"))
        #expect(try cli.run(["init"], in: folder.url, environment: ["CI": "true"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("content/my-pack/wave.md").path,
                                                   withDestinationPath: target.path)
        try folder.copy(Self.art, to: "content/my-pack/wave.png")
        let sticker = try cli.run(["new", "sticker", "my-pack/wave"], in: folder.url, environment: ["CI": "true"])
        #expect(sticker.status == 1)
        #expect(sticker.stderr.contains("never overwrites"), "\(sticker.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func writeErrorsOfIconsAndExportNameTheUsersFolderNotAStagingFolder() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("a file, not a folder\n", to: "out/\(IconSet.folderName)")
        let icons = try cli.run(["icons", Self.art.path, "-o", "out"], in: folder.url, environment: ["CI": "true"])
        #expect(icons.status == 1)
        #expect(icons.stderr.contains("out/\(IconSet.folderName): error: cannot write: it is a file where Peel needs a folder"), "\(icons.stderr)")
        #expect(!icons.stderr.contains("the site") && !icons.stderr.contains("previous site"), "\(icons.stderr)")

        // Every file over 8 KB fails to write (EFBIG), as on a full disk.
        let peel = try #require(CLITests.binary).path
        let export = try cli.run(["-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" export xcode content -o app", peel],
                                 in: folder.url, environment: ["CI": "true"], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(export.status == 1)
        #expect(export.stderr.contains("app/Stickers.xcstickers/"), "\(export.stderr)")
        #expect(export.stderr.contains(": error: cannot write: the file is larger than this system allows"), "\(export.stderr)")
        #expect(!export.stderr.contains("peel-staging") && !export.stderr.contains("the site"), "\(export.stderr)")
        #expect(!folder.exists("app/Stickers.xcstickers"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("app").path)
        #expect(beside.isEmpty, "no staging folder left: \(beside)")
    }

    // MARK: - One rule for where commands write

    /// The fixture catalog plus a sticker too large for its pack, so fit has something to write.
    static func catalogWithABigSticker() throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.copy(Self.art, to: "content/pets/big.png")
        try folder.write("---\nalt: A big grin\n---\n", to: "content/pets/big.md")
        return (folder, folder.url.appendingPathComponent("content"))
    }

    @Test func fitAndExportRefuseToWriteIntoTheContentFolder() throws {
        let (folder, content) = try Self.catalogWithABigSticker()
        let before = SiteBuilderTests.snapshot(content)

        for output in ["content", "content/pets", "./content/../content"] {
            let fit = try cli.run(["fit", "content", "-o", output], in: folder.url, environment: ["CI": "true"])
            #expect(fit.status == 2, "fit -o \(output): \(fit.stdout)\(fit.stderr)")
            #expect(fit.stderr.contains("error: the output folder is"), "\(fit.stderr)")
            #expect(fit.stderr.contains("content folder"), "\(fit.stderr)")
        }
        let export = try cli.run(["export", "xcode", "content", "-o", "content"], in: folder.url, environment: ["CI": "true"])
        #expect(export.status == 2, "\(export.stdout)\(export.stderr)")
        #expect(export.stderr.contains("error: the output folder is the content folder, which Peel must not write into"), "\(export.stderr)")
        let inside = try cli.run(["export", "xcode", "content", "-o", "content/pets"], in: folder.url, environment: ["CI": "true"])
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("error: the output folder is inside the content folder"), "\(inside.stderr)")
        #expect(SiteBuilderTests.snapshot(content) == before, "the content is untouched")

        // Outside the content, both still work; --in-place is the way to replace originals.
        #expect(try cli.run(["fit", "content", "-o", "fitted"], in: folder.url, environment: ["CI": "true"]).status == 0)
        #expect(folder.exists("fitted/pets/big.png"))
        #expect(try cli.run(["export", "xcode", "content", "--skip-invalid"], in: folder.url, environment: ["CI": "true"]).status == 0)
    }

    /// `peel fit content/pets -o content` would write pets/big.png over the original: an output
    /// that holds what fit reads is refused, and a pack folder is fitted as that pack of its catalog.
    @Test func fitOfAPackFolderFitsThatPackAndNeverWritesOverIt() throws {
        let (folder, content) = try Self.catalogWithABigSticker()
        let before = SiteBuilderTests.snapshot(content)
        for output in ["content", "."] {
            let fit = try cli.run(["fit", "content/pets", "-o", output], in: folder.url, environment: ["CI": "true"])
            #expect(fit.status == 2, "fit content/pets -o \(output): \(fit.stdout)\(fit.stderr)")
        }
        #expect(SiteBuilderTests.snapshot(content) == before, "the content is untouched")

        let fit = try cli.run(["fit", "content/pets", "-o", "fitted"], in: folder.url, environment: ["CI": "true"])
        #expect(fit.status == 0, "\(fit.stdout)\(fit.stderr)")
        #expect(folder.exists("fitted/pets/big.png"), "the pack's sticker was fitted")

        // A folder with no sticker is not "Fitted 0 of 0": it is said, with exit 2.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try cli.run(["fit", "empty", "-o", "fitted2"], in: folder.url, environment: ["CI": "true"])
        #expect(empty.status == 2, "\(empty.stdout)\(empty.stderr)")
        #expect(empty.stderr.contains("no stickers to fit"), "\(empty.stderr)")
    }

    @Test func fitOfLooseFilesNeverReplacesAnInputWithoutInPlace() throws {
        let folder = try TemporaryFolder()
        let original = try folder.copy(Self.art, to: "art/big.png")
        let before = try Data(contentsOf: original)
        let result = try cli.run(["fit", "art/big.png", "--size", "small", "-o", "art"], in: folder.url, environment: ["CI": "true"])
        // Refused before anything is written: the output folder holds the file fit reads.
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("error: the output folder holds 'big.png', which it reads"), "\(result.stderr)")
        #expect(try Data(contentsOf: original) == before)
    }

    // MARK: - The build cache

    /// A content folder and a report the user made, beside it.
    func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        // A pack folder named like the cache's own subfolder.
        try folder.write("---\ntitle: Entries\n---\n", to: "content/entries/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/entries/cat.png")
        try folder.write("---\nalt: A cat\n---\n", to: "content/entries/cat.md")
        try folder.write("{\"mine\": true}\n", to: "report.json")
        return folder
    }

    @Test func aCacheFolderThatIsHoldsOrSitsInsideTheContentOrOutputIsRefused() throws {
        let folder = try project()
        let content = SiteBuilderTests.snapshot(folder.url.appendingPathComponent("content"))
        for cacheDir in ["content", ".", "content/entries", "content/.cache", "out", "out/cache"] {
            let result = try cli.run(["build", "content", "-o", "out", "--cache-dir", cacheDir], in: folder.url, environment: ["CI": "true"])
            #expect(result.status == 2, "--cache-dir \(cacheDir): \(result.stderr)")
            #expect(result.stderr.contains("error: the cache folder "), "\(result.stderr)")
            #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("content")) == content, "--cache-dir \(cacheDir)")
            #expect(try folder.read("report.json") == "{\"mine\": true}\n")
            #expect(!folder.exists("lock") && !folder.exists("state.txt") && !folder.exists("entries"))
        }
    }

    @Test func aNonEmptyFolderPeelDidNotMakeIsRefusedAsACache() throws {
        let folder = try project()
        try folder.write("notes\n", to: "mine/notes.txt")
        try folder.write("{}\n", to: "mine/report.json")
        let result = try cli.run(["build", "content", "-o", "out", "--cache-dir", "mine"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("mine: error: the cache folder is not empty and was not made by Peel"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("mine").path).sorted() == ["notes.txt", "report.json"])
        #expect(try folder.read("mine/report.json") == "{}\n")

        // A folder holding only a report the user made, named like the cache's own file.
        try folder.write("{\"mine\": true}\n", to: "reports/report.json")
        let reports = try cli.run(["build", "content", "-o", "out", "--cache-dir", "reports"], in: folder.url, environment: ["CI": "true"])
        #expect(reports.status == 2, "\(reports.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("reports").path) == ["report.json"])
    }

    @Test func aCacheFolderPeelMadeIsMarkedReusedAndCleansOnlyItsOwnFiles() throws {
        let folder = try project()
        let first = try cli.run(["build", "content", "-o", "out", "--cache-dir", "cache"], in: folder.url, environment: ["CI": "true"])
        #expect(first.status == 0 || first.status == 1, "\(first.stderr)")
        #expect(try folder.read("cache/CACHEDIR.TAG").hasPrefix("Signature: 8a477f597d28d172789f06886806bc55\n"))
        // Someone else's files in Peel's cache: the clean-up after a build leaves them.
        try folder.write("keep\n", to: "cache/entries/notes.txt")
        try folder.write("keep\n", to: "cache/entries/sub/\(String(repeating: "a", count: 64)).thumb.png")
        try folder.write("---\ntitle: Changed\n---\n", to: "content/site.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/entries"))
        let second = try cli.run(["build", "content", "-o", "out", "--cache-dir", "cache"], in: folder.url, environment: ["CI": "true"])
        #expect(second.status == 0 || second.status == 1, "\(second.stderr)")
        #expect(try folder.read("cache/entries/notes.txt") == "keep\n")
        #expect(folder.exists("cache/entries/sub/\(String(repeating: "a", count: 64)).thumb.png"))
        #expect(try folder.read("out/index.html").contains("Changed"))
    }

    @Test func aCacheMadeBeforeTheMarkerIsStillRecognised() throws {
        let folder = try project()
        #expect(try cli.run(["build", "content", "-o", "out"], in: folder.url, environment: ["CI": "true"]).status != 2)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".peel-cache/out/CACHEDIR.TAG"))
        let again = try cli.run(["build", "content", "-o", "out"], in: folder.url, environment: ["CI": "true"])
        #expect(again.status != 2, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Up to date: "), "\(again.stdout)")
        #expect(folder.exists(".peel-cache/out/CACHEDIR.TAG"))
    }

    @Test func pruneDeletesOnlyFilesNamedAsPeelNamesThem() {
        let key = String(repeating: "0123456789abcdef", count: 4)
        #expect(BuildCache.isOwnEntryName("\(key).thumb-160w.png"))
        #expect(BuildCache.isOwnEntryName("\(key).record.json"))
        #expect(BuildCache.isOwnEntryName(".peel-tmp-123-4"))
        #expect(BuildCache.isOwnEntryName("tmp-\(UUID().uuidString)-\(key).record.json"))
        for name in ["cat.png", "notes.txt", "tmp-notes.txt", ".peel-tmp-notes", String(key.dropLast()) + ".png",
                     key.uppercased() + ".png", key, "\(key)x.png"] {
            #expect(!BuildCache.isOwnEntryName(name), "\(name)")
        }
    }

    // MARK: - --max-pixels

    @Test func aPixelBudgetOfZeroOrLessIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        for command in [["build", "content", "-o", "out"], ["check", "content"]] {
            for value in ["0", "-5"] {
                let result = try cli.run(command + ["--max-pixels=\(value)"], in: folder.url, environment: ["CI": "true"])
                #expect(result.status == 2, "\(command[0]) --max-pixels \(value): \(result.stderr)")
                #expect(result.stderr.contains("--max-pixels must be a positive number of pixels"), "\(result.stderr)")
            }
        }
        #expect(!folder.exists("out"))
    }

    @Test func theLibraryTreatsATinyBudgetAlikeForEveryFormat() throws {
        let analyzer = ImageAnalyzer(maxPixels: 0)
        for file in ["pets/cat.png", "pets/dog.jpg", "pets/turtle.gif"] {
            let data = try Data(contentsOf: Fixtures.catalog.appendingPathComponent(file))
            #expect(throws: ImageError.self, "\(file)") { _ = try analyzer.analyze(data) }
            do {
                _ = try analyzer.analyze(data)
            } catch let error as ImageError {
                guard case .overPixelBudget = error else {
                    Issue.record("\(file): \(error)")
                    continue
                }
            }
        }
    }
}
