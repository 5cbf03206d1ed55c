/// What the image step learnt and wrote for one sticker.
public struct StickerAssets: Sendable, Codable {
    /// Nil when the image could not be read (a finding says why).
    public var info: ImageInfo?
    public var thumbnails: [Thumbnail]
    /// For animated stickers: the first frame at full size, shown when motion is reduced.
    public var poster: String? = nil
    public var findings: [Finding]
}
