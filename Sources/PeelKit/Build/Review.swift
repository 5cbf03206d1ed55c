import Foundation

/// A catalog read, its images analysed once and every rule run over it: what `peel check`
/// reports and what `peel build` publishes.
public struct Review: Sendable {
    public let catalog: Catalog
    public let assets: [String: StickerAssets]
    /// Every finding, sorted, silenced ones included (marked `suppressed`).
    public let findings: [Finding]
    /// The findings about each sticker (its image, its sidecar), by image path, in report order.
    public let findingsBySticker: [String: [Finding]]
    /// The findings no sticker page shows: about a pack, the site, or a file that is not a
    /// sticker of the catalog (a `.bmp`, a sidecar without an image). The review page lists them,
    /// so every finding the terminal reports is somewhere on the site.
    public let catalogFindings: [Finding]
    /// `catalogFindings` by the folder they are in (a pack's, for those about a pack: its
    /// pack.md, a file in it), so a pack's own are found without going through all of them.
    let catalogFindingsByFolder: [String: [Finding]]
    /// What the art checks learnt about each sticker's art, by image path; empty when they did not run.
    public let artFacts: [String: ArtFacts]
    /// The parts of `findings` that come from reading the content (front matter, files) and from
    /// each pack's icon art, by pack folder: what `peel serve` keeps when it checks an edited
    /// sidecar again without reading anything else (`SidecarRefresh`).
    let loadFindings: [Finding]
    let iconFindings: [String: [Finding]]
    /// What the rules found, by pack (`Checker.Parts`).
    let checks: Checker.Parts
    /// The messengers whose rules `findings` holds already (`checked(for:)`), so they are never added twice.
    let checkedPlatforms: Set<MessengerPlatform>

    public init(catalog: Catalog, assets: [String: StickerAssets], findings: [Finding], artFacts: [String: ArtFacts] = [:]) {
        self.init(catalog: catalog, assets: assets, findings: findings, artFacts: artFacts, loadFindings: [], iconFindings: [:],
                  checks: Checker.Parts())
    }

    init(catalog: Catalog, assets: [String: StickerAssets], findings: [Finding], artFacts: [String: ArtFacts],
         loadFindings: [Finding], iconFindings: [String: [Finding]], checks: Checker.Parts, checkedPlatforms: Set<MessengerPlatform> = []) {
        self.catalog = catalog
        self.checkedPlatforms = checkedPlatforms
        self.assets = assets
        self.findings = findings
        self.artFacts = artFacts
        self.loadFindings = loadFindings
        self.iconFindings = iconFindings
        self.checks = checks
        findingsBySticker = Dictionary(grouping: findings.filter { $0.sticker != nil }, by: { $0.sticker ?? "" })
        let stickers = Set(catalog.packs.flatMap { $0.stickers.map(\.source) })
        catalogFindings = findings.filter { finding in finding.sticker.map { !stickers.contains($0) } ?? true }
        catalogFindingsByFolder = Dictionary(grouping: catalogFindings) { String($0.file.split(separator: "/").first ?? "") }
    }

    /// The languages the art's text is read in: the site's, and each pack's own, a `language:`
    /// the site does not ship too (a French pack on an English site is drawn in French; it was
    /// read in English, and its French words dropped).
    static func artLanguages(_ catalog: Catalog) -> [String] {
        var languages = [catalog.site.language]
        for pack in catalog.packs {
            let language = catalog.site.writtenLanguage(of: pack)
            if !languages.contains(where: { $0.lowercased() == language.lowercased() }) { languages.append(language) }
        }
        return languages
    }

