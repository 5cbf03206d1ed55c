import Foundation

/// Paths to the test fixtures and scratch folders that clean up after themselves.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let catalog = root.appendingPathComponent("catalog")
    static let pngSuite = root.appendingPathComponent("pngsuite")
    static let apng = root.appendingPathComponent("apng/basic_f20.png")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func data(_ url: URL) throws -> Data { try Data(contentsOf: url) }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("peel-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` at `path` inside the folder, creating folders.
    @discardableResult
    func write(_ text: String, to path: String) throws -> URL {
        try write(Data(text.utf8), to: path)
    }

    @discardableResult
    func write(_ data: Data, to path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Copies a file or folder into this one.
    @discardableResult
    func copy(_ source: URL, to path: String) throws -> URL {
        let target = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }
}

/// Overwrites a build cache file with `marker` padded to the file's own size, and gives it back
/// its modification time (the cache trusts a file at the size and time it stored, and hashes one
/// whose time moved; `SharedCacheTests.markDerivedFiles` also records the new hashes), so a site
/// file holding the marker came from the cache.
func markCacheFile(_ url: URL, with marker: String) throws {
    let size = try Data(contentsOf: url).count
    precondition(size >= marker.utf8.count, "the marker fits in the file")
    var before = stat()
    precondition(stat(url.path, &before) == 0)
    try (Data(marker.utf8) + Data(repeating: 0x20, count: size - marker.utf8.count)).write(to: url)
    var times = [before.st_atim, before.st_mtim]
    precondition(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
}

/// A small deterministic generator for test pixels and random test inputs (SplitMix64): a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
