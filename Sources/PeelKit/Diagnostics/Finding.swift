/// One problem Peel found, located precisely enough for a person to fix it:
/// `path:line: severity[code]: message`.
public struct Finding: Sendable, Hashable, Codable {
    public var severity: Severity
    public var code: FindingCode
    /// The file the finding is in, relative to the content folder.
    public var file: String
    /// 1-based line in `file`, where the finding is about text.
    public var line: Int?
    public var message: String
    /// The sticker's image path relative to the content folder, when the finding is about one.
    public var sticker: String?
    /// The BCP 47 tag of the translation the finding is about; nil for the default language or
    /// a finding about no language.
    public var language: String?
    /// Silenced by an `ignore:` list: still reported, never counted.
    public var suppressed: Bool = false
    /// The messenger whose rules the finding is about (`peel check --platform`, site.md's
    /// `platforms:`); nil for Messages' rules and everything else. Such an error keeps the
    /// sticker out of that messenger's download only, not out of Stickers.xcstickers.
    public var platform: MessengerPlatform?

    public init(_ severity: Severity, _ code: FindingCode, file: String, line: Int? = nil,
                message: String, sticker: String? = nil, language: String? = nil) {
        self.severity = severity
        self.code = code
        self.file = file
        self.line = line
        self.message = message
        self.sticker = sticker
        self.language = language
    }

    /// An error Xcode or Messages would refuse the sticker (or the catalog) for: one not silenced,
    /// or one of Apple's hard rules, which `ignore:` silences in the report only
    /// (`FindingCode.isMessagesRejection`). What keeps a sticker or one translation out of
    /// `Stickers.xcstickers`, in `peel export xcode` and the pack downloads alike.
    public var isRejectedByApple: Bool {
        severity == .error && (!suppressed || code.isMessagesRejection)
    }

    /// An error another messenger refuses the sticker (or the pack) for, silenced or not: an
    /// error of its rules is what the platform refuses and no export can change (README, "Other
    /// messengers"), so `ignore:` silences it in the report only, as Apple's hard rules. A
    /// silenced `emoji-missing` put `"emojis": []` into WhatsApp's contents.json.
    public var isRejectedByMessenger: Bool {
        severity == .error && platform != nil
    }

    /// The compiler-style line people and editors understand, always one line: control
    /// characters in a file name or message are escaped (see `TerminalEscaping`).
    public var formatted: String {
        let location = line.map { "\(file):\($0)" } ?? file
        return TerminalEscaping.escaped("\(location): \(severity.rawValue)[\(code.rawValue)]: \(message)")
    }
}

extension Finding: Comparable {
    /// Findings sort by file, then line, then code, so reports are stable from run to run.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
        if (lhs.line ?? 0) != (rhs.line ?? 0) { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if lhs.code != rhs.code { return lhs.code.rawValue < rhs.code.rawValue }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Finding {
    public var errorCount: Int { filter { $0.severity == .error && !$0.suppressed }.count }
    public var warningCount: Int { filter { $0.severity == .warning && !$0.suppressed }.count }
    public var suppressedCount: Int { filter(\.suppressed).count }
    public var hasErrors: Bool { contains { $0.severity == .error && !$0.suppressed } }
}
