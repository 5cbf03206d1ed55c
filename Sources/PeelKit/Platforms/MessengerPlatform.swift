/// The messengers a catalog can be published to besides Messages, and Messages itself: what
/// `peel check --platform` checks readiness for and `site.md`'s `platforms:` lists.
public enum MessengerPlatform: String, Sendable, CaseIterable, Comparable, Codable {
    case imessage, whatsapp, telegram, signal, discord

    /// "WhatsApp", for messages.
    public var name: String {
        switch self {
        case .imessage: "iMessage"
        case .whatsapp: "WhatsApp"
        case .telegram: "Telegram"
        case .signal: "Signal"
        case .discord: "Discord"
        }
    }

    /// The platforms `all` stands for, in this order.
    public static let all = allCases

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
