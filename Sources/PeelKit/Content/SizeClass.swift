/// A sticker pack's grid size. Apple: Messages shows stickers at 100, 136 or 206 points and
/// expects @3x art, so 300×300, 408×408 or 618×618 pixels (MSStickerSize; "Adding your sticker
/// packs to Messages"). One size per pack.
public enum SizeClass: String, Sendable, Codable, CaseIterable {
    case small
    case regular
    case large

    /// Pixel size of a side at @3x, what artists ship.
    public var pixels: Int {
        switch self {
        case .small: 300
        case .regular: 408
        case .large: 618
        }
    }

    /// Point size of a side in Messages.
    public var points: Int { pixels / 3 }

    /// Apple's MSSticker limits: no side smaller than 300 px or larger than 618 px.
    public static let minimumSide = 300
    public static let maximumSide = 618
}
