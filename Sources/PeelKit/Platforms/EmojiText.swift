/// Emoji as the messengers take them (`emoji:` in a sidecar): each entry is one emoji, a single
/// grapheme cluster that Unicode presents as an emoji (UTS #51), not any text. Accepted:
/// - a scalar with default emoji presentation (😂), or an emoji scalar made so by U+FE0F (☀️);
/// - the same with a skin-tone modifier (👍🏽);
/// - ZWJ sequences of those (👨‍👩‍👧, 🏳️‍🌈);
/// - flags (two regional indicators: 🇫🇷), subdivision flags (🏴 with tag characters);
/// - keycaps (a digit, # or * with U+20E3: 1️⃣).
/// A bare digit, letter, `#` or `©` is not an emoji, though Unicode gives some of them the
/// `Emoji` property: without U+FE0F they are text. A pictograph from U+2300 up (☀ U+2600, ❤ U+2764,
/// ✈ U+2708, 🌧 U+1F327) is an emoji with or without it: text copied from the web often lacks it,
/// and nobody means ❤ as text in an emoji list, nor ♀ in 🤷‍♀. Below (©, ™, ‼, arrows) it stays text.
/// `qualified(_:)` adds the U+FE0F for the exports.
public enum EmojiText {
    /// Where the symbols that are emoji without U+FE0F start (⌚ U+231A is the first of them).
    static let pictographs: UInt32 = 0x2300

    /// `emoji` fully qualified: a pictograph without emoji presentation gets U+FE0F, alone or as
    /// a part of a ZWJ sequence (❤ → ❤️, 🤷‍♀ → 🤷‍♀️, 🏳‍🌈 → 🏳️‍🌈), as emoji keyboards write it and
    /// the messengers list it; one followed by a skin tone keeps none (☝🏽 is fully qualified). A
    /// keycap gets its U+FE0F too (1⃣ → 1️⃣).
    public static func qualified(_ emoji: String) -> String {
        let scalars = Array(emoji.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            result.append(scalar)
            let startsPart = index == 0 || scalars[index - 1].value == 0x200D
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if startsPart, scalar.value >= pictographs, scalar.properties.isEmoji, !scalar.properties.isEmojiPresentation,
               next?.value != 0xFE0F, next?.properties.isEmojiModifier != true {
                result.append("\u{FE0F}")
            }
            // A keycap typed without it: 1⃣ is 1️⃣ (a digit, U+FE0F, U+20E3), as Telegram's emoji lists take it.
            if index == 0, next?.value == 0x20E3, "0123456789#*".unicodeScalars.contains(scalar) {
                result.append("\u{FE0F}")
            }
        }
        return String(result)
    }

    public static func isEmoji(_ text: String) -> Bool {
        guard text.count == 1, let character = text.first else { return false }
        let scalars = Array(character.unicodeScalars)
        guard let first = scalars.first else { return false }
        // Flags are two regional indicators; one alone is a letter, not a flag.
        let regional: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
        if regional.contains(first.value) { return scalars.count == 2 && scalars.allSatisfy { regional.contains($0.value) } }
        if scalars.last?.value == 0x20E3 {
            return "0123456789#*".unicodeScalars.contains(first) && scalars.count <= 3
        }
        if first.value == 0x1F3F4, scalars.count > 2,
           scalars.dropFirst().allSatisfy({ (0xE0020...0xE007F).contains($0.value) }) { return true }
        var parts: [[Unicode.Scalar]] = [[]]
        for scalar in scalars {
            if scalar.value == 0x200D { parts.append([]) } else { parts[parts.count - 1].append(scalar) }
        }
        return parts.allSatisfy { part in
            // A skin tone alone (🏽) is a part of an emoji, not one: it shows as a colour swatch.
            guard let base = part.first, base.properties.isEmoji, !base.properties.isEmojiModifier else { return false }
            let rest = part.dropFirst()
            // A pictograph without U+FE0F inside a ZWJ sequence too: 🤷‍♀ (U+2640 bare) as web pages give it.
            let presented = base.properties.isEmojiPresentation || rest.first?.value == 0xFE0F || base.value >= pictographs
            return presented && rest.allSatisfy { $0.value == 0xFE0F || $0.properties.isEmojiModifier }
        }
    }
}
