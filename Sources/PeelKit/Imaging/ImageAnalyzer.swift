import Foundation

/// A sticker image read once: its metadata and its decoded frames.
public struct AnalyzedImage: Sendable {
    public var info: ImageInfo
    public var decoded: DecodedImage
    /// The colour profile the pixels are in, when it is not sRGB (`ColourProfile`).
    var profile: ColourProfile? = nil
}

/// Reads an image file's bytes into `AnalyzedImage`: sniffs the format from the bytes, checks the
/// pixel budget against the header before decoding, and decodes every frame (PNG and APNG through
/// libpng, GIF through giflib, JPEG through libjpeg-turbo).
public struct ImageAnalyzer: Sendable {
    /// Largest width × height Peel decodes; a header that claims more is refused before allocation.
    public private(set) var maxPixels: Int

    /// 4096 × 4096: far above any sticker (618 × 618 is 0.4 MP) or icon art (1024 × 1024), far
    /// below what hurts a machine (64 MB of RGBA).
    public static let defaultMaxPixels = 4096 * 4096

    /// All frames of an animation together may hold this many times the still budget: with the
    /// default, 350 frames at 618 × 618 px (about 6 s at 60 fps, 535 MB decoded whole).
    public static let animationFactor = 8

    /// The most frames Peel reads of one animation, whatever their size: each frame costs some
    /// memory and time of its own (its timing, its flash measure, giflib's record of it), so a
    /// few megabytes of 1 × 1 px frames took a gigabyte. A sticker of 10,000 frames at 100 frames
    /// a second would play for 100 s.
    public static let maxFrames = 10_000
    public var maxAnimationPixels: Int {
        maxPixels.multipliedReportingOverflow(by: Self.animationFactor).overflow ? Int.max : maxPixels * Self.animationFactor
    }

    /// A budget under 1 pixel is taken as 1, so every format refuses every larger image alike
    /// (libpng and libjpeg would read 0 as "no limit"; the CLI refuses it outright).
    public init(maxPixels: Int = ImageAnalyzer.defaultMaxPixels) {
        self.maxPixels = max(1, maxPixels)
    }

    /// `decode`'s result; when it finds the file corrupt and the file's line endings were converted
    /// (`ImageFormat.convertedLineEndings`), that is what the error says, not the decoder's words
    /// ("unknown GIF block", "extraneous bytes before marker").
    private static func sayingTransferDamage<Value>(of data: Data, format: ImageFormat, _ decode: () throws -> Value) throws -> Value {
        do {
            return try decode()
        } catch ImageError.corrupt(let reason) {
            guard ImageFormat.convertedLineEndings(in: data) else { throw ImageError.corrupt(reason) }
            throw ImageError.damagedInTransfer("file is a \(format.fileExtension.uppercased()) whose line endings were converted (every line feed in it follows a carriage return): "
                + "Git or FTP treated it as text; mark '*.\(format.fileExtension) binary' in .gitattributes (FTP: binary mode) and get the file again")
        }
    }

    /// Reads `data`'s header and frame structure (a still's pixels too), checking the pixel budget
    /// before decoding anything; `OpenedImage.read` then decodes its frames one at a time.
    /// `sha256`: the bytes' hex SHA-256 when the caller has already computed it (a build hashes
    /// every image it reads), so it is not computed twice.
    func open(_ data: Data, sha256: String? = nil) throws -> OpenedImage {
        guard !data.isEmpty else { throw ImageError.corrupt("file is empty (0 bytes)") }
        let digest = sha256 ?? Hex.string(SHA256.hash(data: data))
        var format = ImageFormat.sniff(data)
        let frames: FrameSequence, hasAlpha: Bool
        switch format {
        case .png where PNGChunks.animation(in: data) != nil:
            let apng = try APNGDecoder.Animation([UInt8](data), maxPixels: maxPixels, maxAnimationPixels: maxAnimationPixels)
            (format, frames, hasAlpha) = (.apng, FrameSequence(apng), apng.hasAlphaChannel)
        case .png:
            let (image, header) = try PNGCodec.decode(data, maxPixels: maxPixels)
            // Turned upright as Messages shows it (ImageIO applies a PNG's EXIF orientation).
            (frames, hasAlpha) = (FrameSequence(still: EXIFOrientation.read(from: data).apply(to: image)), header.hasAlphaChannel)
        case .gif:
            let gif = try Self.sayingTransferDamage(of: data, format: .gif) {
                try GIFDecoder.Animation([UInt8](data), maxPixels: maxPixels, maxAnimationPixels: maxAnimationPixels)
            }
            (frames, hasAlpha) = (FrameSequence(gif), gif.hasTransparency)
        case .jpeg:
            // JPEG has no transparency at all.
            let image = try Self.sayingTransferDamage(of: data, format: .jpeg) { try JPEGDecoder.decode(data, maxPixels: maxPixels).frames[0].image }
            (frames, hasAlpha) = (FrameSequence(still: image), false)
        default:
            if let damage = ImageFormat.transferDamage(in: data) { throw ImageError.damagedInTransfer(damage) }
            throw ImageError.unsupported(format)
        }
        return OpenedImage(format: format, frames: frames, hasAlpha: hasAlpha, bytes: data.count, sha256: digest,
                           profile: ColourProfile.embedded(in: data), carriesLocation: EXIFLocation.isPresent(in: data))
    }

