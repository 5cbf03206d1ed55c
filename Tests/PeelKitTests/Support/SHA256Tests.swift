import Foundation
import Testing

@testable import PeelKit

/// Peel's SHA-256 (Nettle) against the FIPS 180-4 example vectors: every cache key, slug suffix and
/// content hash depends on it, and a wrong one would keep working while naming files differently.
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func matchesTheStandardsExamples(text: String, expected: String) {
        #expect(Hex.string(SHA256.hash(data: Data(text.utf8))) == expected)
    }

    @Test func aMillionLettersFedInUnevenPartsGiveTheStandardsDigest() {
        var hasher = SHA256()
        let letters = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var start = 0
        var step = 1
        while start < letters.count {
            let end = min(letters.count, start + step)
            letters[start..<end].withUnsafeBytes { hasher.update(bufferPointer: $0) }
            start = end
            step = step * 3 + 1  // parts that straddle the 64-byte blocks in every way
        }
        #expect(Hex.string(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func finalizingLeavesTheHasherAsItWas() {
        var hasher = SHA256()
        hasher.update(data: Data("ab".utf8))
        let early = hasher.finalize()
        hasher.update(data: Data("c".utf8))
        #expect(Hex.string(early) == Hex.string(SHA256.hash(data: Data("ab".utf8))))
        #expect(Hex.string(hasher.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func dataInSeveralRegionsIsHashedWhole() {
        var chunks = DispatchData.empty
        for part in ["a", "b", "c"] { Data(part.utf8).withUnsafeBytes { chunks.append($0) } }
        #expect(Array(chunks.regions).count == 3)
        #expect(Hex.string(SHA256.hash(data: chunks)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
