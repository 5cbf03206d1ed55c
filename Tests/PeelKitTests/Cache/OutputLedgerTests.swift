import Foundation
import Testing
@testable import PeelKit

/// The output ledger answers as the dictionary it replaced would, for every path, hash and key.
@Suite struct OutputLedgerTests {
    private func digest(_ seed: Int) -> String {
        var generator = SplitMix(UInt64(seed))
        return (0..<64).map { _ in String(Int.random(in: 0..<16, using: &generator), radix: 16) }.joined()
    }

    @Test func answersAsADictionaryThroughGrowthAndReplacement() {
        var model: [String: BuildState.Output] = [:]
        var ledger = OutputLedger()
        var generator = SplitMix(17)
        let odd = ["", "-", "ABCDEF", String(repeating: "F", count: 64), String(repeating: "0", count: 63) + "g", "clé"]
        for step in 0..<5_000 {
            // Paths repeat (a file recorded again replaces its entry); some are not ASCII, one is empty.
            let number = Int.random(in: 0..<3_000, using: &generator)
            let path = number == 0 ? "" : number % 97 == 0 ? "pack-é/ステッカー-\(number).png" : "pack-\(number / 100)/sticker-\(number)/index.html"
            let sha: String? = step % 11 == 0 ? nil : step % 13 == 0 ? odd[step % odd.count] : digest(step)
            let source: String? = step % 3 == 0 ? digest(step + 1_000_000) : step % 29 == 0 ? odd[(step / 29) % odd.count] : nil
            let output = BuildState.Output(size: Int64(step), sha256: sha, source: source)
            model[path] = output
            ledger[path] = output
        }
        #expect(ledger.count == model.count)
        for (path, output) in model { #expect(ledger[path] == output, "\(path)") }
        #expect(ledger["pack-0/sticker-0/missing.html"] == nil)
        #expect(Set(ledger.paths) == Set(model.keys))
        #expect(ledger.map(\.path).count == model.count)
        #expect(ledger.sortedPaths() == model.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(ledger.pageKeys() == model.compactMapValues(\.source))
        #expect(ledger == OutputLedger(model))
    }

    @Test func equalityComparesEveryEntry() {
        let sha = digest(1)
        let ledger: OutputLedger = ["a.html": .init(size: 1, sha256: sha, source: nil), "b/c.webp": .init(size: 2, sha256: nil, source: nil)]
        #expect(ledger == ["b/c.webp": .init(size: 2, sha256: nil, source: nil), "a.html": .init(size: 1, sha256: sha, source: nil)])
        #expect(ledger != ["a.html": .init(size: 1, sha256: sha, source: nil)])
        #expect(ledger != ["a.html": .init(size: 1, sha256: digest(2), source: nil), "b/c.webp": .init(size: 2, sha256: nil, source: nil)])
        #expect(ledger != ["a.html": .init(size: 1, sha256: sha, source: sha), "b/c.webp": .init(size: 2, sha256: nil, source: nil)])
        #expect(ledger != ["a.html": .init(size: 1, sha256: sha, source: nil), "b/c.webp": .init(size: 3, sha256: nil, source: nil)])
    }

    @Test func everyFolderOnceParentsFirst() {
        var ledger = OutputLedger()
        var generator = SplitMix(23)
        var expected = Set<String>()
        let names = ["a", "b", "a-b", "a.b", "b0", "é", "index.html"]
        for _ in 0..<600 {
            let depth = Int.random(in: 1...4, using: &generator)
            let parts = (0..<depth).map { _ in names[Int.random(in: 0..<names.count, using: &generator)] }
            let path = parts.joined(separator: "/")
            ledger[path] = .init(size: 1, sha256: nil, source: nil)
            for end in 1..<parts.count { expected.insert(parts[..<end].joined(separator: "/")) }
        }
        var folders: [String] = []
        ledger.forEachFolder { folders.append(String($0)) }
        #expect(folders.count == Set(folders).count, "each folder once")
        #expect(Set(folders) == expected)
        for (index, folder) in folders.enumerated() {
            let parent = folder.split(separator: "/").dropLast().joined(separator: "/")
            #expect(parent.isEmpty || folders[..<index].contains(parent), "\(parent) before \(folder)")
        }
    }
}
