import Foundation

/// What `peel serve` keeps of its last build to answer a label edit at once: the review (the
/// catalog, what the image step learnt and every finding) and what the pages show besides it.
struct ServedSite: Sendable {
    var review: Review
    var icons: [String: [PackIcon]]
    var archives: PackDownloads
    var templates: TemplateSet
    /// What each page was made from (its template and model digest), by site path: a page whose
    /// key is the same needs no rendering.
    var pageKeys: [String: String]
}

/// `peel serve`'s quick answer to edited sidecars (a label, a title, a translation): the edited
/// files are read again, every rule runs again over the catalog in memory, and the pages that
/// show those stickers (their pages and their neighbours', their pack's page and the home page,
/// in every language) are rendered and put in the served site, each replaced whole (a new file
/// renamed over the old: the site's files are hard links to the build cache's and the previous
/// site's, which must not change). Nothing else is read: no image, no other sidecar.
///
/// It is an early answer, not the build: serve runs the full build right after it, which makes
/// what the edit changes elsewhere (the review page, the pack zip and its size, catalog.json),
/// and whose pages must not be taken from the previous site where this put others (`written`).
/// Anything else (an image, a pack.md or site.md, a file added or removed, an `order:` moved)
/// returns nil: only the full build answers that.
struct SidecarRefresh {
    /// The content folder, absolute with symlinks resolved (as `WatchedInputs` reports paths).
    let content: ContentPath
    /// The served site's folder.
    let site: URL

    struct Result {
        var served: ServedSite
        /// The files put in the site, by site path, with the SHA-256 of their bytes.
        var written: [String: String]
        /// Every page rendered (written or found already identical).
        var rendered: Int
    }

    /// Applies the edited files (absolute paths) to `served`; nil when only a full build can.
    func apply(_ changed: [String], to served: ServedSite) throws -> Result? {
        let root = content.root.path + "/"
        var catalog = served.review.catalog
        // Each sticker's sidecar and translation files → its place in the catalog.
        var places: [String: (pack: Int, sticker: Int)] = [:]
        for (packIndex, pack) in catalog.packs.enumerated() {
            for (stickerIndex, sticker) in pack.stickers.enumerated() {
                // A composed sticker's "sidecar" is its pack.md, which only a whole build reads.
                guard let sidecar = sticker.sidecar, sticker.composition == nil else { continue }
                places[sidecar] = (packIndex, stickerIndex)
                for translation in sticker.translations.values { places[translation.file] = (packIndex, stickerIndex) }
            }
        }
        var edited: [(pack: Int, sticker: Int)] = []
        for path in changed {
            guard path.hasPrefix(root), let place = places[String(path.dropFirst(root.count))],
                  FileManager.default.fileExists(atPath: path) else { return nil }
            if !edited.contains(where: { $0 == place }) { edited.append(place) }
        }
        guard !edited.isEmpty else { return nil }

        var loadFindings = served.review.loadFindings
        for place in edited {
            let pack = catalog.packs[place.pack]
            let old = pack.stickers[place.sticker]
            let files = Set([old.source] + (old.sidecar.map { [$0] } ?? []) + old.translations.values.map(\.file))
            let sharesStem = loadFindings.contains { $0.code == .ambiguousSidecar && $0.sticker == old.source }
            let (fresh, findings) = CatalogLoader.reread(old, in: pack, site: catalog.site, content: content, sharesStem: sharesStem)
            // A moved `order:` moves stickers, and their slugs may follow: the whole build decides.
            guard fresh.order == old.order else { return nil }
            // Every finding reading found in these files comes again from reading them again.
            loadFindings.removeAll { files.contains($0.file) }
            loadFindings += findings
            catalog.packs[place.pack].stickers[place.sticker] = fresh
        }
        // The fresh texts' relative links, pointed at what the site publishes as a build does (the
        // table of what it publishes is made only when an edited text has a link).
        let linking = edited.filter { CatalogLinks.holdsMarker(catalog.packs[$0.pack].stickers[$0.sticker]) }
        if !linking.isEmpty {
            let links = CatalogLinks(catalog: catalog, content: content, siteFile: FileManager.default.fileExists(atPath: content.url("site.md").path))
            for place in linking {
                if let linked = links.rewrite(catalog.packs[place.pack].stickers[place.sticker],
                                              language: catalog.site.sourceLanguage(of: catalog.packs[place.pack]), findings: &loadFindings) {
                    catalog.packs[place.pack].stickers[place.sticker] = linked
                }
            }
        }
        loadFindings.sort()
        // The rules run again over the edited packs; the other packs' findings stay.
        let editedFolders = Set(edited.map { catalog.packs[$0.pack].folder })
        var checks = served.review.checks
        let icons = served.review.iconFindings
        let rechecked = Checker.parts(for: catalog, assets: served.review.assets, iconFindings: { icons[$0.folder] ?? [] },
                                      only: editedFolders)
        for folder in editedFolders { checks.packs[folder] = rechecked.packs[folder] ?? [] }
        let review = Review.checked(catalog, assets: served.review.assets, loadFindings: loadFindings, iconFindings: icons,
                                    artFacts: served.review.artFacts, checks: checks).reported
        var result = Result(served: served, written: [:], rendered: 0)
        result.served.review = review

        let renderer = PageRenderer(review: review, icons: served.icons, archives: served.archives,
                                    artText: review.artFacts.compactMapValues(\.text), templates: served.templates)
        var pages: [(source: PageSource, path: String)] = []
        for language in catalog.site.pageLanguages {
            let paths = renderer.language(language)
            pages.append((renderer.home(in: language), paths.path(SitePaths.home)))
            for packIndex in Set(edited.map(\.pack)).sorted() {
                let pack = catalog.packs[packIndex]
                pages.append((renderer.pack(pack, in: language), paths.path(SitePaths.packPage(pack))))
                // A sticker's page links to its neighbours by title.
                let shown = Set(edited.filter { $0.pack == packIndex }.flatMap { [$0.sticker - 1, $0.sticker, $0.sticker + 1] })
                for index in shown.sorted() where pack.stickers.indices.contains(index) {
                    pages.append((renderer.sticker(at: index, in: pack, language: language),
                                  paths.path(SitePaths.stickerPage(pack, pack.stickers[index]))))
                }
            }
        }
        for page in pages {
            let key = page.source.key
            if result.served.pageKeys[page.path] == key { continue }
            let data = Data(try page.source.render(with: served.templates).utf8)
            result.served.pageKeys[page.path] = key
            result.rendered += 1
            let target = site.appendingPathComponent(page.path).path
            if FileManager.default.contents(atPath: target) == data { continue }
            try SafeFile.write(data, toPath: target)
            result.written[page.path] = Hex.string(SHA256.hash(data: data))
        }
        return result
    }
}
