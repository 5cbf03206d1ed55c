/// The two backgrounds Messages shows stickers on most: its light and dark transcripts, white
/// and black. The sticker page shows art on both (its White and Black swatches, style.css
/// `.bg-white` and `.bg-black`); the visibility checks measure art against the same colours.
public enum TranscriptBackground: String, Sendable, Codable, CaseIterable {
    case light, dark

    /// The background's colour, opaque.
    public var color: (r: UInt8, g: UInt8, b: UInt8) {
        switch self {
        case .light: (255, 255, 255)
        case .dark: (0, 0, 0)
        }
    }

    /// "the light transcript", for findings.
    public var description: String { "the \(rawValue) transcript" }

    /// The sticker page's swatch showing this background: the string-table key of its name, and
    /// its CSS class.
    var swatchNameKey: String { self == .light ? "swatchWhite" : "swatchBlack" }
    var swatchClass: String { self == .light ? "bg-white" : "bg-black" }
}
