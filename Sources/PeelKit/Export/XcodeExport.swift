import Foundation

/// Writes a catalog as `Stickers.xcstickers`, the asset catalog Xcode's sticker pack apps use:
/// a root `Contents.json`, one `<pack>.stickerpack/` per pack (its `grid-size` from the pack's
/// size class, stickers in display order), one `<sticker>.sticker/` per sticker with its image
/// (PNG, APNG, GIF or JPEG, as shipped) and `accessibility-label`, and the iMessage App Icon set
/// from a pack's `icon:` art. Beside the asset catalog go two String Catalogs (`StringCatalog`):
/// `Localizable.xcstrings` with every sticker's label in every language, and `InfoPlist.xcstrings`
/// with the pack's display name in every language.
public struct XcodeExport: Sendable {
    public static let folderName = "Stickers.xcstickers"
    /// Marks a catalog Peel wrote, so a later export may replace it (and never a hand-made one).
    static let marker = ".peel-export"

    public struct Result: Sendable {
        public var packs: Int
        public var stickers: Int
        /// Stickers left out by `skipInvalid`, with why.
        public var skipped: [Finding]
        /// Notes for the person exporting (which pack's icon was used, icon warnings).
        public var notes: [Finding]
        public var folder: URL
        /// The String Catalogs written beside the asset catalog, by file name.
        public var stringCatalogs: [String] = []

        /// "Exported 4 packs, 24 stickers to …/Stickers.xcstickers, with InfoPlist.xcstrings and Localizable.xcstrings beside it"
        public var summary: String {
            "Exported \(plural(packs, "pack")), \(plural(stickers, "sticker")) to \(folder.path)"
                + (stringCatalogs.isEmpty ? "" : ", with \(stringCatalogs.joined(separator: " and ")) beside it")
        }
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// Stickers with errors (art Xcode or Messages would reject, or a label VoiceOver cannot
        /// use); nothing was written.
        case invalidStickers([Finding], resized: Bool = false)
        /// Problems outside any sticker (pack.md errors); nothing was written.
        case invalidCatalog([Finding])
        /// `--skip-invalid` left out every sticker: nothing to write, so nothing was.
        case nothingLeft([Finding])
        /// The catalog has no sticker at all (art not checked out, an empty folder named): an
        /// empty catalog replaced the previous export, and stranded its String Catalogs.
        case noStickers

        public var description: String {
            headline + "\n" + findings.map { "  " + $0.formatted }.joined(separator: "\n")
        }

        /// What went wrong, before the list of `findings`.
        public var headline: String {
            switch self {
            case .invalidStickers(let findings, let resized):
                // Errors in translations alone: --skip-invalid leaves those translations out, not the stickers.
                if findings.allSatisfy({ $0.language != nil }) {
                    let labels = Set(findings.map { "\($0.sticker ?? $0.file) \($0.language ?? "")" }).count
                    return "\(plural(labels, "translated label")) \(labels == 1 ? "has" : "have") errors, so nothing was exported; fix them, "
                        + "or pass --skip-invalid to leave \(labels == 1 ? "that translation" : "those translations") out (the stickers stay, with their source label in \(labels == 1 ? "that language" : "those languages")):"
                }
                let stickers = XcodeExport.stickerCount(findings)
                // Art too large or too heavy is what --resize fixes; say so when that is among the
                // reasons, and --resize was not passed. Art still too heavy once scaled is peel fit's.
                let heavy = findings.contains { $0.code == .fileTooLarge }, outOfRange = findings.contains { $0.code == .sizeOutOfRange }
                // Once scaled (--resize), art still out of range is too small, which nothing enlarges.
                let advice = !resized ? (heavy || outOfRange ? ["pass --resize to scale art that is too large"] : [])
                    : (heavy ? ["run peel fit on art still too heavy once scaled"] : [])
                        + (outOfRange ? ["draw art that is too small again at its pack's size (nothing enlarges it)"] : [])
                let hint = advice.map { ", " + $0 }.joined() + (advice.isEmpty ? "" : ",")
                // Not "rejected by Xcode": a missing or placeholder label is Peel's error, not Xcode's.
                return "\(plural(stickers, "sticker")) \(stickers == 1 ? "has" : "have") errors, so nothing was exported; fix them"
                    + hint + " or pass --skip-invalid:"
            case .invalidCatalog:
                return "the catalog has errors outside any sticker, so nothing was exported; fix them first:"
            case .nothingLeft(let findings):
                let stickers = XcodeExport.stickerCount(findings)
                return "every sticker has errors (\(plural(stickers, "sticker")) left out), so nothing was exported; fix them:"
            case .noStickers:
                return "the catalog has no stickers (no PNG, APNG, GIF or JPEG in its pack folders), so nothing was exported; what is in place is unchanged"
            }
        }

