import Foundation
import Testing
@testable import PeelKit

/// Paths printed as the current folder sees them, so a terminal or editor opens them as printed.
@Suite struct DisplayPathTests {
    private func shown(_ path: String, from here: String) -> String {
        DisplayPath.file(URL(fileURLWithPath: path), currentDirectory: URL(fileURLWithPath: here))
    }

    @Test func relativeInsideAndUpToTwoFoldersAboveElseAbsolute() {
        #expect(shown("/w/cat/faces/sun.png", from: "/w") == "cat/faces/sun.png")
        #expect(shown("/w/cat", from: "/w/cat") == ".")
        #expect(shown("/w/cat/faces/sun.png", from: "/w/cat/pets") == "../faces/sun.png")
        #expect(shown("/w/_site", from: "/w/cat/faces") == "../../_site")
        #expect(shown("/w/_site", from: "/w/cat/faces/deep") == "/w/_site", "three folders up: the absolute path says more")
        #expect(shown("/other/x.png", from: "/w/cat") == "/other/x.png")
        #expect(DisplayPath(root: URL(fileURLWithPath: "/w/cat"), currentDirectory: URL(fileURLWithPath: "/w/cat/faces")).path("faces/sun.md")
                == "../faces/sun.md")
        #expect(DisplayPath(root: URL(fileURLWithPath: "/w/cat"), currentDirectory: URL(fileURLWithPath: "/w/cat")).path("faces/sun.md") == "faces/sun.md")
    }

    /// `cd` through a symlink, then `peel check "$PWD/content"`: the logical path against the
    /// physical current directory gave `../repo/content/…` (outside `%SRCROOT%` in SARIF).
    @Test func aContentFolderReachedThroughASymlinkIsStillInside() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: S\n---\n", to: "real/repo/content/site.md")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("link").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("real/repo").path)
        let physical = folder.url.appendingPathComponent("real/repo").resolvingSymlinksInPath()
        let logical = folder.url.appendingPathComponent("link/content")
        #expect(DisplayPath.file(logical, currentDirectory: physical) == "content")
        #expect(DisplayPath(root: logical, currentDirectory: physical).path("faces/sun.md") == "content/faces/sun.md")
        #expect(DisplayPath.file(URL(fileURLWithPath: "/other/x.png"), currentDirectory: physical) == "/other/x.png")
    }
}
