import Foundation
import Testing
@testable import PeelKit

/// The quick check is written as its records are produced, and only whole.
@Suite struct QuickCheckTests {
    @Test func streamedRecordsHoldUntilAFileChanges() throws {
        let folder = try TemporaryFolder()
        let files = try (0..<50).map { try folder.write("sticker \($0)", to: "pack/sticker-\($0).md").path }
        let quickCheck = folder.url.appendingPathComponent("quick-check").path
        try QuickCheck.write(fingerprint: "fp", to: quickCheck) { emit in
            for path in files { try emit(QuickCheck.Record(path: path, stamp: try #require(FileStamp.of(path: path)))) }
        }
        // Stamps from the same clock tick as the quick check are never trusted: wait one out.
        Thread.sleep(forTimeInterval: 1.1)
        try QuickCheck.write(fingerprint: "fp", to: quickCheck) { emit in
            for path in files { try emit(QuickCheck.Record(path: path, stamp: try #require(FileStamp.of(path: path)))) }
        }
        #expect(QuickCheck.holds(at: quickCheck, fingerprint: "fp"))
        #expect(!QuickCheck.holds(at: quickCheck, fingerprint: "other options"))
        try folder.write("sticker 7, edited", to: "pack/sticker-7.md")
        #expect(!QuickCheck.holds(at: quickCheck, fingerprint: "fp"))
    }

    /// An input stamped in the same clock tick as the quick check was written (or later) is never
    /// trusted: on a file system with 1 or 2 s timestamps, an edit in that second keeps size and
    /// mtime. ext4's nanoseconds never make such a stamp, so the quick check's own time is set
    /// back to before the input's. The site's folders are exempt: only Peel writes there.
    @Test func aStampNoOlderThanTheQuickCheckIsNeverTrusted() throws {
        let folder = try TemporaryFolder()
        let input = try folder.write("label", to: "content/sun.md").path
        _ = try folder.write("<p>sun</p>", to: "site/sun/index.html")
        let siteFolder = folder.url.appendingPathComponent("site/sun").path
        let quickCheck = folder.url.appendingPathComponent("quick-check").path
        func write(_ records: [(String, Bool)]) throws {
            try QuickCheck.write(fingerprint: "fp", to: quickCheck) { emit in
                for (path, isInput) in records { try emit(QuickCheck.Record(path: path, stamp: try #require(FileStamp.of(path: path)), isInput: isInput)) }
            }
        }
        /// Sets the quick check's modification time to `path`'s, give or take `offset` nanoseconds.
        func setQuickCheckTime(to path: String, offset: Int) throws {
            var info = stat()
            #expect(stat(path, &info) == 0)
            var nanoseconds = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec) + offset
            nanoseconds = max(0, nanoseconds)
            var times = [timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000),
                         timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)]
            #expect(utimensat(AT_FDCWD, quickCheck, &times, 0) == 0)
        }
        try write([(input, true)])
        #expect(QuickCheck.holds(at: quickCheck, fingerprint: "fp"), "written after the input's last change")
        try setQuickCheckTime(to: input, offset: 0)
        #expect(!QuickCheck.holds(at: quickCheck, fingerprint: "fp"), "the same tick")
        try setQuickCheckTime(to: input, offset: -1_000_000_000)
        #expect(!QuickCheck.holds(at: quickCheck, fingerprint: "fp"), "older than the input")
        try write([(siteFolder, false)])
        try setQuickCheckTime(to: siteFolder, offset: -1_000_000_000)
        #expect(QuickCheck.holds(at: quickCheck, fingerprint: "fp"), "a site folder is never racy")
    }

    /// `siteOnly` compares the site's folders alone, under any fingerprint (a template edit changes
    /// the fingerprint, not what the site holds): an input changed still holds, a site folder
    /// changed does not.
    @Test func theSiteAloneIsComparedUnderAnyFingerprint() throws {
        let folder = try TemporaryFolder()
        let input = try folder.write("label", to: "content/sun.md").path
        _ = try folder.write("<p>sun</p>", to: "site/sun/index.html")
        let siteFolder = folder.url.appendingPathComponent("site/sun").path
        let quickCheck = folder.url.appendingPathComponent("quick-check").path
        try QuickCheck.write(fingerprint: "fp", to: quickCheck) { emit in
            try emit(QuickCheck.Record(path: input, stamp: try #require(FileStamp.of(path: input))))
            try emit(QuickCheck.Record(path: siteFolder, stamp: try #require(FileStamp.of(path: siteFolder)), isInput: false))
        }
        #expect(QuickCheck.holds(at: quickCheck, fingerprint: "other options", siteOnly: true))
        _ = try folder.write("label, edited", to: "content/sun.md")
        #expect(QuickCheck.holds(at: quickCheck, fingerprint: "fp", siteOnly: true), "inputs are not compared")
        _ = try folder.write("restored", to: "site/sun/notes.txt")
        #expect(!QuickCheck.holds(at: quickCheck, fingerprint: "fp", siteOnly: true))
    }

    /// Files are stamped through their folder, kept open while the records stay in it: records
    /// that go back and forth between folders, through a symlinked folder, at the top of the
    /// folder and of folders themselves all hold, and a change in any one of them is seen, whether
    /// the records are compared on one core or in parts (a large catalog's, one per core).
    @Test(arguments: [1, 2, 3, 7, 100])
    func recordsInManyFoldersHoldUntilAnyOneChanges(parts: Int) throws {
        let folder = try TemporaryFolder()
        var paths: [String] = []
        for index in 0..<12 {
            paths.append(try folder.write("a \(index)", to: "a/\(index).md").path)
            paths.append(try folder.write("b \(index)", to: "b/deeper/\(index).md").path)
        }
        paths.append(try folder.write("top", to: "top.md").path)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("linked").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("a").path)
        paths.append(folder.url.appendingPathComponent("linked/3.md").path)
        paths.append(folder.url.appendingPathComponent("b/deeper").path)
        paths.append(folder.url.appendingPathComponent("a").path)
        let quickCheck = folder.url.appendingPathComponent("quick-check").path
        func write() throws {
            try QuickCheck.write(fingerprint: "fp", to: quickCheck) { emit in
                for path in paths { try emit(QuickCheck.Record(path: path, stamp: try #require(FileStamp.of(path: path)))) }
            }
        }
        try write()
        Thread.sleep(forTimeInterval: 1.1)
        try write()
        #expect(QuickCheck.holds(at: quickCheck, fingerprint: "fp", parts: parts))

        // Each kind of record, changed after the quick check was written, is seen.
        let changes: [() throws -> Void] = [
            { _ = try folder.write("b 11, edited", to: "b/deeper/11.md") },
            { _ = try folder.write("a 0, edited", to: "a/0.md") },
            { _ = try folder.write("top, edited", to: "top.md") },
            { _ = try folder.write("a 3 through the link", to: "linked/3.md") },
            { _ = try folder.write("new", to: "b/deeper/new.md") },
        ]
        for (index, change) in changes.enumerated() {
            try change()
            #expect(!QuickCheck.holds(at: quickCheck, fingerprint: "fp", parts: parts), "change \(index) is seen")
            // Written a clock tick after the change, the quick check holds again.
            Thread.sleep(forTimeInterval: 1.1)
            try write()
            #expect(QuickCheck.holds(at: quickCheck, fingerprint: "fp", parts: parts), "after change \(index)")
        }
    }

    @Test func aProducerThatFailsLeavesThePreviousQuickCheck() throws {
        struct Vanished: Error {}
        let folder = try TemporaryFolder()
        let file = try folder.write("sticker", to: "sticker.md").path
        let quickCheck = folder.url.appendingPathComponent("quick-check").path
        try QuickCheck.write([QuickCheck.Record(path: file, stamp: try #require(FileStamp.of(path: file)))], fingerprint: "fp", to: quickCheck)
        let before = try Data(contentsOf: URL(fileURLWithPath: quickCheck))
        #expect(throws: Vanished.self) {
            try QuickCheck.write(fingerprint: "new", to: quickCheck) { emit in
                try emit(QuickCheck.Record(path: file, stamp: FileStamp(size: 1, modified: 2, changed: 3, inode: 4)))
                throw Vanished()
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: quickCheck)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["quick-check", "sticker.md"],
                "no temporary file is left behind")
    }
}

/// What a build saves of its content hashes: racy stamps (the file changed too close to the save
/// to trust them) are forgotten, so the next build reads those files again.
@Suite struct ContentHashesTests {
    @Test func stampsTooCloseToTheSaveAreForgotten() throws {
        let folder = try TemporaryFolder()
        try folder.write("one", to: "a.md")
        try folder.write("two", to: "b.md")
        let hashes = ContentHashes(root: folder.url, previous: [:])
        let a = try hashes.hash(of: "a.md"), b = try hashes.hash(of: "b.md")
        let stamp = try #require(FileStamp.of(path: folder.url.appendingPathComponent("a.md").path))
        let written = Date(timeIntervalSince1970: Double(stamp.modified) / 1_000_000_000)

        let later = hashes.entries(now: written.addingTimeInterval(60))
        #expect(later["a.md"] == ContentHashes.Entry(stamp: stamp, sha256: a))
        #expect(later["b.md"]?.sha256 == b && later["b.md"]?.stamp != .unknown)
        #expect(hashes.entries(now: written.addingTimeInterval(1))["a.md"]?.stamp == .unknown)
        #expect(hashes.entries(now: written.addingTimeInterval(60))["a.md"]?.stamp == stamp, "entries() changes nothing")

        let saved = hashes.entriesToSave(now: written.addingTimeInterval(1))
        #expect(saved["a.md"] == ContentHashes.Entry(stamp: .unknown, sha256: a))
        #expect(saved["b.md"]?.stamp == .unknown && saved["b.md"]?.sha256 == b)
        #expect(hashes.knownHash(of: "a.md") == nil, "a forgotten stamp is not trusted afterwards")
    }

    /// A file replaced after its hash was learnt (a zip read the new bytes later in the build) is
    /// saved as changed: put back as it was, the next build sees a change and makes its zips
    /// again, where "Up to date" kept a zip holding the other art.
    @Test func aFileChangedAfterItWasHashedIsSavedAsChanged() throws {
        let folder = try TemporaryFolder()
        try folder.write("the art", to: "p/a.png")
        try folder.write("a label", to: "p/a.md")
        try folder.write("gone soon", to: "p/b.png")
        let hashes = ContentHashes(root: folder.url, previous: [:])
        let first = try hashes.hash(of: "p/a.png"), label = try hashes.hash(of: "p/a.md")
        _ = try hashes.hash(of: "p/b.png")
        try folder.write("other art", to: "p/a.png.new")
        // Saved as an editor saves: a new file renamed over the old.
        #expect(rename(folder.url.appendingPathComponent("p/a.png.new").path, folder.url.appendingPathComponent("p/a.png").path) == 0)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("p/b.png"))
        let saved = hashes.entriesToSave(now: Date().addingTimeInterval(60))
        #expect(saved["p/a.png"] == ContentHashes.Entry(stamp: .unknown, sha256: ContentHashes.changedDuringBuild))
        #expect(saved["p/b.png"]?.sha256 == ContentHashes.changedDuringBuild)
        #expect(saved["p/a.md"]?.sha256 == label && saved["p/a.md"]?.stamp != .unknown, "an unchanged file is saved as learnt")

        try folder.write("the art", to: "p/a.png")   // put back
        let next = ContentHashes(root: folder.url, previous: saved)
        #expect(try next.hash(of: "p/a.png") == first)
        #expect(saved["p/a.png"]?.sha256 != first, "so the next build sees the file as changed")
    }

    /// Made with the snapshot's paths (sharing its table), the hashes hand over only what was
    /// learnt: a path not hashed (here, deleted before it could be) is left out, never saved with
    /// a placeholder, and a path outside the snapshot is kept too.
    @Test func madeWithTheSnapshotsPathsTheyKeepOnlyWhatWasLearnt() throws {
        let folder = try TemporaryFolder()
        try folder.write("one", to: "a.md")
        try folder.write("two", to: "b.md")
        try folder.write("three", to: "gone.md")
        let snapshot = InputSnapshot.take(folder.url)
        #expect(snapshot.files.count == 3)
        let hashes = ContentHashes(root: folder.url, previous: [:], paths: snapshot.files)
        #expect(hashes.knownHash(of: "a.md") == nil, "nothing is known before it is hashed")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("gone.md"))
        let a = try hashes.hash(of: "a.md")
        #expect(throws: PeelError.self) { try hashes.hashLearnt(of: "gone.md") }
        try folder.write("four", to: "new.md")
        let new = try hashes.hash(of: "new.md")
        #expect(hashes.entries(now: Date().addingTimeInterval(60)).count == 2)

        let b = try hashes.hashLearnt(of: "b.md")
        let saved = hashes.entriesToSave(now: Date().addingTimeInterval(60))
        #expect(Set(saved.keys) == ["a.md", "b.md", "new.md"])
        #expect(saved["a.md"]?.sha256 == a && saved["b.md"]?.sha256 == b && saved["new.md"]?.sha256 == new)
        #expect(saved.allValues { $0.stamp.size >= 0 }, "no placeholder is saved")
        #expect(hashes.knownHash(of: "b.md") == b)
        #expect(try hashes.hashLearnt(of: "a.md") == a)

        // Every path hashed: the saved map is the one learnt, all three paths of the snapshot in it.
        let whole = ContentHashes(root: folder.url, previous: saved, paths: InputSnapshot.take(folder.url).files)
        for path in ["a.md", "b.md", "new.md"] { _ = try whole.hashLearnt(of: path) }
        #expect(whole.entriesToSave(now: Date().addingTimeInterval(60)) == saved)
    }
}
