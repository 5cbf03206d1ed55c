import Crypto
import Foundation

/// What `peel build` needs to know.
public struct BuildOptions: Sendable {
    public var content: URL
    public var output: URL
    /// A folder whose templates and assets replace the default theme's, file by file.
    public var templates: URL?
    public var maxPixels: Int
    /// Where the build cache lives; nil puts it beside the output (`.peel-cache/<output name>`).
    public var cache: URL?
    /// False makes a cold build that neither reads nor writes a cache.
    public var useCache: Bool
    /// Run the art checks even when site.md does not ask for them (`--art-checks`).
    public var artChecks: Bool
    /// Where the art checks keep their results; nil puts them in the build cache (`art-checks/`).
    /// Not part of the site's shape: the same facts come from any cache.
    public var artCache: URL?

    public init(content: URL, output: URL, templates: URL? = nil, maxPixels: Int = ImageAnalyzer.defaultMaxPixels,
                cache: URL? = nil, useCache: Bool = true, artChecks: Bool = false, artCache: URL? = nil) {
        self.content = content
        self.output = output
        self.templates = templates
        self.maxPixels = maxPixels
        self.cache = cache
        self.useCache = useCache
        self.artChecks = artChecks
        self.artCache = artCache
    }

    /// Every option that shapes the site's bytes, so a cache made with other options is not
    /// reused. Read by reflection, so an option added later cannot be forgotten here; only the
    /// folders, which do not change what is written, are left out.
    var siteShapingOptions: String {
        let excluded: Set<String> = ["content", "output", "cache", "useCache", "templates", "artCache"]
        return Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label, !excluded.contains(label) else { return nil }
            return "\(label)=\(child.value)"
        }.joined(separator: "|")
    }
}

/// What a build did, for the summary line and for machines.
public struct BuildReport: Sendable {
    public var packCount: Int
    public var stickerCount: Int
    public var findings: [Finding]
    public var seconds: Double
    public var output: URL
    /// Nothing in the content, theme or options changed since the last build: nothing was done.
    public var upToDate = false
    /// Files written with new bytes, and files reused from the previous site or the cache.
    public var filesWritten = 0
    public var filesReused = 0
    /// Seconds spent in each step, in order (for `peel build --timings` and the benchmark).
    public var phases: [(name: String, seconds: Double)] = []

    /// The stickers the pack downloads leave out of Stickers.xcstickers, and why.
    public var archiveOmissions: [ArchiveOmission] { ArchiveOmission.all(in: findings) }

    public var reviewSummary: ReviewSummary {
        ReviewSummary(findings: findings, packs: packCount, stickers: stickerCount)
    }

    /// "4 packs, 24 stickers, 0 warnings, 0 errors in 0.41 s": the summary without the output
    /// folder, for `peel serve`, whose site lives in a private temporary folder.
    public var countsSummary: String {
        var line = "\(plural(packCount, "pack")), \(plural(stickerCount, "sticker")), "
            + "\(plural(findings.warningCount, "warning")), \(plural(findings.errorCount, "error"))"
        if findings.suppressedCount > 0 { line += " (\(findings.suppressedCount) silenced)" }
        return line + " in " + String(format: "%.2f", seconds) + " s"
    }

    /// "Built 3 packs, 23 stickers, 0 warnings, 0 errors in 0.41 s → _site"
    public var summary: String {
        var line = (upToDate ? "Up to date: " : "Built ") + countsSummary + " → \(output.path)"
        if !upToDate && filesReused > 0 { line += " (\(plural(filesWritten, "file")) written, \(filesReused) reused)" }
        return line
    }
}

