import Foundation

/// The machine-readable `catalog.json`: every pack and sticker with its metadata and the URLs of
/// its pages and files, relative to the site root. Keys are snake_case and sorted; absent values
/// are `null`, never missing, so consumers can rely on the shape. Schema in the README.
struct CatalogJSON: Encodable {
    /// A sum of frame delays without its floating-point noise (1.4999999999999996 → 1.5): to
    /// the microsecond for a duration, to a thousandth for a frame rate.
    static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// 2: `languages` on the site, each pack and each sticker (issue 15); every version-1 field is kept.
    static let schemaVersion = 2

    struct Site: Encodable {
        let title: String
        @Nullable var description: String?
        @Nullable var baseURL: String?
        let language: String
        /// Every language the site ships, the default (`language`) first.
        let languages: [String]
        /// The title and description in each of `languages` (site.md's, and each `site.<tag>.md`'s),
        /// as packs and stickers give theirs: a reader had the default language's alone.
        let texts: [String: SiteText]

        enum CodingKeys: String, CodingKey { case title, description, baseURL = "base_url", language, languages, texts }
    }

    /// The site's title and description in one language; `null` where the language lacks them.
    struct SiteText: Encodable {
        @Nullable var title: String?
        @Nullable var description: String?
        /// The title's: `source` (the default language), `translated`, `stale` or `missing`.
        let state: TranslationState
    }

    /// A pack's title and description in one language.
    struct PackText: Encodable {
        @Nullable var title: String?
        /// HTML, as on the pack page.
        let description: String
        /// The title's: `source` (the default language), `translated`, `stale` or `missing`.
        let state: TranslationState
    }

    /// A sticker's words in one language; `null` where the language does not have them (readers
    /// then get the default language's).
    struct StickerText: Encodable {
        @Nullable var alt: String?
        @Nullable var title: String?
        let tags: [String]
        /// HTML, as on the sticker page.
        let description: String
        /// The label's: `source`, `translated`, `stale` or `missing`.
        let state: TranslationState
        /// The file the words are in (the sidecar or `<stem>.<tag>.md`); `null` when there is none.
        @Nullable var file: String?
    }

    struct PackEntry: Encodable {
        let slug: String
        let title: String
        let size: String
        let sizePixels: Int
        let contexts: [String]
        @Nullable var author: String?
        @Nullable var license: String?
        let page: String
        @Nullable var download: String?
        let icons: [PackIcon]
        /// The slug of the sticker on the pack's card (pack.md's `cover:`, else the first readable one).
        @Nullable var cover: String?
        /// pack.md's `background:` (`#rrggbb`), behind the pack's art on cards.
        @Nullable var background: String?
        let stickers: [StickerEntry]
        /// The language the pack's own texts (`title`, and its stickers' `title`, `alt`, `tags`)
        /// are written in: the site's default language, or the pack's `language:`.
        let language: String
        /// By language tag, every language the site ships.
        var languages: [String: PackText] = [:]
        /// By platform, every platform of site.md's `platforms:` (`PlatformReadiness`).
        /// Absent for a pack without stickers (README).
        var platforms: [String: PlatformEntry]? = nil

        enum CodingKeys: String, CodingKey {
            case slug, title, size, sizePixels = "size_pixels", contexts, author, license, page, download, icons, cover, background, stickers,
                 language, languages, platforms
        }
    }

    /// Where a pack stands on one platform: `ready`, `changes` (the export changes `changes`
    /// things to fit) or `blocked` (`reasons`).
    struct PlatformEntry: Encodable {
        let state: String
        let changes: Int
        let reasons: [String]
        /// The pack as the platform takes it, zipped (the pack zip for iMessage), from the site's root.
        let download: String?
    }

    struct StickerEntry: Encodable {
        let slug: String
        let source: String
        let title: String
        @Nullable var alt: String?
        let tags: [String]
        /// `emoji:`, the emoji the messengers file the sticker under, most fitting first.
        let emoji: [String]
        @Nullable var format: String?
        @Nullable var width: Int?
        @Nullable var height: Int?
        @Nullable var bytes: Int?
        @Nullable var frames: Int?
        @Nullable var frameDelays: [Double]?
        @Nullable var duration: Double?
        @Nullable var fps: Double?
        @Nullable var loopCount: Int?
        @Nullable var hasAlpha: Bool?
        @Nullable var hasTransparentPixels: Bool?
        @Nullable var sha256: String?
        let page: String
        /// Nil when the file could not be read, so the site has no copy of it.
        @Nullable var original: String?
        @Nullable var poster: String?
        let thumbnails: [Thumbnail]
        let findings: [FindingRecord]
        /// By language tag, every language the site ships.
        var languages: [String: StickerText] = [:]
        /// For a sticker a parts pack composed: one entry per part, bottom layer first.
        var parts: [PartEntry]? = nil

