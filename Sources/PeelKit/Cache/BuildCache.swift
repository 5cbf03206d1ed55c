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
/// version. Entries are written to a temporary folder and renamed into place, so a killed build
/// never leaves half an entry; an entry that is missing a file or its record is made again.
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
    private var temporary: URL { folder.appendingPathComponent("tmp") }
    private var stateFile: URL { folder.appendingPathComponent("state.txt") }
    private var reportFile: URL { folder.appendingPathComponent("report.json") }

    /// Creates the folder and takes its lock: two builds of the same site at once would each
    /// replace the other's files, so the second is refused.
    func open() throws {
        do {
            try fileManager.createDirectory(at: entries, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
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

    func forgetState() {
        try? fileManager.removeItem(at: stateFile)
    }

    private func writeAtomically(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw PeelError.writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    // MARK: - Entries

    /// A stored set of derived files.
    struct Entry {
        let folder: URL
        let record: Data

        /// The path of one of the entry's files.
        func file(_ name: String) -> String { folder.path + "/" + name }
    }

    /// The entry stored under `key`, when it is complete (its record and every file it lists).
    func entry(_ key: String, files: (Data) -> [String]?) -> Entry? {
        let folder = entries.appendingPathComponent(key)
        guard let record = try? Data(contentsOf: folder.appendingPathComponent("record.json")),
              let names = files(record),
              names.allSatisfy({ fileManager.fileExists(atPath: folder.appendingPathComponent($0).path) }) else {
            return nil
        }
        markUsed(key)
        return Entry(folder: folder, record: record)
    }

    /// Encodes a record with sorted keys: the same value always gives the same bytes (plain
    /// JSONEncoder output orders keys differently from one encoding to the next).
    static func encodeRecord<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    /// Stores `files` and `record` under `key`, replacing any incomplete entry there.
    @discardableResult
    func store(_ key: String, record: Data, files: [(name: String, data: Data)]) throws -> Entry {
        let staging = temporary.appendingPathComponent("\(key)-\(UUID().uuidString)")
        let target = entries.appendingPathComponent(key)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files {
                precondition(!file.name.contains("/") && file.name != "record.json", "cache file names are plain")
                try file.data.write(to: staging.appendingPathComponent(file.name))
            }
            try record.write(to: staging.appendingPathComponent("record.json"))
            // rename(2) itself, not FileManager.moveItem: a rename onto an existing entry fails as a
            // whole instead of merging into it while other tasks link from it.
            if rename(staging.path, target.path) != 0 {
                // Already there: made by a task working on identical bytes (keep it, other tasks may be
                // linking from it), or left incomplete by damage (replace it).
                if let existing = try? Data(contentsOf: target.appendingPathComponent("record.json")), existing == record,
                   files.allSatisfy({ fileManager.fileExists(atPath: target.appendingPathComponent($0.name).path) }) {
                    try? fileManager.removeItem(at: staging)
                } else {
                    try? fileManager.removeItem(at: target)
                    guard rename(staging.path, target.path) == 0 else {
                        throw PeelError.writeFailed(path: target.path, reason: String(cString: strerror(errno)))
                    }
                }
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw PeelError.writeFailed(path: target.path, reason: "cannot store in the build cache: \(error.localizedDescription)")
        }
        markUsed(key)
        return Entry(folder: target, record: record)
    }

    private func markUsed(_ key: String) {
        lock.lock()
        used.insert(key)
        lock.unlock()
    }

    /// Removes every entry this build did not use, and leftovers of killed builds.
    func prune() {
        lock.lock()
        let keep = used
        lock.unlock()
        for name in (try? fileManager.contentsOfDirectory(atPath: entries.path)) ?? [] where !keep.contains(name) {
            try? fileManager.removeItem(at: entries.appendingPathComponent(name))
        }
        for name in (try? fileManager.contentsOfDirectory(atPath: temporary.path)) ?? [] {
            try? fileManager.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}
