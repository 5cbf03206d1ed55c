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
        var format: ThumbnailFormat
        /// The thumbnail made was heavier than the original, so the original stands in for it
        /// (no thumbnail file; a poster, when there is one, is still a file).
        var isOriginal = false
    }

    /// Nil when the image could not be decoded (`failure` says why).
    var info: ImageInfo?
    var failure: Failure?
    var thumbnails: [ThumbnailFile] = []
    /// Animated stickers have a full-size still poster.
    var hasPoster = false

    // File names inside the cache entry.
    static let poster = "poster.png"
    static func thumbnail(_ width: Int, format: ThumbnailFormat) -> String { "thumbnail-\(width).\(format.rawValue)" }
    static func thumbnailPoster(_ width: Int) -> String { "thumbnail-\(width)-poster.webp" }

    /// What each derived file is, for its place in the site.
    enum Role {
        case thumbnail(width: Int, format: ThumbnailFormat)
        case thumbnailPoster(width: Int)
        case poster
    }

    /// Every derived file: its name in the cache entry and its role.
    var files: [(name: String, role: Role)] {
        var files: [(name: String, role: Role)] = []
        for thumbnail in thumbnails {
            if !thumbnail.isOriginal {
                files.append((Self.thumbnail(thumbnail.width, format: thumbnail.format), .thumbnail(width: thumbnail.width, format: thumbnail.format)))
            }
            if thumbnail.hasPoster { files.append((Self.thumbnailPoster(thumbnail.width), .thumbnailPoster(width: thumbnail.width))) }
        }
        if hasPoster { files.append((Self.poster, .poster)) }
        return files
    }
}
