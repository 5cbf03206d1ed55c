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
}
