/// Texts of a catalog in a language other than the default one, read from files named the way
/// Hugo's "translation by file name" does it: `grinning.fr.md` beside `grinning.md`,
/// `pack.fr.md` beside `pack.md`, `site.fr.md` beside `site.md`. Only words are translated; every
/// other setting lives in the source file and holds for all languages.
///
/// `translated_from:` records the default-language text a translation was made from (a sticker's
/// `alt`, a pack's or the site's `title`), verbatim, so Peel can tell when the source changed since
/// (`stale-translation`) and a reviewer can see what changed. `peel labels import` writes it.

/// `site.<tag>.md`.
public struct SiteTranslation: Sendable {
    /// The file's path relative to the content folder.
    public var file: String
    public var title: String?
    public var description: String?
    public var introHTML: String = ""
    public var footerHTML: String?
    public var translatedFrom: String?
    public var translatedFromLine: Int?

    public init(file: String) { self.file = file }
}

/// `pack.<tag>.md`.
public struct PackTranslation: Sendable {
    public var file: String
    public var title: String?
    public var titleLine: Int?
    /// A parts pack's label template in this language (`label:`), which composes its stickers' labels.
    public var label: String?
    public var labelLine: Int?
    public var descriptionHTML: String = ""
    public var translatedFrom: String?
    public var translatedFromLine: Int?
    /// `label_translated_from:`: the source language's label template `label:` was translated
    /// from, so a changed template makes the composed labels out of date.
    public var labelTranslatedFrom: String?
    public var labelTranslatedFromLine: Int?

    public init(file: String) { self.file = file }
}

/// `<stem>.<tag>.md`: a sticker's words in one more language.
///
/// A catalog holds one of these for every sticker in every language but the first (80,000 at
/// 20,000 stickers in five languages), all of them to the end of the build, so they are held
/// compactly: the texts in one `PackedTexts` allocation, the lines as 32-bit numbers. Fields were
/// 410 bytes a translation as plain properties, about 260 now.
public struct StickerTranslation: Sendable {
    private enum Slot { static let file = 0, alt = 1, title = 2, descriptionHTML = 3, translatedFrom = 4, altInvisible = 5, count = 6 }

    private var texts = PackedTexts(slots: Slot.count)

    /// `alt:` is there but holds only invisible characters (its own finding says so). A slot of
    /// the packed texts, so a translation stays as small as `CatalogFootprintTests` holds it.
    public var altInvisible: Bool {
        get { texts[Slot.altInvisible] != nil }
        set { texts[Slot.altInvisible] = newValue ? "1" : nil }
    }

    public var file: String {
        get { texts[Slot.file] ?? "" }
        set { texts[Slot.file] = newValue }
    }
    /// The label in this language: what VoiceOver reads on a phone set to it.
    public var alt: String? {
        get { texts[Slot.alt] }
        set { texts[Slot.alt] = newValue }
    }
    /// The lines of `alt:` and `translated_from:`, side by side (two four-byte lines share a word).
    @CompactLine public var altLine: Int?
    @CompactLine public var translatedFromLine: Int?
    @CompactLine public var titleLine: Int?
    public var title: String? {
        get { texts[Slot.title] }
        set { texts[Slot.title] = newValue }
    }
    public var descriptionHTML: String {
        get { texts[Slot.descriptionHTML] ?? "" }
        set { texts[Slot.descriptionHTML] = newValue.isEmpty ? nil : newValue }
    }
    public var translatedFrom: String? {
        get { texts[Slot.translatedFrom] }
        set { texts[Slot.translatedFrom] = newValue }
    }
    public var tags: [String] = []
    /// Why the file could not be read, when it could not. Out of line: inline, a `Finding` took
    /// every translation to 216 bytes for an error almost none has (22 MB for 20,000 stickers in
    /// three languages).
    @OutOfLine public var sidecarError: Finding?

    public init(file: String) { self.file = file }
}
