import Foundation

/// SHA-256 of content files, remembered with each file's stamp so an unchanged file is never read
/// again to learn its hash. Safe to use from the image step's parallel tasks.
final class ContentHashes: @unchecked Sendable {
    struct Entry: Equatable, Sendable {
        var stamp: FileStamp
        private var hash: HashText
        var sha256: String {
            get { hash.text }
            set { hash = HashText(newValue) }
        }

        init(stamp: FileStamp, sha256: String) {
            self.stamp = stamp
            hash = HashText(sha256)
        }
    }

    private let lock = NSLock()
    private var previous: PathMap<Entry>
    /// What this run learnt. Made with the paths of the input snapshot when there is one, sharing
    /// its table instead of holding a second copy of every path (5 MB at 100,000 inputs); those
    /// not hashed yet hold `pending`, and a path outside the snapshot is added as it comes.
    private var current: PathMap<Entry>

    /// The stamp of a path not hashed yet in `current`: `stat` never gives a negative size, and
    /// `FileStamp.unknown` (-1) is a learnt hash whose stamp is not trusted.
    private static let pending = Entry(stamp: FileStamp(size: -2, modified: 0, changed: 0, inode: 0), sha256: "")

    private let rootPath: String

    /// The content folder, to tell symlinks that lead outside it.
    private let inside: ContentPath

    init(root: URL, previous: PathMap<Entry>, paths: PathMap<FileStamp>? = nil) {
        rootPath = root.standardizedFileURL.path
        inside = ContentPath(root: root)
        self.previous = previous
        current = paths.map { $0.mapValues { _ in Self.pending } } ?? PathMap()
    }

    /// The entry this run learnt for `path`; the caller holds the lock.
    private func learnt(_ path: String) -> Entry? {
        guard let entry = current[path], entry.stamp != Self.pending.stamp else { return nil }
        return entry
    }

    private func fullPath(_ path: String) -> String { rootPath + "/" + path }

    /// The hash of `path` when its stamp says it is unchanged since it was last hashed; nil when
    /// it has to be read.
    func knownHash(of path: String) -> String? {
        guard let stamp = FileStamp.of(path: fullPath(path)) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let entry = learnt(path) ?? previous[path], entry.stamp == stamp, entry.stamp != .unknown else { return nil }
        current[path] = entry
        return entry.sha256
    }

    /// Keeps `entry` for `path`: the caller saw its stamp unchanged.
    func confirm(_ entry: Entry, of path: String) {
        lock.lock()
        current[path] = entry
        lock.unlock()
    }

    /// Records the hash of bytes just read from `path`, stamped with `stampBeforeReading` (the
    /// file's stamp taken before the read; if it changed meanwhile, the stamp is not trusted).
    @discardableResult
    func record(_ data: Data, of path: String, stampBeforeReading: FileStamp?) -> String {
        record(sha256: Hex.string(SHA256.hash(data: data)), of: path, stampBeforeReading: stampBeforeReading)
    }

    private func record(sha256 sha: String, of path: String, stampBeforeReading: FileStamp?) -> String {
        let stampAfter = FileStamp.of(path: fullPath(path))
        let stamp = (stampBeforeReading != nil && stampBeforeReading == stampAfter) ? stampAfter! : .unknown
        lock.lock()
        // The first hash a build learns is the one it keeps (see hashLearnt): a file read twice
        // because it changed in between keeps the stamp of the first read, which no longer
        // matches, so the next build reads it again.
        if learnt(path) == nil { current[path] = Entry(stamp: stamp, sha256: sha) }
        lock.unlock()
        return sha
    }

    /// The hash this build already learnt for `path`, whatever its stamp says now; otherwise its
    /// hash, reading it only when its stamp changed. What a build records at its end: the hash of
    /// the bytes it used. Hashing again a file edited during the build would record the new bytes'
    /// hash beside pages made from the old ones, and the next build would find "nothing changed"
    /// (an edit lost in `peel serve`). The stamp kept with the old hash no longer matches the
    /// file, so the next build reads it again and sees the change.
    func hashLearnt(of path: String) throws -> String {
        lock.lock()
        let learnt = learnt(path)
        lock.unlock()
        if let learnt { return learnt.sha256 }
        return try hash(of: path)
    }

    /// True when `path` still has the stamp it had when this build learnt its hash: what was made
    /// from the file since is made from the bytes of that hash.
    func isUnchangedSinceLearnt(_ path: String) -> Bool {
        lock.lock()
        let entry = learnt(path)
        lock.unlock()
        guard let entry, entry.stamp != .unknown else { return false }
        return FileStamp.of(path: fullPath(path)) == entry.stamp
    }

