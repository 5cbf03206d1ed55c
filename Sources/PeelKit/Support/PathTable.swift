import Foundation

/// A set of paths held compactly, each known by its number (the order it was added in): their
/// UTF-8 bytes in one buffer, an 8-byte span a path, and an open-addressing index of the numbers,
/// at most half full, found by linear probing.
///
/// A build keeps tens of thousands of paths to its end (the inputs it read, the files it wrote).
/// As the keys of a dictionary each path is a string object of its own (malloc's header and
/// rounding included) and the dictionary's buckets keep room to spare: about three times the
/// bytes. `OutputLedger` and `PathMap` are built on this.
struct PathTable: Sendable {
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = []
    private var lengths: [UInt32] = []
    /// Path numbers plus one (0: empty).
    private var slots: [UInt32] = []

    var count: Int { starts.count }

    /// The number of `path`, nil when the table does not have it.
    func index(of path: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        var path = path
        return path.withUTF8 { key in
            bytes.withUnsafeBufferPointer { stored in
                let mask = slots.count - 1
                var slot = Self.hash(key) & mask
                while slots[slot] != 0 {
                    let index = Int(slots[slot]) - 1
                    if Int(lengths[index]) == key.count,
                       key.isEmpty || memcmp(stored.baseAddress! + Int(starts[index]), key.baseAddress!, key.count) == 0 {
                        return index
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// Adds `path` when it is new; its number either way.
    mutating func insert(_ path: String) -> (index: Int, inserted: Bool) {
        if let index = index(of: path) { return (index, false) }
        var path = path
        let start = bytes.count
        path.withUTF8 { bytes.append(contentsOf: $0) }
        precondition(bytes.count <= Int(UInt32.max), "a table's paths fit in 4 GB")
        starts.append(UInt32(start))
        lengths.append(UInt32(bytes.count - start))
        if count * 2 > slots.count {
            slots = [UInt32](repeating: 0, count: Swift.max(1024, slots.count * 2))
            for index in 0..<count { place(index) }
        } else {
            place(count - 1)
        }
        return (count - 1, true)
    }

    func path(at index: Int) -> String {
        bytes.withUnsafeBufferPointer { stored in
            String(decoding: UnsafeBufferPointer(rebasing: stored[Int(starts[index])..<Int(starts[index] + lengths[index])]), as: UTF8.self)
        }
    }

    /// Every number, in the byte order of the paths (no string is made to compare them).
    func sortedIndices() -> [UInt32] {
        bytes.withUnsafeBufferPointer { stored in
            (0..<UInt32(count)).sorted { left, right in
                let a = Int(left), b = Int(right)
                let compared = memcmp(stored.baseAddress! + Int(starts[a]), stored.baseAddress! + Int(starts[b]),
                                      Int(Swift.min(lengths[a], lengths[b])))
                return compared != 0 ? compared < 0 : lengths[a] < lengths[b]
            }
        }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = bytes.withUnsafeBufferPointer { stored in
            Self.hash(UnsafeBufferPointer(rebasing: stored[Int(starts[index])..<Int(starts[index] + lengths[index])])) & mask
        }
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
    }

    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return hasher.finalize()
    }
}
