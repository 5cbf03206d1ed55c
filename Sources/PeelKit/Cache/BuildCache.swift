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
/// version. Each file is written to a scratch folder and renamed into place, the entry's record
/// last, so a killed build never leaves half an entry in use; an entry that is missing a file or
/// its record, or holds an empty file, is made again.
/// Entries no build used are removed after each successful build.
final class BuildCache: @unchecked Sendable {
    let folder: URL
    private let fileManager = FileManager.default
    private let lock = NSLock()
    private var used = Set<String>()
    private var lockDescriptor: Int32 = -1

    static func folder(forOutput output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".peel-cache")
            .appendingPathComponent(output.lastPathComponent)
    }

    init(folder: URL) {
        self.folder = folder
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    private var entries: URL { folder.appendingPathComponent("entries") }
    private var stateFile: URL { folder.appendingPathComponent("state.txt") }
    private var reportFile: URL { folder.appendingPathComponent("report.json") }

    /// Creates the folder and takes its lock: two builds of the same site at once would each
    /// replace the other's files, so the second is refused.
    func open() throws {
        do {
            try fileManager.createDirectory(at: entries, withIntermediateDirectories: true)
        } catch {
            throw PeelError.writeFailed(path: folder.path, reason: "cannot create the build cache: \(error.localizedDescription)")
        }
        #if canImport(Glibc)
        let descriptor = Glibc.open(folder.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        #else
        let descriptor = Darwin.open(folder.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        #endif
        guard descriptor >= 0 else {
            throw PeelError.writeFailed(path: folder.path, reason: "cannot open the build cache's lock file")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw PeelError.busy(path: folder.path)
        }
        lockDescriptor = descriptor
    }

    // MARK: - State

    func loadState() -> BuildState? {
        guard let state = try? Data(contentsOf: stateFile), let report = try? Data(contentsOf: reportFile) else { return nil }
        return BuildState.decode(state: state, report: report)
    }

    func save(_ state: BuildState) throws {
        let (stateData, reportData) = state.encoded()
        // The report first: a state file only ever sits beside the report it was written with.
        try? fileManager.removeItem(at: stateFile)
        try writeAtomically(reportData, to: reportFile)
        try writeAtomically(stateData, to: stateFile)
    }

    private func writeAtomically(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw PeelError.writeFailed(path: url.path, reason: error.localizedDescription)
        }
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
    /// decodes and every file it lists is there, none of them empty (a file cut short by a crash
    /// would be).
    func entry<Record: Decodable>(_ key: String, decoding type: Record.Type,
                                  files: (Record) -> [String]) -> (entry: Entry, record: Record)? {
        let prefix = prefix(key)
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: prefix + "record.json", isDirectory: false)),
              let record = try? JSONDecoder().decode(type, from: data),
              files(record).allSatisfy({ FileStamp.of(path: prefix + $0).map { $0.size > 0 } ?? false }) else {
            return nil
        }
        markUsed(key)
        return (Entry(prefix: prefix), record)
    }

    /// Stores `files` and then `record` under `key`. Each is written under a scratch name and
    /// renamed into place, so a file is only ever whole or absent (two tasks storing identical
    /// images replace one file with another of the same bytes, never truncate one being linked),
    /// and the record, written last, says the entry is complete.
    /// The record is JSON with sorted keys: the same value always gives the same bytes (plain
    /// JSONEncoder output orders keys differently from one encoding to the next).
    @discardableResult
    func store<Record: Encodable>(_ key: String, record: Record, files: [(name: String, data: Data)]) throws -> Entry {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let record = try encoder.encode(record)
        let prefix = prefix(key)
        // Scratch names in the same folder: a rename there takes one directory lock, not two.
        let scratch = entries.path + "/tmp-" + UUID().uuidString + "-" + key + "."
        for file in files + [(name: "record.json", data: record)] {
            precondition(!file.name.contains("/"), "cache file names are plain")
            do {
                try PlainFile.write(file.data, toPath: scratch + file.name)
            } catch {
                unlink(scratch + file.name)
                throw PeelError.writeFailed(path: prefix + file.name, reason: "cannot store in the build cache: \(error)")
            }
            guard rename(scratch + file.name, prefix + file.name) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(scratch + file.name)
                throw PeelError.writeFailed(path: prefix + file.name, reason: "cannot store in the build cache: \(reason)")
            }
        }
        markUsed(key)
        return Entry(prefix: prefix)
    }

    private func markUsed(_ key: String) {
        lock.lock()
        used.insert(key)
        lock.unlock()
    }

    /// Removes every entry this build did not use, and leftovers of killed builds (their scratch
    /// files, `tmp-…`, belong to no key).
    func prune() {
        lock.lock()
        let keep = used
        lock.unlock()
        for name in (try? fileManager.contentsOfDirectory(atPath: entries.path)) ?? [] {
            let key = String(name.prefix { $0 != "." })
            if !keep.contains(key) { try? fileManager.removeItem(atPath: entries.path + "/" + name) }
        }
    }
}
