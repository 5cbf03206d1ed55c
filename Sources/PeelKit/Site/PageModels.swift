/// The values templates see. Every String here is plain text that Mustache escapes with `{{ }}`;
/// only fields named `...HTML` hold markup (cmark-gfm output in safe mode) for `{{{ }}}`.

struct SiteModel: Encodable {
    let title: String
    let description: String?
    let language: String
    let introHTML: String
    let footerHTML: String
    /// `lang` of each text where it is not in the page's language (a translation is missing).
    var titleLang: String? = nil
    var descriptionLang: String? = nil
    var introLang: String? = nil
    var footerLang: String? = nil
}

/// What every page has: the site, the way back to the root, and the page's own title.
struct PageModel<Content: Encodable>: Encodable {
    let site: SiteModel
    /// "", "../" or "../../": prefix for links to the site root.
    let root: String
    let pageTitle: String
    let pageDescription: String?
    /// Open Graph and Twitter card tags; nil for a page no link should preview (the 404 page).
    let social: SocialModel?
    let page: Content
    /// The page's language, its other languages and the switcher between them.
    let pageLanguage: PageLanguageModel
    /// The theme's words in the page's language (`{{t.key}}`, see `ChromeStrings`).
    let t: ChromeTable

    /// The same page showing `page` instead.
    func showing<Other: Encodable>(_ page: Other) -> PageModel<Other> {
        PageModel<Other>(site: site, root: root, pageTitle: pageTitle, pageDescription: pageDescription, social: social, page: page,
                         pageLanguage: pageLanguage, t: t)
    }
}

/// What a shared link to the page previews. `url` and `image` need absolute addresses and are
/// nil without a base URL; the other tags are always written.
struct SocialModel: Encodable {
    /// `website` for the home page, `article` for pack and sticker pages.
    let type: String
    let title: String
    let siteName: String
    /// `en_GB` style, from a site language tag with a region ("en-GB"); nil without one.
    let locale: String?
    let description: String?
    let url: String?
    let image: SocialImageModel?
    /// `summary_large_image` when there is an image to show, else `summary`.
    let twitterCard: String

    init(type: String, title: String, siteName: String, locale: String?, description: String?, url: String?, image: SocialImageModel?) {
        self.type = type
        self.title = title
        self.siteName = siteName
        self.locale = locale
        self.description = description
        self.url = url
        self.image = image
        twitterCard = image == nil ? "summary" : "summary_large_image"
    }
}

struct SocialImageModel: Encodable {
    let url: String
    let type: String
    let width: Int
    let height: Int
    let alt: String?
}

struct ImageModel: Encodable {
    var src: String
    var srcset: String?
    /// For animated stickers: still first frames, shown when the reader prefers reduced motion.
    var posterSrcset: String? = nil
    let width: Int
    let height: Int
    let alt: String
    /// False when the image could not be read: the theme shows one placeholder instead of a broken image.
    var readable = true
    /// Art whose shape vanishes on the dark transcript (`ShapeVisibility`): shown on a light card in dark mode.
    var lightCard = false
    /// The pack's `background:` (`#rrggbb`, validated), behind the art in both colour schemes.
    var cardColor: String? = nil
}

struct StickerCardModel: Encodable {
    let href: String
    /// `lang` of the title and of the label where they differ from the page's (a pack's
    /// `language:`, or the default language's text standing in for a missing translation).
    let cardTitleLang: String?
    let labelLang: String?
    /// "Not yet translated" on a card whose label is not in the page's language.
    let translationBadge: String?
    /// The sticker's slug: the pack page's viewer keeps its place in the URL hash with it.
    let slug: String
    let title: String
    /// Title, label and tags, matched by the pack page's filter box.
    let searchText: String
    let image: ImageModel
    let isAnimated: Bool
    /// "2 errors", shown on the card when the sticker has errors.
    let errorLabel: String?
    /// The label, for the viewer (empty when there is none).
    let label: String
    /// The original at the size Messages shows it (CSS px = points), for the viewer.
    let large: ImageModel
    let findings: [FindingModel]
    let hasFindings: Bool
}

struct FindingModel: Encodable {
    let severity: String
    let code: String
    let message: String
    let location: String
    let suppressed: Bool
    /// The pack a catalog finding is about (its folder's slug), for the review's pack filter.
    var packSlug: String? = nil
}

