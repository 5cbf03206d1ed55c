import Foundation

/// Reads each sticker's image once and derives everything from that one read: metadata and,
/// when building a site, the published original and the thumbnails. Runs stickers in parallel,
/// bounded to the core count.
///
/// In a build, derived files live in the build cache under a key made of the image's hash and
/// everything else they depend on (`derivation`); a sticker whose key is there is not read at
/// all: its files are linked into the site and its record gives its metadata.
struct ImageStep: Sendable {
    let content: URL
    let analyzer: ImageAnalyzer
    /// Where a build puts the site; nil when only checking.
    let site: SiteWriter?
    let cache: BuildCache?
    let hashes: ContentHashes?
    /// Decoding memory shared with every other image worker of the process.
    let budget: DecodedPixelBudget
    /// When the art checks run: shown every image this step decodes, so it is not decoded twice.
    let art: ArtCheckStep?

    init(content: URL, analyzer: ImageAnalyzer, site: SiteWriter? = nil, cache: BuildCache? = nil, hashes: ContentHashes? = nil,
         budget: DecodedPixelBudget = .shared, art: ArtCheckStep? = nil) {
        self.content = content
        self.analyzer = analyzer
        self.site = site
        self.cache = cache
        self.hashes = hashes
        self.budget = budget
        self.art = art
    }

    /// Bump when thumbnails or records change shape, or what a record measures changes (17: the
    /// flash meter's clock in microseconds; 21: visibility leaves out frames of a fade; 23: grey
    /// art's grey profile applied, as RGB; 24: a PNG's gAMA and cHRM applied, a GIF's ANIMEXTS loop read;
    /// 25: a CMYK JPEG's own profile applied; 26: a pattern reversing in step flashes; 27: a heavy
    /// profile's thumbnails in compact Display P3, a PNG's cICP read), so old cache entries are not reused.
    static let derivationVersion = 27

    /// Everything besides an image's bytes that its derived files depend on.
    var derivation: String {
        "peel \(PeelVersion.current)|image step \(Self.derivationVersion)|max pixels \(analyzer.maxPixels)|boxes \(ThumbnailSizes.boxes)"
    }

    func run(_ catalog: Catalog, progress: (@Sendable (Int, Int) -> Void)?) async throws -> [String: StickerAssets] {
        // Stickers by index: a list of (pack, sticker) copies, made at once when the step began,
        // added 17 MB to the resident memory of a 20,000-sticker build.
        let jobs = catalog.packs.indices.flatMap { pack in catalog.packs[pack].stickers.indices.map { (pack: pack, sticker: $0) } }
        let assets = try await ParallelWork.map(jobs, progress: { done, total in
            if done % FreedMemory.imagesBetweenReleases == 0 { FreedMemory.release() }
            progress?(done, total)
        }) { job in
            let pack = catalog.packs[job.pack]
            return try self.process(pack.stickers[job.sticker], in: pack)
        }
        return Dictionary(zip(jobs.map { catalog.packs[$0.pack].stickers[$0.sticker].source }, assets), uniquingKeysWith: { first, _ in first })
    }

