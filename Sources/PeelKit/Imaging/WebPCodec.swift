import CWebP
import Foundation

/// Still thumbnails as lossy WebP with an alpha channel, through libwebp's C API.
///
/// Measured on the varied 600-sticker benchmark catalog (BENCHMARKS.md, "Cold build against sigal
/// and Hugo"): a third of the bytes of the PNG thumbnails and several times faster to make, at a
/// mean SSIM of 0.99 against the exact resampled pixels. Every browser Peel's pages support decodes
/// WebP with alpha (Safari since 14 on macOS Big Sur and iOS 14, Chrome since 32, Firefox since 65),
/// so there is no PNG fallback.
public enum WebPCodec {
    /// libwebp's encoder settings Peel uses.
    public struct Settings: Sendable {
        /// Quality of the colour planes (libwebp's 0–100 scale).
        public var quality: Float
        /// libwebp's speed/size trade-off, 0 (fastest) to 6.
        public var method: Int32
        /// Below 100 the alpha plane is reduced to fewer levels before its lossless compression.
        public var alphaQuality: Int32
        /// libwebp's alpha prediction filter: 0 none, 1 fast, 2 best.
        public var alphaFiltering: Int32

        public init(quality: Float, method: Int32, alphaQuality: Int32, alphaFiltering: Int32) {
            self.quality = quality
            self.method = method
            self.alphaQuality = alphaQuality
            self.alphaFiltering = alphaFiltering
        }

        /// Thumbnails: see BENCHMARKS.md for the sizes, times and SSIM behind each value.
        public static let thumbnails = Settings(quality: 80, method: 0, alphaQuality: 100, alphaFiltering: 0)
    }

    /// Encodes straight-alpha RGBA. Deterministic: one thread, fixed settings, so the same pixels
    /// give the same bytes (the site's output is byte-identical between builds).
    public static func encode(_ image: RGBAImage, settings: Settings = .thumbnails) throws -> Data {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw ImageError.corrupt("WebP encoding failed: libwebp version mismatch") }
        config.quality = settings.quality
        config.method = settings.method
        config.alpha_quality = settings.alphaQuality
        config.alpha_filtering = settings.alphaFiltering
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw ImageError.corrupt("WebP encoding failed: invalid settings") }

        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw ImageError.corrupt("WebP encoding failed: libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        picture.use_argb = 0
        let imported = image.pixels.withUnsafeBufferPointer { buffer in
            WebPPictureImportRGBA(&picture, buffer.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else { throw ImageError.corrupt("WebP encoding failed: out of memory") }

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem else {
            throw ImageError.corrupt("WebP encoding failed (libwebp error \(picture.error_code.rawValue))")
        }
        return Data(bytes: bytes, count: writer.size)
    }

    /// Decodes a WebP still to straight-alpha RGBA (tests and the benchmark's quality figures).
    public static func decode(_ data: Data) throws -> RGBAImage {
        var width: Int32 = 0
        var height: Int32 = 0
        let decoded: RGBAImage? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, let pixels = WebPDecodeRGBA(base, bytes.count, &width, &height) else { return nil }
            defer { WebPFree(pixels) }
            return RGBAImage(width: Int(width), height: Int(height),
                             pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
        }
        guard let decoded else { throw ImageError.corrupt("not a WebP image libwebp can decode") }
        return decoded
    }
}
