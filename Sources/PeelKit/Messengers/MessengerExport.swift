import Foundation

/// `peel export whatsapp|telegram|signal|discord`: each pack of a checked catalog converted to
/// what the messenger (or its standard import path) takes, checked against the platform's rules
/// first (`PlatformChecks`), then converted sticker by sticker (`MessengerStickerConverter`) and
/// laid out by the platform's `MessengerLayout`.
///
/// Packs export independently: a pack the platform would refuse (too few stickers, a bad set name,
/// a sticker without emoji) is not written, is listed with every reason, and the other packs still
/// are. `skipInvalid` leaves the refused stickers out instead and writes the rest of their pack
/// when it still meets the platform's pack rules. The folder is written beside its place and
/// swapped in whole, and replaced only when Peel wrote it. Every export writes `report.md`.
public struct MessengerExport: Sendable {
    public var platform: MessengerPlatform
    public var skipInvalid: Bool
    /// Pack slugs to export (`--pack`); empty: every pack.
    public var packs: [String]
    /// The packs with exactly these slugs, as the site's download of one pack asks (a name on the
    /// command line may be a folder too: `packs`).
    var packSlugs: [String]?
    public var longAnimations: LongAnimationSetting
    /// The decoded-pixel guard images are read with (`--max-pixels`; the build's own).
    public var maxPixels: Int
    /// A build's conversions kept between builds (the site's downloads); nil for `peel export`.
    var conversions: ConvertedStickerCache?

    /// What `--long-animations` says to do with an animation longer than the platform plays.
    public enum LongAnimationSetting: String, Sendable, CaseIterable {
        case refuse, speedUp = "speed-up", cut
    }

    public init(platform: MessengerPlatform, skipInvalid: Bool = false, packs: [String] = [], longAnimations: LongAnimationSetting = .refuse,
                maxPixels: Int = ImageAnalyzer.defaultMaxPixels) {
        self.platform = platform
        self.maxPixels = maxPixels
        self.skipInvalid = skipInvalid
        self.packs = packs
        self.longAnimations = longAnimations
    }

    /// Marks a folder Peel wrote, so a later export may replace it (and never anything else).
    static let marker = ".peel-export"
    static let reportName = "report.md"
    /// Bump when exports change shape, so the site's cached downloads are made again. (8: the
    /// stickers' order, and report.md naming stickers sent without accessibility text; 9: a
    /// Telegram set past 50 stickers lists the rest under `add_after`; 10: report.md's warnings for
    /// `tray:` or `icon:` art passed over; 11: a PNG's gAMA and cHRM applied to the colours; 12: a CMYK JPEG's own profile applied;
    /// 13: frame rates down to 5 fps for heavy animations, ZWJ emoji qualified, silenced platform errors refused;
    /// 14: an animated WebP's background hint is transparent.)
    static let formatVersion = 14

    public struct Result: Sendable {
        /// The packs (or sets) written, by their name on the platform.
        public var written: [String]
        public var stickerCount: Int
        /// Each exported sticker that was changed to fit, with what changed.
        public var changed: [(sticker: String, changes: [String])]
        /// How the art was scaled onto the platform's canvas, with how many stickers each way.
        public var scalings: [String: Int] = [:]
        /// Stickers and packs left out, each with why.
        public var refused: [Finding]
        /// True when a pack was left out without `skipInvalid` saying to leave out what cannot go.
        public var packsRefused: Bool
        /// Nothing could be exported, so the folder's previous export was left as it was.
        public var keptPrevious = false
        /// What was exported otherwise than asked: `tray:` or `icon:` art that could not be read
        /// and was passed over for the tray icon.
        public var warnings: [Finding] = []
        /// What only converting found (a sticker that cannot fit the platform's bytes, a pack too
        /// small once it was left out): the checks before it cannot know, so `refused` holds these
        /// among the rest and the site's readiness table adds them.
        var refusedConverting: [Finding] = []

        /// "Exported 4 packs, 34 stickers".
        public var summary: String {
            "Exported \(plural(written.count, platformNoun)), \(plural(stickerCount, "sticker"))"
        }
        var platformNoun = "pack"
    }

    /// What the export was asked for and cannot be (a usage mistake, exit 2).
    public enum Failure: UsageMistake, Sendable {
        case unknownPacks([String], known: [String])
        case ambiguousPack(String)
        case notAMessenger(MessengerPlatform)