    func process(_ sticker: Sticker, in pack: Pack) throws -> StickerAssets {
        try Task.checkCancellation()
        var data: Data?
        // Composed art is not a content file: its name is already its layers' hash, so it is not stamped.
        let hashes = sticker.composition == nil ? hashes : nil
        var sha = hashes?.knownHash(of: sticker.source)
        if sha == nil {
            let stamp = FileStamp.of(path: sticker.artURL(content: content).path)
            switch read(sticker) {
            case .success(let bytes): data = bytes
            case .failure(let finding): return StickerAssets(info: nil, thumbnails: [], findings: [finding], originalMissing: true)
            }
            sha = hashes?.record(data!, of: sticker.source, stampBeforeReading: stamp) ?? Hex.string(SHA256.hash(data: data!))
        }
        let key = Hex.string(SHA256.hash(data: Data("\(derivation)|\(sha!)".utf8)))

        // The original is published whatever happens, so the page can link to it: linked from the
        // previous site when it has these bytes, else copied (the cache does not keep originals,
        // which would cost a file and a rename per sticker in every cold build).
        if let site, !site.reusePrevious(SitePaths.original(pack, sticker), sha256: sha!) {
            if data == nil {
                switch read(sticker) {
                case .success(let bytes): data = bytes
                case .failure(let finding): return StickerAssets(info: nil, thumbnails: [], findings: [finding], originalMissing: true)
                }
            }
            try site.write(data!, to: SitePaths.original(pack, sticker), sha256: sha!)
        }

        if let cache, let site, let (entry, record) = cache.entry(key, decoding: ImageRecord.self, files: { $0.files.map(\.name) }) {
            return try place(record, from: entry, sticker: sticker, pack: pack, site: site, reused: true)
        }
        if data == nil {
            switch read(sticker) {
            case .success(let bytes): data = bytes
            case .failure(let finding): return StickerAssets(info: nil, thumbnails: [], findings: [finding])
            }
        }
        let (record, files) = try derive(from: data!, sha256: sha!)
        guard let site else { return assets(record, sticker: sticker, pack: pack) }
        if let cache {
            let entry = try cache.store(key, record: record, files: files)
            return try place(record, from: entry, sticker: sticker, pack: pack, site: site, reused: false)
        }
        let paths = Dictionary(uniqueKeysWithValues: placements(record, sticker: sticker, pack: pack))
        for file in files { try site.write(file.data, to: paths[file.name]!) }
        return assets(record, sticker: sticker, pack: pack)
    }

    private enum Read {
        case success(Data)
        case failure(Finding)
    }

    private func read(_ sticker: Sticker) -> Read {
        do {
            return .success(try ContentFile.read(sticker.artURL(content: content)))
        } catch {
            return .failure(Finding(.error, .unreadableFile, file: sticker.source, message: "cannot read image: \(SystemErrorText.describe(error))",
                                    sticker: sticker.source))
        }
    }

    /// Decodes the image once and makes its record and (when building) its files, holding its
    /// share of the decoding budget meanwhile.
    private func derive(from data: Data, sha256: String) throws -> (ImageRecord, [(name: String, data: Data)]) {
        try budget.withReservation(of: analyzer.estimatedWorkingBytes(of: data)) {
            try deriveWithinBudget(from: data, sha256: sha256)
        }
    }

