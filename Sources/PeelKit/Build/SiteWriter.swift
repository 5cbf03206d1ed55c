#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Fills a staging folder with the new site and remembers what it wrote. A file whose bytes are
/// the same as the previous build's is hard-linked from the previous site instead of written, and
/// cached derived files are hard-linked from the cache, so a rebuild writes only what changed and
/// unchanged files keep their identity (deploy tools that compare files see no change). Where a
/// link cannot be made (another file system), the file is copied. Safe to use from parallel tasks.
final class SiteWriter: @unchecked Sendable {
    let staging: URL
    private let previousSite: URL?
    private let previousOutputs: OutputLedger
    private let lock = NSLock()
    private(set) var outputs = OutputLedger()
    /// Files written with new bytes, and files reused (linked) from the previous site or cache.
    private(set) var writtenCount = 0
    private(set) var reusedCount = 0

    private let stagingPath: String
    private let previousSitePath: String?
    /// For `peel merge`: the shard folder each previous file lives in, by path (else `previousSite`).
    private let previousRoots: [String: String]
    /// Paths whose file in the previous site is not what the build state says (`peel serve` put
    /// another page there since): never reused.
    private let distrusted: Set<String>
    /// True when the previous site may not hold what the build state says (its folders changed
    /// since the last build stamped them): a file is reused from it only once its bytes are read
    /// and found to be the ones the state records. A `git reset --hard` in the site's worktree put
    /// the older pages back, and every later build reused them as the new ones.
    private let verifiesPrevious: Bool
    /// A merge's: a shard's file is taken only when its bytes hash to what its peel-shard.json
    /// records (shards are CI artifacts: a page cut short in a download, a zip with a flipped byte).
    private let verifiesRecorded: Bool
    /// False when the previous site was made with other templates or options: its pages are
    /// linked only where the new bytes are the same, never by their key alone.
    private let reusesPages: Bool
    /// The paths written with new bytes (not linked from the previous site or the cache), kept
    /// only when there is a previous site to compare with (`changedPaths`): a cold build of
    /// 20,000 stickers in three languages writes 120,000 files, whose paths were 13 MB at its peak.
    private var freshPaths: [String] = []
    private var tracksFreshPaths: Bool { previousSitePath != nil }

    init(staging: URL, previousSite: URL?, previousOutputs: OutputLedger, previousRoots: [String: String] = [:],
         distrusted: Set<String> = [], reusesPages: Bool = true, verifiesPrevious: Bool = false, verifiesRecorded: Bool = false) {
        self.staging = staging
        stagingPath = staging.standardizedFileURL.path
        self.previousSite = previousSite
        previousSitePath = previousSite?.standardizedFileURL.path
        self.previousOutputs = previousOutputs
        self.previousRoots = previousRoots
        self.distrusted = distrusted
        self.verifiesPrevious = verifiesPrevious
        self.verifiesRecorded = verifiesRecorded
        self.reusesPages = reusesPages
    }

    /// Where the previous build's (or a shard's) file at `path` would be, unless it is distrusted.
    private func previousPath(_ path: String) -> String? {
        guard !distrusted.contains(path), let root = previousRoots[path] ?? previousSitePath else { return nil }
        return root + "/" + path
    }

    /// Where the previous build's file at `path` is, when there was one to reuse.
    private func previousFile(_ path: String) -> String? {
        guard let file = previousPath(path) else { return nil }
        if verifiesPrevious {
            guard let expected = previousOutputs[path]?.sha256, let actual = Self.sha256(of: file), actual == expected else { return nil }
        }
        if verifiesRecorded, let expected = previousOutputs[path]?.sha256, Self.sha256(of: file) != expected { return nil }
        return file
    }

    /// The SHA-256 of the file this writer put at `path` (relative to the site root).
    func sha256(ofWritten path: String) -> String? {
        Self.sha256(of: stagingPath + "/" + path)
    }