    /// The hash of `path`, reading it only when its stamp changed, a part at a time: any file in
    /// the content folder is hashed (an ignored notes.txt, an image too large to read), so its
    /// size must not decide the build's memory.
    func hash(of path: String) throws -> String {
        if let known = knownHash(of: path) { return known }
        let url = URL(fileURLWithPath: fullPath(path), isDirectory: false)
        var hasher = SHA256()
        // A symlink leading outside the content folder is hashed by where it leads, never read.
        var link = stat()
        if lstat(url.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, inside.relative(url) == nil {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? ""
            hasher.update(data: Data("symlink leading outside the content folder: \(target)".utf8))
            return record(sha256: Hex.string(hasher.finalize()), of: path, stampBeforeReading: FileStamp(link))
        }
        let stamp = FileStamp.of(path: url.path)
        do {
            try ContentFile.forEachPart(of: url) { hasher.update(bufferPointer: $0) }
        } catch {
            throw PeelError.unreadable(path: path, reason: SystemErrorText.describe(error))
        }
        return record(sha256: Hex.string(hasher.finalize()), of: path, stampBeforeReading: stamp)
    }

    /// Every hash learnt or confirmed in this run. Stamps of files changed in the last
    /// `racyWindow` seconds before `now` are not kept: a later write within the file system's
    /// timestamp granularity could leave the same stamp on different bytes (git's "racily
    /// clean" problem), so those files are hashed again next time.
    func entries(now: Date = Date(), racyWindow: TimeInterval = 2) -> PathMap<Entry> {
        lock.lock()
        defer { lock.unlock() }
        let limit = Self.racyLimit(now: now, racyWindow: racyWindow)
        return Self.learntOnly(current.mapValues { entry in
            var entry = entry
            if entry.stamp != Self.pending.stamp, Self.isRacy(entry.stamp, limit: limit) { entry.stamp = .unknown }
            return entry
        })
    }

    /// `entries`, for a build's last use of its hashes: the racy stamps are forgotten in place and
    /// the entries handed over without a copy (a copy of 80,000 was 8 MB at the build's peak of
    /// memory). This object then trusts no racy stamp either.
    ///
    /// A file whose stamp is no longer the one its hash was learnt with changed while the build
    /// ran, after what was made from it was read (a pack zip reads the art again): its hash is
    /// saved as `changedDuringBuild`, which no file has, so the next build makes everything made
    /// from it again. Saved as learnt, the art put back (an undo, `git checkout`) had the hash
    /// the state vouched for, and a zip holding the other art was "Up to date" for good.
    func entriesToSave(now: Date = Date(), racyWindow: TimeInterval = 2) -> PathMap<Entry> {
        lock.lock()
        defer { lock.unlock() }
        let limit = Self.racyLimit(now: now, racyWindow: racyWindow)
        let root = rootPath
        current.updateEachWithPath { path, entry in
            guard entry.stamp != Self.pending.stamp else { return }
            if entry.stamp != .unknown, FileStamp.of(path: root + "/" + path) != entry.stamp {
                entry = Entry(stamp: .unknown, sha256: Self.changedDuringBuild)
            } else if Self.isRacy(entry.stamp, limit: limit) {
                entry.stamp = .unknown
            }
        }
        return Self.learntOnly(current)
    }

    /// The hash saved for a file that changed during the build (`entriesToSave`): no SHA-256 is all zeros.
    static let changedDuringBuild = String(repeating: "0", count: 64)

    /// `entries` without the paths not hashed: the same map when every path was (a build hashes
    /// them all before it saves its state), else a new one without the others.
    private static func learntOnly(_ entries: PathMap<Entry>) -> PathMap<Entry> {
        if entries.allValues({ $0.stamp != pending.stamp }) { return entries }
        var learnt = PathMap<Entry>()
        for (path, entry) in entries where entry.stamp != pending.stamp { learnt[path] = entry }
        return learnt
    }

    private static func racyLimit(now: Date, racyWindow: TimeInterval) -> Int64 {
        Int64((now.timeIntervalSince1970 - racyWindow) * 1_000_000_000)
    }

    private static func isRacy(_ stamp: FileStamp, limit: Int64) -> Bool {
        stamp.modified >= limit || stamp.changed >= limit
    }
}