/// Builds the gallery: content folder → catalog → images → pages → published site.
/// Content problems become findings and the site is still written (so they can be seen);
/// anything that stops the build leaves the previous site untouched.
///
/// Builds are incremental: a build cache beside the output remembers every input's hash and what
/// was made from it. When nothing changed the build stops after one `stat` per file; otherwise
/// only images that changed are decoded, only pack zips whose files changed are made again, and
/// only files whose bytes changed are written (the rest are hard links to the previous site's).
public struct SiteBuilder: Sendable {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    public func build(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> BuildReport {
        let start = Date()
        var clock = PhaseClock()
        // First of all: a build killed while publishing may have left the previous site aside.
        let publisher = SitePublisher(output: options.output)
        publisher.recoverInterruptedPublish()
        let templates = try TemplateSet(overrideDirectory: options.templates)
        guard FileManager.default.fileExists(atPath: options.content.path) else {
            throw PeelError.contentFolderMissing(path: options.content.path)
        }
        try publisher.validate(content: options.content)
        let content = ContentRoot.resolve(options.content)

        var cache: BuildCache?
        if options.useCache {
            cache = BuildCache(folder: options.cache ?? BuildCache.folder(forOutput: options.output))
            try cache!.open(content: options.content, output: options.output)
        }
        let fingerprint = fingerprint(templates)
        let previous = cache?.loadState().flatMap { $0.fingerprint == fingerprint ? $0 : nil }
        let snapshot = InputSnapshot.take(content)
        let hashes = ContentHashes(root: content, previous: previous?.inputs ?? [:])
        clock.lap("read the build state")

        if let previous, let cache, unchanged(snapshot, since: previous, hashes: hashes), outputIntact(previous) {
            let refreshed = BuildState(fingerprint: fingerprint, inputs: hashes.entries(), outputs: previous.outputs, report: previous.report)
            if refreshed.inputs != previous.inputs { try? cache.save(refreshed) }
            var report = BuildReport(packCount: previous.report.packCount, stickerCount: previous.report.stickerCount,
                                     findings: previous.report.findings, seconds: Date().timeIntervalSince(start), output: options.output)
            report.upToDate = true
            clock.lap("compare inputs and outputs")
            report.phases = clock.phases
            return report
        }

        // Small inputs are hashed before they are read for the build, so a file edited during the
        // build is seen as changed next time; images are hashed from the very bytes the image step reads.
        for path in snapshot.files.keys where StickerFileKind(fileName: path) != .sticker {
            _ = try? hashes.hash(of: path)
        }
        clock.lap("compare inputs")

        let staging: URL
        do {
            staging = try publisher.makeStaging()
        } catch let error as PeelError {
            throw siteError(error, staging: nil)
        }
        let hasPreviousSite = previous != nil && FileManager.default.fileExists(atPath: options.output.appendingPathComponent(SitePaths.manifest).path)
        let site = SiteWriter(staging: staging, previousSite: hasPreviousSite ? options.output.standardizedFileURL : nil,
                              previousOutputs: hasPreviousSite ? previous?.outputs ?? [:] : [:])
        let review: Review
        do {
            var art = ArtChecks(cacheFolder: options.useCache ? options.artCache ?? cache.map { ArtCache.folder(inBuildCache: $0.folder) } : nil)
            // The build cache's own art folder serves this catalog alone, so what it no longer uses can go.
            art.prunesCache = options.artCache == nil
            review = try await Review.make(content: options.content, maxPixels: options.maxPixels, site: site, cache: cache,
                                           hashes: hashes, art: art, artRequired: options.artChecks, progress: progress)
            clock.lap("catalog, images and checks")
            try Task.checkCancellation()
            let icons = try PackIconStep.run(review.catalog, content: content, site: site, cache: cache, hashes: hashes,
                                             maxPixels: options.maxPixels)
            clock.lap("icon sets")
            try await writePagesAndArchives(review, icons: icons, templates: templates, content: content, site: site,
                                            cache: cache, hashes: hashes)
            clock.lap("pack zips and pages")
            try Task.checkCancellation()
            try publisher.publish(staging)
            clock.lap("publish")
        } catch let error as PeelError {
            publisher.discard(staging)
            throw siteError(error, staging: staging)
        } catch {
            publisher.discard(staging)
            throw error
        }

        if let cache {
            for path in snapshot.files.keys { _ = try? hashes.hash(of: path) }
            let state = BuildState(fingerprint: fingerprint, inputs: hashes.entries(), outputs: site.outputs,
                                   report: .init(packCount: review.catalog.packs.count, stickerCount: review.catalog.stickerCount,
                                                 findings: review.findings))
            // The site is published; a cache that cannot be saved only makes the next build slower.
            try? cache.save(state)
            cache.prune()
            clock.lap("save the build state")
        }
        var report = BuildReport(packCount: review.catalog.packs.count, stickerCount: review.catalog.stickerCount,
                                 findings: review.findings, seconds: Date().timeIntervalSince(start), output: options.output)
        report.filesWritten = site.writtenCount
        report.filesReused = site.reusedCount
        report.phases = clock.phases
        return report
    }

    /// A failure while writing the site, as the user sees it: the path in the output folder, not
    /// in the staging folder, and said as a site that was not written.
    private func siteError(_ error: PeelError, staging: URL?) -> PeelError {
        let outputError = staging.map { error.relocated(from: $0.standardizedFileURL.path, to: options.output.standardizedFileURL.path) } ?? error
        if case .cannotWrite(let path, let reason) = outputError { return .writeFailed(path: path, reason: reason) }
        return outputError
    }

    /// Peel's version, the theme's files and every option that shapes the output.
    private func fingerprint(_ templates: TemplateSet) -> String {
        Hex.string(SHA256.hash(data: Data("peel \(PeelVersion.current)|\(options.siteShapingOptions)|theme \(templates.fingerprint)".utf8)))
    }

    /// True when the content folder holds exactly the files of the last build, with the same bytes.
    private func unchanged(_ snapshot: InputSnapshot, since previous: BuildState, hashes: ContentHashes) -> Bool {
        guard snapshot.files.count == previous.inputs.count else { return false }
        for (path, stamp) in snapshot.files {
            guard let known = previous.inputs[path] else { return false }
            if known.stamp == stamp && stamp != .unknown {
                hashes.confirm(known, of: path)
                continue
            }
            guard (try? hashes.hash(of: path)) == known.sha256 else { return false }
        }
        return true
    }

    /// True when the published site still holds every file the last build wrote, at its size.
    private func outputIntact(_ previous: BuildState) -> Bool {
        let root = options.output.standardizedFileURL.path + "/"
        for (path, output) in previous.outputs {
            guard let stamp = FileStamp.of(path: root + path), stamp.size == output.size else { return false }
        }
        return true
    }

    /// One zip per pack with stickers (the Xcode-ready pack and the originals), packs in
    /// parallel; returns each archive's size in bytes by pack slug. A zip is made again only when
    /// a file it holds changed (or which stickers are rejected did).
    private func writeArchives(_ review: Review, content: URL, site: SiteWriter, cache: BuildCache?,
                               hashes: ContentHashes) async throws -> [String: Int] {
        let rejected = ArchiveOmission.rejected(in: review.findings)
        let sizes = LockedDictionary<String, Int>()
        let keys = review.catalog.packs.map { cache == nil ? nil : archiveKey($0, rejected: rejected, hashes: hashes) }
        let jobs = review.catalog.packs.indices.filter { !review.catalog.packs[$0].stickers.isEmpty }
        try await ParallelWork.run(jobs) { index in
            let pack = review.catalog.packs[index]
            let path = SitePaths.packArchive(pack)
            guard let cache, let key = keys[index] else {
                let data = try PackArchive.make(pack, content: content, rejected: rejected)
                try site.write(data, to: path)
                sizes[pack.slug] = data.count
                return
            }
            let entry: BuildCache.Entry
            let size: Int
            let reused: Bool
            if let (cached, cachedSize) = cache.entry(key, decoding: Int.self, files: { _ in ["pack.zip"] }) {
                (entry, size, reused) = (cached, cachedSize, true)
            } else {
                let data = try PackArchive.make(pack, content: content, rejected: rejected)
                (entry, size, reused) = (try cache.store(key, record: data.count, files: [("pack.zip", data)]), data.count, false)
            }
            try site.place(entry.file("pack.zip"), to: path, reused: reused)
            sizes[pack.slug] = size
        }
        return sizes.values
    }

    private func archiveKey(_ pack: Pack, rejected: Set<String>, hashes: ContentHashes) -> String? {
        var text = "peel \(PeelVersion.current)|archive \(PackArchive.formatVersion)|max pixels \(options.maxPixels)|\(pack.slug)"
        for source in PackArchive.sources(of: pack) {
            guard let sha = try? hashes.hash(of: source) else { return nil }
            text += "|\(source)=\(sha)\(rejected.contains(source) ? " rejected" : "")"
        }
        return Hex.string(SHA256.hash(data: Data(text.utf8)))
    }

    /// Renders every page, on every core; a page whose template and model are the previous
    /// build's is not rendered again. The pack zips are made at the same time: only pack pages and
    /// catalog.json show them, so every other page is rendered while they are made, and no core
    /// waits for the last zip.
    private func writePagesAndArchives(_ review: Review, icons: [String: [PackIcon]], templates: TemplateSet, content: URL,
                                       site: SiteWriter, cache: BuildCache?, hashes: ContentHashes) async throws {
        let catalog = review.catalog
        async let madeArchives = writeArchives(review, content: content, site: site, cache: cache, hashes: hashes)
        // The review page is the largest: first, so it does not finish last.
        var independent: [SitePage] = [.review, .reviewCSV]
        for pack in catalog.packs {
            independent += pack.stickers.indices.map { SitePage.sticker($0, pack) }
            let composed = pack.stickers.indices.filter { pack.stickers[$0].composition != nil }
            independent += composed.map { SitePage.builder($0, pack, isIndex: false) }
            if let first = composed.first { independent.append(.builder(first, pack, isIndex: true)) }
        }
        let artText = review.artFacts.compactMapValues(\.text)
        let renderer = PageRenderer(review: review, icons: icons, artText: artText, templates: templates)
        try await ParallelWork.run(independent) { page in
            try page.write(review, renderer: renderer, site: site)
        }
        let archives = try await madeArchives
        let withArchives = PageRenderer(review: review, icons: icons, archives: archives, artText: artText, templates: templates)
        try await ParallelWork.run([SitePage.catalogJSON, .home] + catalog.packs.map { SitePage.pack($0) }) { page in
            try page.write(review, renderer: withArchives, site: site)
        }
        for (name, data) in templates.assets.sorted(by: { $0.key < $1.key }) {
            try site.write(data, to: "\(SitePaths.assets)/\(name)")
        }
        try site.write(manifest(site.outputs.keys), to: SitePaths.manifest)
    }

    /// Every file the build wrote, sorted; marks the folder as Peel's so later builds may replace it.
    private func manifest<Paths: Sequence>(_ written: Paths) -> String where Paths.Element == String {
        let paths = written.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return "# Files written by peel build. Peel replaces this folder only while this file is here.\n"
            + paths.joined(separator: "\n") + "\n"
    }
}

/// One file of the site made from the review: a page, or the review's CSV or catalog.json.
private enum SitePage: Sendable {
    case home, review, reviewCSV, catalogJSON, pack(Pack), sticker(Int, Pack), builder(Int, Pack, isIndex: Bool)

