/// A colour given on the command line: `#RRGGBB`, `#RGB`, `#RRGGBBAA`, `white`, `black` or
/// `transparent`.
public struct RGBAColor: Sendable, Equatable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let white = RGBAColor(red: 255, green: 255, blue: 255, alpha: 255)

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init?(parsing text: String) {
        switch text.lowercased() {
        case "transparent", "none": self = .transparent; return
        case "white": self = .white; return
        case "black": self = RGBAColor(red: 0, green: 0, blue: 0); return
        default: break
        }
        var hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        let full = hex.count == 6 ? value << 8 | 0xFF : value
        self.init(red: UInt8(full >> 24), green: UInt8(full >> 16 & 0xFF), blue: UInt8(full >> 8 & 0xFF), alpha: UInt8(full & 0xFF))
    }

    /// This colour laid over the opaque `base`: what a viewer sees of a see-through colour on it.
    public func flattened(onto base: RGBAColor) -> RGBAColor {
        let over = Int(alpha), under = 255 - Int(alpha)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            let sum: Int = Int(top) * over + Int(bottom) * under + 127
            return UInt8(sum / 255)
        }
        return RGBAColor(red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue), alpha: 255)
    }
}
