/// Discord's rules for server stickers: discord/discord-api-docs @
/// aa7240fbff98c6e3e4fe8b71136761ed59c21a47, docs/resources/sticker.mdx, "Create Guild Sticker"
/// ("Uploaded stickers are constrained to 5 seconds in length for animated stickers, and 320 x 320
/// pixels"; the form params' limits).
enum DiscordRules {
    static let side = 320
    /// "max 512 KiB".
    static let maxBytes = 512 * 1024
    static let maxAnimationSeconds = 5.0
    /// `name`: 2–30 characters.
    static let nameLength = 2...30
    /// `tags`: autocomplete/suggestion tags, at most 200 characters (the sticker's emoji go there).
    static let maxTagsLength = 200
    /// `description`: 2–100 characters.
    static let maxDescriptionLength = 100
}
