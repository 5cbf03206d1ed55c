import Foundation

/// The checks that look at the art itself (`label-misses-art-text`, `vanishes-on-dark`,
/// `vanishes-on-light`), slower than
/// the label and file rules, so they run when asked: by default in `peel check`, in `peel build`
/// with `art_checks: true` in site.md or `--art-checks`, and in the background of `peel serve`.
public struct ArtChecks: Sendable {
    /// Where results are cached; nil neither reads nor writes a cache.
    public var cacheFolder: URL?
    /// Removes cached results this run did not use: only for a cache that belongs to one catalog
    /// (a build's), never the shared `.peel-cache/art-checks/` that several catalogs in one folder may use.
    var prunesCache = false
    /// The inspectors run on every image whose facts are not cached, in order; nil: Peel's own
    /// (`standardInspectors(languages:)`) for the packs' languages.
    var inspectors: [any ArtInspector]?

    /// The codes only the art checks report.
    public static let codes: Set<FindingCode> = [.labelMissesArtText, .vanishesOnDark, .vanishesOnLight, .artTextUnavailable]

    /// The inspectors that need nothing from the catalog.
    static var standardInspectors: [any ArtInspector] { [VisibilityInspector()] }

    /// Peel's inspectors for art in any of `languages` (the packs' own: a pack with `language: fr`
    /// has French lettering, which an English reader and dictionary dropped): visibility, and the
    /// text reader for every language whose Tesseract data and Hunspell dictionary are installed,
    /// with the reason for each that cannot be read (an `art-text-unavailable` finding each).
    static func standardInspectors(languages: [String]) -> (inspectors: [any ArtInspector], textUnavailable: [ArtTextError]) {
        let (readable, unavailable) = ArtTextReader.readable(languages)
        guard !readable.isEmpty else { return (standardInspectors, unavailable) }
        do {
            return (standardInspectors + [try TextInspector(languages: readable)], unavailable)
        } catch let error as ArtTextError {
            return (standardInspectors, unavailable + [error])
        } catch {
            return (standardInspectors, unavailable + [.unsupportedLanguage(readable[0])])
        }
    }

    public init(cacheFolder: URL?) {
        self.cacheFolder = cacheFolder
    }

    /// `.peel-cache/art-checks/` beside the content folder: the cache of `peel check` and `peel serve`.
    public static func defaultCacheFolder(forContent content: URL) -> URL {
        ArtCache.folder(besideContent: content)
    }

    /// The art checks' cache in a folder given with `peel check --cache-dir` (or `PEEL_CACHE_DIR`):
    /// Peel's cache folder, shared with `peel build --cache-dir`, whichever runs first, keeps them
    /// in its `art-checks/` (where a build with art checks keeps them, so the two share results).
    /// An art-only cache that `peel check` made before is moved into `art-checks/` first (one that
    /// cannot be is used as it is); a folder that is not Peel's is returned as given, for the cache
    /// to refuse it.
    public static func cacheFolder(given folder: URL) -> URL {
        ArtCache.moveEarlierLayout(in: folder)
        let marker = try? ContentFile.read(folder.appendingPathComponent(BuildCache.marker))
        if marker == Data(ArtCache.markerText.utf8) { return folder }
        if marker == Data(BuildCache.markerText.utf8) || BuildCache.isNewOrSharedStart(folder) {
            return ArtCache.folder(inBuildCache: folder)
        }
        return folder
    }

    /// Puts the `.gitignore` `peel build --cache-dir` puts there into a cache folder given to
    /// `peel check`, once it holds what check keeps (`art-checks/`, `parts/`): a lint job's
    /// `peel check --cache-dir .peel-cache-ci` at a repository's root left the cache for
    /// `git add -A` to commit. Only Peel's shared layout is marked; a folder that is not Peel's is
    /// left alone.
    public static func ignoreInGit(given folder: URL) {
        guard cacheFolder(given: folder) != folder,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
              names.contains(where: { $0 == ArtCache.folderName || $0 == CatalogLoader.partsFolderName }) else { return }
        CacheGitIgnore.place(in: folder, owned: true)
    }

