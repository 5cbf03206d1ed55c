import Foundation

/// Makes a sticker's thumbnails from its frames as they are decoded, as lossy WebP with alpha
/// (`ThumbnailWebP`): a still for a still sticker; for an animated one, an animated WebP (every
/// frame resampled, timing and looping kept) plus a still poster (`PosterFrame`: the first frame,
/// unless it shows too little) for people who ask for reduced motion. Each frame is resampled and encoded when it arrives, so only the
/// last frame of each size is kept, whatever the animation's length. Animated PNG thumbnails
/// needed a libimagequant palette to stay lighter than their originals, and making it cost more
/// than the rest of the sticker's work (BENCHMARKS.md).
public struct Thumbnailer {
    public struct Output {
        public var width: Int
        public var height: Int
        /// The thumbnail: a WebP, animated for animated stickers.
        public var data: Data
        public var format: ThumbnailFormat
        /// For animated stickers, the poster frame (`PosterFrame`) as a still WebP of the same size.
        public var poster: Data?
    }

    private let sizes: [(width: Int, height: Int)]
    private let isAnimated: Bool
    private let profile: ColourProfile?
    private var stills: [Output] = []
    private var animations: [ThumbnailWebP.AnimationEncoder] = []

    /// For art of `width` × `height` px: outputs fit inside each of `boxes` (never enlarged: art
    /// smaller than a box gives fewer sizes). `loopCount` matters for animations only; `profile`
    /// is the art's colour profile, which every thumbnail carries.
    init(width: Int, height: Int, boxes: [Int], isAnimated: Bool, loopCount: Int?, profile: ColourProfile? = nil) {
        var sizes: [(width: Int, height: Int)] = []
        for box in boxes {
            let size = Resampler.fittedSize(width: width, height: height, box: box)
            // Files are named by width (`-160w`) and srcset tells them apart by it: very thin art
            // (2 × 618 px) fits both boxes at 1 px wide, and gets one thumbnail.
            if !sizes.contains(where: { $0.width == size.width }) { sizes.append(size) }
        }
        self.sizes = sizes
        self.isAnimated = isAnimated
        self.profile = profile
        if isAnimated {
            // No loop count (a GIF without the NETSCAPE extension) plays once, as browsers and Messages play it.
            animations = sizes.map { ThumbnailWebP.AnimationEncoder(width: $0.width, height: $0.height, loopCount: loopCount ?? 1, profile: profile) }
        }
    }

    /// The next frame (a still's only one), shown for `delay` seconds; `isFullest` as
    /// `PosterFrame.consider` says of it.
    mutating func add(_ frame: RGBAImage, delay: Double, isFullest: Bool = false) throws {
        let resized = Resampler.resize(frame, to: sizes)
        guard isAnimated else {
            stills = try resized.map { Output(width: $0.width, height: $0.height, data: try ThumbnailWebP.still($0, profile: profile), format: .webp, poster: nil) }
            return
        }
        for (index, image) in resized.enumerated() { try animations[index].add(image, delay: delay, isFullest: isFullest) }
    }

    /// The thumbnails, smallest box first; every frame must have been added. `posterIsFirst` as
    /// `PosterFrame.isFirst` says.
    func finish(posterIsFirst: Bool = true) throws -> [Output] {
        guard isAnimated else { return stills }
        return try zip(sizes, animations).map { size, encoder in
            let encoded = try encoder.finish(posterIsFirst: posterIsFirst)
            return Output(width: size.width, height: size.height, data: encoded.animation, format: .webp, poster: encoded.poster)
        }
    }

    /// The thumbnails of an image already decoded whole.
    public static func thumbnails(of image: DecodedImage, boxes: [Int]) throws -> [Output] {
        var thumbnailer = Thumbnailer(width: image.width, height: image.height, boxes: boxes, isAnimated: image.isAnimated,
                                      loopCount: image.loopCount)
        var poster = PosterFrame()
        for (index, frame) in image.frames.enumerated() {
            try thumbnailer.add(frame.image, delay: frame.delay, isFullest: poster.consider(frame.image, index: index))
        }
        return try thumbnailer.finish(posterIsFirst: poster.isFirst)
    }

    /// A frame at full size as a PNG, for the sticker page's reduced-motion poster (`PosterFrame`),
    /// in the art's colour profile.
    static func poster(_ frame: RGBAImage, profile: ColourProfile? = nil) throws -> Data {
        let png = try PNGCodec.encode(frame)
        return profile.map { PNGChunks.inserting([$0.pngChunk], into: png) } ?? png
    }
}

/// The file format of a thumbnail, which names its extension.
public enum ThumbnailFormat: String, Codable, Sendable {
    case png
    case webp
}
