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

    /// A file Peel only hashes is read a part at a time: every byte, in order, in parts no larger
    /// than asked, and its hash is the whole file's (a 1.5 GB notes.txt was read whole).
    @Test(arguments: [0, 1, 4_096, 65_537, 300_001])
    func filesAreHashedAPartAtATime(size: Int) throws {
        let folder = try TemporaryFolder()
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
        try bytes.write(to: folder.url.appendingPathComponent("notes.txt"))
        var parts: [Int] = []
        var joined = Data()
        try ContentFile.forEachPart(of: folder.url.appendingPathComponent("notes.txt"), partSize: 65_536) { part in
            parts.append(part.count)
            joined.append(contentsOf: part)
        }
        #expect(joined == bytes && parts.allSatisfy { $0 <= 65_536 && $0 > 0 })
        let hashes = ContentHashes(root: folder.url, previous: [:])
        #expect(try hashes.hash(of: "notes.txt") == Hex.string(SHA256.hash(data: bytes)))
        #expect(throws: PeelError.self) { try ContentFile.forEachPart(of: folder.url) { _ in } }
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