    /// Where a parts pack's composed art goes when the cache folder is given (`--cache-dir`,
    /// `PEEL_CACHE_DIR`): its `parts/`, so a CI cache restored on another runner holds it too;
    /// nil (beside the content) for an art-only cache or a folder that is not Peel's.
    public static func partsFolder(given folder: URL) -> URL? {
        cacheFolder(given: folder) == folder ? nil : folder.appendingPathComponent(CatalogLoader.partsFolderName)
    }

    /// The default cache folder, or, where it cannot be made (a read-only checkout), one in the
    /// temporary folder (`FallbackCacheFolder`), with a note that says so.
    public static func usableCacheFolder(forContent content: URL) -> (folder: URL, note: String?) {
        let preferred = defaultCacheFolder(forContent: content)
        let (folder, reason) = FallbackCacheFolder.choose(preferred, name: ArtCache.folderName, content: content)
        return (folder, reason.map { "the art checks' cache cannot be kept at \(preferred.path) (\($0)); it is kept in \(folder.path) instead (--cache-dir chooses where)" })
    }

    /// The findings about one sticker from its art's facts and its label: recomputed every run
    /// (cheap), so a label edit re-checks that label without inspecting its art again.
    ///
    /// The art's text is compared with the sticker's own label only (in its pack's language): the
    /// art is read once, with the data of every pack's language, and its words are in the language
    /// the artist wrote them in, which is the pack's. A translation rightly says them in its own language
    /// ("Joyeux anniversaire" for art reading "Happy birthday"), so matching it against the art's
    /// words would report every faithful translation.
    static func findings(_ facts: ArtFacts, subject: CheckSubject, site: SiteInfo, dictionary: SpellingDictionary? = nil) -> [Finding] {
        var findings = ArtVisibilityCheck.findings(visibility: facts.visibility, sampledFrames: facts.sampledFrames, subject: subject)
        if let text = facts.text {
            findings += ArtTextCheck.findings(reading: text, label: subject.defaultLabel(site: site),
                                              dictionary: dictionary)
        }
        return findings
    }
}

/// Runs the art inspectors over every readable sticker of a catalog: each distinct image is looked
/// up in the cache by its content hash, and only the missing ones are inspected, on every core.
/// An image the image step decodes anyway (every image in `peel check`, changed ones in a build)
/// is inspected there, from the same frames (`inspect(_:sha256:)`); the rest are read and decoded
/// here, within the shared decoding budget. So each image is decoded once.
struct ArtCheckStep: Sendable {
    let content: URL
    let analyzer: ImageAnalyzer
    let checks: ArtChecks
    /// The inspectors this run uses (the checks' own, or Peel's for the catalog's language).
    let inspectors: [any ArtInspector]
    let cache: ArtCache?
    let budget: DecodedPixelBudget
    /// Facts looked up or made while the image step had the image decoded, by image hash.
    private let fresh = LockedDictionary<String, ArtFacts>()
    /// The images the image step has handed over, so duplicates (the same bytes twice) are inspected once.
    private let claimed = LockedDictionary<String, Bool>()

    init(content: URL, analyzer: ImageAnalyzer, checks: ArtChecks, inspectors: [any ArtInspector]? = nil, cache: ArtCache?,
         budget: DecodedPixelBudget = .shared) {
        self.content = content
        self.analyzer = analyzer
        self.checks = checks
        self.inspectors = inspectors ?? checks.inspectors ?? ArtChecks.standardInspectors
        self.cache = cache
        self.budget = budget
    }

    /// Everything besides the image's bytes that its facts depend on.
    var derivation: String {
        "peel art checks|" + inspectors.map { "\($0.name) \($0.version)" }.joined(separator: ",")
            + "|frames \(ArtFrames.sampledFrames)|max pixels \(analyzer.maxPixels)"
    }

