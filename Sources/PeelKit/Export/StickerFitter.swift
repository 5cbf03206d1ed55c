import Foundation

/// Makes a sticker file pass Apple's limits without hand work: scales it down to its pack's size
/// class (never up), re-encodes it losslessly, and only if it is still 500,000 bytes or more,
/// reduces it to a palette (one shared palette across an animation's frames), with fewer colours
/// until it fits. It says what it did and what it cost: bytes before and after, and PSNR.
public struct StickerFitter: Sendable {
    /// Apple: "less than 500 KB"; the safe reading is under 500,000 bytes (ImageChecks).
    public static let byteLimit = ImageChecks.maximumBytes
    /// Below this PSNR (dB) against the scaled art, the loss is visible; the report warns.
    public static let noticeableLossPSNR = 35.0

    public struct Report: Sendable {
        public var beforeBytes: Int
        public var afterBytes: Int
        public var beforeSize: (width: Int, height: Int)
        public var afterSize: (width: Int, height: Int)
        /// What was done, in order: "scaled to 408 × 408 px", "palette of 256 colours".
        public var steps: [String]
        /// Against the scaled art before any palette; nil when nothing lossy happened.
        public var psnr: Double?
        /// Under Messages' 300 px minimum side, and left so: fit never enlarges art. Art with one
        /// side under it is centred on a square of its size class; only art whose longer side is
        /// under it too (a 128 px icon) stays too small.
        public var isUnderMinimumSide: Bool { min(afterSize.width, afterSize.height) < SizeClass.minimumSide }
        /// What Messages takes: under 500,000 bytes, and not under the minimum side.
        public var fits: Bool { afterBytes < StickerFitter.byteLimit && !isUnderMinimumSide }
        public var lossIsNoticeable: Bool { (psnr ?? .infinity) < StickerFitter.noticeableLossPSNR }
        /// The sticker already fitted: the output is the input, unchanged.
        public var unchanged: Bool { steps.isEmpty }
    }

    public var sizeClass: SizeClass
    public var maxPixels: Int
    /// Off: only scale down and re-encode losslessly (what `peel export xcode --resize` does).
    public var allowPalette: Bool

    public init(sizeClass: SizeClass, maxPixels: Int = ImageAnalyzer.defaultMaxPixels, allowPalette: Bool = true) {
        self.sizeClass = sizeClass
        self.maxPixels = maxPixels
        self.allowPalette = allowPalette
    }

    /// Whether art of this size (once scaled into its size class) is centred on a transparent
    /// square of the size class: wide or tall art (a 2:1 banner, or one scaled to the box: 300 × 150
    /// at `small`) has a side under Messages' 300 px minimum, which it rejects. Padding enlarges
    /// nothing; art whose longer side is under the minimum too is too small to pad (a speck in a square).
    static func isPadded(width: Int, height: Int) -> Bool {
        min(width, height) < SizeClass.minimumSide && max(width, height) >= SizeClass.minimumSide
    }

    /// Whether fitting art of this size into `sizeClass` changes its size: it is larger than the
    /// size class (scaled down), or has a short side (padded). Other art keeps its pixels.
    static func reshapes(width: Int, height: Int, into sizeClass: SizeClass) -> Bool {
        let box = sizeClass.pixels
        let scaled = width > box || height > box ? Resampler.fittedSize(width: width, height: height, box: box) : (width: width, height: height)
        return width > box || height > box || isPadded(width: scaled.width, height: scaled.height)
    }

