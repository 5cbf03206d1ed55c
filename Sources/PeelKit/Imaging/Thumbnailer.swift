import Foundation

/// Makes a sticker's thumbnails from its decoded frames: still PNGs for a still sticker; for an
/// animated one, animated PNGs (every frame resampled, timing and looping kept) plus a still
/// poster of the first frame for people who ask for reduced motion.
///
/// Animated thumbnails share one libimagequant palette across their frames: full RGBA frames made
/// the weather cycle's thumbnails 354 KB, more than the 191 KB original; with the palette they are
/// 123 KB. Still thumbnails stay full RGBA: a palette would make them 2.3× smaller but 2.5–4× slower
/// to make (figures in BENCHMARKS.md), and build speed matters more for the many still stickers.
/// But a still thumbnail that comes out heavier than `ceiling` (the original's bytes) is made
/// again with a palette, and kept so when that is smaller: art drawn in few flat colours (most
/// stickers) is often stored smaller than full RGBA at 618 px than at 320 px.
public struct Thumbnailer {
    public struct Output {
        public var width: Int
        public var height: Int
        /// The thumbnail: a PNG, or an APNG for animated stickers.
        public var data: Data
        /// For animated stickers, the first frame as a still PNG of the same size.
        public var poster: Data?
    }

    /// Outputs fit inside each of `boxes` (never enlarged: art smaller than a box gives fewer sizes).
    public static func thumbnails(of image: DecodedImage, boxes: [Int], ceiling: Int? = nil) throws -> [Output] {
        var sizes: [(width: Int, height: Int)] = []
        for box in boxes {
            let size = Resampler.fittedSize(width: image.width, height: image.height, box: box)
            if !sizes.contains(where: { $0 == size }) { sizes.append(size) }
        }
        if !image.isAnimated {
            return try Resampler.resize(image.frames[0].image, to: sizes).map { resized in
                var data = try PNGCodec.encode(resized)
                if let ceiling, data.count > ceiling, let palette = PaletteQuantizer.quantize([resized]) {
                    let paletted = try PNGCodec.encode(palette: palette, frame: 0, width: resized.width, height: resized.height)
                    if paletted.count < data.count { data = paletted }
                }
                return Output(width: resized.width, height: resized.height, data: data, poster: nil)
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
            Output(width: size.width, height: size.height,
                   data: try APNGEncoder.encode(frames, loopCount: image.loopCount ?? 0),
                   poster: try PNGCodec.encode(frames[0].image))
        }
    }

    /// The first frame at full size, for the sticker page's reduced-motion poster.
    static func poster(of image: DecodedImage) throws -> Data {
        try PNGCodec.encode(image.frames[0].image)
    }
}