        public var description: String {
            switch self {
            case .unknownPacks(let slugs, let known):
                "no pack named \(slugs.map { "'\($0)'" }.joined(separator: ", ")); the catalog's packs are \(known.joined(separator: ", "))"
            case .ambiguousPack(let message):
                message
            case .notAMessenger(let platform):
                "\(platform.name) has its own export: peel export xcode"
            }
        }
    }

    // MARK: - Export

    public func write(_ review: Review, content: URL, into output: URL, progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> Result {
        let location = OutputLocation(reading: [content], suggestion: "-o \(DisplayPath.beside(content, "exports/\(platform.rawValue)"))")
        try location.check(folder: output, replacedWhole: true)
        let publisher = SitePublisher(output: output)
        publisher.recoverInterruptedPublish()
        try checkReplaceable(output)
        var (files, result) = try await files(review, content: content, progress: progress)
        // Nothing to export (every pack refused: the emoji lines lost, say): the previous export
        // stays, as a failed build leaves the previous site. It was swapped for a report alone.
        if result.written.isEmpty, FileManager.default.fileExists(atPath: output.appendingPathComponent(Self.marker).path) {
            result.keptPrevious = true
            return result
        }

        try publisher.replaceWhole { staging in
            for file in files { try SafeFile.write(file.data, to: file.path, in: staging) }
            try SafeFile.write(Data(("Written by peel export \(platform.rawValue); Peel replaces this folder only while this file is here.\n"
                                     + ExportRecord.lines(files)).utf8), to: Self.marker, in: staging)
        }
        return result
    }

    /// The site's download of one pack for this platform: what `write` would put in its folder,
    /// with what the platform refuses left out (as `--skip-invalid`), as one zip (nil when
    /// nothing of the pack can go), and what converting left out that the checks did not know.
    public func archive(of pack: Pack, review: Review, content: URL) async throws -> (zip: Data?, leftOut: [Finding]) {
        var export = self
        export.packSlugs = [pack.slug]
        export.skipInvalid = true
        let (files, result) = try await export.files(review, content: content, progress: nil)
        let leftOut = Array(Set(result.refusedConverting)).sorted()
        guard result.stickerCount > 0 else { return (nil, leftOut) }
        var archive = ZipWriter()
        for file in files.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            try archive.add(file.path, file.data, method: ImageFormat.sniff(file.data) == .unknown && !file.path.hasSuffix(".webm") ? .deflated : .stored)
        }
        return (try archive.finish(), leftOut)
    }

