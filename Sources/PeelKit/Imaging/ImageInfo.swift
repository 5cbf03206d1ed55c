/// Everything Peel knows about a sticker's image file, shown on its page and in catalog.json.
public struct ImageInfo: Sendable, Equatable, Codable {
    /// The format by content, not by extension.
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// The file can carry transparency (alpha channel, tRNS, or a GIF transparent colour).
    public var hasAlpha: Bool
    /// At least one pixel is actually transparent; nil where Peel did not decode the pixels.
    public var hasTransparentPixels: Bool?
    public var frameCount: Int
    /// 0 loops forever; nil for still images or when the file does not say.
    public var loopCount: Int?
    public var bytes: Int
    /// Hex SHA-256 of the file's bytes.
    public var sha256: String

    public var isAnimated: Bool { frameCount > 1 }
}
