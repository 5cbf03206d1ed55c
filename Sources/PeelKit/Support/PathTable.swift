import Foundation

/// A set of paths held compactly, each known by its number (the order it was added in): their
/// UTF-8 bytes in 64 KB blocks (a path never straddles two), a 12-byte span a path, and an
/// open-addressing index of the numbers, at most half full, found by linear probing. Nothing
/// already stored is copied as the table grows.
///
/// A build keeps tens of thousands of paths to its end (the inputs it read, the files it wrote).
/// As the keys of a dictionary each path is a string object of its own (malloc's header and
/// rounding included) and the dictionary's buckets keep room to spare: about three times the
/// bytes. `PathMap` (and through it `OutputLedger`) is built on this.
struct PathTable: Sendable {
    private struct Span {
        var block: UInt32
        var start: UInt32
        var length: UInt32
    }

    private static let blockSize = 1 << 16
    private var blocks: [[UInt8]] = []
    private var spans = ChunkedArray<Span>()
    /// Path numbers plus one (0: empty).
    private var slots: [UInt32] = []

    var count: Int { spans.count }

    /// The number of `path`, nil when the table does not have it.
    func index(of path: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        var path = path
        return path.withUTF8 { key in
            let mask = slots.count - 1
            var slot = Self.hash(key) & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                let same = withBytes(of: index) { stored in
                    stored.count == key.count && (key.isEmpty || memcmp(stored.baseAddress!, key.baseAddress!, key.count) == 0)
                }
                if same { return index }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Adds `path` when it is new; its number either way.
    mutating func insert(_ path: String) -> (index: Int, inserted: Bool) {
        if let index = index(of: path) { return (index, false) }
        var path = path
        path.withUTF8 { bytes in
            if blocks.isEmpty || blocks[blocks.count - 1].count + bytes.count > blocks[blocks.count - 1].capacity {
                var block: [UInt8] = []
                block.reserveCapacity(Swift.max(Self.blockSize, bytes.count))
                blocks.append(block)
            }
            let last = blocks.count - 1
            spans.append(Span(block: UInt32(last), start: UInt32(blocks[last].count), length: UInt32(bytes.count)))
            blocks[last].append(contentsOf: bytes)
        }
        if count * 2 > slots.count {
            slots = [UInt32](repeating: 0, count: Swift.max(1024, slots.count * 2))
            for index in 0..<count { place(index) }
        } else {
            place(count - 1)
        }
        return (count - 1, true)
    }

    func path(at index: Int) -> String {
        withBytes(of: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every number, in the byte order of the paths (no string is made to compare them).
    func sortedIndices() -> [UInt32] {
        (0..<UInt32(count)).sorted { left, right in
            withBytes(of: Int(left)) { a in
                withBytes(of: Int(right)) { b in
                    let common = Swift.min(a.count, b.count)
                    let compared = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                    return compared != 0 ? compared < 0 : a.count < b.count
                }
            }
        }
    }

    private func withBytes<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let span = spans[index]
        return blocks[Int(span.block)].withUnsafeBufferPointer { block in
            body(UnsafeBufferPointer(rebasing: block[Int(span.start)..<Int(span.start + span.length)]))
        }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = withBytes(of: index) { Self.hash($0) } & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
    }

    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return hasher.finalize()
    }
}
