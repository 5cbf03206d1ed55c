import CWebP
import Foundation

/// Thumbnails as lossy WebP with an alpha channel, still or animated, through libwebp's C API.
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
        /// Lossless (VP8L) instead of lossy: `quality` then trades time for size, not pixels.
        public var lossless: Bool

        public init(quality: Float, method: Int32, alphaQuality: Int32, alphaFiltering: Int32, lossless: Bool = false) {
            self.quality = quality
            self.method = method
            self.alphaQuality = alphaQuality
            self.alphaFiltering = alphaFiltering
            self.lossless = lossless
        }

        /// Thumbnails: see BENCHMARKS.md for the sizes, times and SSIM behind each value.
        public static let thumbnails = Settings(quality: 80, method: 0, alphaQuality: 100, alphaFiltering: 0)
    }

    /// Encodes straight-alpha RGBA. Deterministic: one thread, fixed settings, so the same pixels
    /// give the same bytes (the site's output is byte-identical between builds).
    public static func encode(_ image: RGBAImage, settings: Settings = .thumbnails) throws -> Data {
        var config = try configuration(settings)
        return Data(try withPicture(of: image) { try encodeToMemory(&config, $0) })
    }

    /// Runs libwebp's encoder on `picture` and returns the file it writes.
    static func encodeToMemory(_ config: inout WebPConfig, _ picture: UnsafeMutablePointer<WebPPicture>) throws -> [UInt8] {
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.pointee.writer = WebPMemoryWrite
            picture.pointee.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, picture)
        }
        guard encoded != 0, let bytes = writer.mem else {
            throw ImageError.corrupt("WebP encoding failed (libwebp error \(picture.pointee.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: writer.size))
    }

    /// Encodes an animation (every frame a full canvas of one size, each shown for its delay) as an
    /// animated WebP, lossy with alpha like the stills; `loopCount` 0 loops forever. libwebp's
    /// animation encoder stores only what changes between frames. Deterministic, as `encode`.
    public static func encodeAnimation(_ frames: [DecodedImage.Frame], loopCount: Int, settings: Settings = .thumbnails) throws -> Data {
        precondition(frames.count > 1, "an animation has at least two frames")
        let width = frames[0].image.width, height = frames[0].image.height
        precondition(frames.allSatisfy { $0.image.width == width && $0.image.height == height }, "frames share the canvas size")
        var config = try configuration(settings)
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw ImageError.corrupt("WebP encoding failed: libwebp version mismatch") }
        // WebP stores the loop count in 16 bits; more is as good as forever.
        options.anim_params.loop_count = Int32(min(max(0, loopCount), 65_535))
        options.allow_mixed = 0
        // A transparent background (libwebp's default is opaque white): a viewer that honours the
        // hint drew a white box behind a transparent sticker. The site's animations say the same.
        options.anim_params.bgcolor = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw ImageError.corrupt("WebP encoding failed: out of memory")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var timestamp = 0
        var elapsed = 0.0
        for frame in frames {
            try withPicture(of: frame.image) { picture in
                guard WebPAnimEncoderAdd(encoder, picture, Int32(timestamp), &config) != 0 else {
                    throw ImageError.corrupt("WebP encoding failed: \(String(cString: WebPAnimEncoderGetError(encoder)))")
                }
            }
            // Milliseconds, as WebP stores them, rounded from the time elapsed so far rather than
            // frame by frame: 60 frames of 1/6 s are 10,000 ms, not 60 × 167 = 10,020, which
            // WhatsApp's 10 s limit refuses. At least 1 ms a frame, so every frame keeps its place.
            elapsed += frame.delay
            timestamp = max(timestamp + 1, Int((elapsed * 1000).rounded()))
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0, WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw ImageError.corrupt("WebP encoding failed: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        return Data(bytes: bytes, count: data.size)
    }

    static func configuration(_ settings: Settings) throws -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw ImageError.corrupt("WebP encoding failed: libwebp version mismatch") }
        config.quality = settings.quality
        config.method = settings.method
        config.alpha_quality = settings.alphaQuality
        config.alpha_filtering = settings.alphaFiltering
        config.lossless = settings.lossless ? 1 : 0
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw ImageError.corrupt("WebP encoding failed: invalid settings") }
        return config
    }

    /// `image` as a libwebp picture (YUV and alpha planes), freed after `body`.
    static func withPicture<T>(of image: RGBAImage, _ body: (UnsafeMutablePointer<WebPPicture>) throws -> T) throws -> T {
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
        return try withUnsafeMutablePointer(to: &picture) { try body($0) }
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

    /// Decodes an animated WebP to full-canvas frames with their delays, and its loop count
    /// (tests and the benchmark's quality figures).
    public static func decodeAnimation(_ data: Data) throws -> (frames: [DecodedImage.Frame], loopCount: Int) {
        try data.withUnsafeBytes { raw in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw ImageError.corrupt("libwebp version mismatch") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var webp = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { throw ImageError.corrupt("not a WebP animation libwebp can decode") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw ImageError.corrupt("not a WebP animation libwebp can decode") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            var frames: [DecodedImage.Frame] = []
            var previous: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                    throw ImageError.corrupt("a frame of the WebP animation cannot be decoded")
                }
                let pixels = Array(UnsafeBufferPointer(start: buffer, count: width * height * 4))
                frames.append(DecodedImage.Frame(image: RGBAImage(width: width, height: height, pixels: pixels),
                                                  delay: Double(timestamp - previous) / 1000))
                previous = timestamp
            }
            return (frames, Int(info.loop_count))
        }
    }
}
