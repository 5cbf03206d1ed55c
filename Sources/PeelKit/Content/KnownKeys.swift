/// The front-matter keys each kind of file understands. Anything else is reported.
enum KnownKeys {
    static let site = ["title", "description", "base_url", "language", "languages", "footer", "words", "art_checks", "platforms", "telegram_bot", "exclude"]
    static let pack = ["title", "size", "contexts", "author", "license", "icon", "order", "cover", "ignore", "language", "background", "words",
                             "parts", "optional", "label", "combinations", "exclude", "publisher", "identifier", "telegram_name", "tray"]
    static let sticker = ["alt", "title", "tags", "emoji", "order", "ignore"]
    /// Every key of any of Peel's files: a first line that starts with one is front matter without its fences.
    static let everyFileKey = Set(site + pack + sticker + stickerTranslation + packTranslation + siteTranslation)
    /// Translation files (`<stem>.<tag>.md`) carry only words, and what they were translated from.
    static let stickerTranslation = ["alt", "title", "tags", "translated_from"]
    /// `label:` is a parts pack's label template: words, so it is translated too.
    static let packTranslation = ["title", "label", "translated_from", "label_translated_from"]
    static let siteTranslation = ["title", "description", "footer", "translated_from"]
    /// Keys whose values are words for people, where an unquoted `#` or leading `!` silently
    /// cuts the text (see `UnquotedText`). `translated_from:` holds a label: cut, it never matches
    /// its source again, and the stale-translation warning it gives cannot be silenced.
    static let text: Set<String> = ["alt", "title", "description", "footer", "author", "license", "tags", "publisher",
                                    "label", "translated_from", "label_translated_from"]
    /// Keys whose values YAML can cut or drop without a word: the text keys, and `background`,
    /// whose hex colour starts with the `#` that starts a YAML comment (`background: #fff` is null).
    /// `emoji: #️⃣` (the keycap starts with `#`) is a comment too.
    static let cutByYAML: Set<String> = text.union(["background", "emoji"])
}
