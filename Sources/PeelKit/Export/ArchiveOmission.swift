/// Which stickers a pack's download leaves out of its Xcode-ready `Stickers.xcstickers`, and why:
/// every sticker with an error that is not silenced, or silenced but one of Apple's hard rules
/// (`FindingCode.isMessagesRejection`), because Xcode or Messages would refuse it
/// (the zip's `originals/` folder still holds the ones Peel could read). One definition, so the
/// zip, the pack page and the build summary always agree.
public struct ArchiveOmission: Sendable, Equatable {
    /// The sticker's image, relative to the content folder.
    public let source: String
    /// The codes of its errors, sorted, each once.
    public let codes: [String]

    /// "sun.png (size-out-of-range, file-too-large)": how pages and summaries name it.
    public func described(as name: String) -> String {
        "\(name) (\(codes.joined(separator: ", ")))"
    }

    /// The file name alone, for a page about its pack.
    public var fileName: String { String(source.split(separator: "/").last ?? Substring(source)) }

    /// The stickers `findings` put out of the downloads, in source order. An error in one
    /// translation (a French label too long) leaves that translation out (`droppedTranslations`),
    /// not the sticker from every language.
    public static func all(in findings: [Finding]) -> [ArchiveOmission] {
        var codes: [String: Set<String>] = [:]
        for finding in findings where finding.isRejectedByApple && finding.language == nil && finding.platform == nil {
            guard let sticker = finding.sticker else { continue }
            codes[sticker, default: []].insert(finding.code.rawValue)
        }
        return codes.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { ArchiveOmission(source: $0, codes: (codes[$0] ?? []).sorted()) }
    }

    /// The translations an error of their own leaves out of the String Catalogs, by sticker
    /// source: the app then shows those stickers with the source language's label there.
    static func droppedTranslations(in findings: [Finding]) -> [String: Set<String>] {
        var dropped: [String: Set<String>] = [:]
        for finding in findings where finding.isRejectedByApple && finding.platform == nil {
            guard let sticker = finding.sticker, let language = finding.language else { continue }
            dropped[sticker, default: []].insert(language)
        }
        return dropped
    }

    /// The sources the downloads leave out (what `PackArchive` is given).
    static func rejected(in findings: [Finding]) -> Set<String> {
        Set(all(in: findings).map(\.source))
    }

    /// Those of one pack folder.
    public static func of(pack folder: String, in findings: [Finding]) -> [ArchiveOmission] {
        all(in: findings).filter { $0.source.hasPrefix(folder + "/") }
    }

    /// "The pack downloads leave 2 stickers with errors out of Stickers.xcstickers: faces/a.png
    /// (size-out-of-range), …", or nil when they leave nothing out.
    /// `path` shows a content-relative path (as seen from the current directory, say).
    public static func summary(_ omissions: [ArchiveOmission], path: (String) -> String = { $0 }) -> String? {
        guard !omissions.isEmpty else { return nil }
        // A long list would bury the rest of the summary; the pack pages list every one.
        let shown = 10
        var text = "The pack downloads leave \(plural(omissions.count, "sticker")) with errors out of Stickers.xcstickers: "
            + omissions.prefix(shown).map { $0.described(as: path($0.source)) }.joined(separator: ", ")
        if omissions.count > shown { text += ", and \(omissions.count - shown) more (listed on each pack page)" }
        return text
    }
}
