import Foundation

/// Every file of a built site by its path, with its size, SHA-256 and page key
/// (`BuildState.Output`), held compactly.
///
/// A 20,000-sticker site in three languages has 123,000 files. As a `[String: Output]` (a string
/// for every path, 64-character strings for the hashes and keys, the map's spare room, its copy
/// while it grew) they were about 50 MB at the build's peak, the end of its page step; here about
/// 15 MB: a `PathMap` of 16-byte records, each hash as 32 bytes in chunks that are never copied
/// as the ledger grows.
///
/// A path recorded again replaces its entry (its old hashes stay behind: a build records a path
/// twice only when the merge carries a shard's file); entries are never removed. Iteration
/// follows the order paths were first recorded; `forEachSorted` is in byte order.
struct OutputLedger: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private struct Record: Sendable {
        var size: Int64
        var sha256: TextReference
        var source: TextReference
    }

    /// A hash or key: none, 32 bytes in `digestWords`, or (any other text, which the build never
    /// writes but a hand-edited state may hold) a string in `otherTexts`.
    private struct TextReference: Equatable, Sendable {
        var value: UInt32
        static let none = TextReference(value: .max)
        static let otherFlag: UInt32 = 1 << 31
    }

    private var records = PathMap<Record>()
    /// Four words a digest, big-endian halves of the SHA-256 as hex reads it.
    private var digestWords = ChunkedArray<UInt64>()
    private var otherTexts: [String] = []

    init() {}

    init(_ outputs: [String: BuildState.Output]) {
        for (path, output) in outputs { self[path] = output }
    }

    init(dictionaryLiteral elements: (String, BuildState.Output)...) {
        for (path, output) in elements { self[path] = output }
    }

    var count: Int { records.count }
    var isEmpty: Bool { records.isEmpty }

    /// The entry at `path`. Setting nil is not supported: a build never forgets a file it wrote.
    subscript(path: String) -> BuildState.Output? {
        get { records[path].map(output) }
        set {
            guard let newValue else { preconditionFailure("an output ledger's entries are never removed") }
            record(path, newValue)
        }
    }

    /// Every path, in the order first recorded.
    var paths: LazyMapSequence<Range<Int>, String> { records.keys }

    /// Every entry in byte order of its path (the manifest's and the build state's order), each
    /// path made when its turn comes: only the order (4 bytes an entry) is held at once.
    func forEachSorted(_ body: (_ path: String, _ output: BuildState.Output) throws -> Void) rethrows {
        try records.forEachSorted { path, record in try body(path, output(record)) }
    }

    /// Every folder the paths are in (not the top, ""), each once, a folder before its subfolders.
    /// In byte order the paths under a folder come together, so the folders of the last path are
    /// all that needs remembering, not a set of every folder (60,000 at 20,000 stickers in three
    /// languages).
    func forEachFolder(_ body: (_ folder: Substring) throws -> Void) rethrows {
        var open: [Substring] = []
        try forEachSorted { path, _ in
            let folders = path.indices.filter { path[$0] == "/" }.map { path[..<$0] }
            let kept = zip(open, folders).prefix { $0 == $1 }.count
            open = folders
            for folder in folders.dropFirst(kept) { try body(folder) }
        }
    }

    /// Every path in byte order.
    func sortedPaths() -> [String] {
        var paths: [String] = []
        paths.reserveCapacity(count)
        forEachSorted { path, _ in paths.append(path) }
        return paths
    }

    /// What each page was made from, by path: the entries that have a key.
    func pageKeys() -> [String: String] {
        var keys: [String: String] = [:]
        for (path, record) in records where record.source != .none { keys[path] = text(record.source) }
        return keys
    }

    func makeIterator() -> AnyIterator<(path: String, output: BuildState.Output)> {
        let entries = records.makeIterator()
        return AnyIterator { entries.next().map { (path: $0.key, output: output($0.value)) } }
    }

    static func == (left: OutputLedger, right: OutputLedger) -> Bool {
        guard left.count == right.count else { return false }
        return left.allSatisfy { right[$0.path] == $0.output }
    }

    // MARK: - Storage

    private mutating func record(_ path: String, _ output: BuildState.Output) {
        records[path] = Record(size: output.size, sha256: store(output.sha256), source: store(output.source))
    }

    private func output(_ record: Record) -> BuildState.Output {
        BuildState.Output(size: record.size, sha256: text(record.sha256), source: text(record.source))
    }

    // MARK: - Hashes and keys

    private mutating func store(_ text: String?) -> TextReference {
        guard let text else { return .none }
        if let words = HashText.words(text) {
            let index = digestWords.count / 4
            precondition(index < Int(TextReference.otherFlag), "fewer than two billion hashes")
            digestWords.append(words.0)
            digestWords.append(words.1)
            digestWords.append(words.2)
            digestWords.append(words.3)
            return TextReference(value: UInt32(index))
        }
        otherTexts.append(text)
        return TextReference(value: TextReference.otherFlag | UInt32(otherTexts.count - 1))
    }

    private func text(_ reference: TextReference) -> String? {
        if reference == .none { return nil }
        if reference.value & TextReference.otherFlag != 0 { return otherTexts[Int(reference.value & ~TextReference.otherFlag)] }
        let first = Int(reference.value) * 4
        return HashText.hex(digestWords[first], digestWords[first + 1], digestWords[first + 2], digestWords[first + 3])
    }
}
