/// The site's downloads of each pack, as the build made them: each zip's size, by the key
/// `SitePaths.platformArchiveKey` gives (the pack's slug for its pack zip, `<slug>/<platform>` for a
/// messenger's), and what converting left out of a messenger's zip.
///
/// The readiness table is computed from the checks, which know the art but not what a conversion
/// will weigh: a Signal sticker that cannot fit 300 KiB at any quality is found only while the
/// download is made. Its refusal is kept here, so the table says "Blocked" and why instead of
/// "Ready" beside a zip that lacks the sticker. Shards hand these to `peel merge`, and the build
/// cache keeps them with each zip, so a merged or reused build shows the same.
struct PackDownloads: Sendable, Codable, Equatable {
    /// Each download's size in bytes, by key.
    var sizes: [String: Int] = [:]
    /// By key: the stickers, or the pack, the conversion refused, each with why.
    var leftOut: [String: [Finding]] = [:]

    subscript(key: String) -> Int? { sizes[key] }

    /// Adds a shard's downloads; a key already present keeps its first value.
    mutating func merge(_ other: PackDownloads) {
        sizes.merge(other.sizes) { first, _ in first }
        leftOut.merge(other.leftOut) { first, _ in first }
    }
}