struct ReviewRowModel: Encodable {
    let packSlug: String
    /// BCP 47 tag of the pack's texts, nil for the site's language.
    let lang: String?
    let packTitle: String
    let packHref: String
    let title: String
    let href: String
    let image: ImageModel
    let label: String?
    /// What VoiceOver says: the label, or the file name when there is none.
    let spoken: String
    let characters: Int
    let overLimit: Bool
    let status: String
    let errorCount: Int
    let warningCount: Int
    let findings: [FindingModel]
    let hasFindings: Bool
    /// The row's finding codes, space-separated, for the review page's code filter.
    let codes: String
    /// The words read in the art, when the art checks read any.
    let artText: ArtTextModel?
    /// The label in each of the site's other languages, in `languages:` order.
    var translations: [ReviewTranslationModel] = []
    /// "missing missing:fr stale stale:de": the row's translation states, for the review page's filter.
    var translationStates: String = ""
}

/// A sticker's label in one more language, on the review page.
struct ReviewTranslationModel: Encodable {
    let lang: String
    /// The column's header: "French (fr)".
    let column: String
    let label: String?
    /// Whether there is a label: a template's `{{#label}}` on a missing one would find the row's
    /// own (English) label further up the context stack and show it marked as this language.
    var hasLabel: Bool { label != nil }
    /// `translated`, `stale`, `missing`, or `source` (the sticker's pack is written in this language).
    let state: String
    let stale: Bool
    let missing: Bool
    var isSource: Bool { state == TranslationState.source.rawValue }
}

/// One part of a composed sticker on its page: "base: a waffle cone".
struct MadeOfModel: Encodable {
    let part: String
    /// The part name's language, when not the page's.
    let partLang: String?
    let label: String
    /// The label's language, when not the page's (a choice not yet translated).
    let labelLang: String?
}

/// A choice in a `<select>`.
struct OptionModel: Encodable {
    let value: String
    let label: String
    /// The label's language where it differs from the page's (a pack's own title).
    var lang: String? = nil
}

struct ReviewModel: Encodable {
    var rows: [ReviewRowModel]
    /// Where the rows go when the page is rendered in parts (`ReviewPageStream`); nil otherwise.
    var rowsToFollow: String?
    let stickerCount: Int
    /// "4 packs, 24 stickers: 2 errors, 1 warning": the very counts `peel check`, `peel build`
    /// and catalog.json give, from the same findings.
    let summaryLine: String
    /// Findings (not stickers) by severity, as the summary counts them.
    let errorCount: Int
    let warningCount: Int
    /// Rows (stickers) by their worst finding, for the filters.
    let stickersWithErrors: Int
    let stickersWithWarnings: Int
    let suppressedCount: Int
    /// "1 finding", "3 findings".
    let suppressedLabel: String
    let hasSuppressed: Bool
    let cleanCount: Int
    /// Findings no sticker page shows (about a pack, the site, a file that is not a sticker).
    /// The catalog's errors and warnings, then its notes (what the exports will change, never a
    /// problem), which the page folds away: 27 of them stood above the labels.
    let catalogFindings: [FindingModel]
    let hasCatalogFindings: Bool
    var catalogNotes: [FindingModel] = []
    var catalogNotesLabel: String = ""
    var hasCatalogNotes: Bool { !catalogNotes.isEmpty }
    let limit: Int
    let csvHref: String
    /// Choices of the pack and finding-code filters.
    let packs: [OptionModel]
    let codes: [OptionModel]
    /// The site's languages besides the default one: a column each, and the translation filter's choices.
    var languages: [OptionModel] = []
    var translationFilters: [OptionModel] = []
    var hasLanguages = false
    /// The pack whose rows this page shows, when the review has a page per pack (`ReviewLayout`);
    /// nil on the review's first page.
    var pack: ReviewPackModel? = nil
    /// The review's first page when it has a page per pack: each pack's counts, linked to its page.
    var packPages: [ReviewPackModel] = []
    var hasPackPages = false
    /// The table of rows and its filters: every page but a split review's first.
    var hasTable = true
    /// The pack filter: only where rows of several packs show.
    var hasPackFilter = true
    /// The art checks did not run (a plain `peel build`): "Clean" then says nothing of the text in
    /// the art or of visibility, and the page says so.
    var artChecksOff = false
}

/// A pack on the label review when the review has a page per pack: its page, and its stickers
/// by their worst finding (as the filters count them).
struct ReviewPackModel: Encodable {
    let href: String
    let title: String
    /// `lang` of the title: the pack's `language:`.
    let lang: String?
    /// Where the review's first page is, from this pack's page.
    let reviewHref: String
    let stickerCount: Int
    let stickersWithErrors: Int
    let stickersWithWarnings: Int
    let cleanCount: Int
    /// Stickers whose label is missing or out of date in one of the site's other languages.
    let translationsToDo: Int
}