        /// The findings that stopped the export, with paths relative to the content folder.
        public var findings: [Finding] {
            switch self {
            case .invalidStickers(let findings, _), .invalidCatalog(let findings), .nothingLeft(let findings): findings
            case .noStickers: []
            }
        }
    }

    /// How many stickers `findings` keep out: each sticker once, and each image the catalog could
    /// not take as one (`isSkippedArt`), by its file, whatever its number of findings. The
    /// headline and `--skip-invalid`'s "Left out" count the same: one said "Left out 0 stickers"
    /// above an unreadable image's error.
    public static func stickerCount(_ findings: [Finding]) -> Int {
        Set(findings.filter { $0.language == nil }.map { $0.sticker ?? $0.file }).count
    }

    public var skipInvalid: Bool
    /// Write each sticker at its pack's size class, only ever scaling down (`--resize`).
    public var resize: Bool

    /// The decoded-pixel guard art is read with when it is resized (`--max-pixels`).
    public var maxPixels: Int

    public init(skipInvalid: Bool = false, resize: Bool = false, maxPixels: Int = ImageAnalyzer.defaultMaxPixels) {
        self.maxPixels = maxPixels
        self.skipInvalid = skipInvalid
        self.resize = resize
    }

    /// An image file in a pack that the catalog left out for what it is (a layered `cat.psd` kept
    /// beside `cat.png`, a file Peel cannot read): no sticker, so left out as a sticker with errors
    /// is (`--skip-invalid`), not an error of the whole catalog that stops every export.
    static func isSkippedArt(_ finding: Finding) -> Bool {
        finding.sticker == nil && [.unsupportedFormat, .corruptImage, .imageTooLarge, .fileTooLarge].contains(finding.code)
    }

    /// With `resize`, art larger than its size class is scaled down (and art with a short side
    /// centred on a square), so "too large" findings on such art do not block it; whether it then
    /// fits is checked after resizing.
    private func blocks(_ finding: Finding, review: Review) -> Bool {
        guard resize, [.sizeOutOfRange, .fileTooLarge].contains(finding.code),
              let source = finding.sticker, let info = review.assets[source]?.info,
              let pack = review.catalog.packs.first(where: { $0.stickers.contains { $0.source == source } }) else { return true }
        return !StickerFitter.reshapes(width: info.width, height: info.height, into: pack.size)
    }

