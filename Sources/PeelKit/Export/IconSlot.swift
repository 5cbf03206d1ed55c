/// One image of the iMessage App Icon set (`iMessage App Icon.stickersiconset`), as Xcode's
/// asset catalog describes it: point size, scale, idiom and, for some, platform.
public struct IconSlot: Sendable, Equatable {
    public var size: String          // points, "60x45"
    public var scale: Int            // 1, 2 or 3
    public var idiom: String         // iphone, ipad, universal, ios-marketing
    public var platform: String?     // "ios" for the universal and 1024x768 rows
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// App Store icons must be opaque.
    public var isMarketing: Bool { idiom == "ios-marketing" }

    /// A file name that says idiom, size and scale: "iphone-60x45@3x.png".
    public var fileName: String {
        isMarketing ? "ios-marketing-\(size).png" : "\(idiom)-\(size)@\(scale)x.png"
    }

    /// The thirteen images Apple asks for (Messages documentation and the Contents.json Xcode
    /// writes; see the README's "Apple's rules Peel knows").
    public static let iMessageAppIcon: [IconSlot] = [
        slot("29x29", 2, "iphone"), slot("29x29", 3, "iphone"),
        slot("60x45", 2, "iphone"), slot("60x45", 3, "iphone"),
        slot("29x29", 2, "ipad"), slot("67x50", 2, "ipad"), slot("74x55", 2, "ipad"),
        slot("1024x1024", 1, "ios-marketing"),
        slot("27x20", 2, "universal", platform: "ios"), slot("27x20", 3, "universal", platform: "ios"),
        slot("32x24", 2, "universal", platform: "ios"), slot("32x24", 3, "universal", platform: "ios"),
        slot("1024x768", 1, "ios-marketing", platform: "ios"),
    ]

    static func slot(_ size: String, _ scale: Int, _ idiom: String, platform: String? = nil) -> IconSlot {
        let points = size.split(separator: "x").compactMap { Double($0) }
        let width = Int((points[0] * Double(scale)).rounded()), height = Int((points[1] * Double(scale)).rounded())
        return IconSlot(size: size, scale: scale, idiom: idiom, platform: platform, pixelWidth: width, pixelHeight: height)
    }
}
