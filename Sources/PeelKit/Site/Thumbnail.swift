/// A resized copy of a sticker for the gallery grid, listed in `srcset`.
public struct Thumbnail: Sendable, Equatable, Codable {
    /// Path relative to the site root.
    public var url: String
    public var width: Int
    public var height: Int
    /// For an animated thumbnail, a still first frame of the size it was made at (for reduced motion).
    @Nullable public var poster: String?
    /// The poster's longest side: the thumbnail's own, unless the original stands in for the
    /// thumbnail (a GIF lighter than its animated WebP), where `width` and `height` are the
    /// original's and the poster stays the size it was made at. Not in catalog.json (the
    /// poster's file name says its width).
    var posterSide: Int? = nil

    enum CodingKeys: String, CodingKey {
        case url, width, height, poster
    }

    /// The side of the square box the thumbnail was fitted into (its longest side): what `srcset`
    /// describes it by, since the theme lays art out in square boxes.
    var boxSide: Int { max(width, height) }

    public init(url: String, width: Int, height: Int, poster: String? = nil, posterSide: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.poster = poster
        self.posterSide = posterSide
    }
}

/// The thumbnail sizes the theme lays out: grid cells are 160 CSS pixels, so a 1x and a 2x
/// copy fit inside 160 and 320 pixel boxes.
public enum ThumbnailSizes {
    public static let boxes = [160, 320]
}
