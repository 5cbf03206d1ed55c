/// Telegram's rules for sticker sets: core.telegram.org/stickers ("Static stickers", "Video
/// stickers") and the Bot API (createNewStickerSet, InputSticker), as shared/docs/messengers.md
/// records them. Re-check against those pages when they change.
enum TelegramRules {
    /// Static: PNG or WebP, one side exactly 512 px and the other 512 or less; video stickers the same.
    static let side = 512
    /// Video stickers: WEBM (VP9, no audio), at most 3 s, 30 fps and 256 KB.
    static let maxVideoSeconds = 3.0
    static let maxVideoFramesPerSecond = 30.0
    static let maxVideoBytes = 256 * 1024
    /// Static stickers: 512 KB (older Bot API text).
    static let maxStaticBytes = 512 * 1024
    /// InputSticker.emoji_list: 1 to 20 emoji.
    static let emoji = 1...20
    /// setStickerSetThumbnail: a WEBP or PNG thumbnail of exactly 100 × 100 px, up to 128 KB.
    static let thumbnailSide = 100
    static let thumbnailBytes = 128_000
    /// InputSticker.keywords: "0-20 search keywords for the sticker with total length of up to 64
    /// characters".
    static let maxKeywords = 20
    static let maxKeywordsLength = 64

    /// `tags` as keywords: in order, each while the count and the total length allow (ten
    /// ordinary tags already came to 69 characters).
    static func keywords(from tags: [String]) -> [String] {
        var kept: [String] = []
        var length = 0
        // Counted in UTF-16 units, the safe reading of "characters" (PlatformText), as for
        // WhatsApp and Discord.
        for tag in tags where kept.count < maxKeywords && length + PlatformText.length(tag) <= maxKeywordsLength {
            kept.append(tag)
            length += PlatformText.length(tag)
        }
        return kept
    }
    /// A set holds up to 120 stickers (createNewStickerSet / addStickerToSet).
    static let maxStickersPerSet = 120
    /// createNewStickerSet takes "a JSON-serialized list of 1-50 initial stickers" (Bot API); the
    /// rest are added one at a time with addStickerToSet (docs/messengers.md, Sets).
    static let maxStickersAtCreation = 50
    /// Set title: 1–64 characters.
    static let maxTitleLength = 64
    /// Set name (createNewStickerSet `name`): 1–64 characters of English letters, digits and
    /// underscores, starting with a letter, without two underscores in a row, ending in
    /// `_by_<bot username>`.
    static let maxNameLength = 64

    /// What is wrong with `name` as a set name for `bot`, or nil when it is valid.
    /// What is wrong with a bot's username (`telegram_bot:`), or nil: Telegram's usernames are
    /// 5–32 English letters, digits and underscores, and a bot's ends in "bot".
    static func problem(withBotUsername bot: String) -> String? {
        guard bot.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains(Character($0)) || $0 == "_") }) else {
            return "it holds characters other than English letters, digits and _"
        }
        guard (5...32).contains(bot.count) else { return "it is \(bot.count) characters long; a username has 5 to 32" }
        guard bot.lowercased().hasSuffix("bot") else { return "it does not end in 'bot', as every bot's username does" }
        return nil
    }

    static func problem(withSetName name: String, bot: String) -> String? {
        let suffix = "_by_\(bot)"
        guard name.hasSuffix(suffix) else { return "it does not end in \(suffix)" }
        guard name.count <= maxNameLength else { return "it is \(name.count) characters long, more than \(maxNameLength)" }
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
            return "it does not start with a letter"
        }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains(Character($0)) || $0 == "_") }) else {
            return "it holds characters other than English letters, digits and _"
        }
        guard !name.contains("__") else { return "it holds two underscores in a row" }
        return nil
    }

    /// A set name stem made from a pack's slug: letters and digits kept, every other run of
    /// characters one underscore, a letter first (`pack_` when it would not start with one).
    static func nameStem(fromSlug slug: String) -> String {
        var stem = ""
        for scalar in slug.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) {
                stem.unicodeScalars.append(scalar)
            } else if !stem.hasSuffix("_") {
                stem += "_"
            }
        }
        while stem.hasSuffix("_") { stem.removeLast() }
        if stem.unicodeScalars.first.map({ !$0.properties.isAlphabetic }) ?? true { stem = "pack_" + stem }
        while stem.hasSuffix("_") { stem.removeLast() }
        return stem
    }
}
