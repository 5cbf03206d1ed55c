import Foundation

/// Makes a sticker's thumbnails from its decoded frames, as lossy WebP with alpha (`ThumbnailWebP`):
/// a still for a still sticker; for an animated one, an animated WebP (every frame resampled,
/// timing and looping kept) plus a still poster of the first frame for people who ask for reduced
/// motion. Animated PNG thumbnails needed a libimagequant palette to stay lighter than their
/// originals, and making it cost more than the rest of the sticker's work (BENCHMARKS.md).
public struct Thumbnailer {
    public struct Output {
        public var width: Int
        public var height: Int
        /// The thumbnail: a WebP, animated for animated stickers.
        public var data: Data
        public var format: ThumbnailFormat
        /// For animated stickers, the first frame as a still WebP of the same size.
        public var poster: Data?
    }

    /// Outputs fit inside each of `boxes` (never enlarged: art smaller than a box gives fewer sizes).
    public static func thumbnails(of image: DecodedImage, boxes: [Int]) throws -> [Output] {
        var sizes: [(width: Int, height: Int)] = []
        for box in boxes {
            let size = Resampler.fittedSize(width: image.width, height: image.height, box: box)
            if !sizes.contains(where: { $0 == size }) { sizes.append(size) }
        }
        if !image.isAnimated {
            return try Resampler.resize(image.frames[0].image, to: sizes).map { resized in
                Output(width: resized.width, height: resized.height, data: try ThumbnailWebP.still(resized), format: .webp, poster: nil)
            }
        }
        // Resample frame by frame, keeping only the small copies.
        var perSize = Array(repeating: [DecodedImage.Frame](), count: sizes.count)
        for frame in image.frames {
            for (index, resized) in Resampler.resize(frame.image, to: sizes).enumerated() {
                perSize[index].append(DecodedImage.Frame(image: resized, delay: frame.delay))
            }
        }
        return try zip(sizes, perSize).map { size, frames in
            let encoded = try ThumbnailWebP.animation(frames, loopCount: image.loopCount ?? 0)
            return Output(width: size.width, height: size.height, data: encoded.animation, format: .webp, poster: encoded.poster)
        }
    }

    /// The first frame at full size, for the sticker page's reduced-motion poster.
    static func poster(of image: DecodedImage) throws -> Data {
        try PNGCodec.encode(image.frames[0].image)
    }
}

/// The file format of a thumbnail, which names its extension.
public enum ThumbnailFormat: String, Codable, Sendable {
    case png
    case webp
}