        enum CodingKeys: String, CodingKey {
            case slug, source, title, alt, tags, emoji, format, width, height, bytes, frames, parts
            case frameDelays = "frame_delays", duration, fps, loopCount = "loop_count"
            case hasAlpha = "has_alpha", hasTransparentPixels = "has_transparent_pixels", sha256, page, original, poster
            case thumbnails, findings, languages
        }
    }

    /// One part of a composed sticker: the part, the choice (null: an optional part left out),
    /// the layer file and its label.
    struct PartEntry: Encodable {
        let part: String
        @Nullable var choice: String?
        @Nullable var file: String?
        @Nullable var alt: String?
    }

    let version: Int
    let site: Site
    /// Every finding, as `peel check --format json` lists them: the ones the summary counts,
    /// including those about no sticker (a pack, a `.bmp`), which no sticker entry holds. Made
    /// when encoded: a catalog with a warning on every sticker has tens of thousands.
    var findings: [FindingRecord] { reported.map(FindingRecord.init) }
    /// `Review.reportedFindings`: with the errors of the messengers site.md publishes to.
    private let reported: [Finding]
    let summary: ReviewSummary
    private let review: Review
    private let icons: [String: [PackIcon]]
    private let archives: PackDownloads
    /// Every language the site ships, the default first.
    private let languages: [String]
    /// Flashing stickers' originals and the posters the descriptions show instead (`PageRenderer.stillOriginals`).
    private let stills: [String: String]

    enum CodingKeys: String, CodingKey { case version, site, packs, findings, summary }

    init(review: Review, icons: [String: [PackIcon]] = [:], archives: PackDownloads = PackDownloads()) {
        let catalog = review.catalog
        version = Self.schemaVersion
        reported = review.reportedFindings
        summary = ReviewSummary(findings: reported, packs: catalog.packs.count, stickers: catalog.stickerCount)
        let languages = StringCatalog.languages(of: catalog.site)
        var texts: [String: SiteText] = [:]
        for language in languages {
            if language == catalog.site.defaultLanguage {
                texts[language] = SiteText(title: catalog.site.title, description: catalog.site.description, state: .source)
            } else {
                let translation = catalog.site.translations[language]
                texts[language] = SiteText(title: translation?.title, description: translation?.description,
                                           state: .of(translation: translation?.title, translatedFrom: translation?.translatedFrom, source: catalog.site.title))
            }
        }
        site = Site(title: catalog.site.title, description: catalog.site.description, baseURL: SocialLinks.normalized(catalog.site.baseURL),
                    language: catalog.site.language, languages: languages, texts: texts)
        self.languages = languages
        self.review = review
        self.icons = icons
        self.archives = archives
        stills = PageRenderer.stillOriginals(catalog, review.assets)
    }

    /// A sticker's thumbnails as catalog.json lists them: each poster the size of its entry. Where
    /// the original stands in for a thumbnail (a small GIF lighter than its animated WebP), the
    /// entry has the original's size, and so its poster is the full-size one (the pages keep the
    /// lighter small poster); it named a 160 px poster beside a 300 × 300 entry.
    static func thumbnails(_ assets: StickerAssets?) -> [Thumbnail] {
        guard let assets else { return [] }
        return assets.thumbnails.map { thumbnail in
            var listed = thumbnail
            if let side = thumbnail.posterSide, side != thumbnail.boxSide { listed.poster = assets.poster }
            return listed
        }
    }

    /// The slug of the pack's cover: the one pack.md names, else its first readable sticker; nil
    /// when no image of the pack can be read (the card then says so, but a consumer of
    /// catalog.json was sent to a sticker with no format, size or thumbnail).
    static func cover(of pack: Pack, assets: [String: StickerAssets]) -> String? {
        guard let index = pack.coverIndex, pack.stickers.indices.contains(index) else { return nil }
        let sticker = pack.stickers[index]
        return pack.coverIsChosen || assets[sticker.source]?.info != nil ? sticker.slug : nil
    }

