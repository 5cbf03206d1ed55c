import Foundation
import Testing
@testable import PeelKit

/// ContentFile.read and FolderListing: whole bytes in few calls, and failures in plain words with
/// their errno kept (a build out of file descriptors said only "the file could not be read").
@Suite struct FileReadingTests {
    @Test(arguments: [0, 1, 4_095, 4_096, 65_537, 1_000_003])
    func readsEveryByteOfAFile(size: Int) throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("art.png")
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        try bytes.write(to: url)
        #expect(try ContentFile.read(url) == bytes)
    }

    @Test func listingNamesEveryEntryAndSaysWhyItCannot() throws {
        let folder = try TemporaryFolder()
        for name in ["b.png", ".hidden", "a.md", "ünï.png"] { try Data().write(to: folder.url.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("pack"), withIntermediateDirectories: false)
        #expect(try FolderListing.names(atPath: folder.url.path).sorted() == [".hidden", "a.md", "b.png", "pack", "ünï.png"])
        #expect(throws: FolderListing.Failure(errno: ENOENT)) { try FolderListing.names(atPath: folder.url.appendingPathComponent("gone").path) }
        #expect(throws: FolderListing.Failure(errno: ENOTDIR)) { try FolderListing.names(atPath: folder.url.appendingPathComponent("a.md").path) }
    }
}
