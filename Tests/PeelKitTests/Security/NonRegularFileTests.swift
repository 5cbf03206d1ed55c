#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import PeelKit

/// A content path that is not a regular file (a folder, a FIFO, a symlink loop) or whose name is
/// as long as file systems allow is one finding on that file, in plain words; the rest of the
/// catalog is checked and built, and nothing blocks (opening a FIFO for reading waits forever).
@Suite struct NonRegularFileTests {
    let cli = CLITests()

    /// The fixture catalog, with `icon:` added to pets/pack.md (on line 8).
    func catalog(icon: String? = nil) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        if let icon {
            let pack = try folder.read("content/pets/pack.md")
            try folder.write(pack.replacingOccurrences(of: "order: 1\n", with: "order: 1\nicon: \(icon)\n"), to: "content/pets/pack.md")
        }
        return folder
    }

    /// Runs peel under a time limit, so a read that blocks fails the test instead of hanging it.
    func run(_ arguments: [String], in folder: TemporaryFolder) throws -> CLITests.Result {
        let peel = try #require(CLITests.binary).path
        return try cli.run(["60", peel] + arguments, in: folder.url, environment: ["CI": "true"],
                           executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    }

    @Test(arguments: ["folder", "fifo"])
    func anIconThatIsNotARegularFileIsAFindingOnItsLine(kind: String) throws {
        let folder = try catalog(icon: kind == "folder" ? "." : "pipe.png")
        if kind == "fifo" { #expect(mkfifo(folder.url.appendingPathComponent("content/pets/pipe.png").path, 0o644) == 0) }
        let expected = kind == "folder" ? "pets/pack.md:8: error[unreadable-file]: icon is not a regular file: '.' is a folder"
                                        : "pets/pack.md:8: error[unreadable-file]: icon is not a regular file: 'pipe.png' is a FIFO (named pipe)"
        let check = try run(["check", "content"], in: folder)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stdout.contains(expected), "\(check.stdout)\(check.stderr)")
        let build = try run(["build", "content", "-o", "site"], in: folder)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stderr.contains(expected), "\(build.stderr)")
        #expect(folder.exists("site/pets/cat/index.html"), "the rest is built")
        for result in [check, build] {
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("permission"), "\(result.stderr)")
        }
    }

    @Test func stickersAndSidecarsThatAreNotRegularFilesAreFindingsInPlainWords() throws {
        let folder = try catalog()
        let pets = folder.url.appendingPathComponent("content/pets")
        #expect(mkfifo(pets.appendingPathComponent("pipe.png").path, 0o644) == 0)
        try folder.write("---\nalt: A pipe\n---\n", to: "content/pets/pipe.md")
        try FileManager.default.removeItem(at: pets.appendingPathComponent("fox.md"))
        #expect(mkfifo(pets.appendingPathComponent("fox.md").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: pets.appendingPathComponent("loop.png").path, withDestinationPath: "loop.png")
        try folder.write("---\nalt: A loop\n---\n", to: "content/pets/loop.md")

        let build = try run(["build", "content", "-o", "site"], in: folder)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stderr.contains("pets/pipe.png: error[unreadable-file]: cannot read image: it is a FIFO (named pipe), not a regular file; the sticker is skipped"), "\(build.stderr)")
        #expect(build.stderr.contains("pets/fox.md: error[unreadable-file]: cannot read file: it is a FIFO (named pipe), not a regular file"), "\(build.stderr)")
        #expect(build.stderr.contains("pets/loop.png: error[unreadable-file]: cannot read image: too many levels of symlinks (a symlink loop)"), "\(build.stderr)")
        #expect(!build.stderr.contains("NSCocoaErrorDomain") && !build.stderr.contains("You don't have permission"), "\(build.stderr)")
        #expect(!build.stderr.contains("pets/pipe.md: warning[orphan-sidecar]") && !build.stderr.contains("pets/loop.md: warning[orphan-sidecar]"),
                "a skipped sticker's sidecar is not an orphan: \(build.stderr)")
        #expect(folder.exists("site/pets/cat/index.html"))
    }

    @Test func aStickerWithTheLongestNameAFileSystemAllowsIsBuilt() throws {
        let folder = try catalog()
        // 247 + ".png" = 251 bytes: its thumbnail "<name>-160w.webp" would pass NAME_MAX (255).
        let stem = String(repeating: "a", count: 247)
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/pets/\(stem).png")
        try folder.write("---\nalt: A cat with a long name\n---\n", to: "content/pets/\(stem).md")
        let build = try run(["build", "content", "-o", "site"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("peel-staging"), "\(build.stderr)")
        let slug = Slug.make(stem)
        #expect(slug.utf8.count <= Slug.maxBytes)
        #expect(folder.exists("site/pets/\(slug)/index.html"))
        #expect(folder.exists("site/pets/\(slug)/\(slug)-160w.webp"))
        #expect(try folder.read("site/catalog.json").contains("\"\(slug)\""))
    }

    @Test func longSlugsAreShortenedDeterministicallyAndStayApart() {
        let long = String(repeating: "ab", count: 150)
        let shortened = Slug.make(long)
        #expect(shortened.utf8.count == Slug.maxBytes)
        #expect(shortened == Slug.make(long), "the same name gives the same slug on every build")
        #expect(shortened.hasPrefix(String(long.prefix(80))))
        #expect(Slug.make(long + "x") != shortened, "names that share their start stay apart")
        #expect(Slug.make("short name") == "short-name")
        let slugs = Slug.unique([long, long])
        #expect(slugs[1] == slugs[0] + "-2")
    }

    @Test func anEmptyGIFFrameIsSaidInWords() throws {
        // GIF89a, a 1 × 1 screen with a 2-colour table, then one frame 0 px wide and high.
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
            + [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        do {
            _ = try ImageAnalyzer().analyze(Data(gif))
            Issue.record("an empty frame decodes")
        } catch {
            #expect(!"\(error)".contains("giflib error"), "\(error)")
            #expect("\(error)".contains("GIF"), "\(error)")
        }
        #expect(GIFDecoder.message(0) == "a frame is empty (0 px wide or high) or its image data is missing")
    }
}
