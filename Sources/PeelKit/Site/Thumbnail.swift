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
        case url, width, height, poster, posterSide = "poster_side"
    }

    /// Set in an encoder's `userInfo` to write `posterSide` too: a shard's manifest needs it (the
    /// merge described a 320 px poster as 408w where the original stood in for its thumbnail).
    static let keepsPosterSide = CodingUserInfoKey(rawValue: "peel.thumbnail.posterSide")!

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(_poster, forKey: .poster)
        if encoder.userInfo[Self.keepsPosterSide] as? Bool == true { try container.encodeIfPresent(posterSide, forKey: .posterSide) }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        poster = try container.decodeIfPresent(String.self, forKey: .poster)
        posterSide = try container.decodeIfPresent(Int.self, forKey: .posterSide)
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
