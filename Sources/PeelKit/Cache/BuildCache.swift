#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The build cache of one output folder, kept beside it (`.peel-cache/<output name>/`, on the same
/// file system so its files can be hard-linked into the site): the last build's state and the
/// files derived from inputs (thumbnails, posters, icon sets, pack zips), each set stored under a
/// key that hashes everything it was made from: the input's bytes, the options and Peel's
/// version. Each file is written under a temporary name and renamed into place, the entry's record
/// last, so a killed build never leaves half an entry in use; an entry that is missing a file or
/// its record, holds a file of another size, or a file changed since it was stored (its time
/// moved and its SHA-256 is not the one recorded), is made again.
/// Entries no build used are removed after each successful build.
final class BuildCache: @unchecked Sendable {
    let folder: URL
    private let fileManager = FileManager.default
    private let lock = NSLock()
    /// Keys as 32 bytes each: a set of 20,000 64-character strings was 3 MB at the build's end.
    private var used = Set<HashText>()
    /// Set for a shard build: each entry it uses has its record's time set to now, so builds that
    /// share the folder can tell an entry no build has used for a while (`prune(unusedFor:)`).
    var stampsUse = false
    private var lockDescriptor: Int32 = -1

    static func folder(forOutput output: URL) -> URL {
        let output = output.standardizedFileURL
        // `.peel-cache/` beside the content folder also holds `peel check`'s art checks and the
        // parts packs' composed art: an output named like them gets its cache under another name
        // (`-o art-checks` made `peel check` refuse the build's cache as not its own).
        let name = output.lastPathComponent
        return output.deletingLastPathComponent().appendingPathComponent(".peel-cache")
            .appendingPathComponent(reservedNames.contains(name) ? name + ".site" : name)
    }

    /// The folders of `.peel-cache/` that are no build's cache.
    static let reservedNames: Set<String> = [ArtCache.folderName, CatalogLoader.partsFolderName]