    /// Exports `review` (a checked catalog read from `content`) into `output/Stickers.xcstickers`.
    /// The catalog is written beside it first and swapped in only when complete.
    public func write(_ review: Review, content: URL, into output: URL) throws -> Result {
        let target = output.appendingPathComponent(Self.folderName)
        let location = OutputLocation(reading: [content], suggestion: "-o \(DisplayPath.beside(content, "MyStickerApp/MyStickerApp"))")
        try location.check(folder: output, replacedWhole: false)
        try location.check(folder: target, replacedWhole: true, what: Self.folderName)
        let errors = review.findings.filter(\.isRejectedByApple)
        let catalogErrors = errors.filter { $0.sticker == nil && !Self.isSkippedArt($0) }
        guard catalogErrors.isEmpty else { throw Failure.invalidCatalog(catalogErrors) }
        guard review.catalog.packs.contains(where: { !$0.stickers.isEmpty }) else { throw Failure.noStickers }
        var stickerErrors = errors.filter { $0.sticker != nil ? blocks($0, review: review) : Self.isSkippedArt($0) }
        var fitted: [String: Data] = [:]
        if resize {
            let oversized = try Self.fitOversized(review, content: content, excluding: Set(stickerErrors.compactMap(\.sticker)), maxPixels: maxPixels)
            fitted = oversized.fitted
            stickerErrors += oversized.stillTooLarge
        }
        if !stickerErrors.isEmpty && !skipInvalid { throw Failure.invalidStickers(stickerErrors.sorted(), resized: resize) }
        // An error in one translation leaves that translation out, not the sticker from every
        // language (the app shows it with the source label there).
        let rejected = ArchiveOmission.rejected(in: stickerErrors)
        let dropped = ArchiveOmission.droppedTranslations(in: stickerErrors)

        let publisher = SitePublisher(output: target)
        publisher.recoverInterruptedPublish()
        try checkReplaceable(target)
        let exported = review.catalog.packs.compactMap { pack -> Pack? in
            var pack = pack.withoutTranslations(dropped)
            pack.stickers = pack.stickers.filter { !rejected.contains($0.source) }
            return pack.stickers.isEmpty ? nil : pack
        }
        if exported.isEmpty, !stickerErrors.isEmpty { throw Failure.nothingLeft(stickerErrors.sorted()) }
        let strings = try StringCatalog.files(exported, site: review.catalog.site)
        try Self.checkStringCatalogsReplaceable(strings, in: output, marker: target.appendingPathComponent(Self.marker))
        let catalog = try publisher.replaceWhole { staging in
            let catalog = try Self.catalogFiles(review.catalog.packs, content: content, rejected: rejected, fitted: fitted, maxPixels: maxPixels)
            // Ctrl-C or SIGTERM while writing: the staging copy goes and the previous catalog stays
            // (it killed Peel, which left the staging folder where `git add -A` took it). Not once
            // the String Catalogs are being written: the swap follows at once.
            for file in catalog.files {
                try Task.checkCancellation()
                try SafeFile.write(file.data, to: file.path, in: staging)
            }
            try Task.checkCancellation()
            try SafeFile.write(Self.markerText(strings: strings) + Data(ExportRecord.lines(catalog.files).utf8), to: Self.marker, in: staging)
            // The String Catalogs first, then the asset catalog whose marker records them: an
            // export killed in between leaves the new String Catalogs, which the next export (the
            // same labels) would write again, so it takes them. The other way round, it left the
            // old ones beside a marker naming the new ones, refused by every later export.
            for file in strings { try SafeFile.write(file.data, to: file.path, in: output) }
            return catalog
        }
        var result = Result(packs: catalog.packCount, stickers: catalog.stickerCount,
                            skipped: stickerErrors.sorted(), notes: catalog.notes, folder: target)
        result.stringCatalogs = strings.map(\.path)
        return result
    }

    /// The files of a `Stickers.xcstickers` catalog for `packs`, paths relative to it, leaving out
    /// the stickers in `rejected`.
    struct CatalogFiles {
        var files: [(path: String, data: Data)] = []
        /// With `deferImages`: the catalog files left empty in `files` that are a content file's
        /// bytes as they are (catalog path → content path), for the caller to read when it writes them.
        var deferred: [String: String] = [:]
        var packCount = 0
        var stickerCount = 0
        var notes: [Finding] = []
    }

    /// With `--resize`: each sticker larger than its size class scaled down to it (by source, the
    /// bytes the export writes, so each is fitted once), and an error for each too heavy once
    /// scaled, unless Messages takes the original as it is (then the original goes). Art within
    /// its size class is left as it is: over 500,000 bytes it is blocked before (`blocks`), and
    /// under it the fitter would change nothing.
    static func fitOversized(_ review: Review, content: URL, excluding: Set<String>,
                             maxPixels: Int) throws -> (fitted: [String: Data], stillTooLarge: [Finding]) {
        var fitted: [String: Data] = [:]
        var findings: [Finding] = []
        for pack in review.catalog.packs {
            for sticker in pack.stickers where !excluding.contains(sticker.source) {
                guard let info = review.assets[sticker.source]?.info,
                      StickerFitter.reshapes(width: info.width, height: info.height, into: pack.size) else { continue }
                try Task.checkCancellation()   // seconds a sticker: Ctrl-C stops between them
                let data = try ContentFile.read(sticker.artURL(content: content))
                let fit = try StickerFitter(sizeClass: pack.size, maxPixels: maxPixels, allowPalette: false).fit(data)
                if fit.report.fits {
                    fitted[sticker.source] = fit.data
                } else if ImageChecks.isAccepted(width: info.width, height: info.height, bytes: data.count) {
                    // Art Messages takes as it is (a compact 600 px APNG in a `regular` pack) is
                    // kept so rather than refused: scaled, it came out heavier than the limit.
                    continue
                } else {
                    // Over the limit, in bytes or in size, either way: the message says both weights.
                    findings.append(Finding(.error, .fileTooLarge, file: sticker.source,
                                            message: "\(ByteCount.grouped(fit.report.afterBytes)) bytes after scaling to \(pack.size.pixels) px (the original is \(ByteCount.grouped(data.count))), and Messages takes stickers under \(ByteCount.grouped(ImageChecks.maximumBytes)) bytes; run peel fit, which can also reduce the colours",
                                            sticker: sticker.source))
                }
            }
        }
        return (fitted, findings)
    }