    /// Every file of the export, paths relative to its folder, and what was done.
    func files(_ review: Review, content: URL, progress: (@Sendable (Int, Int) -> Void)?) async throws -> (files: [(path: String, data: Data)], result: Result) {
        guard let format = MessengerFormat.of(platform) else { throw Failure.notAMessenger(platform) }
        let catalog = review.catalog
        var chosen: Set<String>?
        if let packSlugs {
            chosen = Set(packSlugs)
        } else if !packs.isEmpty {
            switch Pack.slugs(named: packs, in: catalog.packs) {
            case .success(let slugs): chosen = slugs
            case .failure(.unknown(let unknown)): throw Failure.unknownPacks(unknown, known: catalog.packs.map(\.slug))
            case .failure(.ambiguous(let message)): throw Failure.ambiguousPack(message)
            }
        }
        let selected = catalog.packs.filter { !$0.stickers.isEmpty && chosen?.contains($0.slug) != false }

        let plans = selected.map { plan($0, review: review) }
        // Convert every sticker that may go, all packs at once, one per core.
        let stickers = plans.flatMap(\.candidates)
        let converter = MessengerStickerConverter(format: format, longAnimations: longAnimations)
        let outcomes = try await ParallelWork.map(stickers, progress: progress) { sticker in
            // A conversion holds every frame at the platform's size a few times over (scaled,
            // a palette's copy, the encoder's): its share of the decoded-pixel budget keeps a build
            // or an export from holding several long animations at once.
            let info = review.assets[sticker.source]?.info
            let canvas = format.canvas.canvasSize(width: info?.width ?? 512, height: info?.height ?? 512)
            let frames = info?.frameCount ?? 1
            let bytes = frames * ((info?.width ?? 0) * (info?.height ?? 0) + 3 * canvas.width * canvas.height) * 4
            if let kept = conversions?.outcome(of: sticker, self) { return kept }
            let outcome = DecodedPixelBudget.shared.withReservation(of: bytes) {
                Self.convert(sticker, content: content, converter: converter, maxPixels: maxPixels)
            }
            conversions?.store(outcome, of: sticker, self)
            return outcome
        }
        let bySource = Dictionary(zip(stickers.map(\.source), outcomes), uniquingKeysWith: { first, _ in first })

        var files: [(path: String, data: Data)] = []
        var result = Result(written: [], stickerCount: 0, changed: [], refused: [], packsRefused: false)
        var layout = MessengerLayout(platform: platform, site: catalog.site)
        for plan in plans {
            var refused = plan.refused
            var exported: [ExportedSticker] = []
            for sticker in plan.candidates {
                switch bySource[sticker.source] {
                case .converted(let converted):
                    exported.append(ExportedSticker(sticker: sticker, converted: converted, emoji: EmojiChecks.valid(sticker)))
                case .refused(let finding):
                    refused.append(finding)
                    result.refusedConverting.append(finding)
                case nil:
                    break
                }
            }
            var packProblems = refused.filter { $0.sticker == nil }
            // Too few of a kind (WhatsApp: 3 still or 3 animated at least): with --skip-invalid those
            // few are left out while another kind remains; otherwise the pack stays out (below).
            let short = layout.kindsTooFew(exported)
            if skipInvalid && short.count < Set(exported.map(\.converted.isAnimated)).count {
                for animated in short {
                    let message = layout.tooFewMessage(exported, animated: animated, outcome: "so they were left out")
                    let few = exported.filter { $0.converted.isAnimated == animated }.map {
                        Finding(.error, .packTooSmall, file: $0.sticker.source, message: message, sticker: $0.sticker.source)
                    }
                    refused += few
                    result.refusedConverting += few
                    exported.removeAll { $0.converted.isAnimated == animated }
                }
            }
            let stickerRefusals = refused.filter { $0.sticker != nil }
            if !skipInvalid && !stickerRefusals.isEmpty {
                packProblems.append(Finding(.error, .packRefused, file: plan.pack.manifest ?? plan.pack.folder,
                                            message: "\(platform.name): \(plural(Set(stickerRefusals.compactMap(\.sticker)).count, "sticker")) would be refused, so the pack was not exported; fix them, or pass --skip-invalid to leave them out"))
            }
            // What converting changed (a sticker too large left out) may leave the pack too small.
            packProblems += layout.packProblems(plan.pack, exported: exported)
            if !packProblems.isEmpty {
                result.refused += stickerRefusals + packProblems
                result.refusedConverting += packProblems.filter { $0.code != .packRefused }
                // With --skip-invalid a pack the platform cannot take is left out as asked; without,
                // it fails the export. A rule of the whole site (Telegram's telegram_bot:) is no
                // pack to skip: it fails the export either way.
                result.packsRefused = result.packsRefused || !skipInvalid || packProblems.contains { $0.file == "site.md" }
                continue
            }
            let written: (files: [(path: String, data: Data)], names: [String])
            do {
                written = try layout.add(plan.pack, exported: exported) {
                    let tray = try trayArt(for: plan.pack, exported: exported, content: content)
                    result.warnings += tray.passedOver
                    return tray.image
                }
            } catch let clash as MessengerLayout.NameClash {
                let refusal = nameClash(clash, pack: plan.pack)
                result.refused += stickerRefusals + [refusal]
                result.refusedConverting.append(refusal)
                result.packsRefused = result.packsRefused || !skipInvalid
                continue
            }
            result.refused += stickerRefusals
            files += written.files
            result.written += written.names
            result.stickerCount += exported.count
            result.changed += exported.compactMap { sticker in
                var changes = sticker.converted.changes
                // WhatsApp's contents.json carries each sticker's label for screen readers; one
                // without a label went out without it, and no word said so.
                if platform == .whatsapp, (sticker.sticker.alt ?? "").trimmed.isEmpty {
                    changes.append("exported without accessibility text: it has no label (add alt: to \(sticker.sticker.sidecarOrNew))")
                }
                return changes.isEmpty ? nil : (sticker.sticker.source, changes)
            }
            for sticker in exported { if let scaling = sticker.converted.scaling { result.scalings[scaling, default: 0] += 1 } }
            // A sped-up animation that now flashes is said where a CI log shows it, not in report.md alone.
            result.warnings += exported.compactMap { sticker in
                sticker.converted.flashingChange.map {
                    Finding(.warning, .flashingAnimation, file: sticker.sticker.source, message: "\(platform.name): \($0)", sticker: sticker.sticker.source)
                }
            }
        }
        // Nothing exported because of what was refused is no success, --skip-invalid or not.
        if result.written.isEmpty && !result.refused.isEmpty { result.packsRefused = true }
        files += try layout.finish()
        result.platformNoun = layout.packNoun
        // A finding about the whole site (Telegram without telegram_bot:) blocks every pack: once.
        result.refused = Array(Set(result.refused)).sorted()
        result.warnings = Array(Set(result.warnings)).sorted()  // once, however many packs a split made
        files.append((Self.reportName, Data(ExportReport(platform: platform, result: result, files: files).text.utf8)))
        return (files, result)
    }

