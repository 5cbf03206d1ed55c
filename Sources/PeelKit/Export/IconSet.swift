#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How art goes into a slot of another shape (most iMessage icons are 4:3).
public enum IconFit: String, Sendable, CaseIterable {
    /// Fitted inside the slot and padded, centred, never cropped.
    case pad
    /// Scaled to cover the slot and cropped, centred.
    case fill
}

/// Makes the iMessage App Icon set from one piece of art: every image Apple asks for, each at its
/// slot's exact pixel size, and the `Contents.json` Xcode reads.
public struct IconSet: Sendable {
    public static let folderName = "iMessage App Icon.stickersiconset"
    /// The side of the largest icon, the App Store's 1024 × 1024: art this large is never enlarged.
    static let artSide = 1024

    public var background: RGBAColor
    /// What the App Store icons are flattened onto: white, in the art's profile's numbers.
    var marketingBase = RGBAColor.white
    public var fit: IconFit

    public init(background: RGBAColor = .transparent, fit: IconFit = .pad) {
        self.background = background
        self.fit = fit
    }

    /// The slot's image. App Store (ios-marketing) icons are flattened onto the background colour
    /// laid over white (white when it is transparent; `#ff000080` gives pink), because Apple
    /// requires them opaque.
    public func render(_ art: RGBAImage, for slot: IconSlot) -> RGBAImage {
        let width = slot.pixelWidth, height = slot.pixelHeight
        let fill = slot.isMarketing ? background.flattened(onto: marketingBase) : background
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: canvas.count, by: 4) {
            canvas[index] = fill.red
            canvas[index + 1] = fill.green
            canvas[index + 2] = fill.blue
            canvas[index + 3] = fill.alpha
        }
        let place = placement(ofArtWidth: art.width, height: art.height, into: slot)
        let source = art.cropped(x: place.crop.x, y: place.crop.y, width: place.crop.width, height: place.crop.height)
        let artWidth = place.width, artHeight = place.height
        let resized = Resampler.resize(source, width: artWidth, height: artHeight)
        // Centred; with fill, the negative offset crops what falls outside.
        Compositor.draw(resized, onto: &canvas, canvasWidth: width, x: (width - artWidth) / 2, y: (height - artHeight) / 2,
                        blendOver: true)
        return RGBAImage(width: width, height: height, pixels: canvas)
    }

    /// The part of the art that goes into `slot` (all of it, but for art of a shape far from the
    /// slot's when filling) and the size it is scaled to, centred on the slot.
    func placement(ofArtWidth artWidth: Int, height artHeight: Int, into slot: IconSlot)
        -> (crop: (x: Int, y: Int, width: Int, height: Int), width: Int, height: Int) {
        var crop = (x: 0, y: 0, width: artWidth, height: artHeight)
        var scale = scale(width: artWidth, height: artHeight, into: slot)
        let slotArea = Double(slot.pixelWidth * slot.pixelHeight)
        // Art far from the slot's shape would cover it at a size mostly cropped away: 1 × 4096 px
        // art covers the 1024 px slot at 1024 × 4,194,304 px, 17 GB. Such art is cropped to the
        // slot's shape first (centred, as the crop after scaling would be), then scaled.
        if fit == .fill, Double(artWidth) * scale * Double(artHeight) * scale > 4 * slotArea {
            let width = min(artWidth, max(1, Int((Double(slot.pixelWidth) / scale).rounded())))
            let height = min(artHeight, max(1, Int((Double(slot.pixelHeight) / scale).rounded())))
            crop = ((artWidth - width) / 2, (artHeight - height) / 2, width, height)
            scale = self.scale(width: width, height: height, into: slot)
        }
        return (crop, max(1, Int((Double(crop.width) * scale).rounded())), max(1, Int((Double(crop.height) * scale).rounded())))
    }

    /// How much art of this size is scaled to go into `slot` (above 1 is enlarging).
    private func scale(width: Int, height: Int, into slot: IconSlot) -> Double {
        let scaleX = Double(slot.pixelWidth) / Double(width), scaleY = Double(slot.pixelHeight) / Double(height)
        return fit == .pad ? min(scaleX, scaleY) : max(scaleX, scaleY)
    }

    /// What to tell the artist about their art before making the set.
    public func warnings(for art: RGBAImage, file: String) -> [Finding] {
        let size = sizeWarnings(width: art.width, height: art.height, file: file)
        var findings = size.filter { $0.code == .iconTooSmall }
        if !art.hasVisiblePixels {
            findings.append(Finding(.warning, .blankImage, file: file,
                                    message: "art has nothing to see (every pixel is transparent), so every icon is blank and the App Store icons plain white"))
        }
        return findings + size.filter { $0.code != .iconTooSmall }
    }

    /// What art of this size gives: a slot that enlarges it (`icon-too-small`), a shape neither
    /// square nor 4:3 (`icon-aspect`). One rule for `peel icons`, the exports and `peel check`'s
    /// `icon:` art (which said 1024 × 768 art, the 4:3 slot's own size, "would be upscaled").
    func sizeWarnings(width: Int, height: Int, file: String) -> [Finding] {
        var findings: [Finding] = []
        let upscale = IconSlot.iMessageAppIcon.map { scale(width: width, height: height, into: $0) }.max() ?? 1
        if upscale > 1.001 {
            findings.append(Finding(.warning, .iconTooSmall, file: file,
                                    message: "art is \(width) × \(height) px; the App Store icons need it \(String(format: upscale < 1.1 ? "%.2f" : "%.1f", upscale))× larger, so it is upscaled and may look soft (use 1024 px art or larger)"))
        }
        let ratio = Double(width) / Double(height)
        if abs(ratio - 1) > 0.01 && abs(ratio - 4.0 / 3.0) > 0.01 {
            let how = fit == .pad ? "padded" : "cropped"
            findings.append(Finding(.warning, .iconAspect, file: file,
                                    message: "art is \(width) × \(height) px, neither square nor 4:3; it is \(how) to fit each slot"))
        }
        return findings
    }

    /// The set `write(artAt:into:)` makes for `output`: `iMessage App Icon.stickersiconset` inside it,
    /// or `output` itself when it names a set (`-o "Stickers.xcassets/iMessage App Icon.stickersiconset"`,
    /// the set of an Xcode project updated in place); a set nested in a set is one Xcode ignores.
    public static func setFolder(for output: URL) -> URL {
        output.standardizedFileURL.pathExtension.lowercased() == "stickersiconset" ? output : output.appendingPathComponent(folderName)
    }

    /// Writes `iMessage App Icon.stickersiconset/` into `folder` (or `folder` itself, when it is a
    /// `.stickersiconset`: `setFolder(for:)`) from the art at `artFile` (its first frame with visible
    /// pixels, for animated art). Returns the warnings about the art.
    @discardableResult
    public func write(artAt artFile: URL, into folder: URL, maxPixels: Int = ImageAnalyzer.defaultMaxPixels) throws -> [Finding] {
        let target = Self.setFolder(for: folder)
        // Inside a catalog, the next check and build would read the thirteen icons as a pack of stickers.
        if let catalog = CatalogTarget.reading(target.deletingLastPathComponent()) {
            throw PeelError.unsafeOutput(path: target.standardizedFileURL.path,
                                         reason: "this is inside the catalog at \(catalog.path), whose next check and build would read the icons as stickers; "
                                             + "choose an output outside it (-o ../MyStickerApp)")
        }
        let set = try files(artAt: artFile, maxPixels: maxPixels)
        // The set is made whole beside the old one and swapped in, as a site is: written icon by
        // icon into the set itself, a run stopped by Ctrl-C or a full disk left 13 icons of two
        // arts, which Xcode shows as a complete set.
        let publisher = SitePublisher(output: target)
        publisher.recoverInterruptedPublish()
        let foreign = Self.foreignFiles(in: target, planned: Dictionary(set.files.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first }))
        guard foreign.isEmpty else {
            throw PeelError.unsafeOutput(path: target.path, reason: "holds an icon set peel icons did not write, or changed since (\(ExportRecord.shown(foreign))); "
                + "Peel will not replace it: move it away first, or choose another -o")
        }
        // The set is swapped in whole, so what stands at its path is checked first, as writing
        // into it did: a link is never followed nor replaced, a file never swapped away.
        var info = stat()
        if lstat(target.path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: break
            case S_IFLNK: throw PeelError.cannotWrite(path: target.path, reason: "it is a symlink; Peel does not write through links (remove it)")
            default: throw PeelError.cannotWrite(path: target.path, reason: "it is a file where Peel needs a folder")
            }
        }
        try publisher.replaceWhole { staging in
            for file in set.files { try SafeFile.write(file.data, to: file.path, in: staging) }
            try SafeFile.write(Data(ExportRecord.lines(set.files).utf8), to: Self.marker, in: staging)
            try Task.checkCancellation()
        }
        return set.warnings
    }

    /// What `peel icons` records of the set it wrote (`ExportRecord`'s lines), hidden from Xcode.
    static let marker = ".peel-icons"

    /// The files of an existing set that `peel icons` did not write, or that changed since: a set
    /// made in Xcode, or an icon replaced by hand, was overwritten without a word.
    /// A file with the very bytes this run writes at its path (`planned`) is none: nothing is lost,
    /// and a run killed before it wrote its record is finished by the next. Nor is a temporary
    /// file a killed run of Peel's left (`SafeFile.isLeftoverTemporary`).
    static func foreignFiles(in set: URL, planned: [String: Data] = [:]) -> [String] {
        // A set folder that is a link is refused by the write itself, never followed to be listed.
        if SafeFile.isSymlink(set.path) { return [] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: set.path)) ?? []).filter { !SystemLitter.matches(fileName: $0) }
        guard !names.isEmpty else { return [] }
        let listed = names.contains(marker) ? ExportRecord.foreignFiles(in: set, marker: marker)
            : names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return listed.filter { name in
            let url = set.appendingPathComponent(name)
            if SafeFile.isSymlink(url.path) { return true }
            if SafeFile.isLeftoverTemporary(name) { return false }
            return planned[name].map { (try? Data(contentsOf: url)) != $0 } ?? true
        }
    }

    /// The icon set's files (paths relative to the .stickersiconset folder) and the warnings about the art.
    func files(artAt artFile: URL, maxPixels: Int = ImageAnalyzer.defaultMaxPixels) throws -> (files: [(path: String, data: Data)], warnings: [Finding]) {
        let data: Data
        do {
            data = try ContentFile.read(artFile)
        } catch {
            throw PeelError.unreadable(path: artFile.path, reason: SystemErrorText.describe(error))
        }
        let art: RGBAImage, profile: [Data], artProfile: ColourProfile?
        do {
            // An animation that fades or pops in starts blank or faint: its poster frame
            // (`PosterFrame`, as the site and the messengers' tray icons take it; 13 blank icons
            // were made of a pop-in, and a first frame at alpha 11 made near-blank ones).
            let analyzed = try ImageAnalyzer(maxPixels: maxPixels).analyze(data)
            let frames = analyzed.decoded.frames
            art = PosterFrame.of(frames)
            // Every icon in the art's colour profile (Display P3 icon art stays Display P3: iOS manages colour).
            artProfile = analyzed.profile
            profile = analyzed.profile.map { [$0.pngChunk] } ?? []
        } catch let error as ImageError {
            throw PeelError.unreadable(path: artFile.path, reason: error.iconArtDescription)
        }
        // The padding colour is typed in sRGB (as on the web); icons that carry the art's profile
        // hold it in that profile's numbers, or iOS shows #c83232 on Adobe RGB art as (232, 46, 46).
        var managed = self
        if let artProfile {
            func inProfile(_ colour: RGBAColor) -> RGBAColor {
                let converted = SRGBConversion.fromSRGB((colour.red, colour.green, colour.blue), into: artProfile)
                return RGBAColor(red: converted.red, green: converted.green, blue: converted.blue, alpha: colour.alpha)
            }
            managed.background = inProfile(background)
            managed.marketingBase = inProfile(.white)
        }
        var files: [(path: String, data: Data)] = []
        for slot in IconSlot.iMessageAppIcon {
            let png = try PNGCodec.encode(managed.render(art, for: slot), alpha: slot.isMarketing ? false : nil)
            files.append((slot.fileName, PNGChunks.inserting(profile, into: png)))
        }
        files.append(("Contents.json", try Self.contentsJSON()))
        return (files, warnings(for: art, file: artFile.path))
    }

    /// The icon set's Contents.json, with the keys Xcode writes (no `role`).
    public static func contentsJSON(slots: [IconSlot] = IconSlot.iMessageAppIcon) throws -> Data {
        struct Image: Encodable {
            let filename: String
            let idiom: String
            let platform: String?
            let scale: String
            let size: String
        }
        struct Document: Encodable {
            let images: [Image]
            let info = XcodeInfo()
        }
        let images = slots.map { Image(filename: $0.fileName, idiom: $0.idiom, platform: $0.platform, scale: "\($0.scale)x", size: $0.size) }
        return try XcodeJSON.encode(Document(images: images))
    }
}