    /// One pack's entry, made when it is encoded.
    func entry(for pack: Pack) -> PackEntry {
        let assets = review.assets
        let site = review.catalog.site
        let source = site.sourceLanguage(of: pack)
        var entry = PackEntry(slug: pack.slug, title: pack.title, size: pack.size.rawValue, sizePixels: pack.size.pixels,
                  contexts: pack.contexts.map(\.rawValue), author: pack.author, license: pack.license,
                  page: SitePaths.packPage(pack),
                  download: archives[pack.slug] == nil ? nil : SitePaths.packArchive(pack), icons: icons[pack.slug] ?? [],
                  cover: Self.cover(of: pack, assets: assets),
                  background: pack.background,
                  stickers: pack.stickers.map { sticker in
                      let info = assets[sticker.source]?.info
                      return StickerEntry(slug: sticker.slug, source: sticker.source, title: sticker.title, alt: sticker.alt,
                                          tags: sticker.tags, emoji: sticker.emoji, format: info?.format.rawValue, width: info?.width,
                                          height: info?.height, bytes: info?.bytes, frames: info?.frameCount,
                                          frameDelays: info?.playedFrameDelays, duration: info.map { Self.rounded($0.duration, places: 6) },
                                          fps: info?.framesPerSecond.map { Self.rounded($0, places: 3) }, loopCount: info?.loopCount,
                                          hasAlpha: info?.hasAlpha, hasTransparentPixels: info?.hasTransparentPixels,
                                          sha256: info?.sha256,
                                          page: SitePaths.stickerPage(pack, sticker), original: assets[sticker.source]?.originalMissing == true ? nil : SitePaths.original(pack, sticker),
                                          poster: assets[sticker.source]?.poster,
                                          thumbnails: Self.thumbnails(assets[sticker.source]),
                                          findings: review.findings(for: sticker).map(FindingRecord.init),
                                          languages: Self.texts(of: sticker, source: source, site: site, languages: languages, stills: stills),
                                          parts: sticker.composition?.choices.map { PartEntry(part: $0.part, choice: $0.choice, file: $0.file, alt: $0.label) })
                  },
                  language: pack.language ?? source)
        if !pack.stickers.isEmpty {
            entry.platforms = [:]
            for row in PlatformReadiness.of(pack, in: review, downloads: archives) {
                let download = archives[SitePaths.platformArchiveKey(pack, row.platform)] == nil ? nil : SitePaths.platformArchive(pack, row.platform)
                entry.platforms?[row.platform.rawValue] = PlatformEntry(state: row.state.rawValue, changes: row.changes, reasons: row.reasons,
                                                                       download: download)
            }
        }
        for language in languages {
            let translation = language == source ? nil : pack.translations[language]
            entry.languages[language] = translation.map { PackText(title: $0.title, description: Self.linked($0.descriptionHTML, language: language, site: site, stills: stills),
                                                                  state: pack.titleState(in: language, site: site)) }
                ?? PackText(title: language == source ? pack.title : nil,
                            description: language == source ? Self.linked(pack.descriptionHTML, language: language, site: site, stills: stills) : "",
                            state: pack.titleState(in: language, site: site))
        }
        return entry
    }

    /// A description's links made from catalog.json, at the site's root, to the pages of `language`
    /// (see `MarkdownLinks`), a flashing sticker shown by its poster (`stills`) as on the pages.
    static func linked(_ html: String, language: String, site: SiteInfo, stills: [String: String]) -> String {
        MarkdownLinks.placed(html, on: SitePaths.catalogJSON, language: language == site.defaultLanguage ? nil : language, stills: stills)
    }

