import Testing
@testable import PeelKit

/// A hash held as 32 bytes reads back as the text it was made from, and any other text is kept as it is.
@Suite struct HashTextTests {
    @Test func everyTextReadsBackTheSame() {
        var generator = SplitMix(3)
        for _ in 0..<200 {
            let digest = (0..<64).map { _ in String(Int.random(in: 0..<16, using: &generator), radix: 16) }.joined()
            #expect(HashText(digest).text == digest)
            #expect(HashText.words(digest) != nil)
        }
        let others = ["", "ab", String(repeating: "A", count: 64), String(repeating: "0", count: 63), String(repeating: "0", count: 65),
                      String(repeating: "0", count: 63) + "g", String(repeating: "é", count: 32)]
        for text in others {
            #expect(HashText(text).text == text)
            #expect(HashText.words(text) == nil, "\(text) is not a lowercase 64-digit hash")
        }
        #expect(HashText(String(repeating: "0", count: 64)) != HashText(String(repeating: "0", count: 63) + "1"))
        #expect(HashText(String(repeating: "f", count: 64)) == HashText(String(repeating: "f", count: 64)))
        // The entries of the content hashes keep their text through it.
        var entry = ContentHashes.Entry(stamp: .unknown, sha256: "")
        #expect(entry.sha256 == "")
        entry.sha256 = String(repeating: "9", count: 64)
        #expect(entry.sha256 == String(repeating: "9", count: 64))
    }
}
