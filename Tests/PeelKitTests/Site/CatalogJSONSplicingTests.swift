import Foundation
import Testing
@testable import PeelKit

/// catalog.json is written one pack at a time (to keep a large catalog's memory down), and must
/// be exactly what encoding the whole document at once gives.
@Suite struct CatalogJSONSplicingTests {
    static func wholeDocument(_ json: CatalogJSON) throws -> Data {
        try CatalogJSON.encoder.encode(json) + Data("\n".utf8)
    }

    @Test func packByPackIsTheWholeDocumentByteForByte() async throws {
        let review = try await Review.make(content: Fixtures.packageRoot.appendingPathComponent("content"))
        let json = CatalogJSON(review: review, archives: PackDownloads(sizes: ["faces": 1234]))
        let spliced = try json.encoded()
        #expect(spliced == (try Self.wholeDocument(json)))
        #expect(String(decoding: spliced, as: UTF8.self).contains("\"slug\" : \"faces\""))
    }

    @Test func findingsEmptyPacksAndNoPacksSpliceAlike() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Empty\n---\n", to: "content/empty/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\ntitle: \"Quotes \\\" and \\\\ slashes / é\"\n---\n", to: "content/p/pack.md")
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        #expect(!review.findings.isEmpty)
        let json = CatalogJSON(review: review)
        #expect(try json.encoded() == (try Self.wholeDocument(json)))
        // A pack without stickers has no `platforms` (README); one with stickers has them.
        let packs = try #require((try JSONSerialization.jsonObject(with: json.encoded()) as? [String: Any])?["packs"] as? [[String: Any]])
        #expect(packs.first { $0["slug"] as? String == "empty" }?.keys.contains("platforms") == false)
        #expect(packs.first { $0["slug"] as? String == "p" }?["platforms"] is [String: Any])
        // The findings are spliced in parts; every part size gives the same bytes, including parts
        // of one, a part size that divides the count and one that leaves a remainder.
        #expect(review.findings.count >= 3)
        for perPart in [1, 2, 3, review.findings.count, review.findings.count + 1] {
            #expect(try json.encoded(findingsPerPart: perPart) == (try Self.wholeDocument(json)), "\(perPart) findings a part")
        }

        let none = try TemporaryFolder()
        try none.write("---\ntitle: Nothing yet\n---\n", to: "content/site.md")
        let empty = CatalogJSON(review: try await Review.make(content: none.url.appendingPathComponent("content")))
        #expect(try empty.encoded() == (try Self.wholeDocument(empty)))
    }
}