    /// Decodes every frame of `data` and keeps them all (what exports and tests want; a build
    /// walks the frames with `open` instead).
    public func analyze(_ data: Data, sha256: String? = nil) throws -> AnalyzedImage {
        let opened = try open(data, sha256: sha256)
        var frames: [DecodedImage.Frame] = []
        frames.reserveCapacity(opened.frames.frameCount)
        let info = try opened.read { index, frame in frames.append(DecodedImage.Frame(image: frame, delay: opened.frames.delays[index])) }.info
        return AnalyzedImage(info: info, decoded: DecodedImage(frames: frames, loopCount: opened.frames.loopCount), profile: opened.profile)
    }

    /// Bytes of memory reading `data` frame by frame (`open`, then `OpenedImage.read`) and making
    /// its thumbnails is expected to take, from its header alone. A still: its canvas
    /// (width × height × 4) three times over, as measured. An animation: the canvas being drawn,
    /// the copy "restore to previous" keeps, the frame being decoded, the one in the resampler,
    /// and up to `ArtFrames.sampledFrames` kept for the art checks; a GIF adds giflib's colour
    /// indices of every frame (1 byte a pixel). What cannot be read is taken at the largest the
    /// decoders accept. For `DecodedPixelBudget`.
    public func estimatedWorkingBytes(of data: Data) -> Int {
        var canvas: Int?, frames = 1, indices = 0
        switch ImageFormat.sniff(data) {
        case .png:
            if let (width, height) = PNGChunks.declaredSize(in: data) {
                canvas = width * height
                frames = PNGChunks.animation(in: data).map { max(1, $0.frameCount) } ?? 1
            }
        case .gif:
            if let header = try? GIFHeader([UInt8](data)) {
                canvas = header.width * header.height
                frames = max(1, header.frameCount)
                indices = header.totalFramePixels
            }
        case .jpeg:
            canvas = JPEGDecoder.declaredSize(in: data).map { $0.width * $0.height }
        default:
            return 0
        }
        let pixels = min(canvas ?? maxPixels, maxPixels)
        let canvases = frames > 1 ? 4 + ArtFrames.sampledFrames : 3
        let (bytes, overflow) = pixels.multipliedReportingOverflow(by: 4 * canvases)
        let (total, overflowAgain) = bytes.addingReportingOverflow(min(indices, maxAnimationPixels))
        return overflow || overflowAgain ? Int.max : total
    }
}

/// An image whose header and frame structure are read (`ImageAnalyzer.open`), its frames not yet
/// decoded.
struct OpenedImage {
    /// The format by content.
    let format: ImageFormat
    let frames: FrameSequence
    /// The file can carry transparency (alpha channel, tRNS, or a GIF transparent colour).
    let hasAlpha: Bool
    let bytes: Int
    let sha256: String
    /// The art's colour profile when it is not sRGB (`ColourProfile`).
    let profile: ColourProfile?
    /// Its EXIF says where it was made (`EXIFLocation`).
    let carriesLocation: Bool

    /// A frame as the art checks measure it: in sRGB, the colours people see (a linear-light grey
    /// read as sRGB numbers looked near-black on the dark transcript).
    func inSRGB(_ frame: RGBAImage) -> RGBAImage {
        SRGBConversion.convert(frame, from: profile)
    }

    /// Decodes the frames one at a time, handing each to `eachFrame` (which keeps what it needs),
    /// and returns what they show: the image's `ImageInfo`, and with `keepingArtFrames` the frames
    /// the art checks sample, in sRGB, with the visibility measured on them.
    func read(keepingArtFrames: Bool = false,
              _ eachFrame: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws -> (info: ImageInfo, art: ArtFrames?) {
        var hasTransparentPixels = false, hasVisiblePixels = false
        // The frames the art checks sample (the poster alone for a still), measured whether they
        // run or not: an animation bright on its first frame and dark after vanishes on the dark
        // transcript as much as a dark still, and the light card follows this measure.
        let sampled = Set(ArtFrames.sampledIndices(delays: frames.delays))
        var measures: [(visibility: ShapeVisibility, peakAlpha: UInt8)] = [], kept: [RGBAImage] = []
        var flashes = FlashMeter()
        try frames.forEach { index, frame in
            if sampled.contains(index) {
                let seen = inSRGB(frame)
                if let measure = ShapeVisibility.measure(seen) { measures.append((measure, ShapeVisibility.peakAlpha(of: seen))) }
                if keepingArtFrames { kept.append(seen) }
            }
            if frames.isAnimated { flashes.add(frame) }
            if !hasTransparentPixels { hasTransparentPixels = frame.hasTransparentPixels }
            if !hasVisiblePixels { hasVisiblePixels = frame.hasVisiblePixels }
            try eachFrame(index, frame)
        }
        let visibility = ShapeVisibility.worstShown(measures)
        let info = ImageInfo(format: format, width: frames.width, height: frames.height, hasAlpha: hasAlpha,
                         hasTransparentPixels: hasTransparentPixels, frameCount: frames.frameCount,
                         frameDelays: frames.isAnimated ? frames.delays : [],
                         loopCount: frames.isAnimated ? frames.loopCount : nil, bytes: bytes, sha256: sha256,
                         visibility: visibility, hasVisiblePixels: hasVisiblePixels,
                         flashing: frames.isAnimated ? flashes.risk(delays: frames.delays, loopCount: frames.loopCount) : nil,
                         carriesLocation: carriesLocation)
        return (info, keepingArtFrames ? ArtFrames(frames: kept, measuredVisibility: .some(visibility)) : nil)
    }
}