    func key(forImage sha256: String) -> String {
        Hex.string(SHA256.hash(data: Data("\(derivation)|\(sha256)".utf8)))
    }

    /// The facts of each sticker's art, by sticker image path; stickers whose image could not be
    /// read or decoded (the image step reported them) have none.
    func run(_ catalog: Catalog, assets: [String: StickerAssets], progress: (@Sendable (Int, Int) -> Void)?) async throws -> [String: ArtFacts] {
        // One job per distinct image: duplicates are inspected once.
        var sourcesByImage: [String: [String]] = [:]
        for pack in catalog.packs {
            for sticker in pack.stickers {
                guard let sha = assets[sticker.source]?.info?.sha256 else { continue }
                sourcesByImage[sha, default: []].append(sticker.source)
            }
        }
        var factsByImage: [String: ArtFacts] = [:]
        var missing: [(sha: String, source: String)] = []
        for (sha, sources) in sourcesByImage.sorted(by: { $0.key < $1.key }) {
            if let facts = fresh[sha] ?? cache?.facts(key(forImage: sha)) {
                factsByImage[sha] = facts
            } else {
                missing.append((sha, sources[0]))
            }
        }
        let inspected = try await ParallelWork.map(missing, progress: progress) { job in try self.inspect(job.source, sha256: job.sha) }
        for (job, facts) in zip(missing, inspected) { factsByImage[job.sha] = facts }
        cache?.saveIndex()
        if checks.prunesCache { cache?.prune() }

        var bySticker: [String: ArtFacts] = [:]
        for (sha, sources) in sourcesByImage {
            guard let facts = factsByImage[sha] else { continue }
            for source in sources { bySticker[source] = facts }
        }
        return bySticker
    }

    /// Called by the image step before it reads an image's frames: true when this step wants
    /// them (the first to hand this image over, and its facts not cached), so the image step
    /// keeps the frames at `ArtFrames.sampledIndices` for `inspect(_:sha256:)`. Cached facts are
    /// taken here.
    func wantsFrames(of sha256: String) -> Bool {
        guard claimed.setIfAbsent(sha256, true) else { return false }
        guard let facts = cache?.facts(key(forImage: sha256)) else { return true }
        fresh[sha256] = facts
        return false
    }

    /// The facts of an image the image step read, from its sampled frames (then stored), for
    /// `run` to use without decoding the image again.
    func inspect(_ frames: ArtFrames, sha256: String) throws {
        fresh[sha256] = try facts(of: frames, key: key(forImage: sha256))
    }

    private func facts(of frames: ArtFrames, key: String) throws -> ArtFacts {
        var facts = ArtFacts(sampledFrames: frames.all.count)
        for inspector in inspectors { try inspector.inspect(frames, into: &facts) }
        cache?.store(facts, key: key)
        return facts
    }

    /// Reads and decodes one image and runs every inspector on its sampled frames; nil when it
    /// cannot be read or decoded any more (changed since the image step: the next run sees it).
    private func inspect(_ source: String, sha256: String) throws -> ArtFacts? {
        try Task.checkCancellation()
        guard let data = try? ContentFile.read(content.appendingPathComponent(source)) else { return nil }
        let sha = Hex.string(SHA256.hash(data: data))
        return try budget.withReservation(of: analyzer.estimatedWorkingBytes(of: data)) { () throws -> ArtFacts? in
            guard let opened = try? analyzer.open(data, sha256: sha),
                  let frames = (try? opened.read(keepingArtFrames: true) { _, _ in })?.art else { return nil }
            // Stored under the hash of the bytes inspected, which is the image step's unless the
            // file changed in between.
            let facts = try facts(of: frames, key: key(forImage: sha))
            return sha == sha256 ? facts : nil
        }
    }
}
