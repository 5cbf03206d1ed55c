import Foundation

/// The EXIF orientation tag (0x0112) of a JPEG or a PNG (`eXIf`): how the stored pixels must be turned to show
/// upright. 1 is upright; 2–8 are the mirrorings and quarter turns of the TIFF specification.
struct EXIFOrientation: Equatable {
    let value: Int

    static let upright = EXIFOrientation(value: 1)

    /// Reads the tag from the APP1 "Exif" segment; anything missing or malformed reads as upright.
    static func read(from data: Data) -> EXIFOrientation {
        let bytes = [UInt8](data.prefix(256 * 1024))
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if marker == 0xE1, length >= 16, Array(bytes[(offset + 4)..<(offset + 10)]) == Array("Exif\0\0".utf8) {
                return fromTIFF(Array(bytes[(offset + 10)..<(offset + 2 + length)]))
            }
            offset += 2 + length
        }
        return .upright
    }

    /// Reads the tag from a TIFF structure (what a JPEG's APP1 holds after "Exif\0\0", and a
    /// PNG's `eXIf` chunk whole).
    static func fromTIFF(_ tiff: [UInt8]) -> EXIFOrientation {
        guard tiff.count >= 8 else { return .upright }
        let little = tiff[0] == 0x49 && tiff[1] == 0x49
        guard little || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return .upright }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return .upright }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { break }
            if tag == 0x0112, let value = u16(at + 8), (1...8).contains(value) {
                return EXIFOrientation(value: value)
            }
        }
        return .upright
    }

    /// The image turned upright.
    func apply(to image: RGBAImage) -> RGBAImage {
        guard value != 1 else { return image }
        let swaps = value >= 5   // 5–8 transpose width and height
        let width = swaps ? image.height : image.width
        let height = swaps ? image.width : image.height
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                // (sx, sy): where the displayed pixel (x, y) is stored.
                let (sx, sy): (Int, Int)
                switch value {
                case 2: (sx, sy) = (image.width - 1 - x, y)
                case 3: (sx, sy) = (image.width - 1 - x, image.height - 1 - y)
                case 4: (sx, sy) = (x, image.height - 1 - y)
                case 5: (sx, sy) = (y, x)
                case 6: (sx, sy) = (y, image.height - 1 - x)
                case 7: (sx, sy) = (image.width - 1 - y, image.height - 1 - x)
                default: (sx, sy) = (image.width - 1 - y, x) // 8
                }
                let from = (sy * image.width + sx) * 4, to = (y * width + x) * 4
                pixels[to] = image.pixels[from]
                pixels[to + 1] = image.pixels[from + 1]
                pixels[to + 2] = image.pixels[from + 2]
                pixels[to + 3] = image.pixels[from + 3]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
