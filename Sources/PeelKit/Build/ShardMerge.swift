import Foundation

/// Sharded builds: `peel build --packs …` (or `--shard I/N`) builds some packs into a folder of
/// their own, with a shard manifest; `peel merge` assembles the site from every shard without
/// reading an image. A CI matrix runs the shards; nothing here coordinates machines.
///
/// The merged site is byte for byte the site one `peel build` makes: the merge reads the catalog's
/// text, takes each sticker's image facts and each pack's icon findings, icons and zip size from
/// the shards, runs the cross-pack rules (duplicate images, spelling) over the whole catalog, and
/// renders every page. A page whose template and model are the ones a shard rendered it from is
/// linked from the shard; one that changed (a finding only the whole catalog shows, the list of
/// packs) is rendered again. Thumbnails, originals, icons and zips are linked from the shards.
extension SiteBuilder {
    /// What a shard hands the merge, made once its pages are written.
    func shardManifest(_ review: Review, icons: [String: [PackIcon]], archives: PackDownloads, content: URL, hashes: ContentHashes,
                       site: SiteWriter, templates: TemplateSet) throws -> ShardManifest {
        let analyzer = ImageAnalyzer(maxPixels: options.maxPixels)
        var iconFindings: [String: [Finding]] = [:]
        for pack in review.catalog.packs {
            iconFindings[pack.slug] = CatalogChecks.icon(of: pack, content: content, analyzer: analyzer)
        }
        var files: [String: ShardManifest.File] = [:]
        for (path, output) in site.outputs where path != SitePaths.manifest {
            // Every file's hash, so the merge takes only these bytes: the one recorded when this
            // build wrote the file, else (linked from the cache) read. Both are the bytes' own, so a
            // warm and a cold cache give the same manifest.
            let sha256 = output.sha256 ?? site.sha256(ofWritten: path)
            files[path] = ShardManifest.File(size: output.size, sha256: sha256, source: output.source)
        }
        return ShardManifest(fingerprint: siteFingerprint(templates.theme), builtWith: siteBuiltWith(templates.theme), packs: review.catalog.packs.map(\.slug),
                             assets: review.assets, iconFindings: iconFindings, icons: icons, archives: archives,
                             artFacts: review.artFacts, runFindings: review.findings.filter { $0.code == .artTextUnavailable },
                             files: files, inputs: try ShardInputs.hashes(content: content, packs: review.catalog.packs, from: hashes))
    }