    /// One pass over the image's frames makes everything: each frame is measured, resampled and
    /// encoded into the thumbnails when it is decoded, and only the frames the art checks sample
    /// are kept, so an animation of any length holds a few canvases at a time.
    private func deriveWithinBudget(from data: Data, sha256: String) throws -> (ImageRecord, [(name: String, data: Data)]) {
        var files: [(name: String, data: Data)] = []
        var info: ImageInfo
        var thumbnails: Thumbnailer?
        var poster: Data?
        var artFrames: ArtFrames?
        var posterFrame = PosterFrame()
        // The poster is the first frame or the fullest after it (`PosterFrame`): the first is
        // encoded at once, as it nearly always is the poster, and only the fullest is held.
        var firstPoster: Data?, fullest: RGBAImage?
        do {
            let opened = try analyzer.open(data, sha256: sha256)
            let frames = opened.frames
            // What the thumbnails and posters carry: a heavy profile becomes a compact one, the
            // pixels converted into it (`CompactProfile`); the checks see the frames as decoded.
            let (shownProfile, conversion) = site == nil ? (nil, nil) : CompactProfile.compacted(opened.profile)
            if site != nil {
                thumbnails = Thumbnailer(width: frames.width, height: frames.height, boxes: ThumbnailSizes.boxes,
                                         isAnimated: frames.isAnimated, loopCount: frames.loopCount, profile: shownProfile)
            }
            (info, artFrames) = try opened.read(keepingArtFrames: art?.wantsFrames(of: sha256) == true) { index, frame in
                let isFullest = frames.isAnimated && posterFrame.consider(frame, index: index)
                let shown = conversion?.apply(frame) ?? frame
                if frames.isAnimated, site != nil {
                    if index == 0 { firstPoster = try Thumbnailer.poster(shown, profile: shownProfile) } else if isFullest { fullest = shown }
                }
                try thumbnails?.add(shown, delay: frames.delays[index], isFullest: isFullest)
            }
            if frames.isAnimated { info.posterFrame = posterFrame.index }
            if let firstPoster {
                poster = try posterFrame.isFirst ? firstPoster : fullest.map { try Thumbnailer.poster($0, profile: shownProfile) } ?? firstPoster
            }
        } catch let error as ImageError {
            return (ImageRecord(info: nil, failure: .init(code: error.findingCode, message: error.description)), files)
        }
        var record = ImageRecord(info: info)
        if let art, let artFrames { try art.inspect(artFrames, sha256: sha256) }
        guard let thumbnails else { return (record, files) }
        // A thumbnail is never heavier than what it stands for: where the one made is, the page
        // points at the original instead (already published, and in the browser's cache once seen).
        for output in try thumbnails.finish(posterIsFirst: posterFrame.isFirst) {
            let isOriginal = output.data.count > data.count
            if !isOriginal { files.append((ImageRecord.thumbnail(output.width, format: output.format), output.data)) }
            if let poster = output.poster { files.append((ImageRecord.thumbnailPoster(output.width), poster)) }
            record.thumbnails.append(.init(width: output.width, height: output.height, hasPoster: output.poster != nil, format: output.format,
                                           isOriginal: isOriginal))
        }
        if let poster {
            files.append((ImageRecord.poster, poster))
            record.hasPoster = true
        }
        return (record, files)
    }

    private func place(_ record: ImageRecord, from entry: BuildCache.Entry, sticker: Sticker, pack: Pack,
                       site: SiteWriter, reused: Bool) throws -> StickerAssets {
        for (name, path) in placements(record, sticker: sticker, pack: pack) {
            try site.place(entry.file(name), to: path, reused: reused)
        }
        return assets(record, sticker: sticker, pack: pack)
    }

    /// Each derived file of `record`: its name in the cache entry and its path in the site.
    private func placements(_ record: ImageRecord, sticker: Sticker, pack: Pack) -> [(name: String, path: String)] {
        record.files.map { file in
            switch file.role {
            case .thumbnail(let width, let format): (file.name, SitePaths.thumbnail(pack, sticker, width: width, format: format))
            case .thumbnailPoster(let width): (file.name, SitePaths.thumbnailPoster(pack, sticker, width: width))
            case .poster: (file.name, SitePaths.poster(pack, sticker))
            }
        }
    }

    private func assets(_ record: ImageRecord, sticker: Sticker, pack: Pack) -> StickerAssets {
        let findings = record.failure.map {
            [Finding(.error, $0.code, file: sticker.source, message: $0.message, sticker: sticker.source)]
        } ?? []
        guard site != nil else { return StickerAssets(info: record.info, thumbnails: [], findings: findings) }
        let thumbnails = record.thumbnails.map { file in
            // A slot the original stands in for has the original's size: the file its URL names.
            let original = file.isOriginal ? record.info.map { (width: $0.width, height: $0.height) } : nil
            return Thumbnail(url: file.isOriginal ? SitePaths.original(pack, sticker) : SitePaths.thumbnail(pack, sticker, width: file.width, format: file.format),
                      width: original?.width ?? file.width, height: original?.height ?? file.height,
                      poster: file.hasPoster ? SitePaths.thumbnailPoster(pack, sticker, width: file.width) : nil,
                      posterSide: file.hasPoster ? max(file.width, file.height) : nil)
        }
        return StickerAssets(info: record.info, thumbnails: thumbnails,
                             poster: record.hasPoster ? SitePaths.poster(pack, sticker) : nil, findings: findings)
    }
}
