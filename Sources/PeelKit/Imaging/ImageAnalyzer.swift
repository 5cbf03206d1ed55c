import Crypto
import Foundation

/// A sticker image read once: its metadata and its decoded frames.
public struct AnalyzedImage: Sendable {
    public var info: ImageInfo
    public var decoded: DecodedImage
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

    /// All frames of an animation together may hold four times the still budget.
    public var maxAnimationPixels: Int { maxPixels.multipliedReportingOverflow(by: 4).overflow ? Int.max : maxPixels * 4 }

    /// A budget under 1 pixel is taken as 1, so every format refuses every larger image alike
    /// (libpng and libjpeg would read 0 as "no limit"; the CLI refuses it outright).
    public init(maxPixels: Int = ImageAnalyzer.defaultMaxPixels) {
        self.maxPixels = max(1, maxPixels)
    }

    /// `sha256`: the bytes' hex SHA-256 when the caller has already computed it (a build hashes
    /// every image it reads), so it is not computed twice.
    public func analyze(_ data: Data, sha256: String? = nil) throws -> AnalyzedImage {
        guard !data.isEmpty else { throw ImageError.corrupt("file is empty (0 bytes)") }
        let digest = sha256 ?? Hex.string(SHA256.hash(data: data))
        let format = ImageFormat.sniff(data)
        switch format {
        case .png:
            if PNGChunks.animation(in: data) != nil {
                let (decoded, hasAlpha) = try APNGDecoder.decode([UInt8](data), maxPixels: maxPixels, maxAnimationPixels: maxAnimationPixels)
                return AnalyzedImage(info: info(.apng, decoded, hasAlpha: hasAlpha, data: data, digest: digest), decoded: decoded)
            }
            let (image, header) = try PNGCodec.decode(data, maxPixels: maxPixels)
            let decoded = DecodedImage(still: image)
            return AnalyzedImage(info: info(.png, decoded, hasAlpha: header.hasAlphaChannel, data: data, digest: digest),
                                 decoded: decoded)
        case .gif:
            let (decoded, hasTransparency) = try GIFDecoder.decode([UInt8](data), maxPixels: maxPixels, maxAnimationPixels: maxAnimationPixels)
            return AnalyzedImage(info: info(.gif, decoded, hasAlpha: hasTransparency, data: data, digest: digest), decoded: decoded)
        case .jpeg:
            let decoded = try JPEGDecoder.decode(data, maxPixels: maxPixels)
            // JPEG has no transparency at all.
            return AnalyzedImage(info: info(.jpeg, decoded, hasAlpha: false, data: data, digest: digest), decoded: decoded)
        default:
            throw ImageError.unsupported(format)
        }
    }

    /// Bytes of memory decoding `data` and making its thumbnails is expected to take, from its
    /// header alone: every frame's canvas (width × height × 4), three times over, as measured (a
    /// 170-frame 618 × 618 APNG, 260 MB of canvases, peaked at 755 MB: the resampled frames, the
    /// palette and encoder buffers come on top). What cannot be read is taken at the largest the
    /// decoders accept. For `DecodedPixelBudget`.
    public func estimatedWorkingBytes(of data: Data) -> Int {
        var pixels: Int?
        switch ImageFormat.sniff(data) {
        case .png:
            if let (width, height) = PNGChunks.declaredSize(in: data) {
                pixels = width * height * (PNGChunks.animation(in: data).map { max(1, $0.frameCount) } ?? 1)
            }
        case .gif:
            if let header = try? GIFHeader([UInt8](data)) { pixels = header.width * header.height * max(1, header.frameCount) }
        case .jpeg:
            pixels = JPEGDecoder.declaredSize(in: data).map { $0.width * $0.height }
        default:
            return 0
        }
        let bounded = min(pixels ?? maxAnimationPixels, maxAnimationPixels)
        return bounded.multipliedReportingOverflow(by: 4 * 3).overflow ? Int.max : bounded * 4 * 3
    }

    private func info(_ format: ImageFormat, _ decoded: DecodedImage, hasAlpha: Bool, data: Data, digest: String) -> ImageInfo {
        ImageInfo(format: format, width: decoded.width, height: decoded.height, hasAlpha: hasAlpha,
                  hasTransparentPixels: decoded.hasTransparentPixels, frameCount: decoded.frames.count,
                  frameDelays: decoded.isAnimated ? decoded.frames.map(\.delay) : [],
                  loopCount: decoded.isAnimated ? decoded.loopCount : nil, bytes: data.count, sha256: digest,
                  visibility: ShapeVisibility.measure(decoded.frames[0].image))
    }
}
