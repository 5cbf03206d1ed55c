/// What the image step learnt and wrote for one sticker.
public struct StickerAssets: Sendable, Codable {
    /// Nil when the image could not be read (a finding says why).
    public var info: ImageInfo?
    public var thumbnails: [Thumbnail]
    /// For animated stickers: the first frame at full size, shown when motion is reduced.
    public var poster: String? = nil
    public var findings: [Finding]
    /// True when the file could not be read (`unreadable-file`), so the site has no copy of it:
    /// catalog.json named one that was not there. A corrupt image that was read is published.
    public var originalMissing: Bool? = nil
}