    /// Why a pack whose name on the platform is taken was left out, and the key that names it.
    private func nameClash(_ clash: MessengerLayout.NameClash, pack: Pack) -> Finding {
        clash.finding(for: pack, platform: platform, consequence: "this pack was not exported")
    }

    // MARK: - Planning

    /// A pack's stickers that may be converted, and the findings that keep the others (or the
    /// whole pack) out: the platform's errors from `PlatformChecks`, and stickers whose image
    /// cannot be read.
    struct Plan {
        var pack: Pack
        var candidates: [Sticker]
        var refused: [Finding]
    }

    /// A platform error as the export's refusal: counted, even where `ignore:` silenced it in the
    /// report, since the platform refuses the sticker all the same.
    private static func refusal(_ finding: Finding) -> Finding {
        var finding = finding
        finding.suppressed = false
        return finding
    }

    private func plan(_ pack: Pack, review: Review) -> Plan {
        var refused: [Finding] = []
        // A sidecar that cannot be read lost its emoji: and label with it; its own error is what
        // to fix, not the "add emoji:" that followed from it.
        var unreadableSidecars = Set<String>()
        for sticker in pack.stickers {
            guard let error = sticker.sidecarError else { continue }
            unreadableSidecars.insert(sticker.source)
            var finding = error
            finding.sticker = sticker.source
            finding.message = "\(platform.name): its sidecar cannot be read, so neither its emoji nor its label: \(error.message)"
            refused.append(finding)
        }
        let platformFindings = Checker.applyIgnores(
            PlatformChecks.findings(for: pack, site: review.catalog.site, assets: review.assets, platform: platform),
            catalog: review.catalog).filter(\.isRejectedByMessenger).map(Self.refusal)
        for finding in platformFindings where !unreadableSidecars.contains(finding.sticker ?? "") {
            // An animation too long is converted anyway when --long-animations says how.
            if finding.code == .animationTooLong && longAnimations != .refuse { continue }
            // How many stickers a pack holds is judged on what converts (MessengerLayout.packProblems).
            if finding.code == .packTooSmall { continue }
            // An unreadable image is refused below, with its own error's words.
            if finding.code == .unreadableFile && review.assets[finding.sticker ?? ""]?.info == nil { continue }
            refused.append(finding)
        }
        // A name another pack has (found over the whole catalog, `PlatformNameClashes`): the site's
        // download of this pack alone would install over the other's.
        refused += PlatformNameClashes.clash(of: pack, platform: platform, in: review.catalogFindingsByFolder[pack.folder] ?? [])
            .filter(\.isRejectedByMessenger).map(Self.refusal)
        var candidates: [Sticker] = []
        let blocked = Set(refused.compactMap(\.sticker))
        for sticker in pack.stickers where !blocked.contains(sticker.source) {
            guard review.assets[sticker.source]?.info != nil else {
                // What is wrong with the image file itself, not a label error in its sidecar.
                let reason = review.findings(for: sticker).first { $0.file == sticker.source && $0.severity == .error }?.message ?? "the image cannot be read"
                refused.append(Finding(.error, .unreadableFile, file: sticker.source, message: "\(platform.name): cannot export it: \(reason)", sticker: sticker.source))
                continue
            }
            candidates.append(sticker)
        }
        return Plan(pack: pack, candidates: candidates, refused: refused)
    }

    // MARK: - Converting

    enum Outcome: Sendable {
        case converted(MessengerStickerConverter.Converted)
        case refused(Finding)
    }

