import CWebP
import Foundation

/// Thumbnails as lossy WebP with alpha, made faster than libwebp's own container would: libwebp
/// encodes the colour (VP8), Peel's `VP8LAlphaEncoder` the alpha plane, and `WebPContainer` puts
/// them together. Animations are Peel's too: each frame after the first is the rectangle that
/// changed, encoded once and not blended, where libwebp's animation encoder tries two or more
/// encodings of every frame to keep the smallest (BENCHMARKS.md, "Thumbnail alpha and animations").
/// The colour is exactly what `WebPCodec.encode` gives for the same pixels and settings (tested).
enum ThumbnailWebP {
    /// A still thumbnail.
    static func still(_ image: RGBAImage, profile: ColourProfile? = nil, settings: WebPCodec.Settings = .thumbnails) throws -> Data {
        WebPContainer.still(try lossy(image, settings: settings), width: image.width, height: image.height, profile: profile)
    }

    /// An animated thumbnail (every frame a full canvas of one size) and its poster (`PosterFrame`)
    /// as a still; the first frame's shares that frame's encoding.
    static func animation(_ frames: [DecodedImage.Frame], loopCount: Int,
                          settings: WebPCodec.Settings = .thumbnails) throws -> (animation: Data, poster: Data) {
        precondition(!frames.isEmpty, "an animation has frames")
        var encoder = AnimationEncoder(width: frames[0].image.width, height: frames[0].image.height, loopCount: loopCount, settings: settings)
        var poster = PosterFrame()
        for (index, frame) in frames.enumerated() {
            try encoder.add(frame.image, delay: frame.delay, isFullest: poster.consider(frame.image, index: index))
        }
        return try encoder.finish(posterIsFirst: poster.isFirst)
    }

    /// Encodes an animated thumbnail as its frames arrive, keeping only the last one's pixels.
    struct AnimationEncoder {
        let width: Int, height: Int, loopCount: Int
        let profile: ColourProfile?
        let settings: WebPCodec.Settings
        private var previous: RGBAImage?
        private var first: WebPContainer.LossyImage?
        /// The fullest frame after the first so far: the poster when the first shows too little.
        private var fullest: RGBAImage?
        private var encoded: [WebPContainer.Frame] = []
        /// Seconds of the frames added so far, and the milliseconds given to them: each frame's
        /// time is rounded from the elapsed time, so rounding never adds up (60 × 1/6 s is 10,000 ms).
        private var elapsed = 0.0
        private var stamped = 0

        init(width: Int, height: Int, loopCount: Int, profile: ColourProfile? = nil, settings: WebPCodec.Settings = .thumbnails) {
            self.width = width
            self.height = height
            self.loopCount = loopCount
            self.profile = profile
            self.settings = settings
        }

        /// The next frame, a full canvas of the animation's size shown for `delay` seconds.
        /// Browsers play a frame of 10 ms or less for 0.1 s, so it is given the time it played
        /// (`AnimationTiming.asPlayed`) before frames that look the same are joined: four 0 s
        /// frames of a held pose were one frame of 4 ms, which browsers then played for 0.1 s, not 0.4.
        mutating func add(_ frame: RGBAImage, delay: Double, isFullest: Bool = false) throws {
            precondition(frame.width == width && frame.height == height, "frames share the canvas size")
            if isFullest && previous != nil { fullest = frame }
            elapsed += AnimationTiming.asPlayed([delay])[0]
            let time = max(1, Int((elapsed * 1000).rounded()) - stamped)
            stamped += time
            defer { previous = frame }
            guard let previous else {
                let image = try lossy(frame, settings: settings)
                first = image
                encoded.append(WebPContainer.Frame(x: 0, y: 0, width: width, height: height, milliseconds: time, image: image))
                return
            }
            guard let changed = changedRectangle(from: previous, to: frame) else {
                encoded[encoded.count - 1].milliseconds += time  // nothing changed: the last frame shows longer
                return
            }
            encoded.append(WebPContainer.Frame(x: changed.x, y: changed.y, width: changed.width, height: changed.height,
                                               milliseconds: time, image: try lossy(frame.cropped(x: changed.x, y: changed.y, width: changed.width, height: changed.height), settings: settings)))
        }