    /// The SHA-256 of the regular file at `path`, read a part at a time; nil when it cannot be read.
    static func sha256(of path: String) -> String? {
        var hasher = SHA256()
        do {
            try ContentFile.forEachPart(of: URL(fileURLWithPath: path, isDirectory: false)) { hasher.update(bufferPointer: $0) }
        } catch {
            return nil
        }
        return Hex.string(hasher.finalize())
    }

    /// The site paths whose bytes differ from the previous site's, once everything is written:
    /// files written anew (but those `served` already holds, by their SHA-256) and files gone.
    /// Only for a writer with a previous site.
    func changedPaths(since served: [String: String]) -> [String] {
        precondition(tracksFreshPaths, "changed paths are known only against a previous site")
        lock.lock()
        defer { lock.unlock() }
        var changed = freshPaths.filter { path in served[path] == nil || served[path] != outputs[path]?.sha256 }
        changed += previousOutputs.paths.filter { outputs[$0] == nil }
        return changed.sorted()
    }

    /// Links the previous file at `path` into the site as it is (`peel merge` carrying a shard's
    /// thumbnails, originals and zips); false when there is none.
    func carry(_ path: String) throws -> Bool {
        guard let previous = previousOutputs[path], let source = previousPath(path) else { return false }
        // A shard's file is what its manifest says it is (the shards are CI artifacts another job
        // made): a file gone or swapped since is refused, not published (`place` refuses any file
        // that is not a regular one).
        var info = stat()
        guard lstat(source, &info) == 0 else {
            throw PeelError.shards(path: source, reason: "is missing from its shard, whose peel-shard.json lists it; keep every file of the shard's folder (or build it again)")
        }
        guard Int64(info.st_size) == previous.size, previousFile(path) != nil else {
            throw PeelError.shards(path: source, reason: "is not the file its build wrote (a symlink, or other bytes than peel-shard.json records); build it again")
        }
        try place(source, to: path, reused: true)
        lock.lock()
        outputs[path] = previous
        lock.unlock()
        return true
    }

    /// Writes `data` at `path` (relative to the site root), or links the previous site's identical
    /// file. `sha256` is the data's hash when the caller has it already.
    func write(_ data: Data, to path: String, sha256: String? = nil, source: String? = nil) throws {
        let target = try prepare(path)
        let sha = sha256 ?? Hex.string(SHA256.hash(data: data))
        let output = BuildState.Output(size: Int64(data.count), sha256: sha, source: source)
        if linkPrevious(path, to: target, sameAs: output) { return }
        try SafeFile.create(data, atNewPath: target)
        record(path, output, reused: false)
    }

    /// Links the previous site's file at `path` when it had exactly these bytes (by hash);
    /// false when there is none to reuse.
    func reusePrevious(_ path: String, sha256: String) -> Bool {
        guard let previous = previousOutputs[path], previous.sha256 == sha256, let source = previousFile(path),
              let target = try? prepare(path), link(source, to: target) else { return false }
        record(path, previous, reused: true)
        return true
    }

    /// A page made from `key` (its template and model): the previous build's page when that was
    /// made from the same key, else `render()` written.
    func writePage(to path: String, key: String, render: () throws -> String) throws {
        if try reusePreviousPage(path, key: key) { return }
        try write(Data(try render().utf8), to: path, source: key)
    }

    /// `writePage` for a page rendered part by part (`render` hands each part to `emit`), so the
    /// whole page is never held: the review page of a large catalog.
    func writeStreamedPage(to path: String, key: String, render: (_ emit: (String) throws -> Void) throws -> Void) throws {
        if try reusePreviousPage(path, key: key) { return }
        try writeStreamed(to: path, source: key) { file in try render { try file.write($0) } }
    }

    /// Writes at `path` what `produce` writes into the file part by part (catalog.json, a large
    /// page), hashing it as it goes; the previous site's identical file is linked instead, as
    /// `write` does.
    @discardableResult
    func writeStreamed(to path: String, source: String? = nil, produce: (StreamedFile) throws -> Void) throws -> BuildState.Output {
        let target = try prepare(path)
        let (temporary, written) = try StreamedFile.temporary(in: (target as NSString).deletingLastPathComponent, produce: produce)
        let output = BuildState.Output(size: written.size, sha256: written.sha256, source: source)
        if linkPrevious(path, to: target, sameAs: output) {
            unlink(temporary)
            return output
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw PeelError.writeFailed(path: target, reason: SystemErrorText.describe(errno: code))
        }
        record(path, output, reused: false)
        return output
    }

