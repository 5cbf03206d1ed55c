/// Discord's rules for server stickers: discord/discord-api-docs @
/// aa7240fbff98c6e3e4fe8b71136761ed59c21a47, docs/resources/sticker.mdx, "Create Guild Sticker"
/// ("Uploaded stickers are constrained to 5 seconds in length for animated stickers, and 320 x 320
/// pixels"; the form params' limits).
enum DiscordRules {
    static let side = 320
    /// "max 512 KiB".
    static let maxBytes = 512 * 1024
    static let maxAnimationSeconds = 5.0
    /// `name`: 2–30 characters (as `PlatformText` counts them).
    static let nameLength = 2...30
    /// `tags`: autocomplete/suggestion tags, at most 200 characters (the sticker's emoji go there).
    static let maxTagsLength = 200
    /// `description`: empty, or 2–100 characters (as `PlatformText` counts them).
    static let descriptionLength = 2...100
    /// The stickers a server holds: "Every guild has five free sticker slots by default, and each
    /// Boost level will grant access to more slots" (the same page, "Create Guild Sticker"): 5, then
    /// 15, 30 and 60 at Boost levels 1–3.
    static let serverSlots = [5, 15, 30, 60]

    /// The tags a sticker goes with: its emoji joined by commas, as many whole ones as fit in
    /// `maxTagsLength` (counted as `PlatformText` counts), and how many were left out. The check's
    /// note and the export's `stickers.json` both come from here.
    static func tags(from emoji: [String]) -> (text: String, leftOut: Int) {
        var text = ""
        for (index, one) in emoji.enumerated() {
            let longer = text.isEmpty ? one : text + "," + one
            guard PlatformText.length(longer) <= maxTagsLength else { return (text, emoji.count - index) }
            text = longer
        }
        return (text, 0)
    }

    /// The description a sticker goes with: its label, cut at a word when longer than Discord
    /// takes; for a label shorter than that ("🙂") its title when that fits, else none. `change`
    /// says what was done in place of the label, for the check's note.
    static func description(label: String?, title: String) -> (text: String, change: String?) {
        let label = label ?? ""
        if label.isEmpty || PlatformText.fits(label, descriptionLength) { return (label, nil) }
        if PlatformText.length(label) > descriptionLength.upperBound { return (PlatformText.cut(label, to: descriptionLength.upperBound), nil) }
        let reason = "the label '\(label)' is \(plural(label.count, "character")); Discord's descriptions are empty or \(descriptionLength.lowerBound)–\(descriptionLength.upperBound)"
        if PlatformText.fits(title, descriptionLength) { return (title, reason + ", so the sticker's title '\(title)' goes as its description") }
        return ("", reason + ", so the sticker goes without one")
    }
}
