#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The art checks' results, one small JSON file per image (`<key>.json`), the key hashing the
/// image's bytes and every inspector's name and version, so each art is inspected once.
///
/// Where it lives: with `peel build`, inside the build's own cache (`.peel-cache/<output>/art-checks/`,
/// or `<--cache-dir>/art-checks/`); with `peel check` and `peel serve`, which have no output
/// folder, in `.peel-cache/art-checks/` beside the content folder (`peel check --cache-dir` moves
/// it). The folder follows the build cache's rules: never the content or inside it, and Peel
/// writes only into a folder that is new, empty or carries its CACHEDIR.TAG.
///
/// Each entry is written under a temporary name and renamed into place, so it is whole or
/// absent; one that does not decode (cut short, edited by hand) is ignored and made again.
/// A cache that cannot be written only makes the next run slower: store errors are not reported.
final class ArtCache: @unchecked Sendable {
    let folder: URL
    private let lock = NSLock()
    private var used = Set<String>()
    /// Every entry the last run used, read from `index.json` in one go: 600 small files each
    /// decoded by JSONDecoder cost 0.2 s of a warm `peel check` (600 stickers, Linux); one decode
    /// of them all costs a few milliseconds. The entry files stay the truth: the index only holds
    /// copies under the same content-hash keys, and a damaged index is ignored.
    private var index: [String: ArtFacts] = [:]
    private var indexIsCurrent = true

    /// The name of the folder inside a build cache, and beside the content for `peel check`.
    static let folderName = "art-checks"

    static let markerText = "Signature: 8a477f597d28d172789f06886806bc55\n"
        + "# This folder is Peel's cache of art checks (peel check, peel build with art_checks); delete it at any time.\n"

    /// `.peel-cache/art-checks/` beside the content folder.
    static func folder(besideContent content: URL) -> URL {
        content.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(".peel-cache")
            .appendingPathComponent(folderName)
    }

    /// `art-checks/` inside the build cache folder.
    static func folder(inBuildCache buildCache: URL) -> URL {
        buildCache.appendingPathComponent(folderName)
    }

    init(folder: URL) {
        self.folder = folder
    }

    /// Moves an art-checks cache that an earlier `peel check --cache-dir DIR` made at the top of
    /// DIR (its marker there, its entries beside it) into DIR's `art-checks/`, the layout check and
    /// build now share, so a CI cache restored from before is taken up, not refused by every
    /// build. Only a folder holding nothing but Peel's own names moves (renamed, not copied: the
    /// results are kept); anything else is left as it is.
    static func moveEarlierLayout(in folder: URL) {
        let manager = FileManager.default
        guard (try? ContentFile.read(folder.appendingPathComponent(BuildCache.marker))) == Data(markerText.utf8),
              let names = try? manager.contentsOfDirectory(atPath: folder.path),
              names.allSatisfy({ name in
                  name == BuildCache.marker || name == "index.json" || name.hasPrefix(".")
                      || Hex.isDigestName(name, fileExtension: "json")
              }) else { return }
        let target = folder.appendingPathComponent(folderName)
        guard (try? manager.createDirectory(at: target, withIntermediateDirectories: false)) != nil else { return }
        // The marker last: a move cut short leaves a folder that is still the earlier layout.
        for name in names.filter({ $0 != BuildCache.marker }) + [BuildCache.marker] {
            _ = rename(folder.appendingPathComponent(name).path, target.appendingPathComponent(name).path)
        }
    }

    /// Checks the folder is safe to use (the build cache's rules) and makes it Peel's.
    func open(content: URL) throws {
        try OutputLocation(protecting: [(content, "the content folder")], suggestion: "--cache-dir .peel-cache/art-checks")
            .check(folder: folder, replacedWhole: true, what: "the art-check cache")
        let markerPath = folder.appendingPathComponent(BuildCache.marker).path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw PeelError.unsafeOutput(path: folder.path, reason: "the art-check cache is a file, not a folder; choose another (--cache-dir)")
            }
            if let marker = try? ContentFile.read(URL(fileURLWithPath: markerPath)), marker == Data(Self.markerText.utf8) { return }
            guard ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty else {
                throw PeelError.unsafeOutput(path: folder.path,
                                             reason: "the art-check cache folder is not empty and was not made by Peel (it has no \(BuildCache.marker) of Peel's art checks); choose a new or empty folder (--cache-dir)")
            }
        }
        do {
            try SafeFile.makeFolders("", in: folder.path)
            try SafeFile.write(Data(Self.markerText.utf8), toPath: markerPath)
        } catch {
            throw PeelError.writeFailed(path: folder.path, reason: "cannot create the art-check cache: \(SystemErrorText.describe(error))")
        }
    }

    private func path(_ key: String) -> String { folder.path + "/" + key + ".json" }
    private var indexPath: String { folder.path + "/index.json" }

    /// Reads the index of the last run's entries (after `open`).
    func loadIndex() {
        guard let data = try? ContentFile.read(URL(fileURLWithPath: indexPath, isDirectory: false)),
              let entries = try? JSONDecoder().decode([String: ArtFacts].self, from: data) else { return }
        lock.lock()
        index = entries
        lock.unlock()
    }

    /// Writes the index of the entries this run used, when it is not that already.
    func saveIndex() {
        lock.lock()
        let entries = index.filter { used.contains($0.key) }
        let current = indexIsCurrent && entries.count == index.count
        lock.unlock()
        guard !current else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entries) else { return }
        try? SafeFile.write(data, toPath: indexPath)
    }

    /// The facts stored under `key`, or nil when there are none or they do not decode.
    func facts(_ key: String) -> ArtFacts? {
        lock.lock()
        if let facts = index[key] {
            used.insert(key)
            lock.unlock()
            return facts
        }
        lock.unlock()
        guard let data = try? ContentFile.read(URL(fileURLWithPath: path(key), isDirectory: false)),
              let facts = try? JSONDecoder().decode(ArtFacts.self, from: data) else { return nil }
        remember(facts, key: key)
        return facts
    }

    private func remember(_ facts: ArtFacts, key: String) {
        lock.lock()
        used.insert(key)
        index[key] = facts
        indexIsCurrent = false
        lock.unlock()
    }

    /// Stores `facts` under `key`, sorted keys so the same facts are the same bytes.
    func store(_ facts: ArtFacts, key: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(facts) else { return }
        try? SafeFile.write(data, toPath: path(key))
        remember(facts, key: key)
    }

    /// Removes the entries this run did not use (art that was changed or removed), and
    /// temporary files a killed run left. Only files named the way Peel names them are deleted.
    func prune() {
        lock.lock()
        let keep = used
        lock.unlock()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let isEntry = name.hasSuffix(".json") && name.utf8.count == 64 + 5
                && name.utf8.prefix(64).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            let isTemporary = name.hasPrefix(".peel-tmp-")
            guard isEntry || isTemporary else { continue }
            if isEntry && keep.contains(String(name.prefix(64))) { continue }
            let path = folder.path + "/" + name
            var info = stat()
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }
}