    /// Links the previous site's file at `path` to `target` and records `output` as reused, when
    /// that file had the same bytes (size and hash); false otherwise.
    private func linkPrevious(_ path: String, to target: String, sameAs output: BuildState.Output) -> Bool {
        guard let previous = previousOutputs[path], previous.sha256 == output.sha256, previous.size == output.size,
              let source = previousFile(path), link(source, to: target) else { return false }
        record(path, output, reused: true)
        return true
    }

    /// Links the previous build's page at `path` when it was made from the same key.
    private func reusePreviousPage(_ path: String, key: String) throws -> Bool {
        guard reusesPages, let previous = previousOutputs[path], previous.source == key, previous.sha256 != nil,
              let source = previousFile(path) else { return false }
        let target = try prepare(path)
        guard link(source, to: target) else { return false }
        record(path, previous, reused: true)
        return true
    }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Puts the cached file at `source` (a path) at `path`: a hard link, or a copy where links
    /// fail. `reused` says whether the cache held it before this build (for the counts).
    func place(_ source: String, to path: String, reused: Bool) throws {
        let target = try prepare(path)
        var info = stat()
        guard lstat(source, &info) == 0 else {
            throw PeelError.writeFailed(path: target, reason: "the build cache lost \((source as NSString).lastPathComponent)")
        }
        // Only a regular file is placed: a symlink copied as one would lead out of the site.
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PeelError.writeFailed(path: target, reason: "\(source) is not a regular file (a symlink?); Peel places only files it wrote")
        }
        if !link(source, to: target) {
            do {
                try FileManager.default.copyItem(atPath: source, toPath: target)
            } catch {
                throw PeelError.writeFailed(path: target, reason: SystemErrorText.describe(error))
            }
            // A copy keeps the source's mode; the site's files have this build's (`FileMode`).
            chmod(target, FileMode.fresh)
        }
        record(path, BuildState.Output(size: Int64(info.st_size), sha256: nil, source: nil), reused: reused)
    }

    /// The file's place in the staging folder, its folders made. POSIX calls on plain paths:
    /// FileManager and URL did the same work many times slower (a sixth of a rebuild's time).
    /// One `mkdir` a file, answered "exists" by the kernel for all but a folder's first file: a set
    /// of the folders made was 6 MB at 60,000 pages, held to the end of the build.
    private func prepare(_ path: String) throws -> String {
        precondition(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "site paths are relative and stay inside the site")
        let target = stagingPath + "/" + path
        guard let slash = path.lastIndex(of: "/") else { return target }
        let folder = stagingPath + "/" + path[..<slash]
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return target }
        guard errno == ENOENT else { throw PeelError.writeFailed(path: folder, reason: SystemErrorText.describe(errno: errno)) }
        var made = stagingPath
        for component in path[..<slash].split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o755) != 0 && errno != EEXIST {
                throw PeelError.writeFailed(path: made, reason: SystemErrorText.describe(errno: errno))
            }
        }
        return target
    }

    /// A hard link of a regular file (never of a symlink's target outside the site) that has the
    /// permissions this build gives its files (false otherwise, and the caller copies or writes).
    private func link(_ source: String, to target: String) -> Bool {
        var info = stat()
        guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG, FileMode.isFresh(info) else { return false }
        #if canImport(Glibc)
        return Glibc.link(source, target) == 0
        #else
        return Darwin.link(source, target) == 0
        #endif
    }

    private func record(_ path: String, _ output: BuildState.Output, reused: Bool) {
        lock.lock()
        outputs[path] = output
        if reused {
            reusedCount += 1
        } else {
            writtenCount += 1
            if tracksFreshPaths { freshPaths.append(path) }
        }
        lock.unlock()
    }
}
