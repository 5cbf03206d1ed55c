import Testing
@testable import PeelKit

/// Packed texts read back exactly what was last set in each slot, whatever the others hold.
@Suite struct PackedTextsTests {
    @Test func slotsBehaveLikeSeparateOptionalStrings() {
        var generator = SplitMix(17)
        // Lengths around the varint's boundaries (127/128, 16,383/16,384 bytes), empty and nil texts,
        // and texts of several scripts.
        let lengths = [0, 1, 15, 16, 126, 127, 128, 129, 300, 16_383, 16_384, 20_000]
        let pieces = ["a", "é", "ملصق", "😀", "\u{0}", "\n", "z"]
        func randomText() -> String? {
            if Int.random(in: 0..<5, using: &generator) == 0 { return nil }
            let length = lengths.randomElement(using: &generator)!
            var text = ""
            while text.utf8.count < length { text += pieces.randomElement(using: &generator)! }
            return text
        }
        for slots in [1, 2, 5] {
            var packed = PackedTexts(slots: slots)
            var model = [String?](repeating: nil, count: slots)
            for slot in 0..<slots { #expect(packed[slot] == nil) }
            for _ in 0..<300 {
                let slot = Int.random(in: 0..<slots, using: &generator)
                let text = randomText()
                packed[slot] = text
                model[slot] = text
                for check in 0..<slots { #expect(packed[check] == model[check], "slot \(check) of \(slots)") }
            }
        }
    }

    /// Filled one slot after another, as a catalog's loader does, the texts keep no spare room.
    @Test func noSpareCapacity() {
        var packed = PackedTexts(slots: 5)
        var texts = (0..<5).map { String(repeating: "x", count: 97 + $0 * 13) }
        for slot in 0..<5 { packed[slot] = texts[slot] }
        texts[2] = "short"
        packed[2] = texts[2]
        // Each slot: its length plus one as a varint (one byte below 128, two below 16,384), then its bytes.
        let length = texts.reduce(0) { $0 + $1.utf8.count + ($1.utf8.count + 1 < 128 ? 1 : 2) }
        #expect(length == 504)
        #expect(packed.capacity >= length)
        #expect(packed.capacity < length + 32, "\(packed.capacity) bytes held for \(length)")
    }

    @Test func emptyIsNotNil() {
        var packed = PackedTexts(slots: 3)
        packed[1] = ""
        #expect(packed[0] == nil)
        #expect(packed[1] == "")
        #expect(packed[2] == nil)
        packed[1] = nil
        #expect(packed == PackedTexts(slots: 3))
    }

    @Test func linesKeepTheirValueOrNil() {
        for line in [nil, 0, 1, 2, 41, 1_000_000, Int(UInt32.max) - 2] as [Int?] {
            #expect(CompactLine(line).value == line)
        }
        #expect(CompactLine(-3).value == nil)
        #expect(CompactLine(Int.max).value == Int(UInt32.max) - 1)
        #expect(MemoryLayout<CompactLine>.size == 4)
    }

    /// A sticker's translation reads back every field it was given, through its packed storage.
    @Test func stickerTranslationKeepsItsFields() {
        var translation = StickerTranslation(file: "pack/grinning.fr.md")
        #expect(translation.file == "pack/grinning.fr.md")
        #expect(translation.alt == nil && translation.title == nil && translation.translatedFrom == nil)
        #expect(translation.descriptionHTML == "")
        #expect(translation.altLine == nil && translation.translatedFromLine == nil)
        translation.alt = "Visage souriant"
        translation.altLine = 2
        translation.title = "Sourire"
        translation.descriptionHTML = "<p>Un <em>grand</em> sourire.</p>\n"
        translation.translatedFrom = "Grinning face"
        translation.translatedFromLine = 3
        translation.tags = ["joie"]
        #expect(translation.file == "pack/grinning.fr.md")
        #expect(translation.alt == "Visage souriant")
        #expect(translation.altLine == 2)
        #expect(translation.title == "Sourire")
        #expect(translation.descriptionHTML == "<p>Un <em>grand</em> sourire.</p>\n")
        #expect(translation.translatedFrom == "Grinning face")
        #expect(translation.translatedFromLine == 3)
        #expect(translation.tags == ["joie"])
        translation.alt = nil
        translation.descriptionHTML = ""
        #expect(translation.alt == nil && translation.descriptionHTML == "" && translation.title == "Sourire")
    }
}