        /// The animation and its poster: the first frame, or the fullest (`PosterFrame`); at least
        /// one frame must have been added.
        func finish(posterIsFirst: Bool = true) throws -> (animation: Data, poster: Data) {
            guard let first else { preconditionFailure("an animation has frames") }
            let poster = try posterIsFirst ? first : fullest.map { try lossy($0, settings: settings) } ?? first
            return (WebPContainer.animation(encoded, width: width, height: height, loopCount: loopCount, profile: profile),
                    WebPContainer.still(poster, width: width, height: height, profile: profile))
        }
    }

    /// The smallest rectangle holding every pixel that differs (pixels transparent in both frames
    /// are alike whatever their colour), widened to even offsets; nil when the frames look the same.
    static func changedRectangle(from previous: RGBAImage, to next: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int)? {
        let width = next.width, height = next.height
        var minX = width, minY = height, maxX = -1, maxY = -1
        previous.pixels.withUnsafeBytes { old in
            next.pixels.withUnsafeBytes { new in
                let oldWords = old.bindMemory(to: UInt32.self), newWords = new.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width {
                        let a = oldWords[row + x], b = newWords[row + x]
                        // Alpha is the highest byte of a little-endian RGBA word.
                        if a != b, (a | b) & 0xFF00_0000 != 0 {
                            minX = min(minX, x); maxX = max(maxX, x)
                            minY = min(minY, y); maxY = max(maxY, y)
                        }
                        x += 1
                    }
                }
            }
        }
        guard maxX >= 0 else { return nil }
        let x = minX & ~1, y = minY & ~1
        return (x, y, maxX - x + 1, maxY - y + 1)
    }

    /// The colour through libwebp, with transparent areas flattened as libwebp's own encoder does,
    /// and the alpha plane through `VP8LAlphaEncoder` when any pixel is not opaque. libwebp's
    /// import leaves the picture without an alpha plane when every pixel is opaque, and with the
    /// plane Peel compresses otherwise.
    private static func lossy(_ image: RGBAImage, settings: WebPCodec.Settings) throws -> WebPContainer.LossyImage {
        var config = try WebPCodec.configuration(settings)
        var alpha: [UInt8]?
        let file: [UInt8] = try WebPCodec.withPicture(of: image) { picture in
            if let plane = picture.pointee.a {
                let width = image.width, height = image.height, stride = Int(picture.pointee.a_stride)
                var values = [UInt8](repeating: 0, count: width * height)
                values.withUnsafeMutableBufferPointer { values in
                    for y in 0..<height { (values.baseAddress! + y * width).update(from: plane + y * stride, count: width) }
                }
                alpha = values.withUnsafeBufferPointer { VP8LAlphaEncoder.payload(alpha: $0, width: width, height: height) }
            }
            // What WebPEncode does first for a lossy picture with alpha (settings never ask `exact`)…
            WebPCleanupTransparentArea(picture)
            // …then the alpha plane is dropped, so libwebp writes the colour alone.
            picture.pointee.colorspace = WEBP_YUV420
            picture.pointee.a = nil
            picture.pointee.a_stride = 0
            return try WebPCodec.encodeToMemory(&config, picture)
        }
        // libwebp's output is RIFF, size, WEBP, then the one VP8 chunk.
        guard file.count > 20, Array(file[12..<16]) == Array("VP8 ".utf8) else {
            throw ImageError.corrupt("WebP encoding failed: libwebp did not write a VP8 chunk")
        }
        return WebPContainer.LossyImage(vp8Chunk: Array(file[12...]), alphaPayload: alpha)
    }
}
