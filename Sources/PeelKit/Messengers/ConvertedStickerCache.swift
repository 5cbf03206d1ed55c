import Foundation

/// A build's messenger conversions, one per sticker image, kept in the build cache by what they
/// are made from (the image's bytes, the platform, the settings): a pack's download is zipped
/// again whenever a label or title of the pack changes, and without this every sticker of the
/// pack was converted again with it (a one-word edit took as long as a cold build).
struct ConvertedStickerCache: Sendable {
    let cache: BuildCache
    /// The image hash of each sticker, by source (the image step's).
    let imageHashes: [String: String]

    /// What is kept: the conversion without its bytes (a file of the entry), or why it was refused.
    private struct Record: Codable {
        var fileExtension: String?
        var isAnimated = false
        var width = 0, height = 0, frameCount = 0
        var duration: Double?
        var changes: [String] = []
        var scaling: String?
        var stillFromAnimation = false
        var refusedCode: FindingCode?
        var refusedMessage: String?
    }

    private func key(_ sticker: Sticker, _ export: MessengerExport) -> String? {
        guard let image = imageHashes[sticker.source] else { return nil }
        let what = "messenger sticker|\(export.platform.rawValue)|\(MessengerExport.formatVersion)|\(export.longAnimations.rawValue)|\(export.maxPixels)|\(image)"
        return Hex.string(SHA256.hash(data: Data(what.utf8)))
    }

    /// The stored outcome for `sticker`, with its finding made for this sticker; nil when none is.
    func outcome(of sticker: Sticker, _ export: MessengerExport) -> MessengerExport.Outcome? {
        guard let key = key(sticker, export),
              let (entry, record) = cache.entry(key, decoding: Record.self, files: { $0.fileExtension == nil ? [] : ["sticker"] }) else { return nil }
        if let code = record.refusedCode, let message = record.refusedMessage {
            return .refused(Finding(.error, code, file: sticker.source, message: message, sticker: sticker.source))
        }
        guard let fileExtension = record.fileExtension, let data = try? ContentFile.read(URL(fileURLWithPath: entry.file("sticker"))) else { return nil }
        return .converted(MessengerStickerConverter.Converted(
            data: data, fileExtension: fileExtension, isAnimated: record.isAnimated, width: record.width, height: record.height,
            frameCount: record.frameCount, duration: record.duration, changes: record.changes, scaling: record.scaling,
            stillFromAnimation: record.stillFromAnimation))
    }

    /// Keeps `outcome` for the next build; a failure to store is no error (it is made again).
    func store(_ outcome: MessengerExport.Outcome, of sticker: Sticker, _ export: MessengerExport) {
        guard let key = key(sticker, export) else { return }
        switch outcome {
        case .converted(let converted):
            let record = Record(fileExtension: converted.fileExtension, isAnimated: converted.isAnimated, width: converted.width,
                                height: converted.height, frameCount: converted.frameCount, duration: converted.duration,
                                changes: converted.changes, scaling: converted.scaling, stillFromAnimation: converted.stillFromAnimation)
            _ = try? cache.store(key, record: record, files: [("sticker", converted.data)])
        case .refused(let finding):
            // Unreadable files are not kept: the next build reads them again.
            guard finding.code != .unreadableFile else { return }
            _ = try? cache.store(key, record: Record(refusedCode: finding.code, refusedMessage: finding.message), files: [])
        }
    }
}
