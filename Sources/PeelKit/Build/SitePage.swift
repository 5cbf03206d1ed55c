import Foundation

/// One file of the site made from the review: a page (in a language: nil for the default one),
/// or the review's CSV or catalog.json. Packs are named by their index in the catalog: a 20,000
/// sticker site has 20,000 pages per language, and a copy of the pack in each (with its stickers'
/// array and strings inline) made the list 11 MB.
enum SitePage: Sendable {
    case home(String?), reviewCSV, catalogJSON, pack(Int, String?), sticker(Int, pack: Int, String?), notFound
    /// The label review's first page (nil), or a pack's page when the review has a page per pack.
    case review(Int?)
    case builder(Int, pack: Int, isIndex: Bool, String?)

    func write(_ review: Review, renderer: PageRenderer, site: SiteWriter) throws {
        let (source, path): (PageSource, String)
        switch self {
        case .home(let language): (source, path) = (renderer.home(in: language), renderer.language(language).path(SitePaths.home))
        case .notFound:
            guard let page = renderer.notFound() else { return }
            (source, path) = (page, SitePaths.notFound)
        case .review(let packIndex):
            let parts = renderer.reviewParts(pack: packIndex)
            let path = packIndex.map { SitePaths.reviewPage(review.catalog.packs[$0]) } ?? SitePaths.reviewPage
            try site.writeStreamedPage(to: path, key: parts.key()) { emit in
                try ReviewPageStream.render(parts, templates: renderer.templates, emit: emit)
            }
            return
        case .pack(let packIndex, let language):
            let pack = review.catalog.packs[packIndex]
            (source, path) = (renderer.pack(pack, in: language), renderer.language(language).path(SitePaths.packPage(pack)))
        case .builder(let index, let packIndex, let isIndex, let language):
            let pack = review.catalog.packs[packIndex]
            (source, path) = (renderer.builder(at: index, in: pack, isIndex: isIndex, language: language),
                              renderer.language(language).path(isIndex ? SitePaths.builderPage(pack)
                                                                        : SitePaths.builderPage(pack, pack.stickers[index])))
        case .sticker(let index, let packIndex, let language):
            let pack = review.catalog.packs[packIndex]
            (source, path) = (renderer.sticker(at: index, in: pack, language: language),
                              renderer.language(language).path(SitePaths.stickerPage(pack, pack.stickers[index])))
        case .reviewCSV:
            try site.writeStreamed(to: SitePaths.reviewCSV) { file in try ReviewCSV.write(review) { try file.write($0) } }
            return
        case .catalogJSON:
            let catalog = CatalogJSON(review: review, icons: renderer.icons, archives: renderer.archives)
            try site.writeStreamed(to: SitePaths.catalogJSON) { file in try catalog.write { try file.write($0) } }
            return
        }
        try site.writePage(to: path, key: source.key) { try source.render(with: renderer.templates) }
    }
}