    static func convert(_ sticker: Sticker, content: URL, converter: MessengerStickerConverter,
                        maxPixels: Int = ImageAnalyzer.defaultMaxPixels) -> Outcome {
        let name = converter.format.platform.name
        func refusal(_ message: String, code: FindingCode = .unreadableFile) -> Outcome {
            .refused(Finding(.error, code, file: sticker.source, message: "\(name): \(message)", sticker: sticker.source))
        }
        do {
            let url = sticker.composition?.art ?? content.appendingPathComponent(sticker.source)
            let data = try ContentFile.read(url)
            // The messengers' apps show every sticker as sRGB: Display P3 or Adobe RGB art is converted to it.
            let analyzed = try ImageAnalyzer(maxPixels: maxPixels).analyze(data)
            return .converted(try converter.convert(SRGBConversion.convert(analyzed.decoded, from: analyzed.profile)))
        } catch let refused as MessengerStickerConverter.Refusal {
            switch refused {
            case .tooLong(let seconds, let limit):
                return refusal("the animation lasts \(PlatformChecks.number(seconds)) s; \(name) plays at most \(PlatformChecks.number(limit)) s (shorten it, or pass --long-animations speed-up or cut)", code: .animationTooLong)
            case .tooLarge(let bytes, let limit):
                return refusal("still \(ByteCount.grouped(bytes)) bytes at the lowest quality, colours and frame rate Peel tries; \(name) takes \(ByteCount.grouped(limit)) (simplify the art or shorten the animation)", code: .fileTooLarge)
            }
        } catch {
            return refusal("cannot export it: \(SystemErrorText.describe(error))")
        }
    }

    /// The tray icon's art: `tray:`, else the pack's `icon:`, else its cover sticker (the first
    /// exported one when the cover was left out), as its first frame with visible pixels (a
    /// fade-in's first frame made a blank tray). An exported sticker was decoded moments ago, so
    /// there is always one. `tray:` or `icon:` art that cannot be read is passed over, each with
    /// a warning that says what the tray was made from instead: a tray that quietly became the
    /// cover sticker was found only by looking at the phone.
    private func trayArt(for pack: Pack, exported: [ExportedSticker], content: URL) throws -> (image: RGBAImage, passedOver: [Finding]) {
        var candidates: [(url: URL, key: (name: String, path: String)?)] = []
        if let tray = pack.tray { candidates.append((content.appendingPathComponent(tray), ("tray", tray))) }
        if let icon = pack.icon { candidates.append((content.appendingPathComponent(icon), ("icon", icon))) }
        let cover = pack.coverIndex.map { pack.stickers[$0] }
        for sticker in ([cover].compactMap { $0 } + exported.map(\.sticker)) {
            candidates.append((sticker.composition?.art ?? content.appendingPathComponent(sticker.source), nil))
        }
        var failed: [(name: String, path: String, code: FindingCode, reason: String)] = []
        for candidate in candidates {
            let analyzed: AnalyzedImage
            do {
                analyzed = try ImageAnalyzer(maxPixels: maxPixels).analyze(ContentFile.read(candidate.url))
            } catch {
                if let key = candidate.key {
                    let imageError = error as? ImageError
                    failed.append((key.name, key.path, imageError?.findingCode ?? .unreadableFile,
                                   imageError?.description ?? SystemErrorText.describe(error)))
                }
                continue
            }
            // An animation that fades in starts blank or faint: its poster frame (`PosterFrame`, as
            // the site's posters), in sRGB.
            let image = SRGBConversion.convert(PosterFrame.of(analyzed.decoded.frames), from: analyzed.profile)
            let madeFrom = candidate.key.map { "the pack's \($0.name): art (\($0.path))" }
                ?? "the sticker \(candidate.url.lastPathComponent)"
            let passedOver = failed.map { failure in
                Finding(.warning, failure.code, file: failure.path,
                        message: "\(platform.name) tray: the \(failure.name): art cannot be used (\(failure.reason)); the tray icon was made from \(madeFrom)")
            }
            return (image, passedOver)
        }
        throw PeelError.unreadable(path: pack.manifest ?? pack.folder, reason: "no art for the tray icon can be read (tray:, icon: or a sticker)")
    }

    private func checkReplaceable(_ target: URL) throws {
        try ExportRecord.checkReplaceable(target, marker: Self.marker, command: "peel export \(platform.rawValue)")
    }
}

/// A sticker as exported: its content, its converted file and the emoji that go with it.
struct ExportedSticker: Sendable {
    var sticker: Sticker
    var converted: MessengerStickerConverter.Converted
    var emoji: [String]
}

