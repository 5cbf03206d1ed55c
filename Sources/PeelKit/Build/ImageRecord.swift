/// What the image step derived from one image's bytes, stored in the build cache beside the
/// derived files, so a rebuild reuses it without reading the image again.
struct ImageRecord: Codable, Sendable {
    struct Failure: Codable, Sendable {
        var code: FindingCode
        var message: String
    }

    struct ThumbnailFile: Codable, Sendable {
        var width: Int
        var height: Int
        var hasPoster: Bool
    }

    /// Nil when the image could not be decoded (`failure` says why).
    var info: ImageInfo?
    var failure: Failure?
    var thumbnails: [ThumbnailFile] = []
    /// Animated stickers have a full-size still poster.
    var hasPoster = false

    // File names inside the cache entry.
    static let poster = "poster.png"
    static func thumbnail(_ width: Int) -> String { "thumbnail-\(width).png" }
    static func thumbnailPoster(_ width: Int) -> String { "thumbnail-\(width)-poster.png" }

    var fileNames: [String] {
        var names: [String] = []
        for thumbnail in thumbnails {
            names.append(Self.thumbnail(thumbnail.width))
            if thumbnail.hasPoster { names.append(Self.thumbnailPoster(thumbnail.width)) }
        }
        if hasPoster { names.append(Self.poster) }
        return names
    }
}
