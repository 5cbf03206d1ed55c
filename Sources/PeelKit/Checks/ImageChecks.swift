/// Apple's rules for sticker files, from the Messages documentation (MSSticker, MSStickerSize,
/// "Adding your sticker packs to Messages") and the HIG's "iMessage apps and stickers".
enum ImageChecks {
    /// "Less than 500 KB" (MSSticker) / "500 KB or smaller" (HIG): the safe reading is under
    /// 500,000 bytes, checked on the whole file (all frames).
    static let maximumBytes = 500_000

    /// True when Messages takes a file of this size and weight as it is: every side within
    /// 300–618 px (MSSticker) and under 500,000 bytes.
    static func isAccepted(width: Int, height: Int, bytes: Int) -> Bool {
        let range = SizeClass.minimumSide...SizeClass.maximumSide
        return range.contains(width) && range.contains(height) && bytes < maximumBytes
    }

    static func check(_ subject: CheckSubject) -> [Finding] {
        guard let info = subject.info else { return [] } // unreadable: the image step reported it
        var findings: [Finding] = []
        if info.bytes >= maximumBytes {
            // A composed sticker is made from its parts' layers: fit has no file of it to work on.
            let fix = subject.sticker.composition == nil
                ? "run 'peel fit' to write a copy that fits into fitted/, or reduce colours, frames or size"
                : "reduce the colours or size of its parts' layers"
            findings.append(subject.imageFinding(.error, .fileTooLarge,
                "file is \(ByteCount.grouped(info.bytes)) bytes; Messages takes stickers under \(ByteCount.grouped(maximumBytes)) bytes; \(fix)"))
        }

        // MSSticker: no side smaller than 300 px or larger than 618 px.
        let range = SizeClass.minimumSide...SizeClass.maximumSide
        let inRange = range.contains(info.width) && range.contains(info.height)
        if !inRange {
            let side = subject.pack.size.pixels
            // `peel fit` only ever scales down (and pads a short side), so it is the fix for art
            // that is too large or too narrow; a composed sticker's files are its parts' layers.
            let composed = subject.sticker.composition != nil
            let fittable = max(info.width, info.height) > range.upperBound || StickerFitter.isPadded(width: info.width, height: info.height)
            let fix = fittable
                ? "run 'peel fit' to write \(composed ? "its parts' layers" : "a copy") fitted to \(side) × \(side) px (scaled down, or centred on a square) into fitted/, or export \(composed ? "them" : "it") at that size"
                : "export \(composed ? "its parts' layers" : "it") at \(side) × \(side) px"
            findings.append(subject.layerFinding(.error, .sizeOutOfRange,
                "image is \(info.width) × \(info.height) px; Messages rejects sides outside \(range.lowerBound)–\(range.upperBound) px, so \(fix)"))
        }
        if info.width != info.height {
            findings.append(subject.layerFinding(.warning, .notSquare,
                "image is \(info.width) × \(info.height) px, not square; Messages fits it into a square cell, so pad it to a square canvas"))
        }
        let target = subject.pack.size.pixels
        if inRange && !(info.width == target && info.height == target) {
            findings.append(subject.layerFinding(.warning, .sizeClassMismatch,
                "image is \(info.width) × \(info.height) px but the pack is \(subject.pack.size.rawValue) (\(target) × \(target) px); \(fit(info))"))
        }

        // Transparency is recommended: stickers sit on bubbles, photos and wallpapers.
        if info.hasVisiblePixels == false {
            findings.append(subject.imageFinding(.error, .blankImage,
                info.isAnimated ? "every pixel of every frame is fully transparent, so the sticker shows nothing; export the art again"
                                : "every pixel is fully transparent, so the sticker shows nothing; export the art again"))
        }
        if let flash = info.flashing {
            // WCAG 2.3.1 (Level A): more than three flashes in any one second can trigger seizures.
            let kind = flash.isRed ? "red flashes" : "flashes"
            let rate = flash.flashesPerSecond.rounded() == flash.flashesPerSecond
                ? String(Int(flash.flashesPerSecond)) : String(format: "%.1f", flash.flashesPerSecond)
            findings.append(subject.imageFinding(.warning, .flashingAnimation,
                "the animation \(kind) \(rate) times a second over \(Int((flash.area * 100).rounded())) % of the sticker"
                    + (flash.isRed ? "" : " on \(flash.background.description)")
                    + "; more than three flashes in any second can trigger seizures (WCAG 2.3.1), so slow it to three or fewer, "
                    + "or soften the change in brightness"))
        }
        if info.carriesLocation == true {
            // The original is published as it is: on the site, in the pack zips and the Xcode export.
            findings.append(subject.imageFinding(.warning, .locationInMetadata, locationMessage(publishedIn: "on the site, in the pack zip and in the Xcode export")))
        }
        switch info.format {
        case .jpeg:
            findings.append(subject.imageFinding(.warning, .noTransparency,
                "JPEG has no transparency, so the sticker shows as a rectangle; export a PNG with a transparent background"))
        case .png, .apng, .gif:
            if info.hasTransparentPixels == false || !info.hasAlpha {
                findings.append(subject.imageFinding(.warning, .noTransparency,
                    "no pixel is transparent, so the sticker shows as a rectangle; give the art a transparent background"))
            }
        default:
            break
        }

        let ext = subject.sticker.fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let expected: Set<String>
        switch info.format {
        case .png, .apng: expected = ["png", "apng"]
        case .gif: expected = ["gif"]
        case .jpeg: expected = ["jpg", "jpeg"]
        default: expected = []
        }
        if !expected.isEmpty && !expected.contains(ext) {
            findings.append(subject.imageFinding(.warning, .extensionMismatch,
                "file is \(info.format.rawValue.uppercased()) but named .\(ext); rename it to .\(info.format.fileExtension)"))
        }
        return findings
    }

    /// Which size class an image fits, for the size-class-mismatch message.
    static func fit(_ info: ImageInfo) -> String {
        if info.width == info.height, let exact = SizeClass.allCases.first(where: { $0.pixels == info.width }) {
            return "it fits the \(exact.rawValue) class; set 'size: \(exact.rawValue)' in pack.md or resize the art"
        }
        let side = max(info.width, info.height)
        let nearest = SizeClass.allCases.min { abs($0.pixels - side) < abs($1.pixels - side) } ?? .regular
        return "it fits no class exactly (nearest: \(nearest.rawValue), \(nearest.pixels) px); resize the art"
    }

    /// `location-in-metadata` on art the pack zip's originals/ carries byte for byte besides the
    /// stickers: icon and tray art, parts layers.
    static func packZipLocationFinding(file: String) -> Finding {
        Finding(.warning, .locationInMetadata, file: file, message: locationMessage(publishedIn: "in the pack zip"))
    }

    /// What `location-in-metadata` says of a file whose EXIF holds GPS coordinates, published
    /// byte for byte where `publishedIn` says.
    static func locationMessage(publishedIn: String) -> String {
        "the file's metadata (EXIF or XMP) holds GPS coordinates (where it was made), and they are published with the original "
            + "\(publishedIn); remove them (exiftool -gps:all= -xmp:gps*= FILE) or export the art again without location"
    }
}
