import Testing
@testable import PeelKit

/// A path map (and the path table under it) answers as a dictionary would.
@Suite struct PathMapTests {
    @Test func answersAsADictionaryThroughGrowthAndReplacement() {
        var model: [String: FileStamp] = [:]
        var map = PathMap<FileStamp>()
        var generator = SplitMix(5)
        for step in 0..<6_000 {
            let number = Int.random(in: 0..<2_500, using: &generator)
            // Some paths are not ASCII, one is empty, some are prefixes of others.
            let path = number == 0 ? "" : number % 89 == 0 ? "pâte/ステッカー \(number).md" : number % 7 == 0 ? "pack-\(number / 70)" : "pack-\(number / 70)/s\(number).png"
            let stamp = FileStamp(size: Int64(step), modified: Int64(number), changed: Int64(step &* 3), inode: UInt64(number))
            model[path] = stamp
            map[path] = stamp
        }
        #expect(map.count == model.count)
        for (path, stamp) in model { #expect(map[path] == stamp, "\(path)") }
        #expect(map["pack-1/s999999.png"] == nil && map["pack-"] == nil)
        #expect(Set(map.keys) == Set(model.keys))
        #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == model)
        var copy = map
        copy["pack-0/s1.png"] = FileStamp(size: -1, modified: 0, changed: 0, inode: 0)
        #expect(copy != map, "a copy is a value of its own")
        #expect(map["pack-0/s1.png"] == model["pack-0/s1.png"])
    }

    /// Paths fill many 64 KB blocks, one is longer than a block, and none is split between two.
    @Test func pathsAcrossBlocks() {
        var table = PathTable()
        let long = String(repeating: "pack/", count: 20_000) + "sticker.png"
        var paths = (0..<20_000).map { "pack-\($0 / 100)/sticker-\($0)-\(String(repeating: "x", count: $0 % 37)).webp" }
        paths.insert(long, at: 7_000)
        for (index, path) in paths.enumerated() { #expect(table.insert(path) == (index, true)) }
        #expect(paths.indices.allSatisfy { table.path(at: $0) == paths[$0] && table.index(of: paths[$0]) == $0 })
        #expect(table.sortedIndices().map { table.path(at: Int($0)) } == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func aTableSortsItsPathsInByteOrder() {
        var table = PathTable()
        let paths = ["b", "a/b", "a", "", "a/b/c", "é", "Z", "a-b", "a/", "ab"]
        for path in paths { #expect(table.insert(path).inserted) }
        #expect(!table.insert("a/b").inserted && table.insert("a/b").index == 1)
        #expect(table.sortedIndices().map { table.path(at: Int($0)) } == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
