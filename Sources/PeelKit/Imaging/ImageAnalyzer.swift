import Crypto
import Foundation

/// A sticker image read once: its metadata and, where Peel decodes it, its pixels.
public struct AnalyzedImage: Sendable {
    public var info: ImageInfo
    /// The first (or only) frame, for still PNGs. Animated and non-PNG images are shown from
    /// their original file until the image engine decodes them.
    public var pixels: RGBAImage?
}

/// Reads an image file's bytes into `AnalyzedImage`: sniffs the format from the bytes, checks the
/// pixel budget against the header before decoding, and decodes still PNGs.
public struct ImageAnalyzer: Sendable {
    /// Largest width × height Peel decodes; a header that claims more is refused before allocation.
    public var maxPixels: Int

    /// 40 megapixels: far above any sticker (618 × 618 is 0.4 MP), far below what hurts a machine.
    public static let defaultMaxPixels = 40_000_000

    public init(maxPixels: Int = ImageAnalyzer.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    public func analyze(_ data: Data) throws -> AnalyzedImage {
        let digest = Hex.string(SHA256.hash(data: data))
        guard !data.isEmpty else { throw ImageError.corrupt("file is empty (0 bytes)") }
        let format = ImageFormat.sniff(data)
        switch format {
        case .png:
            let animation = PNGChunks.animation(in: data)
            let (image, header) = try PNGCodec.decode(data, maxPixels: maxPixels)
            let info = ImageInfo(format: animation == nil ? .png : .apng, width: header.width, height: header.height,
                                 hasAlpha: header.hasAlphaChannel, hasTransparentPixels: image.hasTransparentPixels,
                                 frameCount: max(1, animation?.frameCount ?? 1), loopCount: animation?.playCount,
                                 bytes: data.count, sha256: digest)
            return AnalyzedImage(info: info, pixels: animation == nil ? image : nil)
        case .gif:
            let header = try GIFHeader([UInt8](data))
            try checkBudget(header.width, header.height)
            let info = ImageInfo(format: .gif, width: header.width, height: header.height, hasAlpha: header.hasTransparency,
                                 hasTransparentPixels: nil, frameCount: header.frameCount,
                                 loopCount: header.frameCount > 1 ? header.loopCount : nil, bytes: data.count, sha256: digest)
            return AnalyzedImage(info: info, pixels: nil)
        case .jpeg:
            let header = try JPEGHeader([UInt8](data))
            try checkBudget(header.width, header.height)
            // JPEG has no transparency at all.
            let info = ImageInfo(format: .jpeg, width: header.width, height: header.height, hasAlpha: false,
                                 hasTransparentPixels: false, frameCount: 1, loopCount: nil, bytes: data.count, sha256: digest)
            return AnalyzedImage(info: info, pixels: nil)
        default:
            throw ImageError.unsupported(format)
        }
    }

    private func checkBudget(_ width: Int, _ height: Int) throws {
        if width * height > maxPixels {
            throw ImageError.overPixelBudget(width: width, height: height, budget: maxPixels)
        }
    }
}
