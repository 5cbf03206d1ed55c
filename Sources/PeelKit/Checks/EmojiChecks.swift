/// `emoji:` entries that are not one emoji each (`emoji-invalid`). Checked in every `peel check`,
/// not only for a messenger: no platform that takes emoji takes text.
enum EmojiChecks {
    static func check(_ sticker: Sticker) -> [Finding] {
        // A composed sticker's emoji are its parts', checked once on their files (PartsPack).
        guard sticker.composition == nil else { return [] }
        return sticker.emoji.filter { !EmojiText.isEmoji($0) }.map { entry in
            let characters = entry.map(String.init)
            let several = characters.count > 1 && characters.allSatisfy(EmojiText.isEmoji)
            let hint = several ? ": several emoji in one entry; write each as its own, emoji: [\(characters.joined(separator: ", "))]"
                : "; write emoji, such as 😂 or 👍🏽 (a digit or # is an emoji only as a keycap: 1️⃣)"
            return Finding(.warning, .emojiInvalid, file: sticker.sidecar ?? sticker.source, line: sticker.emojiLine,
                           message: "'\(entry)' is not one emoji\(hint)", sticker: sticker.source)
        }
    }

    /// The sticker's entries that are emoji, fully qualified (🌧 as 🌧️), in order, each once.
    static func valid(_ sticker: Sticker) -> [String] {
        var seen = Set<String>()
        return sticker.emoji.filter(EmojiText.isEmoji).map(EmojiText.qualified).filter { seen.insert($0).inserted }
    }
}
