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
    static func run(_ catalog: Catalog, content: URL, staging: URL, maxPixels: Int) -> [String: [PackIcon]] {
        var icons: [String: [PackIcon]] = [:]
        for pack in catalog.packs {
            guard let icon = pack.icon,
                  let data = try? Data(contentsOf: content.appendingPathComponent(icon)),
                  let art = try? ImageAnalyzer(maxPixels: maxPixels).analyze(data).decoded.frames[0].image else { continue }
            let iconSet = IconSet()
            var made: [PackIcon] = []
            for slot in IconSlot.iMessageAppIcon {
                let path = "\(SitePaths.packIcons(pack))/\(slot.fileName)"
                guard let png = try? PNGCodec.encode(iconSet.render(art, for: slot), alpha: slot.isMarketing ? false : nil),
                      (try? SiteFiles.write(png, to: path, in: staging)) != nil else { continue }
                made.append(PackIcon(url: path, idiom: slot.idiom, size: slot.size, scale: "\(slot.scale)x",
                                     width: slot.pixelWidth, height: slot.pixelHeight))
            }
            if let contents = try? IconSet.contentsJSON() {
                try? SiteFiles.write(contents, to: "\(SitePaths.packIcons(pack))/Contents.json", in: staging)
            }
            icons[pack.slug] = made
        }
        return icons
    }
}