    init(folder: URL) {
        self.folder = folder
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    private var entries: URL { folder.appendingPathComponent("entries") }
    private var stateFile: URL { folder.appendingPathComponent("state.txt") }
    private var reportFile: URL { folder.appendingPathComponent("report.json") }
    /// See QuickCheck.
    var quickCheckFile: URL { folder.appendingPathComponent("quick-check") }

    /// Marks a folder as Peel's cache (the Cache Directory Tagging format, so backup tools skip
    /// it too). Peel writes into, and deletes from, only a folder that holds it.
    static let marker = "CACHEDIR.TAG"
    static let markerText = "Signature: 8a477f597d28d172789f06886806bc55\n"
        + "# This folder is a build cache made by Peel (peel build); delete it at any time.\n"
    /// The names Peel keeps at the top of its cache.
    private static let ownNames: Set<String> = ["entries", "state.txt", "report.json", "quick-check", "lock", marker, ArtCache.folderName,
                                                CatalogLoader.partsFolderName, CacheGitIgnore.name]

    /// Checks the folder is safe to use, creates it and takes its lock: two builds of the same site
    /// at once would each replace the other's files, so the second is refused.
    /// The folder must be Peel's: not the content or output folder, neither inside them nor
    /// holding them, and either new, empty, or marked as Peel's cache. (`--cache-dir content`
    /// once let the clean-up delete a pack folder named `entries` and overwrite the user's files.)
    func open(content: URL, output: URL) throws {
        // A link first: where it leads (the content, say) is not the problem to name.
        if let link = CacheFolderLink.reason(at: folder) {
            throw PeelError.unsafeOutput(path: folder.path, reason: "\(link): remove the link, or give the cache a folder with --cache-dir")
        }
        try OutputLocation(protecting: [(content, "the content folder"), (output, "the output folder")],
                           suggestion: "--cache-dir .peel-cache").check(folder: folder, replacedWhole: true, what: "the cache folder")
        try claim()
        do {
            try fileManager.createDirectory(at: entries, withIntermediateDirectories: true)
        } catch {
            throw PeelError.writeFailed(path: folder.path, reason: "cannot create the build cache: \(SystemErrorText.describe(error))")
        }
        CacheGitIgnore.place(in: folder, owned: true)
        CacheGitIgnore.place(in: folder.deletingLastPathComponent())
        #if canImport(Glibc)
        let descriptor = Glibc.open(folder.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
        #else
        let descriptor = Darwin.open(folder.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
        #endif
        guard descriptor >= 0 else {
            // Why, and what to do: a cache on a read-only disk said only that the lock would not open.
            throw PeelError.writeFailed(path: folder.path, reason: "cannot open the build cache's lock file: \(SystemErrorText.describe(errno: errno)); "
                                            + "build with --no-cache, or put the cache elsewhere with --cache-dir")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw PeelError.busy(path: folder.path)
        }
        lockDescriptor = descriptor
    }

    /// Makes the folder Peel's: a new or empty folder gets the marker; a marked one is Peel's
    /// already; a cache made before the marker existed is recognised by holding nothing but
    /// Peel's own names. Anything else is the user's and is refused.
    private func claim() throws {
        ArtCache.moveEarlierLayout(in: folder)
        let markerPath = folder.appendingPathComponent(Self.marker).path
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw PeelError.unsafeOutput(path: folder.path, reason: "the cache folder is a file, not a folder; choose another (--cache-dir .peel-cache)")
            }
            let marker = try? ContentFile.read(URL(fileURLWithPath: markerPath))
            if marker == Data(Self.markerText.utf8) { return }
            if marker == Data(ArtCache.markerText.utf8) {
                throw PeelError.unsafeOutput(path: folder.path,
                                             reason: "this is the art checks' cache an earlier peel check made, not a build cache; delete it (peel check now keeps its art checks in a build's cache folder) or give the build another --cache-dir")
            }
            let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            let entryNames = (try? fileManager.contentsOfDirectory(atPath: entries.path)) ?? []
            // Every earlier cache had its `entries` folder and `lock` from the moment it was opened.
            let isEarlierPeelCache = Set(names).isSubset(of: Self.ownNames) && names.contains("entries") && names.contains("lock")
                && entryNames.allSatisfy(Self.isOwnEntryName)
            guard names.isEmpty || isEarlierPeelCache || Self.isNewOrSharedStart(folder) else {
                throw PeelError.unsafeOutput(path: folder.path,
                                             reason: "the cache folder is not empty and was not made by Peel (it has no \(Self.marker) of Peel's); Peel will not write or delete anything in it (choose a new or empty folder for --cache-dir)")
            }
        }
        do {
            try SafeFile.makeFolders("", in: folder.path)
            try SafeFile.write(Data(Self.markerText.utf8), toPath: markerPath)
        } catch {
            throw PeelError.writeFailed(path: folder.path, reason: "cannot create the build cache: \(SystemErrorText.describe(error))")
        }
    }

    /// True when `folder` does not exist, is empty, or holds only what `peel check` puts in Peel's
    /// cache folder before any build has (its art checks in `art-checks/`, marked as Peel's, and
    /// composed parts in `parts/`): one `--cache-dir` shared by check and build, whichever runs first.
    /// `.peel-cache` itself, beside the content, is such a folder (with the default build caches in it).
    static func isNewOrSharedStart(_ folder: URL) -> Bool {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else {
            return !manager.fileExists(atPath: folder.path)
        }
        // `.peel-cache/` also holds the caches of builds made with the default one (`<output name>/`).
        let others = Set(names).subtracting([ArtCache.folderName, CatalogLoader.partsFolderName])
            .filter { !CacheGitIgnore.isPeels($0, in: folder) }
        guard others.allSatisfy({ name in
            (try? ContentFile.read(folder.appendingPathComponent(name).appendingPathComponent(Self.marker))) == Data(Self.markerText.utf8)
        }) else { return false }
        if names.contains(ArtCache.folderName) {
            let art = folder.appendingPathComponent(ArtCache.folderName)
            let tag = try? ContentFile.read(art.appendingPathComponent(Self.marker))
            let empty = (try? manager.contentsOfDirectory(atPath: art.path))?.isEmpty == true
            guard tag == Data(ArtCache.markerText.utf8) || empty else { return false }
        }
        if names.contains(CatalogLoader.partsFolderName) {
            let parts = (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(CatalogLoader.partsFolderName).path)) ?? ["?"]
            // Composed art is named by its layers' hashes (`<64 hex digits>.png`); anything else is someone's.
            guard parts.allSatisfy({ $0.hasPrefix(".") || Hex.isDigestName($0, fileExtension: "png") }) else { return false }
        }
        return true
    }

