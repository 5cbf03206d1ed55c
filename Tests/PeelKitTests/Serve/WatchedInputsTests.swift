import Foundation
import Testing
@testable import PeelKit

/// What `peel serve` counts as a change: the same answer as `peel build` (InputChanges).
@Suite struct WatchedInputsTests {
    private func names(_ paths: [String]) -> [String] { paths.map { URL(fileURLWithPath: $0).lastPathComponent } }

    @Test func editsAdditionsAndRemovalsAreSeenAndHiddenFilesAreNot() throws {
        let folder = try TemporaryFolder()
        try folder.write("one", to: "content/p/a.md")
        try folder.write("gone", to: "content/p/c.md")
        let inputs = WatchedInputs([folder.url.appendingPathComponent("content")])
        #expect(inputs.changes().isEmpty)
        try folder.write("two!", to: "content/p/a.md")
        try folder.write("new", to: "content/p/b.md")
        try folder.write("swap", to: "content/p/.a.md.swp")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/p/c.md"))
        #expect(names(inputs.changes()) == ["a.md", "b.md", "c.md"], "hidden editor files are ignored")
        #expect(inputs.changes().isEmpty, "each change is reported once")
        #expect(inputs.directories.count == 2)
    }

    /// Several edits of the same size within a second, one keeping the mtime as `cp -p` or a
    /// file system with a one-second clock would: each one is a change. (A stamp of size, mtime
    /// and inode missed the last kind.)
    @Test func sameSizeEditsWithinASecondAreEachSeen() throws {
        let folder = try TemporaryFolder()
        let sidecar = try folder.write("alt: Sticker 5000\n", to: "content/p/a.md")
        let inputs = WatchedInputs([folder.url.appendingPathComponent("content")])
        let mtime = Date(timeIntervalSince1970: 1_700_000_000)
        for label in ["5001", "5002", "5003", "5004"] {
            try Data("alt: Sticker \(label)\n".utf8).write(to: sidecar)
            try FileManager.default.setAttributes([.modificationDate: mtime], ofItemAtPath: sidecar.path)
            #expect(names(inputs.changes()) == ["a.md"], "\(label)")
        }
        // Saved again with the very same bytes: nothing to build.
        try Data("alt: Sticker 5004\n".utf8).write(to: sidecar)
        #expect(inputs.changes().isEmpty)
    }

    /// A content folder that is a symlink is watched where it points.
    @Test func aSymlinkedContentFolderIsWatchedWhereItPoints() throws {
        let folder = try TemporaryFolder()
        try folder.write("one", to: "content/p/a.md")
        let link = folder.url.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.url.appendingPathComponent("content"))
        let inputs = WatchedInputs([link])
        try folder.write("three", to: "content/p/a.md")
        #expect(names(inputs.changes()) == ["a.md"], "an edit behind a symlinked content folder")
    }
}
