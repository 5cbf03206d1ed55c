import Foundation

/// The machine-readable `catalog.json`: every pack and sticker with its metadata and the URLs of
/// its pages and files, relative to the site root. Keys are snake_case and sorted; absent values
/// are `null`, never missing, so consumers can rely on the shape. Schema in the README.
struct CatalogJSON: Encodable {
    static let schemaVersion = 1

    struct Site: Encodable {
        let title: String
        @Nullable var description: String?
        @Nullable var baseURL: String?
        let language: String

        enum CodingKeys: String, CodingKey { case title, description, baseURL = "base_url", language }
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
        let stickers: [StickerEntry]

        enum CodingKeys: String, CodingKey {
            case slug, title, size, sizePixels = "size_pixels", contexts, author, license, page, download, icons, stickers
        }
    }

    struct StickerEntry: Encodable {
        let slug: String
        let source: String
        let title: String
        @Nullable var alt: String?
        let tags: [String]
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
        let original: String
        @Nullable var poster: String?
        let thumbnails: [Thumbnail]
        let findings: [FindingRecord]
        /// For a sticker a parts pack composed: one entry per part, bottom layer first.
        var parts: [PartEntry]? = nil

        enum CodingKeys: String, CodingKey {
            case slug, source, title, alt, tags, format, width, height, bytes, frames, parts
            case frameDelays = "frame_delays", duration, fps, loopCount = "loop_count"
            case hasAlpha = "has_alpha", hasTransparentPixels = "has_transparent_pixels", sha256, page, original, poster
            case thumbnails, findings
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
    let packs: [PackEntry]
    /// Every finding, as `peel check --format json` lists them: the ones the summary counts,
    /// including those about no sticker (a pack, a `.bmp`), which no sticker entry holds.
    let findings: [FindingRecord]
    let summary: ReviewSummary

    init(review: Review, icons: [String: [PackIcon]] = [:], archives: [String: Int] = [:]) {
        let catalog = review.catalog, assets = review.assets
        version = Self.schemaVersion
        summary = review.summary
        findings = review.findings.map(FindingRecord.init)
        site = Site(title: catalog.site.title, description: catalog.site.description, baseURL: catalog.site.baseURL,
                    language: catalog.site.language)
        packs = catalog.packs.map { pack in
            PackEntry(slug: pack.slug, title: pack.title, size: pack.size.rawValue, sizePixels: pack.size.pixels,
                      contexts: pack.contexts.map(\.rawValue), author: pack.author, license: pack.license,
                      page: SitePaths.packPage(pack),
                      download: archives[pack.slug] == nil ? nil : SitePaths.packArchive(pack), icons: icons[pack.slug] ?? [],
                      stickers: pack.stickers.map { sticker in
                          let info = assets[sticker.source]?.info
                          return StickerEntry(slug: sticker.slug, source: sticker.source, title: sticker.title, alt: sticker.alt,
                                              tags: sticker.tags, format: info?.format.rawValue, width: info?.width,
                                              height: info?.height, bytes: info?.bytes, frames: info?.frameCount,
                                              frameDelays: info?.frameDelays, duration: info?.duration,
                                              fps: info?.framesPerSecond, loopCount: info?.loopCount,
                                              hasAlpha: info?.hasAlpha, hasTransparentPixels: info?.hasTransparentPixels,
                                              sha256: info?.sha256,
                                              page: SitePaths.stickerPage(pack, sticker), original: SitePaths.original(pack, sticker),
                                              poster: assets[sticker.source]?.poster,
                                              thumbnails: assets[sticker.source]?.thumbnails ?? [],
                                              findings: review.findings(for: sticker).map(FindingRecord.init),
                                              parts: sticker.composition?.choices.map { PartEntry(part: $0.part, choice: $0.choice, file: $0.file, alt: $0.label) })
                      })
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
