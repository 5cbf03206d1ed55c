import Foundation
import Testing
@testable import PeelKit

/// Peel writes only inside its output folder, never through a symlink out of it, and never over
/// the content.
@Suite struct OutputSafetyTests {
    func build(_ content: URL, into output: URL) async throws -> BuildReport {
        try await SiteBuilder(options: BuildOptions(content: content, output: output)).build()
    }

    /// A folder outside the site that a planted symlink points at, with a file that must stay as it is.
    func victim(in folder: TemporaryFolder) throws -> URL {
        try folder.write("do not touch\n", to: "victim/keep.txt")
        return folder.url.appendingPathComponent("victim")
    }

    @Test func symlinksPlantedInThePreviousSiteAreNeverWrittenThrough() async throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("site")
        _ = try await build(Fixtures.catalog, into: output)
        let victim = try victim(in: folder)
        try folder.write("secret\n", to: "victim-file.txt")
        let fileManager = FileManager.default
        // A pack folder, a sticker folder and a page of the old site become symlinks out of it.
        for (path, target) in [("site/pets", victim.path), ("site/xss/evil", victim.path),
                               ("site/index.html", folder.url.appendingPathComponent("victim-file.txt").path),
                               ("site/assets", victim.path)] {
            try fileManager.removeItem(at: folder.url.appendingPathComponent(path))
            try fileManager.createSymbolicLink(atPath: folder.url.appendingPathComponent(path).path, withDestinationPath: target)
        }
        let victimBefore = SiteBuilderTests.snapshot(victim)

        _ = try await build(Fixtures.catalog, into: output)

        #expect(SiteBuilderTests.snapshot(victim) == victimBefore, "nothing was written into the folder the symlinks led to")
        #expect(try fileManager.contentsOfDirectory(atPath: victim.path) == ["keep.txt"])
        #expect(try folder.read("victim-file.txt") == "secret\n")
        for path in ["site/pets", "site/xss/evil", "site/index.html", "site/assets"] {
            let type = try fileManager.attributesOfItem(atPath: folder.url.appendingPathComponent(path).path)[.type] as? FileAttributeType
            #expect(type != .typeSymbolicLink, "\(path) is the new site's own, not the planted symlink")
        }
        #expect(try folder.read("site/index.html").contains("<title>Fixture &lt;Gallery&gt; &amp; Friends</title>"))
        #expect(folder.exists("site/pets/cat/index.html"))
    }

    @Test func anOutputThatIsASymlinkIsReplacedNotWrittenThrough() async throws {
        let folder = try TemporaryFolder()
        let victim = try victim(in: folder)
        let output = folder.url.appendingPathComponent("site")
        try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: victim.path)
        // Refused, untouched: whatever the folder it leads to holds.
        await #expect(throws: PeelError.self) { _ = try await build(Fixtures.catalog, into: output) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path) == ["keep.txt"])
    }

    /// `-o _site` where `_site` links to the web root: the swap replaced the link with a folder,
    /// exit 0, and the web root kept the old site. Refused, naming the folder to give instead.
    @Test func anOutputThatIsASymlinkToAnEmptyFolderIsRefusedNamingItsTarget() async throws {
        let folder = try TemporaryFolder()
        let webroot = folder.url.appendingPathComponent("webroot")
        try FileManager.default.createDirectory(at: webroot, withIntermediateDirectories: true)
        let output = folder.url.appendingPathComponent("site")
        try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: "webroot")
        await #expect {
            _ = try await build(Fixtures.catalog, into: output)
        } throws: { error in
            "\(error)".contains("the output path is a symlink (to webroot)") && "\(error)".contains("so give that folder: -o \(webroot.resolvingSymlinksInPath().path)")
        }
        #expect(SafeFile.isSymlink(output.path), "the link is still a link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: webroot.path).isEmpty)
    }

    /// Inside the catalog, `peel export xcode .` suggested `-o MyStickerApp/MyStickerApp`, which is
    /// inside the content folder too: following the advice gave the same error again.
    @Test func exportSuggestionsLeadOutOfTheContentFolder() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "my-stickers")
        let inside = folder.url.appendingPathComponent("my-stickers")
        let xcode = try CLITests().run(["export", "xcode", "."], in: inside, environment: ["CI": "true"])
        #expect(xcode.status == 2 && xcode.stderr.contains("(-o ../MyStickerApp/MyStickerApp)"), "\(xcode.stderr)")
        let whatsapp = try CLITests().run(["export", "whatsapp", "."], in: inside, environment: ["CI": "true"])
        #expect(whatsapp.stderr.contains("(-o ../exports/whatsapp)"), "\(whatsapp.stderr)")
    }

    @Test func refusesOutputsThatAreOrHoldOrSitInsideTheContentFolder() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let content = folder.url.appendingPathComponent("content")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("alias").path, withDestinationPath: content.path)
        let before = SiteBuilderTests.snapshot(content)
        // The suggestion is `_site` beside the content folder, as the current folder sees it.
        let beside = "-o " + DisplayPath.file(folder.url.appendingPathComponent("_site"))
        let holds = "the output folder holds the content folder; choose another output (\(beside))"
        let inside = "the output folder is inside the content folder; choose one outside it (\(beside))"
        let same = "the output folder is the content folder, which Peel must not write into; choose another (\(beside))"
        for (output, reason) in [(content, same), (folder.url, holds), (content.appendingPathComponent("_site"), inside),
                                 (content.appendingPathComponent("pets"), inside),
                                 (folder.url.appendingPathComponent("alias"), same),
                                 (folder.url.appendingPathComponent("alias/_site"), inside),
                                 (content.appendingPathComponent("pets/../../content"), same)] {
            await #expect(throws: PeelError.unsafeOutput(path: output.standardizedFileURL.path, reason: reason), "\(output.path)") {
                _ = try await build(content, into: output)
            }
        }
        #expect(SiteBuilderTests.snapshot(content) == before, "the content is untouched")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(entries == ["alias", "content"], "no staging folder or site was left: \(entries)")
    }
}
