import Foundation

/// One generated icon of a pack's icon set, for its page and catalog.json.
public struct PackIcon: Sendable, Codable {
    /// Path relative to the site root.
    public var url: String
    public var idiom: String
    public var size: String
    public var scale: String
    public var width: Int
    public var height: Int
}

/// Makes the iMessage App Icon set of every pack with `icon:` art into the site, beside the
/// pack's page (`<pack>/icons/`, with the Contents.json Xcode reads). Unreadable art is already a
/// finding of the review, so such a pack simply gets no icons. Sets are cached by the art's hash.
enum PackIconStep {
    /// Bump when icon sets change shape, so old cache entries are not reused (5: grey art's grey
    /// profile carried as RGB; 6: a PNG's gAMA and cHRM applied; 7: a CMYK JPEG's own profile applied).
    static let derivationVersion = 7

    static func run(_ catalog: Catalog, content: URL, site: SiteWriter, cache: BuildCache?, hashes: ContentHashes?,
                    maxPixels: Int) throws -> [String: [PackIcon]] {
        var icons: [String: [PackIcon]] = [:]
        for pack in catalog.packs {
            guard let icon = pack.icon else { continue }
            try Task.checkCancellation()
            let url = content.appendingPathComponent(icon)
            guard let sha = try? (hashes?.hash(of: icon) ?? Hex.string(SHA256.hash(data: ContentFile.read(url)))) else { continue }
            let key = Hex.string(SHA256.hash(data: Data("peel \(PeelVersion.current)|icon set \(derivationVersion)|max pixels \(maxPixels)|\(sha)".utf8)))
            let names: [String]
            if let cache, let (entry, cached) = cache.entry(key, decoding: [String].self, files: { $0 }) {
                names = cached
                for name in names { try site.place(entry.file(name), to: "\(SitePaths.packIcons(pack))/\(name)", reused: true) }
            } else {
                guard let set = try? IconSet().files(artAt: url, maxPixels: maxPixels) else { continue }
                names = set.files.map(\.path)
                if let cache {
                    let entry = try cache.store(key, record: names, files: set.files.map { ($0.path, $0.data) })
                    for name in names { try site.place(entry.file(name), to: "\(SitePaths.packIcons(pack))/\(name)", reused: false) }
                } else {
                    for file in set.files { try site.write(file.data, to: "\(SitePaths.packIcons(pack))/\(file.path)") }
                }
            }
            icons[pack.slug] = IconSlot.iMessageAppIcon.map { slot in
                PackIcon(url: "\(SitePaths.packIcons(pack))/\(slot.fileName)", idiom: slot.idiom, size: slot.size,
                         scale: "\(slot.scale)x", width: slot.pixelWidth, height: slot.pixelHeight)
            }
        }
        return icons
    }
}
