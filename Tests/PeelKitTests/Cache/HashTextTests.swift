import Testing
import Foundation
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

/// A hash is coded as its text, so records that hold one read the JSON they always wrote.
@Suite struct HashTextCodingTests {
    @Test func codesAsItsText() throws {
        let digest = String(repeating: "0123456789abcdef", count: 4)
        for text in [digest, "", "not a hash"] {
            let data = try JSONEncoder().encode([HashText(text)])
            #expect(String(decoding: data, as: UTF8.self) == "[\"\(text)\"]")
            #expect(try JSONDecoder().decode([HashText].self, from: data) == [HashText(text)])
        }
        #expect(Set([HashText(digest), HashText(digest), HashText("x")]).count == 2)
    }

    @Test func imageInfoKeepsItsSHA256Key() throws {
        let digest = String(repeating: "ab", count: 32)
        let info = ImageInfo(format: .png, width: 300, height: 300, hasAlpha: true, frameCount: 1, bytes: 12, sha256: digest)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(info)) as? [String: Any]
        #expect(object?["sha256"] as? String == digest)
        #expect(object?["sha256Digest"] == nil)
        let decoded = try JSONDecoder().decode(ImageInfo.self, from: JSONEncoder().encode(info))
        #expect(decoded == info)
        #expect(decoded.sha256 == digest)
    }
}
