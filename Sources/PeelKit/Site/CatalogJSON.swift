import Foundation

/// The machine-readable `catalog.json`: every pack and sticker with its metadata and the URLs of
/// its pages and files, relative to the site root. Keys are snake_case and sorted; absent values
/// are `null`, never missing, so consumers can rely on the shape. Schema in the README.
struct CatalogJSON: Encodable {
    static let schemaVersion = 1

    struct Site: Encodable {
        let title: String
        let description: String?
        let baseURL: String?
        let language: String

        enum CodingKeys: String, CodingKey { case title, description, baseURL = "base_url", language }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(description, forKey: .description)
            try container.encode(baseURL, forKey: .baseURL)
            try container.encode(language, forKey: .language)
        }
    }

    struct PackEntry: Encodable {
        let slug: String
        let title: String
        let size: String
        let sizePixels: Int
        let contexts: [String]
        let author: String?
        let license: String?
        let page: String
        let stickers: [StickerEntry]

        enum CodingKeys: String, CodingKey {
            case slug, title, size, sizePixels = "size_pixels", contexts, author, license, page, stickers
        }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(slug, forKey: .slug)
            try container.encode(title, forKey: .title)
            try container.encode(size, forKey: .size)
            try container.encode(sizePixels, forKey: .sizePixels)
            try container.encode(contexts, forKey: .contexts)
            try container.encode(author, forKey: .author)
            try container.encode(license, forKey: .license)
            try container.encode(page, forKey: .page)
            try container.encode(stickers, forKey: .stickers)
        }
    }

    struct StickerEntry: Encodable {
        let slug: String
        let source: String
        let title: String
        let alt: String?
        let tags: [String]
        let format: String?
        let width: Int?
        let height: Int?
        let bytes: Int?
        let frames: Int?
        let hasAlpha: Bool?
        let sha256: String?
        let page: String
        let original: String
        let thumbnails: [Thumbnail]

        enum CodingKeys: String, CodingKey {
            case slug, source, title, alt, tags, format, width, height, bytes, frames
            case hasAlpha = "has_alpha", sha256, page, original, thumbnails
        }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(slug, forKey: .slug)
            try container.encode(source, forKey: .source)
            try container.encode(title, forKey: .title)
            try container.encode(alt, forKey: .alt)
            try container.encode(tags, forKey: .tags)
            try container.encode(format, forKey: .format)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(frames, forKey: .frames)
            try container.encode(hasAlpha, forKey: .hasAlpha)
            try container.encode(sha256, forKey: .sha256)
            try container.encode(page, forKey: .page)
            try container.encode(original, forKey: .original)
            try container.encode(thumbnails, forKey: .thumbnails)
        }
    }

    let version: Int
    let site: Site
    let packs: [PackEntry]

    init(catalog: Catalog, assets: [String: StickerAssets]) {
        version = Self.schemaVersion
        site = Site(title: catalog.site.title, description: catalog.site.description, baseURL: catalog.site.baseURL,
                    language: catalog.site.language)
        packs = catalog.packs.map { pack in
            PackEntry(slug: pack.slug, title: pack.title, size: pack.size.rawValue, sizePixels: pack.size.pixels,
                      contexts: pack.contexts.map(\.rawValue), author: pack.author, license: pack.license,
                      page: SitePaths.packPage(pack),
                      stickers: pack.stickers.map { sticker in
                          let info = assets[sticker.source]?.info
                          return StickerEntry(slug: sticker.slug, source: sticker.source, title: sticker.title, alt: sticker.alt,
                                              tags: sticker.tags, format: info?.format.rawValue, width: info?.width,
                                              height: info?.height, bytes: info?.bytes, frames: info?.frameCount,
                                              hasAlpha: info?.hasAlpha, sha256: info?.sha256,
                                              page: SitePaths.stickerPage(pack, sticker), original: SitePaths.original(pack, sticker),
                                              thumbnails: assets[sticker.source]?.thumbnails ?? [])
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
