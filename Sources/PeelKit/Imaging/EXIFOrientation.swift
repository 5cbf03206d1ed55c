import Foundation

/// The EXIF orientation tag (0x0112) of a JPEG or a PNG (`eXIf`): how the stored pixels must be turned to show
/// upright. 1 is upright; 2–8 are the mirrorings and quarter turns of the TIFF specification.
struct EXIFOrientation: Equatable {
    let value: Int

    static let upright = EXIFOrientation(value: 1)

    /// Reads the tag from a JPEG's APP1 "Exif" segment or a PNG's `eXIf` chunk (PNG 1.5's EXIF:
    /// Apple's ImageIO, which Messages and Safari use, turns a PNG by it, as every viewer turns a
    /// JPEG); anything missing or malformed reads as upright. Found as `EXIFLocation` finds it.
    static func read(from data: Data) -> EXIFOrientation {
        TIFFStructure.exif(in: data).map { fromTIFF($0.bytes) } ?? .upright
    }

    /// Reads the tag from a TIFF structure (what a JPEG's APP1 holds after "Exif\0\0", and a
    /// PNG's `eXIf` chunk whole).
    static func fromTIFF(_ tiff: [UInt8]) -> EXIFOrientation {
        guard let structure = TIFFStructure(tiff), let directory = structure.firstDirectory else { return .upright }
        for entry in structure.entries(at: directory) where entry.tag == 0x0112 {
            if let value = structure.u16(entry.value), (1...8).contains(value) { return EXIFOrientation(value: value) }
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
