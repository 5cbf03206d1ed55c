import Testing
@testable import PeelKit

/// A sticker's translations by language answer as the dictionary they replaced, in tag order.
@Suite struct LanguageMapTests {
    @Test func answersAsADictionaryInTagOrder() {
        var map: LanguageMap<Int> = [:]
        var model: [String: Int] = [:]
        var generator = SplitMix(11)
        let tags = ["fr", "ar", "pt-BR", "de", "en-GB", "zh-Hant", "ja"]
        for step in 0..<400 {
            let tag = tags[Int.random(in: 0..<tags.count, using: &generator)]
            let value: Int? = step % 5 == 4 ? nil : step
            map[tag] = value
            model[tag] = value
            #expect(map.keys == model.keys.sorted())
        }
        for tag in tags { #expect(map[tag] == model[tag]) }
        #expect(map.count == model.count && map.isEmpty == model.isEmpty)
        #expect(map.values == model.keys.sorted().map { model[$0]! })
        #expect(map == LanguageMap(model))
        #expect(Array(LanguageMap(["fr": 1, "ar": 2, "de": 3]).map(\.key)) == ["ar", "de", "fr"])
        #expect(LanguageMap(["fr": 1]) != LanguageMap(["fr": 2]) && LanguageMap(["fr": 1]) != LanguageMap(["de": 1]))
    }
}