    /// A sticker's words in each of `languages`: the sidecar's for its pack's `source` language,
    /// the translation file's for the others.
    static func texts(of sticker: Sticker, source: String, site: SiteInfo, languages: [String], stills: [String: String]) -> [String: StickerText] {
        var texts: [String: StickerText] = [:]
        for language in languages {
            let state = sticker.labelState(in: language, source: source)
            if language == source {
                texts[language] = StickerText(alt: sticker.alt, title: sticker.title, tags: sticker.tags, description: linked(sticker.descriptionHTML, language: language, site: site, stills: stills),
                                              state: state, file: sticker.sidecar)
            } else {
                let translation = sticker.translations[language]
                texts[language] = StickerText(alt: translation?.alt, title: translation?.title, tags: translation?.tags ?? [],
                                              description: linked(translation?.descriptionHTML ?? "", language: language, site: site, stills: stills), state: state, file: translation?.file)
            }
        }
        return texts
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(site, forKey: .site)
        try container.encode(review.catalog.packs.map(entry(for:)), forKey: .packs)
        try container.encode(findings, forKey: .findings)
        try container.encode(summary, forKey: .summary)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The same bytes as `encoder.encode(self)` and a newline, made one pack at a time (`write`).
    func encoded(findingsPerPart: Int = 250) throws -> Data {
        var data = Data()
        try write(findingsPerPart: findingsPerPart) { data.append($0) }
        return data
    }

    /// Hands `emit` the bytes of `encoded()` in parts, one pack and a few hundred findings at a
    /// time, so the document is never held whole (34 MB for 20,000 stickers): it is encoded with a
    /// placeholder for the packs and one for the findings, and the entries, encoded on their own
    /// and indented to their depth, take their places.
    /// Encoding the whole catalog in one pass held every entry and the encoder's tree of them at
    /// once: about 110 MB for 20,000 stickers; the findings' tree alone was 23 MB when every one
    /// of them had a warning (a language declared and not translated).
    func write(findingsPerPart: Int = 250, _ emit: (Data) throws -> Void) throws {
        let encoder = Self.encoder
        let allFindings = reported
        let packs = review.catalog.packs
        let skeleton = try encoder.encode(Skeleton(version: version, site: site, packs: [Self.packsPlaceholder],
                                                   findings: allFindings.isEmpty ? [] : [Self.findingsPlaceholder], summary: summary))
        // Pretty-printed, both arrays sit at depth 1 and their entries at depth 2 (four spaces).
        func marker(_ placeholder: String) -> Range<Data.Index>? {
            skeleton.range(of: Data("\n    \"\(placeholder)\"\n".utf8))
        }
        func writePacks(_ part: inout Data) throws {
            for (index, pack) in packs.enumerated() {
                Self.appendIndented(try encoder.encode(entry(for: pack)), arrayPart: false, to: &part)
                part.append(contentsOf: index < packs.count - 1 ? ",\n".utf8 : "\n".utf8)
                try emit(part)
                part.removeAll(keepingCapacity: true)
            }
            if packs.isEmpty { part.append(0x0A) }
        }
        func writeFindings(_ part: inout Data) throws {
            // Encoded together, as one array whose brackets are left out when it is spliced in.
            for start in stride(from: 0, to: allFindings.count, by: findingsPerPart) {
                let end = min(start + findingsPerPart, allFindings.count)
                let records = allFindings[start..<end].map(FindingRecord.init)
                Self.appendIndented(try encoder.encode(records), arrayPart: true, to: &part)
                part.append(contentsOf: end < allFindings.count ? ",\n".utf8 : "\n".utf8)
                try emit(part)
                part.removeAll(keepingCapacity: true)
            }
        }
        guard let packsRange = marker(Self.packsPlaceholder) else { return try emit(encoder.encode(self) + Data("\n".utf8)) }
        var splices = [(range: packsRange, isPacks: true)]
        if !allFindings.isEmpty {
            guard let findingsRange = marker(Self.findingsPlaceholder) else { return try emit(encoder.encode(self) + Data("\n".utf8)) }
            splices.append((findingsRange, false))
        }
        var part = Data()
        var position = skeleton.startIndex
        for splice in splices.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            part.append(skeleton[position..<splice.range.lowerBound])
            part.append(0x0A)
            try splice.isPacks ? writePacks(&part) : writeFindings(&part)
            position = splice.range.upperBound
        }
        part.append(skeleton[position...])
        part.append(0x0A)
        try emit(part)
    }

    /// Appends `encoded`'s lines, without the last newline, indented to depth 2: a value encoded
    /// on its own (four more spaces), or the entries of an array encoded on its own (`arrayPart`:
    /// its bracket lines left out, two more spaces). Empty lines (inside an empty array) stay empty.
    private static func appendIndented(_ encoded: Data, arrayPart: Bool, to part: inout Data) {
        var lines = encoded.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        if arrayPart { lines = lines.dropFirst().dropLast() }
        let indent = arrayPart ? "  " : "    "
        for (number, line) in lines.enumerated() {
            if number > 0 { part.append(0x0A) }
            if !line.isEmpty { part.append(contentsOf: indent.utf8) }
            part.append(contentsOf: line)
        }
    }

    private static let packsPlaceholder = "peel-packs-placeholder"
    private static let findingsPlaceholder = "peel-findings-placeholder"

    /// The document with the packs and findings left out, for `encoded()`: its keys are CatalogJSON's.
    private struct Skeleton: Encodable {
        let version: Int
        let site: Site
        let packs: [String]
        let findings: [String]
        let summary: ReviewSummary
    }
}