struct PackCardModel: Encodable {
    let href: String
    let title: String
    /// `lang` of the title: the pack's `language:`, or the default language's standing in for a missing translation.
    let lang: String?
    let count: Int
    let countLabel: String
    let size: String
    let sizePixels: Int
    let cover: ImageModel?
}

struct HomeModel: Encodable {
    let packs: [PackCardModel]
    let hasPacks: Bool
    let stickerCount: Int
    /// "1 sticker", "24 stickers".
    let stickerCountLabel: String
}

/// The 404 page: where to go instead (every link from the site's root, see `PageRenderer.notFound`).
struct NotFoundModel: Encodable {
    let home: String
    let packs: [NotFoundPackModel]
    let hasPacks: Bool
}

/// A pack the 404 page links to.
struct NotFoundPackModel: Encodable {
    let href: String
    let title: String
    /// `lang` of the title, as a pack card's.
    let lang: String?
}

struct FactModel: Encodable {
    /// In the page's language (the theme's `fact…` strings).
    let name: String
    let value: String
    /// Shown in a monospaced font (digests, file names).
    var isCode = false
    /// The value is Peel's English words ("8 (animated)", "alpha channel"), marked `lang="en"` on
    /// a page in another language; false for numbers, codes and the artist's own text.
    var english = false
}

struct PackPageModel: Encodable {
    let title: String
    /// BCP 47 tag of the pack's texts (`language:` in pack.md), nil for the site's language.
    let lang: String?
    let descriptionHTML: String
    /// `lang` of the title and description (see `lang`; differs where a translation is missing).
    let titleLang: String?
    let descriptionLang: String?
    /// "May be out of date" beside a translated title whose source has changed since.
    var titleNote: TranslationNoteModel? = nil
    let facts: [FactModel]
    let stickers: [StickerCardModel]
    let count: Int
    let countLabel: String
    let icons: [IconModel]
    let hasIcons: Bool
    let iconSetJSON: String
    /// The pack's zip: the Xcode-ready catalog and the originals.
    let download: LinkModel?
    /// Which stickers the zip's Stickers.xcstickers leaves out and why, when it leaves any out.
    let downloadNote: String?
    /// A parts pack's builder page.
    var builder: LinkModel? = nil
    /// The cover sticker in a Messages-like conversation, at its true size.
    var transcript: TranscriptModel? = nil
    /// One row per platform of site.md's `platforms:`: can the pack go there, and why not.
    var readiness: [ReadinessRowModel] = []
    var hasReadiness = false
}

struct IconModel: Encodable {
    let src: String
    let label: String
    let pixels: String
    let width: Int
    let height: Int
    /// CSS size: the point size (App Store icons at an eighth, to fit the page).
    let displayWidth: Int
    let displayHeight: Int
}

struct LinkModel: Encodable {
    let href: String
    let title: String
    /// `lang` of the title where it differs from the page's (its own name: a nil value would let
    /// Mustache find the page's `titleLang` instead).
    var linkLang: String? = nil
}

struct BackgroundModel: Encodable {
    let name: String
    let cssClass: String
    /// Said in the swatch when the art's shape vanishes on this background (`vanishes-on-dark`,
    /// `vanishes-on-light`): text, so it does not rest on colour alone.
    var warning: String? = nil
}

struct StickerPageModel: Encodable {
    let title: String
    /// BCP 47 tag of the pack's texts, nil for the site's language.
    let lang: String?
    let alt: String?
    let altLength: Int
    let altLimit: Int
    let descriptionHTML: String
    /// `lang` of each text (see `lang`; differs where a translation is missing).
    let titleLang: String?
    let altLang: String?
    let descriptionLang: String?
    let tagsLang: String?
    /// "Sticker 3 of 12" and "11 of 100 characters · read by VoiceOver", in the page's language.
    let positionLabel: String
    let altMeta: String
    /// Set on a page in another language than the default whose label is missing or stale.
    let translation: TranslationNoteModel?
    let preview: ImageModel
    let swatchImage: ImageModel
    let original: String
    let originalName: String
    let facts: [FactModel]
    let tags: [String]
    let hasTags: Bool
    let pack: LinkModel
    let previous: LinkModel?
    let next: LinkModel?
    let position: Int
    let count: Int
    let backgrounds: [BackgroundModel]
    let isAnimated: Bool
    let readable: Bool
    /// The sidecar could not be read: where and why (shown instead of "no label yet").
    let sidecarError: FindingModel?
    let findings: [FindingModel]
    let hasFindings: Bool
    /// The words read in the art, when the art checks read any.
    let artText: ArtTextModel?
    /// For a sticker a parts pack composed: what each part is.
    var madeOf: [MadeOfModel]? = nil
    /// Composed by a parts pack: its label comes from its parts' sidecars, not its own.
    var isComposed = false
    /// The pack's builder page, for a composed sticker.
    var builder: LinkModel? = nil
    /// The sticker in a Messages-like conversation, at its true size.
    var transcript: TranscriptModel? = nil
}