    /// `load` reads a content file by its path relative to the content folder (callers that already
    /// hold the bytes pass them here instead of reading again).
    /// `fitted` holds the bytes of stickers `--resize` scaled (`fitOversized`), written as PNG or APNG.
    static func catalogFiles(_ packs: [Pack], content: URL, rejected: Set<String>, fitted: [String: Data] = [:],
                             deferImages: Bool = false, maxPixels: Int = ImageAnalyzer.defaultMaxPixels,
                             load: ((String) throws -> Data)? = nil) throws -> CatalogFiles {
        let load = load ?? { path in
            do {
                return try ContentFile.read(content.appendingPathComponent(path))
            } catch {
                throw PeelError.unreadable(path: path, reason: SystemErrorText.describe(error))
            }
        }
        var result = CatalogFiles()
        result.files.append(("Contents.json", try XcodeJSON.encode(RootContents())))
        for pack in packs {
            let stickers = pack.stickers.filter { !rejected.contains($0.source) }
            guard !stickers.isEmpty else { continue }
            let packFolder = "\(pack.slug).stickerpack"
            result.packCount += 1
            var entries: [PackContents.Entry] = []
            for sticker in stickers {
                let name = "\(sticker.slug).sticker"
                let named = sticker.fileName.split(separator: ".").last.map { $0.lowercased() } ?? "png"
                let ext: String
                if let data = fitted[sticker.source] {
                    ext = "png"   // scaled stickers are written as PNG or APNG
                    result.files.append(("\(packFolder)/\(name)/\(sticker.slug).\(ext)", data))
                } else if deferImages && sticker.composition == nil {
                    // The content file as it is: a pack zip reads each one as it writes it, so a
                    // pack's stickers are never all held at once (only its first bytes here).
                    ext = Self.fileExtension(named: named, head: ContentFile.head(of: sticker.artURL(content: content)))
                    let path = "\(packFolder)/\(name)/\(sticker.slug).\(ext)"
                    result.files.append((path, Data()))
                    result.deferred[path] = sticker.source
                } else {
                    let data = try sticker.composition.map { try ContentFile.read($0.art) } ?? load(sticker.source)
                    ext = Self.fileExtension(named: named, head: data.prefix(16))
                    result.files.append(("\(packFolder)/\(name)/\(sticker.slug).\(ext)", data))
                }
                let fileName = "\(sticker.slug).\(ext)"
                let contents = StickerContents(properties: .init(filename: fileName, accessibilityLabel: sticker.alt ?? ""))
                result.files.append(("\(packFolder)/\(name)/Contents.json", try XcodeJSON.encode(contents)))
                entries.append(.init(filename: name))
                result.stickerCount += 1
            }
            let contents = PackContents(properties: .init(gridSize: pack.size.rawValue), stickers: entries)
            result.files.append(("\(packFolder)/Contents.json", try XcodeJSON.encode(contents)))
        }
        // An app has one icon: the first exported pack (in display order) with icon art gives it.
        // A pack left out (--skip-invalid) gave the icon while the next one named the app.
        let iconPacks = packs.filter { pack in pack.icon != nil && pack.stickers.contains { !rejected.contains($0.source) } }
        if let pack = iconPacks.first, let icon = pack.icon {
            // Art that cannot be read is the review's finding (corrupt-image on the icon): the pack's
            // zip in a site built with errors then has no app icon rather than no zip, nor no site.
            let set: (files: [(path: String, data: Data)], warnings: [Finding])
            do {
                set = try IconSet().files(artAt: content.appendingPathComponent(icon), maxPixels: maxPixels)
            } catch {
                result.notes.append(Finding(.warning, .unreadableFile, file: icon,
                                            message: "icon art cannot be read, so the catalog has no app icon"))
                return result
            }
            result.files += set.files.map { ("\(IconSet.folderName)/\($0.path)", $0.data) }
            // Named as every finding is, by the path in the catalog (they carried the art's absolute path).
            result.notes += set.warnings.map { warning in
                var warning = warning
                warning.file = icon
                return warning
            }
            if iconPacks.count > 1 {
                result.notes.append(Finding(.warning, .multipleIcons, file: pack.manifest ?? pack.folder,
                                            message: "an app has one icon set; used \(pack.slug)'s icon, not those of \(iconPacks.dropFirst().map(\.slug).joined(separator: ", "))"))
            }
        }
        return result
    }

