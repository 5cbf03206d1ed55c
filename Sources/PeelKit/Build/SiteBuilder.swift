import Foundation

/// What `peel build` needs to know.
public struct BuildOptions: Sendable {
    public var content: URL
    public var output: URL
    /// A folder whose templates and assets replace the default theme's, file by file.
    public var templates: URL?
    public var maxPixels: Int

    public init(content: URL, output: URL, templates: URL? = nil, maxPixels: Int = ImageAnalyzer.defaultMaxPixels) {
        self.content = content
        self.output = output
        self.templates = templates
        self.maxPixels = maxPixels
    }
}

/// What a build did, for the summary line and for machines.
public struct BuildReport: Sendable {
    public var packCount: Int
    public var stickerCount: Int
    public var findings: [Finding]
    public var seconds: Double
    public var output: URL

    public var reviewSummary: ReviewSummary {
        ReviewSummary(findings: findings, packs: packCount, stickers: stickerCount)
    }

    /// "Built 3 packs, 23 stickers, 0 warnings, 0 errors in 0.41 s → _site"
    public var summary: String {
        let time = String(format: "%.2f", seconds)
        var line = "Built \(plural(packCount, "pack")), \(plural(stickerCount, "sticker")), "
            + "\(plural(findings.warningCount, "warning")), \(plural(findings.errorCount, "error"))"
        if findings.suppressedCount > 0 { line += " (\(findings.suppressedCount) silenced)" }
        return line + " in \(time) s → \(output.path)"
    }
}

/// Builds the gallery: content folder → catalog → images → pages → published site.
/// Content problems become findings and the site is still written (so they can be seen);
/// anything that stops the build leaves the previous site untouched.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    public func build(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> BuildReport {
        let start = Date()
        let templates = try TemplateSet(overrideDirectory: options.templates)
        guard FileManager.default.fileExists(atPath: options.content.path) else {
            throw PeelError.contentFolderMissing(path: options.content.path)
        }
        let publisher = SitePublisher(output: options.output)
        try publisher.validate(content: options.content)
        let staging = try publisher.makeStaging()
        do {
            let review = try await Review.make(content: options.content, maxPixels: options.maxPixels, staging: staging,
                                               progress: progress)
            try Task.checkCancellation()
            let content = ContentRoot.resolve(options.content)
            let icons = try PackIconStep.run(review.catalog, content: content, staging: staging, maxPixels: options.maxPixels)
            let archives = try writeArchives(review, content: content, into: staging)
            try writePages(review, icons: icons, archives: archives, templates: templates, into: staging)
            try Task.checkCancellation()
            try publisher.publish(staging)
            return BuildReport(packCount: review.catalog.packs.count, stickerCount: review.catalog.stickerCount,
                               findings: review.findings, seconds: Date().timeIntervalSince(start), output: options.output)
        } catch {
            publisher.discard(staging)
            throw error
        }
    }

    /// One zip per pack with stickers (the Xcode-ready pack and the originals); returns each
    /// archive's size in bytes by pack slug.
    private func writeArchives(_ review: Review, content: URL, into staging: URL) throws -> [String: Int] {
        let rejected = Set(review.findings.filter { $0.severity == .error && !$0.suppressed }.compactMap(\.sticker))
        var sizes: [String: Int] = [:]
        for pack in review.catalog.packs where !pack.stickers.isEmpty {
            try Task.checkCancellation()
            let data = try PackArchive.make(pack, content: content, rejected: rejected)
            try SiteFiles.write(data, to: SitePaths.packArchive(pack), in: staging)
            sizes[pack.slug] = data.count
        }
        return sizes
    }

    private func writePages(_ review: Review, icons: [String: [PackIcon]], archives: [String: Int], templates: TemplateSet,
                            into staging: URL) throws {
        let catalog = review.catalog
        let renderer = PageRenderer(review: review, icons: icons, archives: archives, templates: templates)
        func write(_ text: String, _ path: String) throws {
            try SiteFiles.write(text, to: path, in: staging)
        }
        try write(try renderer.home(), SitePaths.home)
        for pack in catalog.packs {
            try write(try renderer.pack(pack), SitePaths.packPage(pack))
            for index in pack.stickers.indices {
                try write(try renderer.sticker(at: index, in: pack), SitePaths.stickerPage(pack, pack.stickers[index]))
            }
        }
        try write(try renderer.review(), SitePaths.reviewPage)
        try SiteFiles.write(ReviewCSV.make(review), to: SitePaths.reviewCSV, in: staging)
        try SiteFiles.write(try CatalogJSON(review: review, icons: icons, archives: archives).encoded(), to: SitePaths.catalogJSON, in: staging)
        for (name, data) in templates.assets.sorted(by: { $0.key < $1.key }) {
            try SiteFiles.write(data, to: "\(SitePaths.assets)/\(name)", in: staging)
        }
        try SiteFiles.write(manifest(of: staging), to: SitePaths.manifest, in: staging)
    }

    /// Every file the build wrote, sorted; marks the folder as Peel's so later builds may replace it.
    private func manifest(of staging: URL) -> String {
        let enumerator = FileManager.default.enumerator(at: staging, includingPropertiesForKeys: [.isRegularFileKey])
        var paths: [String] = []
        let prefix = staging.standardizedFileURL.path + "/"
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
        }
        paths.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return "# Files written by peel build. Peel replaces this folder only while this file is here.\n"
            + paths.joined(separator: "\n") + "\n"
    }
}