    /// True for the names Peel gives files in `entries/`: `<64 hex digits>.<file name>`, and the
    /// temporary files of SafeFile (`.peel-tmp-…`) or of earlier versions (`tmp-…`) that a killed
    /// build left.
    static func isOwnEntryName(_ name: String) -> Bool {
        if name.hasPrefix(".peel-tmp-") { return name.dropFirst(10).allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") } }
        if name.hasPrefix("tmp-") { return name.utf8.count > 4 + 36 + 1 + 64 && UUID(uuidString: String(name.dropFirst(4).prefix(36))) != nil }
        let key = name.utf8.prefix(64)
        return name.utf8.count > 65 && key.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            && name.utf8.dropFirst(64).first == UInt8(ascii: ".")
    }

    // MARK: - State

    func loadState() -> BuildState? {
        guard let state = try? ContentFile.read(stateFile), let report = try? ContentFile.read(reportFile) else { return nil }
        return BuildState.decode(state: state, report: report)
    }

    /// The last build's report alone (for a build the quick check found up to date).
    func loadReport() -> BuildState.Report? {
        guard let data = try? ContentFile.read(reportFile) else { return nil }
        return try? JSONDecoder().decode(BuildState.Report.self, from: data)
    }

    /// Forgets the last build's state, just before a new site replaces the one it describes: a
    /// build killed (SIGKILL, the OOM killer, a CI hard-cancel) between the swap and `save` left
    /// the old state vouching for the new site, so the next build reused the killed build's pages
    /// for content that had changed back, and said "Up to date" from then on.
    func forgetState() {
        unlink(stateFile.path)
    }

    func save(_ state: BuildState) throws {
        // The report first: a state file only ever sits beside the report it was written with.
        unlink(stateFile.path)
        try SafeFile.write(state.encodedReport(), toPath: reportFile.path)
        // The state is streamed to a new file and renamed into place, so it is whole or absent.
        try StreamedFile.replace(atPath: stateFile.path) { file in try state.encodeState { try file.write($0) } }
    }

    // MARK: - Entries

    /// A stored set of derived files: `entries/<key>.<name>` for each file and
    /// `entries/<key>.record.json` for the record, all in one folder (a folder per entry cost a
    /// mkdir and a rename per sticker, the slowest calls of a cold build on ext4).
    struct Entry {
        let prefix: String

        /// The path of one of the entry's files.
        func file(_ name: String) -> String { prefix + name }
    }

    private func prefix(_ key: String) -> String { entries.path + "/" + key + "." }

    /// The entry stored under `key` with its decoded record, when it is complete: its record
    /// decodes and every file it lists is there with the size stored beside the record (a file cut
    /// short by a crash, a full disk or a partly restored CI cache would not be).
    func entry<Record: Decodable>(_ key: String, decoding type: Record.Type,
                                  files: (Record) -> [String]) -> (entry: Entry, record: Record)? {
        let prefix = prefix(key)
        guard let data = try? ContentFile.read(URL(fileURLWithPath: prefix + "record.json", isDirectory: false)),
              let stored = try? JSONDecoder().decode(StoredRecord<Record>.self, from: data),
              files(stored.record).allSatisfy({ stored.holds($0, at: prefix + $0) }) else {
            return nil
        }
        markUsed(key)
        // A shard build prunes by age (`prune(unusedFor:)`): the entry's record says when a build last used it.
        if stampsUse { _ = utimensat(AT_FDCWD, prefix + "record.json", nil, 0) }
        return (Entry(prefix: prefix), stored.record)
    }

    /// What `record.json` holds: the record, and the size of each file stored with it, its
    /// SHA-256 and its modification time when stored.
    fileprivate struct StoredRecord<Record> {
        var record: Record
        var sizes: [String: Int64]
        var hashes: [String: String]? = nil
        var modified: [String: Int64]? = nil

        /// Whether the file `name` at `path` is the one stored: of its size, and, when its
        /// modification time moved since (written through a site's hard link, restored from
        /// another runner without its times), of its bytes. Damage that kept a file's size was
        /// published by every later build; the hash is read only for a file whose time moved.
        func holds(_ name: String, at path: String) -> Bool {
            guard let size = sizes[name], let stamp = FileStamp.of(path: path), stamp.size == size else { return false }
            guard let hash = hashes?[name], modified?[name] != stamp.modified else { return true }
            return SiteWriter.sha256(of: path) == hash
        }
    }

    /// Stores `files` and then `record` under `key`. Each is written under a temporary name and
    /// renamed into place (SafeFile), so a file is only ever whole or absent (two tasks storing
    /// identical images replace one file with another of the same bytes, never truncate one being
    /// linked), and the record, written last, says the entry is complete.
    /// The record is JSON with sorted keys (plain JSONEncoder output orders keys differently from
    /// one encoding to the next); beside the record it holds each file's size, SHA-256 and the
    /// modification time it was written with (`StoredRecord`).
    @discardableResult
    func store<Record: Encodable>(_ key: String, record: Record, files: [(name: String, data: Data)]) throws -> Entry {
        try store(key, record: record, files: files, sizes: Dictionary(files.map { ($0.name, Int64($0.data.count)) }) { first, _ in first },
                  hashes: Dictionary(files.map { ($0.name, Hex.string(SHA256.hash(data: $0.data))) }) { first, _ in first })
    }

    private func store<Record: Encodable>(_ key: String, record: Record, files: [(name: String, data: Data)],
                                          sizes: [String: Int64], hashes: [String: String]) throws -> Entry {
        let prefix = prefix(key)
        for file in files {
            precondition(!file.name.contains("/"), "cache file names are plain")
            do {
                try SafeFile.write(file.data, toPath: prefix + file.name)
            } catch {
                throw PeelError.writeFailed(path: prefix + file.name, reason: "cannot store in the build cache: \(SystemErrorText.describe(error))")
            }
        }
        // Each file's time as written, read back: a later build hashes only a file whose time moved.
        var modified: [String: Int64] = [:]
        for name in sizes.keys { modified[name] = FileStamp.of(path: prefix + name)?.modified }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let stored = try encoder.encode(StoredRecord(record: record, sizes: sizes, hashes: hashes, modified: modified))
        do {
            try SafeFile.write(stored, toPath: prefix + "record.json")
        } catch {
            throw PeelError.writeFailed(path: prefix + "record.json", reason: "cannot store in the build cache: \(SystemErrorText.describe(error))")
        }
        markUsed(key)
        return Entry(prefix: prefix)
    }

    /// Stores one file that `produce` writes part by part (a pack zip), then the record `record`
    /// makes of what was written; as `store`, the record comes last and says the entry is whole.
    func storeStreamed<Record: Encodable>(_ key: String, file name: String, produce: (StreamedFile) throws -> Void,
                                          record: (StreamedFile.Written) -> Record) throws -> (entry: Entry, record: Record) {
        precondition(!name.contains("/"), "cache file names are plain")
        let prefix = prefix(key)
        let written: StreamedFile.Written
        do {
            written = try StreamedFile.replace(atPath: prefix + name, produce: produce)
        } catch let PeelError.cannotWrite(_, reason) {
            throw PeelError.writeFailed(path: prefix + name, reason: "cannot store in the build cache: \(reason)")
        }
        let value = record(written)
        return (try store(key, record: value, files: [], sizes: [name: written.size], hashes: [name: written.sha256]), value)
    }

    /// Removes the entry stored under `key` (its `files` and record): one made from a file that
    /// changed while it was made, which its key does not describe.
    func discard(_ key: String, files: [String]) {
        for name in files + ["record.json"] {
            precondition(!name.contains("/"), "cache file names are plain")
            unlink(prefix(key) + name)
        }
    }

    private func markUsed(_ key: String) {
        lock.lock()
        used.insert(HashText(key))
        lock.unlock()
    }

    /// Removes every entry this build did not use, and leftovers of killed builds (temporary
    /// files belong to no key). Only files named the way Peel names them are deleted, one by one;
    /// never a folder, nor anything else that may be there.
    func prune() {
        prune { _, _ in true }
    }

    /// What a shard build removes, whose cache other shards' builds may share: entries neither
    /// it nor any build used for `seconds` (by their record's time, `stampsUse`), and a killed
    /// build's leftovers as old. Without it, a shard's CI cache only ever grew: each art change
    /// left the old thumbnails in it, saved and restored with every run.
    /// Two weeks: a shard built less often than that (no change to its packs) loses nothing it
    /// uses, since its own build uses, and so keeps, every entry of its packs.
    static let sharedEntryLifetime: Int64 = 14 * 24 * 60 * 60

    func prune(unusedFor seconds: Int64) {
        let cutoff = Int64(Date().timeIntervalSince1970) - seconds
        func isOld(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && Int64(info.st_mtim.tv_sec) < cutoff
        }
        // First the keys whose record is old (an entry's files are older than its record, or as old).
        var stale = Set<HashText>()
        try? FolderListing.forEachName(atPath: entries.path) { name in
            guard name.utf8.count == 64 + ".record.json".utf8.count, name.hasSuffix(".record.json"), Self.isOwnEntryName(name),
                  isOld(entries.path + "/" + name) else { return }
            stale.insert(HashText(String(name.prefix(64))))
        }
        prune { name, path in
            name.utf8.count > 64 && !name.hasPrefix(".peel-tmp-") && !name.hasPrefix("tmp-")
                ? stale.contains(HashText(String(name.prefix(64)))) : isOld(path)
        }
    }

    /// Removes the files of entries this build did not use for which `removes` (name, path) is true.
    private func prune(where removes: (String, String) -> Bool) {
        lock.lock()
        let keep = used
        lock.unlock()
        // One name at a time (readdir), not a listing of them all: a 20,000-sticker cache holds
        // 60,000 entry files, and their names as one array were the last peak of the build's memory.
        try? FolderListing.forEachName(atPath: entries.path) { name in
            guard Self.isOwnEntryName(name) else { return }
            if name.utf8.count > 64, keep.contains(HashText(String(name.prefix(64)))) { return }
            let path = entries.path + "/" + name
            var info = stat()
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && removes(name, path) { unlink(path) }
        }
    }
}

extension BuildCache.StoredRecord: Encodable where Record: Encodable {}
extension BuildCache.StoredRecord: Decodable where Record: Decodable {}
