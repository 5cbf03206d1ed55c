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

        enum CodingKeys: String, CodingKey {
            case slug, source, title, alt, tags, format, width, height, bytes, frames
            case frameDelays = "frame_delays", duration, fps, loopCount = "loop_count"
            case hasAlpha = "has_alpha", hasTransparentPixels = "has_transparent_pixels", sha256, page, original, poster
            case thumbnails, findings
        }
    }

    let version: Int
    let site: Site
    /// Every finding, as `peel check --format json` lists them: the ones the summary counts,
    /// including those about no sticker (a pack, a `.bmp`), which no sticker entry holds.
    let findings: [FindingRecord]
    let summary: ReviewSummary
    private let review: Review
    private let icons: [String: [PackIcon]]
    private let archives: [String: Int]

    enum CodingKeys: String, CodingKey { case version, site, packs, findings, summary }

    init(review: Review, icons: [String: [PackIcon]] = [:], archives: [String: Int] = [:]) {
        let catalog = review.catalog
        version = Self.schemaVersion
        summary = review.summary
        findings = review.findings.map(FindingRecord.init)
        site = Site(title: catalog.site.title, description: catalog.site.description, baseURL: catalog.site.baseURL,
                    language: catalog.site.language)
        self.review = review
        self.icons = icons
        self.archives = archives
    }

    /// One pack's entry, made when it is encoded.
    func entry(for pack: Pack) -> PackEntry {
        let assets = review.assets
        return PackEntry(slug: pack.slug, title: pack.title, size: pack.size.rawValue, sizePixels: pack.size.pixels,
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
                                          findings: review.findings(for: sticker).map(FindingRecord.init))
                  })
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

    /// The same bytes as `encoder.encode(self)` and a newline, made one pack at a time: the
    /// document is encoded with a placeholder for the packs, and each pack's entry, encoded on its
    /// own and indented to its depth, takes its place. Encoding the whole catalog in one pass held
    /// every entry and the encoder's tree of them at once: about 110 MB for 20,000 stickers.
    func encoded() throws -> Data {
        let encoder = Self.encoder
        let skeleton = try encoder.encode(Skeleton(version: version, site: site, packs: [Self.placeholder], findings: findings,
                                                   summary: summary))
        // Pretty-printed, the packs array sits at depth 1 and each entry at depth 2 (four spaces).
        let marker = Data("\n    \"\(Self.placeholder)\"\n".utf8)
        guard let range = skeleton.range(of: marker) else { return try encoder.encode(self) + Data("\n".utf8) }
        var data = Data(skeleton[..<range.lowerBound])
        data.append(0x0A)
        let packs = review.catalog.packs
        for (index, pack) in packs.enumerated() {
            let entry = try encoder.encode(entry(for: pack))
            for line in entry.split(separator: 0x0A, omittingEmptySubsequences: false) {
                if !line.isEmpty { data.append(contentsOf: "    ".utf8) }
                data.append(contentsOf: line)
                data.append(0x0A)
            }
            data.removeLast()
            data.append(contentsOf: index < packs.count - 1 ? ",\n".utf8 : "\n".utf8)
        }
        if packs.isEmpty { data.append(0x0A) }
        data.append(skeleton[range.upperBound...])
        data.append(0x0A)
        return data
    }

    private static let placeholder = "peel-packs-placeholder"

    /// The document with the packs left out, for `encoded()`: its keys are CatalogJSON's.
    private struct Skeleton: Encodable {
        let version: Int
        let site: Site
        let packs: [String]
        let findings: [FindingRecord]
        let summary: ReviewSummary
    }
}
