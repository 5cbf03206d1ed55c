import Foundation

/// One generated icon of a pack's icon set, for its page and catalog.json.
public struct PackIcon: Sendable, Encodable {
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
/// finding of the review, so such a pack simply gets no icons.
enum PackIconStep {
    static func run(_ catalog: Catalog, content: URL, staging: URL, maxPixels: Int) throws -> [String: [PackIcon]] {
        var icons: [String: [PackIcon]] = [:]
        for pack in catalog.packs {
            guard let icon = pack.icon,
                  let set = try? IconSet().files(artAt: content.appendingPathComponent(icon), maxPixels: maxPixels) else { continue }
            for file in set.files { try SiteFiles.write(file.data, to: "\(SitePaths.packIcons(pack))/\(file.path)", in: staging) }
            icons[pack.slug] = IconSlot.iMessageAppIcon.map { slot in
                PackIcon(url: "\(SitePaths.packIcons(pack))/\(slot.fileName)", idiom: slot.idiom, size: slot.size,
                         scale: "\(slot.scale)x", width: slot.pixelWidth, height: slot.pixelHeight)
            }
        }
        return icons
    }
}