    func write(_ review: Review, renderer: PageRenderer, site: SiteWriter) throws {
        let (source, path): (PageSource, String)
        switch self {
        case .home: (source, path) = (renderer.home(), SitePaths.home)
        case .review: (source, path) = (renderer.review(), SitePaths.reviewPage)
        case .pack(let pack): (source, path) = (renderer.pack(pack), SitePaths.packPage(pack))
        case .builder(let index, let pack, let isIndex):
            (source, path) = (renderer.builder(at: index, in: pack, isIndex: isIndex),
                              isIndex ? SitePaths.builderPage(pack) : SitePaths.builderPage(pack, pack.stickers[index]))
        case .sticker(let index, let pack):
            (source, path) = (renderer.sticker(at: index, in: pack), SitePaths.stickerPage(pack, pack.stickers[index]))
        case .reviewCSV:
            try site.write(ReviewCSV.make(review), to: SitePaths.reviewCSV)
            return
        case .catalogJSON:
            try site.write(try CatalogJSON(review: review, icons: renderer.icons, archives: renderer.archives).encoded(),
                           to: SitePaths.catalogJSON)
            return
        }
        try site.writePage(to: path, key: source.key) { try source.render(with: renderer.templates) }
    }
}

/// Wall-clock time per build step.
struct PhaseClock {
    private(set) var phases: [(name: String, seconds: Double)] = []
    private var last = Date()

    mutating func lap(_ name: String) {
        let now = Date()
        phases.append((name, now.timeIntervalSince(last)))
        last = now
    }
}
