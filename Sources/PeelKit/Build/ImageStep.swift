import Foundation

/// Reads each sticker's image once and derives everything from that one read: metadata and,
/// when building a site, the published original and the thumbnails. Runs stickers in parallel,
/// bounded to the core count.
struct ImageStep: Sendable {
    let content: URL
    /// Where derived files go; nil when only checking.
    let staging: URL?
    let analyzer: ImageAnalyzer

    func run(_ catalog: Catalog, progress: (@Sendable (Int, Int) -> Void)?) async throws -> [String: StickerAssets] {
        let jobs = catalog.packs.flatMap { pack in pack.stickers.map { (pack, $0) } }
        let limit = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results: [String: StickerAssets] = [:]
        try await withThrowingTaskGroup(of: (String, StickerAssets).self) { group in
            var next = 0
            func submit() {
                guard next < jobs.count else { return }
                let (pack, sticker) = jobs[next]
                next += 1
                group.addTask { (sticker.source, try self.process(sticker, in: pack)) }
            }
            for _ in 0..<min(limit, jobs.count) { submit() }
            while let (source, assets) = try await group.next() {
                results[source] = assets
                progress?(results.count, jobs.count)
                try Task.checkCancellation()
                submit()
            }
        }
        return results
    }

    func process(_ sticker: Sticker, in pack: Pack) throws -> StickerAssets {
        try Task.checkCancellation()
        let source = content.appendingPathComponent(sticker.source)
        let data: Data
        do {
            data = try Data(contentsOf: source)
        } catch {
            return StickerAssets(info: nil, thumbnails: [], findings: [
                Finding(.error, .unreadableFile, file: sticker.source, message: "cannot read image: \(error.localizedDescription)",
                        sticker: sticker.source),
            ])
        }
        // The original is published whatever happens, so the page can link to it.
        if staging != nil { try write(data, to: SitePaths.original(pack, sticker)) }

        let analyzed: AnalyzedImage
        do {
            analyzed = try analyzer.analyze(data)
        } catch let error as ImageError {
            let code: FindingCode
            switch error {
            case .overPixelBudget: code = .imageTooLarge
            case .unsupported: code = .unsupportedFormat
            default: code = .corruptImage
            }
            return StickerAssets(info: nil, thumbnails: [], findings: [
                Finding(.error, code, file: sticker.source, message: error.description, sticker: sticker.source),
            ])
        }

        var thumbnails: [Thumbnail] = []
        var poster: String?
        if staging != nil {
            for output in try Thumbnailer.thumbnails(of: analyzed.decoded, boxes: ThumbnailSizes.boxes) {
                let path = SitePaths.thumbnail(pack, sticker, width: output.width)
                try write(output.data, to: path)
                var thumbnail = Thumbnail(url: path, width: output.width, height: output.height)
                if let posterData = output.poster {
                    let posterPath = SitePaths.thumbnailPoster(pack, sticker, width: output.width)
                    try write(posterData, to: posterPath)
                    thumbnail.poster = posterPath
                }
                thumbnails.append(thumbnail)
            }
            if analyzed.decoded.isAnimated {
                poster = SitePaths.poster(pack, sticker)
                try write(try Thumbnailer.poster(of: analyzed.decoded), to: SitePaths.poster(pack, sticker))
            }
        }
        return StickerAssets(info: analyzed.info, thumbnails: thumbnails, poster: poster, findings: [])
    }

    private func write(_ data: Data, to path: String) throws {
        guard let staging else { return }
        try SiteFiles.write(data, to: path, in: staging)
    }
}
