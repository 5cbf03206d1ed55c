/// Everything Peel read from a content folder: the site, its packs and their stickers, in
/// display order.
public struct Catalog: Sendable {
    public var site: SiteInfo
    public var packs: [Pack]

    public var stickerCount: Int { packs.reduce(0) { $0 + $1.stickers.count } }

    /// The languages some pack is translated into, in `languages:`' order: the site's other
    /// languages, and the default one too when a pack is written in another (its `language:`).
    public var translatedLanguages: [String] {
        let sources = Set(packs.map(site.sourceLanguage(of:)))
        return site.languages.filter { language in sources.contains { $0 != language } }
    }
}

/// `site.md`: the gallery's title, description and intro.
public struct SiteInfo: Sendable {
    public var title: String = "Sticker gallery"
    /// `title:`'s line in site.md, for findings about the title (its missing translations).
    var titleLine: Int?
    /// site.md's front matter could not be read (its error is reported): what it declares is
    /// unknown, so no translation file is told that site.md declares no languages.
    var frontMatterUnreadable = false
    public var description: String?
    /// The public address the site is published at, for absolute links (optional).
    public var baseURL: String?
    /// BCP 47 language tag for `<html lang>`: the default language (`languages:`' first, else `language:`).
    public var language: String = "en"
    /// The languages the catalog ships (`languages:` in site.md), the default first; empty when site.md
    /// declares none, and the catalog has one language, `language`.
    public var languages: [String] = []
    /// `site.<tag>.md`: the site's texts in the other languages, by tag.
    public var translations: [String: SiteTranslation] = [:]
    /// Words the spelling check accepts in every label (`words:`): names, brands.
    public var words: [String] = []
    /// `exclude:`: paths in the content folder that are no part of the catalog (`ExcludedPaths`).
    var excluded = ExcludedPaths()
    public var introHTML: String = ""
    /// Shown at the foot of every page; the place for licence and attribution.
    public var footerHTML: String = ""
    /// `art_checks: true`: `peel build` runs the art checks too, and the pages show their findings.
    public var artChecks = false
    /// `platforms:`: the messengers the catalog is published to (Messages alone unless it says more).
    public var platforms: [MessengerPlatform] = [.imessage]
    /// `telegram_bot:`: the bot whose username ends every Telegram set name (`_by_<bot>`).
    public var telegramBot: String?

    /// The language of the source texts, which translations are made from.
    public var defaultLanguage: String { languages.first ?? language }
    /// The languages besides the default one that every text should be translated into.
    public var otherLanguages: [String] { Array(languages.dropFirst()) }
    /// The languages pages are rendered in: nil (the default language, at the site's root), then
    /// each other language (in its own folder).
    var pageLanguages: [String?] { [nil] + otherLanguages.map { $0 } }

    /// The language `pack`'s own files are written in, the one its translations are made from:
    /// its `language:` when that is one of the site's languages (an Arabic pack in an `[en, ar]`
    /// site), else the default language (a pack with no `language:`, or one in a language the site
    /// does not ship, whose texts stand in for every language's).
    public func sourceLanguage(of pack: Pack) -> String {
        guard let own = pack.language?.lowercased(), let declared = languages.first(where: { $0.lowercased() == own }) else {
            return defaultLanguage
        }
        return declared
    }

    /// The language `pack`'s texts are written in, for naming it ("VoiceOver reads the Japanese
    /// one"): its `language:` even when the site does not ship it, else the default language.
    public func writtenLanguage(of pack: Pack) -> String {
        guard let own = pack.language, !own.isEmpty else { return defaultLanguage }
        return languages.first { $0.lowercased() == own.lowercased() } ?? own
    }

    /// The languages `pack`'s texts should be translated into: the site's languages but its source.
    public func translationLanguages(of pack: Pack) -> [String] {
        let source = sourceLanguage(of: pack)
        return languages.filter { $0 != source }
    }
}

