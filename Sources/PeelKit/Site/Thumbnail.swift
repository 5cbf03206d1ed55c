/// A resized copy of a sticker for the gallery grid, listed in `srcset`.
public struct Thumbnail: Sendable, Equatable, Codable {
    /// Path relative to the site root.
    public var url: String
    public var width: Int
    public var height: Int
    /// For an animated thumbnail, a still first frame of the same size (for reduced motion).
    @Nullable public var poster: String?

    /// The side of the square box the thumbnail was fitted into (its longest side): what `srcset`
    /// describes it by, since the theme lays art out in square boxes.
    var boxSide: Int { max(width, height) }

    public init(url: String, width: Int, height: Int, poster: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.poster = poster
    }
}

/// The thumbnail sizes the theme lays out: grid cells are 160 CSS pixels, so a 1x and a 2x
/// copy fit inside 160 and 320 pixel boxes.
public enum ThumbnailSizes {
    public static let boxes = [160, 320]
}