    /// The fitted file (PNG or APNG unless unchanged) and what it cost.
    public func fit(_ data: Data) throws -> (data: Data, report: Report) {
        let analyzed = try ImageAnalyzer(maxPixels: maxPixels).analyze(data)
        let image = analyzed.decoded
        let box = sizeClass.pixels
        let tooLarge = image.width > box || image.height > box
        let size = tooLarge ? Resampler.fittedSize(width: image.width, height: image.height, box: box) : (width: image.width, height: image.height)
        let pads = Self.isPadded(width: size.width, height: size.height)
        var report = Report(beforeBytes: data.count, afterBytes: data.count, beforeSize: (image.width, image.height),
                            afterSize: (image.width, image.height), steps: [], psnr: nil)
        guard tooLarge || pads || data.count >= Self.byteLimit else { return (data, report) }

        // 1. Scale down to the size class, never up.
        var frames = image.frames
        if tooLarge {
            frames = frames.map { DecodedImage.Frame(image: Resampler.resize($0.image, width: size.width, height: size.height), delay: $0.delay) }
            report.afterSize = size
            report.steps.append("scaled to \(size.width) × \(size.height) px (\(sizeClass.rawValue))")
        }
        if pads {
            frames = frames.map { DecodedImage.Frame(image: MessengerCanvas.centre($0.image, onWidth: box, height: box), delay: $0.delay) }
            report.afterSize = (box, box)
            report.steps.append("centred on a transparent \(box) × \(box) px square (Messages rejects sides under \(SizeClass.minimumSide) px)")
        }
        // 2. Re-encode losslessly, with the PNG's colour profile and text (an artist's Display P3
        // art and Copyright line were dropped, and `--in-place` replaces the only copy).
        // No loop count (a GIF without the NETSCAPE extension) plays once: so does the APNG.
        let loop = image.loopCount ?? 1
        // A JPEG's profile (APP2) becomes the PNG's iCCP.
        var kept = [.png, .apng].contains(analyzed.info.format) ? PNGChunks.chunks(PNGChunks.keptOnReencoding, in: data)
            : analyzed.profile.map { [$0.pngChunk] } ?? []
        // Peel writes RGB(A) or palette pixels: grey art's grey profile goes as the RGB profile that
        // shows the same greys (as the thumbnails carry it). Copied as it was, browsers dropped it
        // and every midtone of the fitted copy came out darker than the original's.
        kept = kept.compactMap { chunk in
            PNGChunks.type(of: chunk) != "iCCP" || ColourProfile.isRGB(iCCP: chunk) ? chunk : analyzed.profile?.pngChunk
        }
        // A position in XMP (Photoshop's copy of a phone photo's GPS) does not go into the fitted copy.
        let located = kept.filter(EXIFLocation.chunkHoldsLocation)
        if !located.isEmpty {
            kept.removeAll { located.contains($0) }
            report.steps.append("dropped the XMP metadata that gives where it was made (GPS)")
        }
        func encode(_ frames: [DecodedImage.Frame], loopCount: Int, palette: PaletteQuantizer.Result?) throws -> Data {
            PNGChunks.inserting(kept, into: try self.encode(frames, loopCount: loopCount, palette: palette))
        }
        var output = try encode(frames, loopCount: loop, palette: nil)
        // Peel decodes to 8 bits a channel: a 16-bit PNG's are rounded, which is not lossless.
        report.steps.append((image.isAnimated ? "re-encoded as APNG" : "re-encoded as PNG")
                            + (PNGChunks.declaredBitDepth(in: data) == 16 ? " (16 bits a channel rounded to 8)" : ""))
        // Text chunks over 4 KB (Photoshop's XMP with its DocumentAncestors runs to hundreds of
        // kilobytes) go before any colour does: the art was posterised to 2 colours for nothing,
        // and the advice was "use smaller art". A Copyright or Author line is far smaller.
        let bulky = kept.filter { chunk in chunk.count > 4096 + 12 && ["tEXt", "zTXt", "iTXt"].contains(PNGChunks.type(of: chunk)) }
        if output.count >= Self.byteLimit, !bulky.isEmpty {
            kept.removeAll { bulky.contains($0) }
            output = try encode(frames, loopCount: loop, palette: nil)
            report.steps.append("dropped \(ByteCount.grouped(bulky.reduce(0) { $0 + $1.count })) bytes of metadata (text chunks such as XMP)")
        }
        // A heavy colour profile (a scanner's or calibration's lookup tables, hundreds of KB) goes
        // before any colour does, as bulky text does: the pixels are converted into a compact
        // Display P3 profile (one that gives sRGB's colours is dropped, the pixels being sRGB). The
        // art was posterised to one or two colours for nothing, with the advice "use fewer frames".
        let isProfile = { (chunk: Data) in PNGChunks.type(of: chunk) == "iCCP" }
        let weight = analyzed.profile?.bytes.count ?? kept.filter(isProfile).reduce(0) { $0 + $1.count }
        if output.count >= Self.byteLimit, weight > CompactProfile.largestCarried {
            if let profile = analyzed.profile {
                if case let (compact?, conversion?) = CompactProfile.compacted(profile) {
                    frames = frames.map { DecodedImage.Frame(image: conversion.apply($0.image), delay: $0.delay) }
                    kept.removeAll(where: isProfile)
                    kept.insert(compact.pngChunk, at: 0)
                    report.steps.append("converted to a compact Display P3 profile (its own weighed \(ByteCount.grouped(weight)) bytes)")
                    output = try encode(frames, loopCount: loop, palette: nil)
                }
            } else {
                kept.removeAll(where: isProfile)
                report.steps.append("dropped its \(ByteCount.grouped(weight))-byte colour profile, which gives sRGB's colours")
                output = try encode(frames, loopCount: loop, palette: nil)
            }
        }
        // 3. Reduce to a palette, with fewer colours until it fits.
        var colors = 256
        while allowPalette && output.count >= Self.byteLimit && colors >= 16 {
            guard let palette = PaletteQuantizer.quantize(frames.map(\.image), minimumQuality: 0, maximumColors: colors) else { break }
            output = try encode(frames, loopCount: loop, palette: palette)
            report.steps.removeAll { $0.hasPrefix("palette of ") } // only the last palette tried counts
            report.steps.append("palette of \(palette.colorCount) colours")
            let decoded = try ImageAnalyzer(maxPixels: maxPixels).analyze(output).decoded
            report.psnr = zip(frames, decoded.frames).map { ImageQuality.psnr($0.image, $1.image) }.min()
            colors /= 2
        }
        report.afterBytes = output.count
        return (output, report)
    }

    private func encode(_ frames: [DecodedImage.Frame], loopCount: Int, palette: PaletteQuantizer.Result?) throws -> Data {
        if frames.count > 1 {
            return try APNGEncoder.encode(frames, loopCount: loopCount, palette: palette, compression: .smallest)
        }
        let image = frames[0].image
        if let palette { return try PNGCodec.encode(palette: palette, frame: 0, width: image.width, height: image.height) }
        return try PNGCodec.encode(image, compression: .smallest)
    }
}