    /// Assembles the site in `options.output` from the shards built into `shards`. Every pack of
    /// the catalog must be in exactly one shard, and every shard built with this merge's options.
    public func merge(shards: [URL]) async throws -> BuildReport {
        let start = Date()
        var clock = PhaseClock()
        // The site replaces the output folder whole: a shard as the output (or inside it) was
        // replaced by the merged site, and the next merge found no shard there.
        try OutputLocation(protecting: shards.map { ($0, "the shard '\($0.lastPathComponent)', which the merge reads") },
                           suggestion: "-o \(DisplayPath.beside(shards[0], "_site"))").check(folder: options.output, replacedWhole: true)
        let (publisher, theme) = try prepareOutput()
        let templates = try TemplateSet(theme)
        let fingerprint = siteFingerprint(theme)

        var assets: [String: StickerAssets] = [:], iconFindings: [String: [Finding]] = [:], icons: [String: [PackIcon]] = [:]
        var archives = PackDownloads(), artFacts: [String: ArtFacts] = [:], runFindings = Set<Finding>()
        var outputs = OutputLedger(), roots: [String: String] = [:], owner: [String: URL] = [:]
        var builtFrom: [(shard: URL, packs: Set<String>, inputs: [String: String])] = []
        for shard in shards {
            let manifest = try ShardManifest.read(shard: shard)
            builtFrom.append((shard, Set(manifest.packs), manifest.inputs))
            let path = shard.appendingPathComponent(ShardManifest.fileName).path
            guard manifest.fingerprint == fingerprint else {
                let why = manifest.builtWith.flatMap { $0.difference(from: siteBuiltWith(theme)) }
                    ?? "it was built by another Peel version, theme or options than the merge's"
                throw PeelError.shards(path: path, reason: "this shard does not fit the merge: \(why); build every shard and the merge with the same ones")
            }
            if let earlier = builtFrom.dropLast().first(where: { $0.0.standardizedFileURL.path == shard.standardizedFileURL.path }) {
                throw PeelError.shards(path: earlier.0.path, reason: "this shard is given twice; give each shard's folder once")
            }
            for slug in manifest.packs {
                if let other = owner[slug] {
                    throw PeelError.shards(path: path, reason: "pack '\(slug)' is in this shard and in \(other.path); give each pack to one shard")
                }
                owner[slug] = shard
            }
            assets.merge(manifest.assets) { first, _ in first }
            iconFindings.merge(manifest.iconFindings) { first, _ in first }
            icons.merge(manifest.icons) { first, _ in first }
            archives.merge(manifest.archives)
            artFacts.merge(manifest.artFacts) { first, _ in first }
            runFindings.formUnion(manifest.runFindings)
            let root = shard.standardizedFileURL.path
            for (file, record) in manifest.files where roots[file] == nil || Self.isPackFile(file, packs: manifest.packs) {
                outputs[file] = BuildState.Output(size: record.size, sha256: record.sha256, source: record.source)
                roots[file] = root
            }
        }
        clock.lap("read the shard manifests")

        let review = try Review.assemble(content: options.content, assets: assets, iconFindings: iconFindings, artFacts: artFacts,
                                         artRequired: options.artChecks, runFindings: runFindings.sorted()).reported
        let missing = review.catalog.packs.filter { owner[$0.slug] == nil }
        if let first = missing.first {
            let named = missing.count == 1 ? "pack '\(first.slug)'" : "\(missing.count) packs: " + missing.prefix(10).map { "'\($0.slug)'" }.joined(separator: ", ")
                + (missing.count > 10 ? ", …" : "")
            throw PeelError.shards(path: missing.count == 1 ? options.content.appendingPathComponent(first.folder).path : options.content.path,
                                   reason: "no shard built \(named); give every pack to a shard (peel build --packs or --shard)")
        }
        if let stray = owner.keys.sorted().first(where: { slug in !review.catalog.packs.contains { $0.slug == slug } }) {
            throw PeelError.shards(path: owner[stray]!.appendingPathComponent(ShardManifest.fileName).path,
                                   reason: "this shard built pack '\(stray)', which the catalog no longer has; build the shards again")
        }
        // Images, thumbnails and zips come from the shards: each must have been built from the content as it is now.
        let hashes = ContentHashes(root: options.content, previous: PathMap())
        for (shard, packs, inputs) in builtFrom {
            let built = review.catalog.packs.filter { packs.contains($0.slug) }
            if let difference = ShardInputs.firstDifference(built: inputs, now: try ShardInputs.hashes(content: options.content, packs: built, from: hashes)) {
                throw PeelError.shards(path: shard.appendingPathComponent(ShardManifest.fileName).path,
                                       reason: "this shard is older than the content (\(difference) since it was built); build it again")
            }
        }
        clock.lap("catalog and checks")

        let staging = try publisher.makeStaging()
        // A shard's page whose bytes are not its manifest's is rendered again; any other file is refused.
        let site = SiteWriter(staging: staging, previousSite: nil, previousOutputs: outputs, previousRoots: roots, verifiesRecorded: true)
        var unlisted: [String] = []
        do {
            try await writePagesWithoutArchives(review, icons: icons, templates: templates, site: site)
            try await writePagesWithArchives(review, icons: icons, archives: archives, templates: templates, site: site)
            // Everything else the shards made (originals, thumbnails, posters, icon sets, zips) as it is.
            for path in outputs.sortedPaths() where site.outputs[path] == nil && Self.isPackFile(path, packs: owner.keys) {
                _ = try site.carry(path)
            }
            try writeManifest(site)
            clock.lap("pages")
            unlisted = UnlistedFiles.find(in: options.output)
            try UnlistedFiles.carry(unlisted, from: options.output, into: staging)
            try Task.checkCancellation()
            try publisher.publish(staging)
            clock.lap("publish")
        } catch {
            publisher.discard(staging)
            throw error
        }
        var report = BuildReport(packCount: review.catalog.packs.count, stickerCount: review.catalog.stickerCount,
                                 findings: review.reportedFindings, seconds: Date().timeIntervalSince(start), output: options.output)
        report.filesWritten = site.writtenCount
        report.filesReused = site.reusedCount
        report.keptFiles = unlisted
        report.phases = clock.phases
        report.merged = true
        return report
    }

    /// True for a file inside one of `packs`' folders of the site: what a shard owns. The shard's
    /// home page, review, catalog.json and theme assets cover its packs only and are made again.
    static func isPackFile<Slugs: Sequence>(_ path: String, packs: Slugs) -> Bool where Slugs.Element == String {
        guard let slash = path.firstIndex(of: "/") else { return false }
        let folder = path[..<slash]
        return packs.contains { $0 == folder }
    }
}

extension Review {
    /// The review `peel merge` publishes: the whole catalog's text read again, every image fact
    /// from the shards, and every rule run as `make` runs them, so the findings are a single build's.
    static func assemble(content: URL, assets: [String: StickerAssets], iconFindings: [String: [Finding]],
                         artFacts: [String: ArtFacts], artRequired: Bool, runFindings: [Finding]) throws -> Review {
        let (catalog, loaded) = try CatalogLoader(contentFolder: content).load()
        let stickers = Set(catalog.packs.flatMap { $0.stickers.map(\.source) })
        let known = assets.filter { stickers.contains($0.key) }
        var findings = loaded + runFindings + known.values.flatMap(\.findings)
        SpellingCheck.preload(catalog)
        findings += Checker.findings(for: catalog, assets: known) { iconFindings[$0.slug] ?? [] }
        if artRequired || catalog.site.artChecks {
            findings += Checker.artFindings(for: catalog, assets: known, facts: artFacts)
        }
        findings = Checker.applyIgnores(findings, catalog: catalog).sorted()
        return Review(catalog: catalog.readableCovers(known), assets: known, findings: findings, artFacts: artFacts.filter { stickers.contains($0.key) })
    }
}