/// A folder of stickers described by its `pack.md`.
public struct Pack: Sendable {
    /// URL slug, from the folder name.
    public var slug: String
    /// The folder's path relative to the content folder.
    public var folder: String
    public var title: String
    /// The line of pack.md's `title:`, for findings about it.
    public var titleLine: Int?
    public var size: SizeClass = .regular
    public var contexts: [PresentationContext] = [.messages]
    public var author: String?
    public var license: String?
    /// `publisher:` (WhatsApp's pack publisher, Signal's author); nil: the author, else the site's title.
    public var publisher: String?
    public var publisherLine: Int?
    /// `identifier:`: WhatsApp's pack identifier; nil: made from the slug.
    public var identifier: String?
    public var identifierLine: Int?
    /// `telegram_name:`: the Telegram set name before `_by_<bot>`; nil: made from the slug.
    public var telegramName: String?
    public var telegramNameLine: Int?
    /// BCP 47 tag of the pack's texts (`language:` in pack.md), for `lang` on its pages; nil: the site's.
    public var language: String?
    /// Words the spelling check accepts in this pack's labels (`words:` in pack.md), besides the site's.
    public var words: [String] = []
    /// `#rrggbb` behind the pack's art on cards (`background:` in pack.md); nil: the theme chooses.
    public var background: String?
    /// Icon art, relative to the content folder (checked to stay inside it).
    public var icon: String?
    /// The pack.md line of `icon:`.
    public var iconLine: Int?
    /// `tray:`: the art of the messengers' tray icon and thumbnail (WhatsApp's tray, Telegram's set
    /// thumbnail, Signal's cover), relative to the content folder; nil: the icon, else the cover sticker.
    public var tray: String?
    public var trayLine: Int?
    public var order: Int?
    public var descriptionHTML: String = ""
    /// `pack.md`'s path relative to the content folder, when the pack has one.
    public var manifest: String?
    /// Finding codes silenced for the whole pack (`ignore:` in pack.md).
    public var ignore: Set<String> = []
    public var stickers: [Sticker] = []
    /// `pack.<tag>.md`: the pack's title and description in the other languages, by tag.
    public var translations: [String: PackTranslation] = [:]
    /// The pack's parts (`parts:` in pack.md), bottom layer first; empty for an ordinary pack.
    public var parts: [PartsPack.Part] = []
    /// Index into `stickers` of the sticker shown on the pack's card.
    public var coverIndex: Int?
    /// True when pack.md names the cover (`cover:`); otherwise it is the first sticker whose
    /// image can be read (`readableCovers`).
    public var coverIsChosen = false
}

extension Pack {
    /// The pack without the translations `dropped` names (by sticker source, the languages).
    func withoutTranslations(_ dropped: [String: Set<String>]) -> Pack {
        guard !dropped.isEmpty else { return self }
        var pack = self
        for index in pack.stickers.indices {
            for language in dropped[pack.stickers[index].source] ?? [] { pack.stickers[index].translations[language] = nil }
        }
        return pack
    }
}

extension Catalog {
    /// The catalog with each pack's default cover moved to its first readable sticker: an
    /// unreadable first image made the pack's card "Image can't be read" and took its
    /// link-preview image away. A cover pack.md names stays, readable or not (its finding says so).
    func readableCovers(_ assets: [String: StickerAssets]) -> Catalog {
        var catalog = self
        for index in catalog.packs.indices where !catalog.packs[index].coverIsChosen {
            let pack = catalog.packs[index]
            if let readable = pack.stickers.firstIndex(where: { assets[$0.source]?.info != nil }) {
                catalog.packs[index].coverIndex = readable
            }
        }
        return catalog
    }
}

/// One sticker: an image file plus what its sidecar says about it.
public struct Sticker: Sendable {
    /// URL slug, unique within its pack.
    public var slug: String
    /// The image's path relative to the content folder.
    public var source: String
    /// The sidecar's path relative to the content folder, if there is one.
    public var sidecar: String?
    public var title: String
    /// The accessibility label: the image's `alt` and VoiceOver's `localizedDescription`.
    public var alt: String?
    /// The sidecar line of `alt:`, for findings about the label.
    @CompactLine public var altLine: Int?
    /// `emoji:`'s line (beside `altLine`: two four-byte lines share a word).
    @CompactLine public var emojiLine: Int?
    /// `title:`'s line, for findings about the title.
    @CompactLine public var titleLine: Int?
    /// Why the sidecar could not be read (broken YAML, not UTF-8...), when it could not: its
    /// `alt:` may well be there, so pages say this rather than "no label". Out of line: inline, a
    /// `Finding?` was a third of every sticker's 296 bytes, for an error almost none has.
    @OutOfLine public var sidecarError: Finding?
    /// Finding codes silenced for this sticker (`ignore:` in its sidecar).
    public var ignore: Set<String> = []
    public var tags: [String] = []
    /// `emoji:`: the emoji people type to find the sticker in other messengers, most fitting first.
    public var emoji: [String] = []
    public var order: Int?
    public var descriptionHTML: String = ""
    /// `<stem>.<tag>.md`: the label, title, tags and description in the other languages, by tag.
    public var translations: LanguageMap<StickerTranslation> = [:]
    /// Set for a sticker a parts pack composed: the parts it is made of and its generated art.
    public var composition: Composition?

    public init(slug: String, source: String, title: String) {
        self.slug = slug
        self.source = source
        self.title = title
    }

    /// The file name, as the artist named it.
    public var fileName: String { source.split(separator: "/").last.map(String.init) ?? source }

    /// The sidecar, or where one would go: `<stem>.md` beside the image.
    public var sidecarOrNew: String { sidecar ?? StickerFileKind.stem(source) + ".md" }
}
