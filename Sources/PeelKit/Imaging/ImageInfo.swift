/// Everything Peel knows about a sticker's image file, shown on its page and in catalog.json.
public struct ImageInfo: Sendable, Equatable, Codable {
    /// The format by content, not by extension.
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// The file can carry transparency (alpha channel, tRNS, or a GIF transparent colour).
    public var hasAlpha: Bool
    /// At least one pixel of any frame is actually transparent; nil where Peel did not decode the pixels.
    public var hasTransparentPixels: Bool?
    /// At least one pixel of any frame is not fully transparent; nil where Peel did not decode the pixels.
    public var hasVisiblePixels: Bool?
    public var frameCount: Int
    /// Each frame's display time in seconds; empty for still images.
    public var frameDelays: [Double] = []
    /// 0 loops forever; nil for still images or when the file does not say (a GIF then plays once).
    public var loopCount: Int?
    public var bytes: Int
    /// Hex SHA-256 of the file's bytes.
    public var sha256: String {
        get { sha256Digest.text }
        set { sha256Digest = HashText(newValue) }
    }
    /// Held as its 32 bytes: the build keeps every sticker's info to its end.
    private var sha256Digest: HashText
    /// How much of the shape stays visible on each transcript background (`ShapeVisibility`): the
    /// first frame's, or the worst of the frames the art checks sample from an animation
    /// (`ArtFrames.sampledIndices`); nil when nothing is visible.
    public var visibility: ShapeVisibility? = nil
    /// How an animation flashes past WCAG 2.3.1's threshold (`FlashMeter`); nil when it does not,
    /// for still images, and where Peel did not decode the pixels.
    public var flashing: FlashRisk? = nil
    /// The file's EXIF or XMP holds GPS coordinates (`EXIFLocation`); nil where Peel did not look.
    public var carriesLocation: Bool? = nil
    /// An animation's poster frame (`PosterFrame`): 0, unless its first frame shows less than a
    /// quarter of its fullest; nil for a still, and where Peel did not decode the frames.
    public var posterFrame: Int? = nil

    enum CodingKeys: String, CodingKey {
        case format, width, height, hasAlpha, hasTransparentPixels, hasVisiblePixels, frameCount, frameDelays, loopCount, bytes
        case sha256Digest = "sha256"
        case visibility, flashing, carriesLocation, posterFrame
    }

    public init(format: ImageFormat, width: Int, height: Int, hasAlpha: Bool, hasTransparentPixels: Bool? = nil, frameCount: Int,
                frameDelays: [Double] = [], loopCount: Int? = nil, bytes: Int, sha256: String, visibility: ShapeVisibility? = nil,
                hasVisiblePixels: Bool? = nil, flashing: FlashRisk? = nil, carriesLocation: Bool? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.hasTransparentPixels = hasTransparentPixels
        self.frameCount = frameCount
        self.frameDelays = frameDelays
        self.loopCount = loopCount
        self.bytes = bytes
        sha256Digest = HashText(sha256)
        self.visibility = visibility
        self.hasVisiblePixels = hasVisiblePixels
        self.flashing = flashing
        self.carriesLocation = carriesLocation
    }

    public var isAnimated: Bool { frameCount > 1 }

    /// Each frame's delay as browsers and Messages play it: a frame of 10 ms or less (0 s, a
    /// GIF's 1/100 s) shows for 0.1 s (`AnimationTiming.asPlayed`). What the site, catalog.json and
    /// every platform check report, so they agree with what is seen.
    public var playedFrameDelays: [Double] { isAnimated ? AnimationTiming.asPlayed(frameDelays) : frameDelays }

    /// One cycle of the animation as it plays, in seconds; 0 for still images.
    public var duration: Double { playedFrameDelays.reduce(0, +) }

    /// Frames per second over one cycle as it plays; nil for still images.
    public var framesPerSecond: Double? {
        guard isAnimated, duration > 0 else { return nil }
        return Double(frameCount) / duration
    }
}