    /// Reads `content`, analyses every image and checks everything; writes nothing but, with
    /// `art`, the art checks' cache, and parts packs' composed art (into `partsFolder`, else
    /// `.peel-cache/parts/` beside the content).
    public static func make(content: URL, maxPixels: Int = ImageAnalyzer.defaultMaxPixels, art: ArtChecks? = nil, partsFolder: URL? = nil,
                            progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> Review {
        try await make(content: content, maxPixels: maxPixels, site: nil, cache: nil, hashes: nil, art: art, artRequired: true,
                       partsFolder: partsFolder, progress: progress)
    }

    /// With `site`, the image step also puts originals and thumbnails there (a build), reusing
    /// what `cache` holds. The art checks run after the image step with `art` when `artRequired`
    /// or when site.md asks for them (`art_checks: true`); otherwise no art is inspected and no
    /// art-check cache is touched.
    /// With `packs`, a shard of a sharded build: only those packs are reviewed.
    static func make(content: URL, maxPixels: Int, site: SiteWriter?, cache: BuildCache?, hashes: ContentHashes?,
                     art: ArtChecks?, artRequired: Bool, packs: PackSelection? = nil, partsFolder: URL? = nil,
                     progress: (@Sendable (Int, Int) -> Void)?) async throws -> Review {
        let (wholeCatalog, loaded) = try CatalogLoader(contentFolder: content, partsFolder: partsFolder).load()
        let catalog = try packs?.apply(to: wholeCatalog) ?? wholeCatalog
        // A shard reports what reading its own packs found (and what is of no pack, such as
        // site.md's), not the other shards' packs' problems.
        var loadFindings = packs == nil ? loaded : Self.findings(loaded, of: catalog, within: wholeCatalog)
        // Spelling and translations need no image: they are checked (the dictionaries loaded,
        // Hunspell's suggestions made) while the images are analysed, not after.
        let textChecks = Task.detached(priority: .utility) { Checker.textFindings(for: catalog) }
        let root = ContentPath(root: content).root
        let analyzer = ImageAnalyzer(maxPixels: maxPixels)
        var artStep: ArtCheckStep?
        if let art, artRequired || catalog.site.artChecks {
            var artCache: ArtCache?
            if let folder = art.cacheFolder {
                artCache = ArtCache(folder: folder)
                try artCache!.open(content: content)
                artCache!.loadIndex()
            }
            var inspectors = art.inspectors
            if inspectors == nil {
                let standard = ArtChecks.standardInspectors(languages: Self.artLanguages(wholeCatalog))
                inspectors = standard.inspectors
                for reason in standard.textUnavailable {
                    loadFindings.append(Finding(.warning, .artTextUnavailable, file: "site.md", message: reason.description, language: reason.language))
                }
            }
            artStep = ArtCheckStep(content: root, analyzer: analyzer, checks: art, inspectors: inspectors, cache: artCache)
        }
        let step = ImageStep(content: root, analyzer: analyzer, site: site, cache: cache, hashes: hashes, art: artStep)
        let assets = try await step.run(catalog, progress: progress)
        let text = await textChecks.value
        var iconFindings: [String: [Finding]] = [:]
        for pack in catalog.packs { iconFindings[pack.folder] = CatalogChecks.icon(of: pack, content: root, analyzer: analyzer) }
        var artFacts: [String: ArtFacts] = [:]
        if let artStep {
            artFacts = try await artStep.run(catalog, assets: assets, progress: progress)
        }
        let checks = Checker.parts(for: catalog, assets: assets, text: text) { iconFindings[$0.folder] ?? [] }
        return checked(catalog, assets: assets, loadFindings: loadFindings, iconFindings: iconFindings, artFacts: artFacts, checks: checks)
    }

    /// The findings in `findings` that belong to a pack of `shard`, or to no pack of `whole`.
    static func findings(_ findings: [Finding], of shard: Catalog, within whole: Catalog) -> [Finding] {
        let selected = Set(shard.packs.map(\.folder))
        let folders = Set(whole.packs.map(\.folder))
        return findings.filter { finding in
            // The pack holding the file: the longest of its folder prefixes that is a pack's folder.
            var folder = Substring(finding.file)
            while true {
                if folders.contains(String(folder)) { return selected.contains(String(folder)) }
                guard let slash = folder.lastIndex(of: "/") else { return true }
                folder = folder[..<slash]
            }
        }
    }

    /// Runs every rule over a catalog whose images were analysed (and whose art was inspected,
    /// `artFacts`), with what reading it and its icons found. `checks` gives what the rules found
    /// when it is known already (`peel serve` checks only the packs an edit touched).
    static func checked(_ catalog: Catalog, assets: [String: StickerAssets], loadFindings: [Finding], iconFindings: [String: [Finding]],
                        artFacts: [String: ArtFacts], checks known: Checker.Parts? = nil) -> Review {
        let checks = known ?? Checker.parts(for: catalog, assets: assets) { iconFindings[$0.folder] ?? [] }
        var findings = loadFindings + assets.values.flatMap(\.findings)
        findings += checks.all
        if !artFacts.isEmpty {
            findings += Checker.artFindings(for: catalog, assets: assets, facts: artFacts)
        }
        findings = Checker.applyIgnores(findings, catalog: catalog).sorted()
        return Review(catalog: catalog.readableCovers(assets), assets: assets, findings: findings, artFacts: artFacts, loadFindings: loadFindings,
                      iconFindings: iconFindings, checks: checks)
    }

    /// How much of a sticker's shape stays visible on each transcript background, as its
    /// `vanishes-on-…` findings measured it.
    func artVisibility(of source: String) -> ShapeVisibility? {
        artFacts[source]?.visibility
    }

    /// The findings about one sticker (its image, its sidecar), in report order.
    public func findings(for sticker: Sticker) -> [Finding] {
        findingsBySticker[sticker.source] ?? []
    }

    /// Every finding about `pack`: its stickers' and those about its folder's files (pack.md, a
    /// file that is no sticker), without going through the whole catalog's.
    func findings(in pack: Pack) -> [Finding] {
        pack.stickers.flatMap { findingsBySticker[$0.source] ?? [] } + (catalogFindingsByFolder[pack.folder] ?? [])
    }

    public var summary: ReviewSummary {
        ReviewSummary(findings: findings, packs: catalog.packs.count, stickers: catalog.stickerCount)
    }
}

/// Counts for summary lines and machine output.
public struct ReviewSummary: Sendable, Codable, Equatable {
    public var packs: Int
    public var stickers: Int
    public var errors: Int
    public var warnings: Int
    public var suppressed: Int
    public var stickersWithErrors: Int

    enum CodingKeys: String, CodingKey {
        case packs, stickers, errors, warnings, suppressed, stickersWithErrors = "stickers_with_errors"
    }

    /// "4 packs, 24 stickers: 2 errors, 1 warning, 1 silenced"
    public var line: String {
        "\(plural(packs, "pack")), \(plural(stickers, "sticker")): \(findingsLine)"
    }

    /// "2 errors, 1 warning, 1 silenced": the counts every report (terminal, review page,
    /// catalog.json) shows for the same findings.
    public var findingsLine: String {
        var text = "\(plural(errors, "error")), \(plural(warnings, "warning"))"
        if suppressed > 0 { text += ", \(suppressed) silenced" }
        return text
    }

    public init(findings: [Finding], packs: Int, stickers: Int) {
        self.packs = packs
        self.stickers = stickers
        errors = findings.errorCount
        warnings = findings.warningCount
        suppressed = findings.suppressedCount
        stickersWithErrors = Set(findings.filter { $0.severity == .error && !$0.suppressed }.compactMap(\.sticker)).count
    }
}