/// What was read in a sticker's art, shown beside its label on the sticker page and in its review
/// row, so a reviewer sees why `label-misses-art-text` was given. Absent when the art holds no words
/// or was not read (the art checks did not run).
struct ArtTextModel: Encodable {
    /// The words kept from the art, in reading order, separated by spaces ("Good morning").
    let words: String

    init?(_ reading: ArtTextReading?) {
        guard let reading, reading.hasText else { return nil }
        words = reading.words.map(\.text).joined(separator: " ")
    }
}

/// A parts pack's builder page: one per combination, each linking every other choice of every
/// part to the page of the combination it makes (so it works without JavaScript).
struct BuilderPageModel: Encodable {
    let lang: String?
    let pack: LinkModel
    /// "Build a sticker from Sundaes", in the page's language.
    let heading: String
    let preview: ImageModel
    let alt: String
    /// `lang` of the label where it falls back to another language than the page's.
    let altLang: String?
    let sticker: String
    let action: String
    let parts: [BuilderPartModel]
}

/// One part on a builder page, with its choices.
struct BuilderPartModel: Encodable {
    let name: String
    /// The name's language, when not the page's (part names are the pack's folder names).
    let nameLang: String?
    let part: String
    let choices: [BuilderChoiceModel]
}

/// One choice of a part on a builder page.
struct BuilderChoiceModel: Encodable {
    let part: String
    /// The radio's id, unique on the page.
    let id: String
    /// The query value: the choice's name, or "none".
    let value: String
    let label: String
    /// The label's language, when not the page's (a choice not yet translated).
    let labelLang: String?
    /// The builder page this choice leads to; nil when that combination is not made.
    let href: String?
    let current: Bool
}

/// A sticker in a Messages-like conversation (the transcript preview): shown at its true point
/// size for its pack's size class (100, 136 or 206 pt: its @3x pixels / 3), peeled onto a bubble,
/// in the light and the dark appearance. The bubbles are drawn by CSS and hidden from assistive
/// technology; the sticker keeps its label.
struct TranscriptModel: Encodable {
    var src: String
    var srcset: String?
    /// The still poster of an animated sticker, shown when motion is reduced or paused.
    var posterSrcset: String?
    /// CSS pixels (points) per side.
    let points: Int
    let alt: String
    let altLang: String?
    /// "Shown at its true size: 136 × 136 pt, as Messages shows a regular sticker."
    let hint: String
}

/// A row of a pack page's readiness table.
struct ReadinessRowModel: Encodable {
    let platform: String
    /// `ready`, `changes` or `blocked`, for the row's class.
    let state: String
    /// "Ready", "Ready, with 3 changes on export", "Blocked", in the page's language.
    let status: String
    /// Why it is blocked (English, as the findings are).
    let reasons: [String]
    let hasReasons: Bool
    /// The pack as this platform takes it, zipped; nil when nothing of it can go.
    let platformDownload: LinkModel?
}

/// An animation that flashes past WCAG 2.3.1 (`flashing-animation`) is shown as its still poster,
/// never playing by itself: a page of stickers cannot make a reader's screen strobe.
protocol StillWhenFlashing {
    var src: String { get set }
    var srcset: String? { get set }
    var posterSrcset: String? { get set }
}

extension StillWhenFlashing {
    /// The poster in place of the animation (its first candidate as `src`, all of them as `srcset`
    /// where the animation had one); unchanged without a poster.
    var still: Self {
        guard let posters = posterSrcset, let first = posters.split(separator: ",").first?.split(separator: " ").first else { return self }
        var copy = self
        copy.src = String(first)
        copy.srcset = srcset == nil ? nil : posters
        copy.posterSrcset = nil
        return copy
    }
}

extension ImageModel: StillWhenFlashing {}
extension TranscriptModel: StillWhenFlashing {}
