/// An image decoded to full RGBA canvases: one frame for a still image, every composed frame for
/// an animation (APNG or GIF), with its display time.
public struct DecodedImage: Sendable {
    public struct Frame: Sendable {
        /// The whole canvas as it shows while this frame is displayed.
        public var image: RGBAImage
        /// How long the frame shows, in seconds.
        public var delay: Double
    }

    public var frames: [Frame]
    /// 0 loops forever; nil for still images, or when a GIF has no loop extension (plays once).
    public var loopCount: Int?

    public init(frames: [Frame], loopCount: Int? = nil) {
        precondition(!frames.isEmpty, "a decoded image has at least one frame")
        self.frames = frames
        self.loopCount = loopCount
    }

    public init(still image: RGBAImage) {
        self.init(frames: [Frame(image: image, delay: 0)])
    }

    public var width: Int { frames[0].image.width }
    public var height: Int { frames[0].image.height }
    public var isAnimated: Bool { frames.count > 1 }
    public var hasTransparentPixels: Bool { frames.contains { $0.image.hasTransparentPixels } }
}
