/// Where each page and file of a built site lives, relative to the site root. Every link is
/// relative and names `index.html` explicitly, so the site works from `file://` too.
enum SitePaths {
    static let home = "index.html"
    static let catalogJSON = "catalog.json"
    /// The page static hosts (GitHub Pages, Netlify, Cloudflare Pages) show for an address the
    /// site does not have; slugs hold no dot, so no pack's folder is named so.
    static let notFound = "404.html"
    static let assets = "assets"
    static let manifest = ".peel-manifest"
    static let review = "review"
    static let reviewPage = "\(review)/index.html"
    static let reviewCSV = "\(review)/labels.csv"
    /// A pack's rows of the label review when the review is split by pack (`ReviewLayout`).
    /// Slugs hold no dot, so no pack's folder is `labels.csv`.
    static func reviewPage(_ pack: Pack) -> String { "\(review)/\(pack.slug)/index.html" }

    static func packFolder(_ pack: Pack) -> String { pack.slug }
    static func packPage(_ pack: Pack) -> String { "\(pack.slug)/index.html" }
    /// A parts pack's builder: one page per combination, the first also as the folder's index.
    static func builderPage(_ pack: Pack) -> String { "\(pack.slug)/\(builderFolder)/index.html" }
    static func builderPage(_ pack: Pack, _ sticker: Sticker) -> String { "\(pack.slug)/\(builderFolder)/\(sticker.slug).html" }
    /// Reserved among a parts pack's sticker slugs.
    static let builderFolder = "builder"
    static func packIcons(_ pack: Pack) -> String { "\(pack.slug)/icons" }
    static func packArchive(_ pack: Pack) -> String { "\(pack.slug)/\(pack.slug).zip" }
    /// The pack's download for a platform of site.md's `platforms:`: the pack zip for iMessage (its
    /// Xcode-ready catalog), the pack as `peel export <platform>` writes it, zipped, for the others.
    static func platformArchive(_ pack: Pack, _ platform: MessengerPlatform) -> String {
        platform == .imessage ? packArchive(pack) : "\(pack.slug)/\(pack.slug)-\(platform.rawValue).zip"
    }
    /// The key of that download's size among the archives' sizes: the pack's slug for the pack zip,
    /// `<slug>/<platform>` for the others (slugs hold no "/").
    static func platformArchiveKey(_ pack: Pack, _ platform: MessengerPlatform) -> String {
        platform == .imessage ? pack.slug : "\(pack.slug)/\(platform.rawValue)"
    }
    static func stickerFolder(_ pack: Pack, _ sticker: Sticker) -> String { "\(pack.slug)/\(sticker.slug)" }
    static func stickerPage(_ pack: Pack, _ sticker: Sticker) -> String { "\(stickerFolder(pack, sticker))/index.html" }

    /// The published copy of the original image, named by slug with the original's extension.
    static func original(_ pack: Pack, _ sticker: Sticker) -> String {
        let name = sticker.fileName
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : "png"
        return "\(stickerFolder(pack, sticker))/\(sticker.slug).\(ext)"
    }

    static func thumbnail(_ pack: Pack, _ sticker: Sticker, width: Int, format: ThumbnailFormat) -> String {
        "\(stickerFolder(pack, sticker))/\(sticker.slug)-\(width)w.\(format.rawValue)"
    }

    static func thumbnailPoster(_ pack: Pack, _ sticker: Sticker, width: Int) -> String {
        "\(stickerFolder(pack, sticker))/\(sticker.slug)-\(width)w-poster.webp"
    }

    static func poster(_ pack: Pack, _ sticker: Sticker) -> String {
        "\(stickerFolder(pack, sticker))/\(sticker.slug)-poster.png"
    }

    /// The shortest relative link from `page` to `target` (both relative to the site root).
    static func link(to target: String, from page: String) -> String {
        var from = page.split(separator: "/").dropLast()
        var to = target.split(separator: "/")
        while let first = from.first, let other = to.first, first == other, to.count > 1 {
            from.removeFirst()
            to.removeFirst()
        }
        return String(repeating: "../", count: from.count) + to.joined(separator: "/")
    }

    /// "../" repeated once per folder level of `page`, to reach the site root from it.
    static func root(from page: String) -> String {
        String(repeating: "../", count: page.split(separator: "/").count - 1)
    }
}