    /// The extension Xcode's asset compiler goes by, from the sticker's bytes: a GIF named
    /// `sun.png` was written as `sun.png`, which the compiler reads as a PNG. The name's own
    /// extension when it already fits (`.jpeg` and `.jpg` alike), or the bytes are no sticker format.
    static func fileExtension(named: String, head: Data) -> String {
        let format = ImageFormat.sniff(head)
        switch format {
        case .png, .apng, .gif: return format.fileExtension
        case .jpeg: return ["jpg", "jpeg"].contains(named) ? named : format.fileExtension
        default: return named
        }
    }

    /// The marker's text: what it is for, and the SHA-256 of each String Catalog written beside the
    /// asset catalog, so a later export knows which of them it may replace.
    static func markerText(strings: [(path: String, data: Data)]) -> Data {
        var text = "Written by peel export xcode; Peel replaces this catalog only while this file is here.\n"
        for file in strings { text += "\(file.path) sha256:\(Hex.string(SHA256.hash(data: file.data)))\n" }
        return Data(text.utf8)
    }

    /// A String Catalog beside the asset catalog is replaced only when it is absent, the same as
    /// the new one, or exactly what the last export wrote (its hash is in that export's marker):
    /// an app's own `Localizable.xcstrings`, or one edited since, holds someone's work.
    static func checkStringCatalogsReplaceable(_ strings: [(path: String, data: Data)], in output: URL, marker: URL) throws {
        let recorded = (try? String(contentsOf: marker, encoding: .utf8)) ?? ""
        for file in strings {
            let url = output.appendingPathComponent(file.path)
            guard FileManager.default.fileExists(atPath: url.path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil else { continue }
            guard let existing = try? ContentFile.read(url) else {
                throw PeelError.unsafeOutput(path: url.path, reason: "exists and cannot be read; Peel will not replace it (move it away or choose another -o)")
            }
            let line = "\(file.path) sha256:\(Hex.string(SHA256.hash(data: existing)))"
            guard existing == file.data || recorded.split(separator: "\n").contains(Substring(line)) else {
                throw PeelError.unsafeOutput(path: url.path,
                    reason: "exists and is not the file the last peel export xcode wrote (made by hand or edited since); Peel will not replace it (move it away, or choose another -o)")
            }
        }
    }

    private func checkReplaceable(_ target: URL) throws {
        try ExportRecord.checkReplaceable(target, marker: Self.marker, command: "peel export xcode")
    }

    // MARK: - Contents.json shapes Xcode writes

    struct RootContents: Encodable {
        let info = XcodeInfo()
    }

    struct PackContents: Encodable {
        struct Properties: Encodable {
            let gridSize: String
            enum CodingKeys: String, CodingKey { case gridSize = "grid-size" }
        }
        struct Entry: Encodable { let filename: String }
        let info = XcodeInfo()
        let properties: Properties
        let stickers: [Entry]
    }

    struct StickerContents: Encodable {
        struct Properties: Encodable {
            let filename: String
            let accessibilityLabel: String
            enum CodingKeys: String, CodingKey { case filename, accessibilityLabel = "accessibility-label" }
        }
        let info = XcodeInfo()
        let properties: Properties
    }
}
