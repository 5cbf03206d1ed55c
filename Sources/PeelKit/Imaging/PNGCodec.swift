import CPNGCodec
import Foundation

/// What a PNG's header says about its pixels.
public struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    public var colorType: Int
    public var interlaced: Bool
    public var hasTransparencyChunk: Bool

    /// True when the file can carry transparency (an alpha channel or a tRNS chunk).
    public var hasAlphaChannel: Bool { colorType & 4 != 0 || hasTransparencyChunk }
}

extension PNGHeader {
    init(_ header: peel_png_header) {
        self.init(width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
                  colorType: Int(header.color_type), interlaced: header.interlaced != 0,
                  hasTransparencyChunk: header.has_trns != 0)
    }
}

/// PNG decode and encode: common 8-bit files decode through CPNGCodec's fast path (libdeflate),
/// everything else through libpng (behind setjmp in CPNGCodec); `.fast` encodes with Peel's own
/// `PNGWriter`, `.small` with libpng.
public enum PNGCodec {
    /// Decodes any PNG (every colour type, bit depth, palette with tRNS, 16-bit, interlaced) to
    /// 8-bit RGBA: the common 8-bit ones through the fast path (libdeflate), the rest through libpng. An APNG decodes to its default image. `maxPixels` is checked against the header
    /// before any pixel memory is allocated.
    public static func decode(_ data: Data, maxPixels: Int) throws -> (RGBAImage, PNGHeader) {
        // Decoded straight into the image's own array when IHDR's size is within the budget;
        // anything else goes through libpng's own checks first.
        if let (width, height) = PNGChunks.declaredSize(in: data), maxPixels > 0, width * height <= maxPixels {
            var header = peel_png_header()
            var message = [CChar](repeating: 0, count: 256)
            let (pixels, status) = decodeInto(width * height * 4, data) { bytes, length, target, count in
                peel_png_decode_rgba8_into(bytes, length, UInt64(maxPixels), &header, nil, target, count, &message, message.count)
            }
            let info = PNGHeader(header)
            try check(status, info: info, message: message, maxPixels: maxPixels)
            return (RGBAImage(width: info.width, height: info.height, pixels: pixels), info)
        }
        return try decodeWithLibPNG(data, maxPixels: maxPixels)
    }

    /// Decodes with libpng alone, never the fast path (the reference the fast path is tested against).
    static func decodeWithLibPNG(_ data: Data, maxPixels: Int) throws -> (RGBAImage, PNGHeader) {
        var header = peel_png_header()
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> peel_png_status in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            return peel_png_decode_rgba8(base, raw.count, UInt64(max(0, maxPixels)), &header, &pixels, &message, message.count)
        }
        defer { peel_png_free(pixels) }
        let info = PNGHeader(header)
        try check(status, info: info, message: message, maxPixels: maxPixels)
        guard let pixels else { throw ImageError.corrupt("decoder returned no pixels") }
        let image = RGBAImage(width: info.width, height: info.height,
                              pixels: Array(UnsafeBufferPointer(start: pixels, count: info.width * info.height * 4)))
        return (image, info)
    }

    /// The fast path alone (CPNGCodec's png_fast_decode.c): the image, or nil for a file it leaves to libpng.
    static func fastDecode(_ data: Data, maxPixels: Int) -> RGBAImage? {
        guard let (width, height) = PNGChunks.declaredSize(in: data), width * height <= maxPixels else { return nil }
        var header = peel_png_header()
        let (pixels, status) = decodeInto(width * height * 4, data) { bytes, length, target, count in
            peel_png_fast_decode_rgba8(bytes, length, UInt64(maxPixels), &header, target, count)
        }
        return status == PEEL_PNG_OK ? RGBAImage(width: width, height: height, pixels: pixels) : nil
    }

    /// `count` bytes of pixels that `decode` writes straight into the new array (saves copying
    /// every pixel once), given the file's bytes; empty unless it returns PEEL_PNG_OK.
    private static func decodeInto(_ count: Int, _ data: Data,
                                   _ decode: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int) -> peel_png_status)
        -> (pixels: [UInt8], status: peel_png_status) {
        var status = PEEL_PNG_ERROR
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = data.withUnsafeBytes { raw in decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, buffer.baseAddress, count) }
            initialized = status == PEEL_PNG_OK ? count : 0
        }
        return (pixels, status)
    }

    private static func check(_ status: peel_png_status, info: PNGHeader, message: [CChar], maxPixels: Int) throws {
        switch status {
        case PEEL_PNG_OK:
            return
        case PEEL_PNG_TOO_LARGE:
            throw ImageError.overPixelBudget(width: info.width, height: info.height, budget: maxPixels)
        case PEEL_PNG_OUT_OF_MEMORY:
            throw ImageError.outOfMemory
        default:
            let reason = CString.text(message)
            throw ImageError.corrupt(reason.isEmpty ? "libpng could not decode it" : reason)
        }
    }

    /// Encodes one frame of a palette image (see `PaletteQuantizer`).
    static func encode(palette: PaletteQuantizer.Result, frame: Int, width: Int, height: Int) throws -> Data {
        PNGWriter.encode(indices: palette.indices[frame], width: width, height: height,
                         palette: palette.palette, colorCount: palette.colorCount)
    }

    /// Encodes RGBA to PNG. Opaque images are written as RGB (a quarter smaller before
    /// compression). `.fast` (thumbnails, posters, icons) is Peel's own writer over libdeflate;
    /// `.smallest` (`peel fit`, where every byte counts) is libpng trying every filter with zlib
    /// level 9. `alpha` forces an alpha channel on or off (APNG frames must all share one colour
    /// type); nil keeps it only when a pixel is transparent.
    public static func encode(_ image: RGBAImage, compression: PNGCompression = .fast, alpha: Bool? = nil) throws -> Data {
        let keepAlpha = alpha ?? image.hasTransparentPixels
        if compression == .fast { return PNGWriter.encode(image, alpha: keepAlpha) }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            peel_png_encode_rgba8(buffer.baseAddress, UInt32(image.width), UInt32(image.height), keepAlpha ? 1 : 0,
                                  9, &output, &length, &message, message.count)
        }
        defer { peel_png_free(output) }
        guard status == PEEL_PNG_OK, let output else {
            throw ImageError.corrupt("PNG encoding failed: \(CString.text(message))")
        }
        return Data(bytes: output, count: length)
    }
}

/// How hard a PNG encoder works on size.
public enum PNGCompression: Sendable {
    /// Sub filter and libdeflate level 5: within a few percent of libpng's level 6, 3–5× faster.
    case fast
    /// Every filter, zlib level 9: the smallest libpng makes.
    case smallest
}
