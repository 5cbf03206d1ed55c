import CJPEGCodec
import Foundation

/// Decodes JPEGs with libjpeg-turbo (behind the setjmp shim in CJPEGCodec), converts CMYK ones
/// to RGB through their own profile (`CMYKConversion`) and turns them upright by their EXIF
/// orientation, as cameras and phones expect.
enum JPEGDecoder {
    static func decode(_ data: Data, maxPixels: Int) throws -> DecodedImage {
        var width: UInt32 = 0, height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var layout = PEEL_JPEG_RGBA
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            peel_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(max(0, maxPixels)),
                             &width, &height, &pixels, &layout, &message, message.count)
        }
        defer { peel_jpeg_free(pixels) }
        switch status {
        case PEEL_JPEG_OK:
            guard let pixels else { throw ImageError.corrupt("decoder returned no pixels") }
            var bytes = Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
            if layout != PEEL_JPEG_RGBA {
                CMYKConversion.toRGBA(&bytes, inverted: layout == PEEL_JPEG_CMYK_INVERTED, profile: ColourProfile.jpegProfile(in: data))
            }
            let image = RGBAImage(width: Int(width), height: Int(height), pixels: bytes)
            return DecodedImage(still: EXIFOrientation.read(from: data).apply(to: image))
        case PEEL_JPEG_TOO_LARGE:
            throw ImageError.overPixelBudget(width: Int(width), height: Int(height), budget: maxPixels)
        case PEEL_JPEG_OUT_OF_MEMORY:
            throw ImageError.outOfMemory
        default:
            let reason = CString.text(message)
            throw ImageError.corrupt(reason.isEmpty ? "libjpeg could not decode it" : reason.lowercased())
        }
    }

    /// Width and height from the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC),
    /// walking the marker segments without decoding; nil when there is none before the scan.
    static func declaredSize(in data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(1 << 20))   // SOF comes before the image data, in the first segments
        var offset = 2
        while offset + 9 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }   // fill byte
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                return (width, height)
            }
            if marker == 0xDA || length < 2 { return nil }
            offset += 2 + length
        }
        return nil
    }
}
