import Foundation

/// Builds the gallery: content folder → catalog → images → pages → published site.
/// Content problems become findings and the site is still written (so they can be seen);
/// anything that stops the build leaves the previous site untouched.
///
/// Builds are incremental: a build cache beside the output remembers every input's hash and what
/// was made from it. When nothing changed the build stops after one `stat` per file; otherwise
/// only images that changed are decoded, only pack zips whose files changed are made again, and
/// only files whose bytes changed are written (the rest are hard links to the previous site's).
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    /// Pages `peel serve`'s quick answer to an edit put in the site since the last build, by site
    /// path, with the SHA-256 of their bytes (`SidecarRefresh`): the build state does not know
    /// them, so they are never reused from the previous site, and a page written with the same
    /// bytes is not counted as changed.
    var servedPages: [String: String] = [:]
    /// Held while the site is published (`peel serve`, which puts pages in it between builds).
    var publishGate: PublishGate?

    public init(options: BuildOptions) {
        self.options = options
    }

    /// What a build and a merge do first: a run killed while publishing may have left the previous
    /// site aside, so it is put back; then the theme is read and the content and output folders checked.
    /// The publisher of the output folder and the theme's files (read, not parsed: an up-to-date
    /// build never renders, and parsing the templates was half of its time).
    func prepareOutput() throws -> (SitePublisher, ThemeFiles) {
        let publisher = SitePublisher(output: options.output)
        publisher.recoverInterruptedPublish()
        // The theme is read whole into assets/: an output that is, holds or lies in it copied the
        // previous site into the next one's assets/ (and replacing it whole would delete the theme).
        if let templates = options.templates {
            try OutputLocation(protecting: [(templates, "the templates folder, which the build reads")],
                               suggestion: "-o \(DisplayPath.beside(options.content, "_site"))").check(folder: options.output, replacedWhole: true)
        }
        let theme = try ThemeFiles(overrideDirectory: options.templates)
        guard FileManager.default.fileExists(atPath: options.content.path) else {
            throw PeelError.contentFolderMissing(path: options.content.path)
        }
        try publisher.validate(content: options.content)
        // A shard's output is only `peel merge`'s input: built into the folder of a whole site
        // (`peel build --packs faces -o _site` to "rebuild one pack"), it replaced every other
        // pack of the site a deploy publishes next, exit status 0.
        if let packs = options.packs, Self.holdsWholeSite(options.output) {
            throw PeelError.unsafeOutput(path: options.output.path,
                                         reason: "it holds a whole site, and a build with \(packs.option) writes one shard for peel merge, which would replace that site with its packs alone; give the shard a folder of its own (-o \(options.output.lastPathComponent)-shard), or build the whole site without --packs or --shard")
        }
        return (publisher, theme)
    }

    /// Whether `folder` holds a site a whole build wrote: Peel's manifest and no shard manifest.
    static func holdsWholeSite(_ folder: URL) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: folder.appendingPathComponent(SitePaths.manifest).path)
            && !manager.fileExists(atPath: folder.appendingPathComponent(ShardManifest.fileName).path)
    }

    public func build(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> BuildReport {
        try await build(keepingServed: false, progress: progress).report
    }

    /// A build, and what `peel serve` keeps of it to answer the next label edit at once (nil when
    /// the site was up to date and nothing was read).
    func buildKeepingReview(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> (report: BuildReport, served: ServedSite?) {
        try await build(keepingServed: true, progress: progress)
    }

    private func build(keepingServed: Bool, progress: (@Sendable (Int, Int) -> Void)?) async throws -> (report: BuildReport, served: ServedSite?) {
        let start = Date()
        var clock = PhaseClock()
        let (publisher, theme) = try prepareOutput()
        let content = ContentRoot.resolve(options.content)

        var cache: BuildCache?
        if options.useCache {
            cache = BuildCache(folder: options.cache ?? BuildCache.folder(forOutput: options.output))
            try cache!.open(content: options.content, output: options.output)
            cache!.stampsUse = options.packs != nil
        }
        // The build state and the quick check describe one output folder: a cache shared by builds
        // into another (`--cache-dir`, PEEL_CACHE_DIR) must not vouch for it ("Up to date" wrote
        // nothing into a new folder, and kept an older site of the same content stale). The
        // derived files stay shared: they are named by what they are made from.
        let outputPath = options.output.standardizedFileURL.path
        // Dictionaries and text-reading data installed since change findings: not up to date then.
        // Not in `siteFingerprint`: shards built on machines with other folders still merge.
        let fingerprint = Hex.string(SHA256.hash(data: Data("\(fingerprint(theme))|review data \(ReviewDataStamp.current)".utf8)))
        // The quick check's records name the inputs of the content folder it was written for; another
        // folder (same site, same cache) must not pass it.
        let quickKey = Hex.string(SHA256.hash(data: Data("\(fingerprint)|\(RealPath.of(content))|site \(outputPath)".utf8)))
        // Pages `peel serve` put in the site since are not what the last build made: never up to date then.
        if servedPages.isEmpty, let cache, QuickCheck.holds(at: cache.quickCheckFile.path, fingerprint: quickKey), let saved = cache.loadReport() {
            var report = BuildReport(packCount: saved.packCount, stickerCount: saved.stickerCount, findings: saved.findings,
                                     seconds: Date().timeIntervalSince(start), output: options.output)
            report.upToDate = true
            clock.lap("check stamps")
            report.phases = clock.phases
            return (report, nil)
        }
        // Only the state of this output folder describes the files in it (see `outputPath`).
        let loaded = cache?.loadState().flatMap { $0.site == outputPath ? $0 : nil }
        let previous = loaded.flatMap { $0.fingerprint == fingerprint ? $0 : nil }
        // A build with the art checks and one without render pages alike (the art's findings are
        // in each page's model, so in its key): `peel serve` runs one after the other, and each
        // reuses the other's pages instead of rendering every page again.
        let pagesFingerprint = self.fingerprint(theme, excluding: ["artChecks"])
        let reusable = previous ?? loaded.flatMap { $0.pagesFingerprint == pagesFingerprint ? $0 : nil }
        let snapshot = InputSnapshot.take(content)
        let hashes = ContentHashes(root: content, previous: reusable?.inputs ?? [:], paths: snapshot.files)
        clock.lap("read the build state")

        // A site changed by something else since the last build stamped it (a `git reset --hard`
        // in its worktree, a backup restored) holds files the build state does not describe: each is
        // checked before it is reused. `peel serve`'s own pages are known (`servedPages`).
        let siteTouched = servedPages.isEmpty && cache.map { !QuickCheck.holds(at: $0.quickCheckFile.path, fingerprint: quickKey, siteOnly: true) } ?? true
        if servedPages.isEmpty, let previous, let cache, unchanged(snapshot, since: previous, hashes: hashes),
           outputIntact(previous, verifyingContents: siteTouched) {
            let refreshed = BuildState(fingerprint: fingerprint, pagesFingerprint: pagesFingerprint, inputs: hashes.entries(),
                                       outputs: previous.outputs, report: previous.report, site: outputPath, folders: snapshot.foldersDigest)
            if refreshed.inputs != previous.inputs { try? cache.save(refreshed) }
            writeQuickCheck(snapshot, content: content, outputs: previous.outputs, fingerprint: quickKey, cache: cache)
            var report = BuildReport(packCount: previous.report.packCount, stickerCount: previous.report.stickerCount,
                                     findings: previous.report.findings, seconds: Date().timeIntervalSince(start), output: options.output)
            report.upToDate = true
            clock.lap("compare inputs and outputs")
            report.phases = clock.phases
            return (report, nil)
        }

        // Not up to date: the theme is parsed (a build state vouches only for a theme that parsed).
        let templates = try TemplateSet(theme)

        // Small inputs are hashed before they are read for the build, so a file edited during the
        // build is seen as changed next time; images are hashed from the very bytes the image step reads.
        for path in snapshot.files.keys where StickerFileKind(fileName: path) != .sticker {
            _ = try? hashes.hash(of: path)
        }
        clock.lap("compare inputs")

        // A folder with no pack in it (a submodule not checked out, a wrong path that exists)
        // would publish an empty gallery over the site in place, with exit status 0.
        guard snapshot.files.keys.contains(where: { $0.contains("/") }) else { throw PeelError.noPacks(path: options.content.path) }
        if let broken = CatalogLoader.siteFileError(in: options.content) {
            let place = options.content.appendingPathComponent("site.md").path + (broken.line.map { ":\($0)" } ?? "")
            // The error says "cannot read file:" itself; a message that begins so would say it twice.
            let message = broken.message.hasPrefix("cannot read file: ") ? String(broken.message.dropFirst("cannot read file: ".count)) : broken.message
            let kept = FileManager.default.fileExists(atPath: options.output.path) ? "the site was not written, so the one in place stays" : "no site was written"
            throw PeelError.unreadable(path: place, reason: "\(message); \(kept) (read without its front matter, the site would lose its languages, title and settings)")
        }
        // Nothing vouches for the site from here until it is published and stamped again.
        if let cache { QuickCheck.remove(at: cache.quickCheckFile.path) }
        let staging: URL
        do {
            staging = try publisher.makeStaging()
        } catch let error as PeelError {
            throw siteError(error, staging: nil)
        }
        // The previous site's files are linked wherever the new bytes are the same, whatever
        // changed (a template edit that changes one page must not rewrite every page as a new file,
        // or deploy tools upload them all); a page is reused by its key (template name and model,
        // without rendering) only under the same templates and options (`reusable`).
        let previousSite = loaded.flatMap { _ in FileManager.default.fileExists(atPath: options.output.appendingPathComponent(SitePaths.manifest).path) ? options.output.standardizedFileURL : nil }
        let site = SiteWriter(staging: staging, previousSite: previousSite,
                              previousOutputs: previousSite == nil ? OutputLedger() : loaded?.outputs ?? OutputLedger(), distrusted: Set(servedPages.keys),
                              reusesPages: reusable != nil, verifiesPrevious: previousSite != nil && siteTouched)
        let made: MadeSite
        var unlisted: [String] = []
        do {
            made = try await makeSite(content: content, templates: templates, site: site, cache: cache, hashes: hashes,
                                      keepingServed: keepingServed, progress: progress, clock: &clock)
            // Once the pages are written and their memory freed: the previous site's manifest
            // lists 120,000 paths at 20,000 stickers.
            unlisted = UnlistedFiles.find(in: options.output)
            try UnlistedFiles.carry(unlisted, from: options.output, into: staging)
            try Task.checkCancellation()
            // From here until the new state is saved, no state may vouch for the site (`forgetState`).
            cache?.forgetState()
            if let publishGate {
                try publishGate.pass {
                    try Task.checkCancellation()
                    try publisher.publish(staging)
                }
            } else {
                try publisher.publish(staging)
            }
            clock.lap("publish")
        } catch let error as PeelError {
            publisher.discard(staging)
            throw siteError(error, staging: staging)
        } catch {
            publisher.discard(staging)
            throw error
        }

        if let cache {
            // The pages' and zips' freed buffers go back before the state is gathered and written.
            FreedMemory.release()
            for path in snapshot.files.keys { _ = try? hashes.hashLearnt(of: path) }
            let state = BuildState(fingerprint: fingerprint, pagesFingerprint: pagesFingerprint, inputs: hashes.entriesToSave(), outputs: site.outputs,
                                   report: .init(packCount: made.packCount, stickerCount: made.stickerCount, findings: made.findings), site: outputPath,
                                   folders: snapshot.foldersDigest)
            // The site is published; a cache that cannot be saved only makes the next build slower.
            try? cache.save(state)
            writeQuickCheck(snapshot, content: content, outputs: site.outputs, fingerprint: quickKey, cache: cache)
            // A shard's cache may be shared with the other shards' builds, whose entries it does not
            // use: it removes only what no build has used for two weeks.
            if options.packs == nil { cache.prune() } else { cache.prune(unusedFor: BuildCache.sharedEntryLifetime) }
            clock.lap("save the build state")
        }
        var report = BuildReport(packCount: made.packCount, stickerCount: made.stickerCount, findings: made.findings,
                                 seconds: Date().timeIntervalSince(start), output: options.output)
        report.filesWritten = site.writtenCount
        report.filesReused = site.reusedCount
        report.keptFiles = unlisted
        report.phases = clock.phases
        if previousSite != nil { report.changedOutputs = site.changedPaths(since: servedPages) }
        return (report, made.served)
    }

    /// What a build keeps of the site it made once it is written: its counts and findings, and
    /// what `peel serve` keeps (when asked).
    private struct MadeSite {
        var packCount: Int
        var stickerCount: Int
        var findings: [Finding]
        var served: ServedSite?
    }

    /// Reviews the catalog (its images analysed, thumbnails made, every rule run) and writes the
    /// site into `site`'s staging folder. The review (the catalog, its translations, the image
    /// records) is let go when this returns: a build's memory peaks at the end of its page step,
    /// and `peel build` keeps none of it for the build state it saves next.
    private func makeSite(content: URL, templates: TemplateSet, site: SiteWriter, cache: BuildCache?, hashes: ContentHashes,
                          keepingServed: Bool, progress: (@Sendable (Int, Int) -> Void)?, clock: inout PhaseClock) async throws -> MadeSite {
        var art = ArtChecks(cacheFolder: options.useCache ? options.artCache ?? cache.map { ArtCache.folder(inBuildCache: $0.folder) } : nil)
        // The build cache's own art folder serves this catalog alone, so what it no longer uses can go.
        art.prunesCache = options.artCache == nil
        // What the build reports is what it publishes: the messengers' findings too (`Review.reported`).
        let review = try await Review.make(content: options.content, maxPixels: options.maxPixels, site: site, cache: cache,
                                           hashes: hashes, art: art, artRequired: options.artChecks, packs: options.packs,
                                           partsFolder: options.useCache ? options.cache.map { $0.appendingPathComponent(CatalogLoader.partsFolderName) } : nil,
                                           progress: progress).reported
        clock.lap("catalog, images and checks")
        FreedMemory.release()
        try Task.checkCancellation()
        let icons = try PackIconStep.run(review.catalog, content: content, site: site, cache: cache, hashes: hashes,
                                         maxPixels: options.maxPixels)
        clock.lap("icon sets")
        let archives = try await writePagesAndArchives(review, icons: icons, templates: templates, content: content, site: site,
                                                       cache: cache, hashes: hashes)
        if options.packs != nil {
            try site.write(try shardManifest(review, icons: icons, archives: archives, content: content, hashes: hashes, site: site, templates: templates)
                .encoded(), to: ShardManifest.fileName)
        }
        try writeManifest(site)
        clock.lap("pack zips and pages")
        let served = keepingServed ? ServedSite(review: review, icons: icons, archives: archives, templates: templates,
                                                pageKeys: site.outputs.pageKeys()) : nil
        return MadeSite(packCount: review.catalog.packs.count, stickerCount: review.catalog.stickerCount, findings: review.reportedFindings,
                        served: served)
    }

    /// A failure while writing the site, as the user sees it: the path in the output folder, not
    /// in the staging folder, and said as a site that was not written.
    private func siteError(_ error: PeelError, staging: URL?) -> PeelError {
        let outputError = staging.map { error.relocated(from: $0.standardizedFileURL.path, to: options.output.standardizedFileURL.path) } ?? error
        if case .cannotWrite(let path, let reason) = outputError { return .writeFailed(path: path, reason: reason) }
        return outputError
    }

    /// Peel's version, the theme's files and every option that shapes the output.
    private func fingerprint(_ theme: ThemeFiles, excluding options: Set<String> = []) -> String {
        let shaping = self.options.siteShapingOptions(excluding: options)
        // The derivation versions change when a new Peel makes different thumbnails or icon sets
        // from the same art, so its first build is not "up to date" with the old files.
        let derivations = "image step \(ImageStep.derivationVersion)|icon set \(PackIconStep.derivationVersion)|rules \(Checker.rulesVersion)"
        return Hex.string(SHA256.hash(data: Data("peel \(PeelVersion.current)|\(derivations)|\(shaping)|theme \(theme.fingerprint)".utf8)))
    }

    /// The fingerprint every shard of one site shares with its merge: the options but the pack selection.
    func siteFingerprint(_ theme: ThemeFiles) -> String {
        var whole = self
        whole.options.packs = nil
        return whole.fingerprint(theme)
    }

    /// What `siteFingerprint` is made of, in words.
    func siteBuiltWith(_ theme: ThemeFiles) -> ShardManifest.BuiltWith {
        var whole = self.options
        whole.packs = nil
        let derivations = ["imageStep=\(ImageStep.derivationVersion)", "iconSet=\(PackIconStep.derivationVersion)", "rules=\(Checker.rulesVersion)"]
        return ShardManifest.BuiltWith(version: PeelVersion.current,
                                       options: derivations + whole.siteShapingOptions(excluding: []).split(separator: "|").map(String.init),
                                       theme: theme.fingerprint)
    }

    /// True when the content folder holds exactly the files of the last build, with the same bytes.
    private func unchanged(_ snapshot: InputSnapshot, since previous: BuildState, hashes: ContentHashes) -> Bool {
        (previous.folders == nil || previous.folders == snapshot.foldersDigest)
            && InputChanges.find(snapshot, since: previous.inputs, hashes: hashes, firstOnly: true).isEmpty
    }

    /// Stamps the inputs as they were when the build started (a file edited since no longer
    /// matches, so the next build compares it) and the folders of the published site.
    private func writeQuickCheck(_ snapshot: InputSnapshot, content: URL, outputs: OutputLedger, fingerprint: String, cache: BuildCache) {
        let contentRoot = RealPath.of(content) + "/"
        let siteRoot = options.output.standardizedFileURL.path
        // Without it the next build only compares everything, so a failure to write is no error.
        try? QuickCheck.write(fingerprint: fingerprint, to: cache.quickCheckFile.path) { emit in
            for (path, stamp) in snapshot.files { try emit(QuickCheck.Record(path: contentRoot + path, stamp: stamp)) }
            for (folder, stamp) in zip(snapshot.directories, snapshot.directoryStamps) {
                try emit(QuickCheck.Record(path: folder, stamp: stamp))
            }
            func emitSiteFolder(_ path: String) throws {
                guard let stamp = FileStamp.of(path: path) else { throw FolderVanished() }
                try emit(QuickCheck.Record(path: path, stamp: stamp, isInput: false))
            }
            try emitSiteFolder(siteRoot)
            try outputs.forEachFolder { folder in try emitSiteFolder(siteRoot + "/" + folder) }
        }
    }

    /// True when the published site still holds every file the last build wrote, at its size.
    /// Every file the last build wrote is there at its size; and, when something else changed the
    /// site since (`verifyingContents`), holds the bytes the build wrote: older pages of the same
    /// sizes put back by a `git reset --hard` or a backup were kept as "Up to date". A file whose
    /// hash the state does not hold (linked from the cache) cannot be vouched for then.
    private func outputIntact(_ previous: BuildState, verifyingContents: Bool) -> Bool {
        let root = options.output.standardizedFileURL.path + "/"
        for (path, output) in previous.outputs {
            guard let stamp = FileStamp.of(path: root + path), stamp.size == output.size else { return false }
        }
        guard verifyingContents else { return true }
        let outputs = Array(previous.outputs)
        let intact = ParallelWork.mapBlocking(outputs) { path, output in
            output.sha256.map { $0 == SiteWriter.sha256(of: root + path) } ?? false
        }
        return !intact.contains(false)
    }

    /// One zip per pack with stickers (the Xcode-ready pack and the originals), packs in
    /// parallel, then each messenger's of site.md's `platforms:`; returns their sizes and what converting
    /// left out (`PackDownloads`). A zip is made again only when
    /// a file it holds changed (or which stickers are rejected did).
    private func writeArchives(_ review: Review, content: URL, site: SiteWriter, cache: BuildCache?,
                               hashes: ContentHashes) async throws -> PackDownloads {
        let rejected = ArchiveOmission.rejected(in: review.findings)
        let dropped = ArchiveOmission.droppedTranslations(in: review.findings)
        let sizes = LockedDictionary<String, Int>()
        let keys = review.catalog.packs.map { cache == nil ? nil : archiveKey($0, site: review.catalog.site, rejected: rejected, hashes: hashes) }
        let jobs = review.catalog.packs.indices.filter { !review.catalog.packs[$0].stickers.isEmpty }
        try await ParallelWork.run(jobs) { index in
            let pack = review.catalog.packs[index]
            let path = SitePaths.packArchive(pack)
            // Written into its file as it is made (PackArchive.write), never held whole.
            let make = { (file: StreamedFile) in
                try PackArchive.write(pack.withoutTranslations(dropped), site: review.catalog.site, content: content, rejected: rejected,
                                      maxPixels: options.maxPixels, to: file)
            }
            guard let cache, let key = keys[index] else {
                sizes[pack.slug] = Int(try site.writeStreamed(to: path, produce: make).size)
                return
            }
            let entry: BuildCache.Entry
            let size: Int
            let reused: Bool
            if let (cached, cachedSize) = cache.entry(key, decoding: Int.self, files: { _ in ["pack.zip"] }) {
                (entry, size, reused) = (cached, cachedSize, true)
            } else {
                let stored = try cache.storeStreamed(key, file: "pack.zip", produce: make, record: { Int($0.size) })
                (entry, size, reused) = (stored.entry, stored.record, false)
            }
            try site.place(entry.file("pack.zip"), to: path, reused: reused)
            sizes[pack.slug] = size
            if !reused { discardIfChanged(key, files: ["pack.zip"], pack: pack, cache: cache, hashes: hashes) }
        }
        // Each pack as each other messenger of site.md's `platforms:` takes it (the readiness
        // table's downloads). A pack at a time; its stickers convert on every core.
        var leftOut: [String: [Finding]] = [:]
        for platform in review.catalog.site.platforms where platform != .imessage {
            var export = MessengerExport(platform: platform, maxPixels: options.maxPixels)
            export.conversions = cache.map { cache in
                ConvertedStickerCache(cache: cache, imageHashes: review.assets.compactMapValues { $0.info?.sha256 })
            }
            for index in jobs {
                let pack = review.catalog.packs[index]
                let downloadKey = SitePaths.platformArchiveKey(pack, platform)
                // Whether another pack has this pack's name on the platform is known over the whole
                // catalog: an edit of another pack.md changes it, so it is part of the key (the
                // download stayed when it became a clash, and stayed away when it stopped being one).
                let clash = PlatformNameClashes.clash(of: pack, platform: platform, in: review.catalogFindingsByFolder[pack.folder] ?? [])
                    .filter { !$0.suppressed }.map(\.message).joined(separator: "\n")
                let key = keys[index].map { Hex.string(SHA256.hash(data: Data("\($0)|\(platform.rawValue) \(MessengerExport.formatVersion)|bot \(review.catalog.site.telegramBot ?? "")|site \(review.catalog.site.title)|clash \(clash)".utf8))) }
                if let cache, let key, let (entry, record) = cache.entry(key, decoding: MessengerDownload.self, files: { $0.size > 0 ? ["export.zip"] : [] }) {
                    if record.size > 0 {
                        try site.place(entry.file("export.zip"), to: SitePaths.platformArchive(pack, platform), reused: true)
                        sizes[downloadKey] = record.size
                    }
                    if !record.leftOut.isEmpty { leftOut[downloadKey] = record.leftOut }
                    continue
                }
                let made = try await export.archive(of: pack, review: review, content: content)
                let record = MessengerDownload(size: made.zip?.count ?? 0, leftOut: made.leftOut)
                if let cache, let key {
                    let entry = try cache.store(key, record: record, files: made.zip.map { [("export.zip", $0)] } ?? [])
                    if made.zip != nil { try site.place(entry.file("export.zip"), to: SitePaths.platformArchive(pack, platform), reused: false) }
                    discardIfChanged(key, files: ["export.zip"], pack: pack, cache: cache, hashes: hashes)
                } else if let zip = made.zip {
                    try site.write(zip, to: SitePaths.platformArchive(pack, platform))
                }
                if record.size > 0 { sizes[downloadKey] = record.size }
                if !record.leftOut.isEmpty { leftOut[downloadKey] = record.leftOut }
            }
        }
        return PackDownloads(sizes: sizes.values, leftOut: leftOut)
    }

    /// The cache's record of a pack's download for a messenger: its size (0 when nothing of the
    /// pack could go, and no zip was made) and what the conversion left out.
    private struct MessengerDownload: Codable {
        var size: Int
        var leftOut: [Finding]
    }

    /// A zip holds the pack's files as read when it was made, and the labels of the catalog as read
    /// at the start: a file edited in between (a label saved during the build) made a zip with the
    /// old label in Stickers.xcstickers and the new sidecar in originals/, stored under the new
    /// sidecar's hash, so every later build reused it. Such an entry is dropped: the site has this
    /// build's zip, and the next build, which sees the edit, makes it again.
    private func discardIfChanged(_ key: String, files: [String], pack: Pack, cache: BuildCache, hashes: ContentHashes) {
        if !PackArchive.sources(of: pack).allSatisfy(hashes.isUnchangedSinceLearnt) { cache.discard(key, files: files) }
    }

    private func archiveKey(_ pack: Pack, site: SiteInfo, rejected: Set<String>, hashes: ContentHashes) -> String? {
        var text = "peel \(PeelVersion.current)|archive \(PackArchive.formatVersion)|max pixels \(options.maxPixels)|\(pack.slug)"
        // The String Catalogs' languages come from site.md, and so do what the messenger downloads
        // carry of the site (WhatsApp's publisher_website from base_url, Telegram's bot, the title):
        // the site.md the catalog was read from is part of the key (a base_url added kept an empty
        // publisher_website in every incremental build's WhatsApp zip).
        text += "|languages \(StringCatalog.languages(of: site).joined(separator: ","))"
        text += "|site.md=\((try? hashes.hashLearnt(of: "site.md")) ?? "none")"
        // The stickers' order is the zip's order; the files below are hashed sorted by name, so a
        // Peel that orders them otherwise made a key the old zips still matched.
        text += "|order \(pack.stickers.map(\.slug).joined(separator: ","))"
        for source in PackArchive.sources(of: pack) {
            // The hash this build learnt first (the bytes its catalog was read from), not the file's now.
            guard let sha = try? hashes.hashLearnt(of: source) else { return nil }
            text += "|\(source)=\(sha)\(rejected.contains(source) ? " rejected" : "")"
        }
        return Hex.string(SHA256.hash(data: Data(text.utf8)))
    }

    /// Renders every page, on every core; a page whose template and model are the previous
    /// build's is not rendered again. The pack zips are made at the same time: only pack pages and
    /// catalog.json show them, so every other page is rendered while they are made, and no core
    /// waits for the last zip. Returns the downloads made (`PackDownloads`).
    private func writePagesAndArchives(_ review: Review, icons: [String: [PackIcon]], templates: TemplateSet, content: URL,
                                       site: SiteWriter, cache: BuildCache?, hashes: ContentHashes) async throws -> PackDownloads {
        async let madeArchives = writeArchives(review, content: content, site: site, cache: cache, hashes: hashes)
        try await writePagesWithoutArchives(review, icons: icons, templates: templates, site: site)
        FreedMemory.release()  // the review page, the largest
        let archives = try await madeArchives
        try await writePagesWithArchives(review, icons: icons, archives: archives, templates: templates, site: site)
        return archives
    }

    /// Every page that does not show the pack zips: the review and its CSV, and each sticker's page.
    func writePagesWithoutArchives(_ review: Review, icons: [String: [PackIcon]], templates: TemplateSet, site: SiteWriter) async throws {
        let renderer = PageRenderer(review: review, icons: icons, artText: review.artFacts.compactMapValues(\.text), templates: templates,
                                    reviewStickersOnOnePage: options.reviewStickersOnOnePage)
        // Every language's pages: the default language's at the root, each other one's in its
        // folder. One language at a time, so the list of pages is one language's long.
        for (position, language) in review.catalog.site.pageLanguages.enumerated() {
            // The review page is the largest: first, so it does not finish last.
            var pages: [SitePage] = position == 0 ? [.review(nil), .reviewCSV, .notFound] : []
            if position == 0, renderer.reviewLayout.byPack { pages += review.catalog.packs.indices.map { SitePage.review($0) } }
            for (packIndex, pack) in review.catalog.packs.enumerated() {
                pages += pack.stickers.indices.map { SitePage.sticker($0, pack: packIndex, language) }
                // A parts pack's builder: a page per combination, and the first one as its index.
                let composed = pack.stickers.indices.filter { pack.stickers[$0].composition != nil }
                pages += composed.map { SitePage.builder($0, pack: packIndex, isIndex: false, language) }
                if let first = composed.first { pages.append(.builder(first, pack: packIndex, isIndex: true, language)) }
            }
            // Pages are small and many: what rendering them frees goes back to the system now and
            // then, as in the image step, so it does not add to the peak of a large catalog.
            try await ParallelWork.run(pages, progress: { done, _ in
                if done % FreedMemory.pagesBetweenReleases == 0 { FreedMemory.release() }
            }) { page in
                try page.write(review, renderer: renderer, site: site)
            }
        }
    }

    func writePagesWithArchives(_ review: Review, icons: [String: [PackIcon]], archives: PackDownloads, templates: TemplateSet,
                                site: SiteWriter) async throws {
        let withArchives = PageRenderer(review: review, icons: icons, archives: archives, artText: review.artFacts.compactMapValues(\.text),
                                        templates: templates)
        let catalog = review.catalog
        let withArchivesPages = catalog.site.pageLanguages.flatMap { language in
            [SitePage.home(language)] + catalog.packs.indices.map { SitePage.pack($0, language) }
        }
        try await ParallelWork.run([SitePage.catalogJSON] + withArchivesPages) { page in
            try page.write(review, renderer: withArchives, site: site)
        }
        for (name, data) in templates.assets.sorted(by: { $0.key < $1.key }) {
            try site.write(data, to: "\(SitePaths.assets)/\(name)")
        }
    }

    /// Writes the manifest: every file the build wrote, sorted; it marks the folder as Peel's so
    /// later builds may replace it. Streamed a path at a time (a 20,000-sticker site's is 7 MB).
    func writeManifest(_ site: SiteWriter) throws {
        try site.writeStreamed(to: SitePaths.manifest) { file in
            try file.write("# Files written by peel build. Peel replaces this folder only while this file is here.\n")
            // The ledger's copy lives for this statement alone: the manifest's own entry, recorded
            // next, does not copy the ledger.
            try site.outputs.forEachSorted { path, _ in try file.write(path + "\n") }
            if site.outputs.isEmpty { try file.write("\n") }
        }
    }
}

/// A folder that could not be stamped while the quick check was written (removed meanwhile): no
/// quick check is written then.
private struct FolderVanished: Error {}
