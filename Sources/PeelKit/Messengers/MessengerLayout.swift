import Foundation

/// How each messenger's export lays out the converted stickers of a pack, and the metadata file
/// its import path reads:
/// - WhatsApp: the folder an app built from WhatsApp's sample (`WhatsApp/stickers`) ships as its
///   assets: `contents.json` and a folder per pack (`<identifier>/`, stickers and `tray.png`);
///   beside each, `<identifier>.wastickers` (a zip of `title.txt`, `author.txt`, `cover.png` and
///   the stickers, as sticker-convert and the sticker-maker apps read it). Packs of 3–30, still
///   and animated apart, split evenly when larger.
/// - Telegram: a folder per set (`<name>_by_<bot>/`): the stickers, `thumbnail.png` and
///   `set.json` with what createNewStickerSet needs (name, title, each sticker's format and emoji).
/// - Signal: a folder per pack: the stickers, `cover.png` and `manifest.json` (title, author,
///   cover, each sticker's emoji), as Signal's sticker creator asks for them.
/// - Discord: a folder per pack: the stickers and `stickers.json` with each sticker's name,
///   description and tags, as Create Guild Sticker takes them.
struct MessengerLayout {
    let platform: MessengerPlatform
    let site: SiteInfo
    /// WhatsApp's contents.json collects every pack.
    private var whatsAppPacks: [WhatsAppContents.Pack] = []
    /// Each name given so far (lowercased: on a case-insensitive disk `Same/` is `same/`) → the
    /// pack folder it went to. Two packs of one name were written into one folder, the second
    /// over the first, and the export said it made both.
    private var taken: [String: String] = [:]

    /// A pack whose name on the platform (a folder of the export) another pack has, or the
    /// export's own files have.
    struct NameClash: Error {
        var name: String
        /// The other pack's folder; nil for a name of the export's own files.
        var other: String?
        /// The name is no single file name (`x/../../escaped`, `..`): it would write outside the
        /// export's folder, whatever the findings say (`ignore:` silences the platform's own rule).
        var notAFileName = false

        /// The error on `pack`'s pack.md, at the key that names it on `platform`, for the export
        /// and for `peel check` alike; `consequence` says what becomes of the pack.
        func finding(for pack: Pack, platform: MessengerPlatform, consequence: String) -> Finding {
            let key = MessengerLayout.nameKey(of: pack, platform: platform)
            let why = notAFileName
                ? "cannot name a folder (it holds '/', '\\' or NUL, or is '.' or '..')"
                : (other.map { "is also the pack \($0)'s" } ?? "is the name of a file the export writes") + ", and two packs cannot share one"
            return Finding(.error, .packRefused, file: pack.manifest ?? pack.folder, line: key.line,
                           message: "\(platform.name): its name '\(name)' \(why), so \(consequence); give it another with \(key.name)")
        }
    }

    /// Whether `name` can name one folder of the export: not empty, no `/`, `\` or NUL, not `.` or `..`.
    static func isOneFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }
    }

    /// Names the export's own files and folders have.
    static let reservedNames: Set<String> = [".", "..", "contents.json", "report.md", MessengerExport.marker.lowercased()]

    /// Whether a pack's name (lowercased) is one no pack may have: the export's own files', a
    /// hidden one, or a `.wastickers` archive's.
    static func isReserved(_ key: String) -> Bool {
        reservedNames.contains(key) || key.hasPrefix(".") || key.hasSuffix(".wastickers")
    }

    /// The pack.md key that names `pack` on `platform`, and its line: what to change in a clash.
    static func nameKey(of pack: Pack, platform: MessengerPlatform) -> (name: String, line: Int?) {
        switch platform {
        case .whatsapp: ("identifier:", pack.identifierLine)
        case .telegram: ("telegram_name:", pack.telegramNameLine)
        default: ("its folder's name", nil)
        }
    }

    init(platform: MessengerPlatform, site: SiteInfo) {
        self.platform = platform
        self.site = site
    }

    var packNoun: String { platform == .telegram ? "set" : "pack" }

    /// Why the pack, with these stickers exported, cannot go to the platform (besides what
    /// `PlatformChecks` said before converting): too few stickers left.
    func packProblems(_ pack: Pack, exported: [ExportedSticker]) -> [Finding] {
        let file = pack.manifest ?? pack.folder
        guard !exported.isEmpty else {
            return [Finding(.error, .packTooSmall, file: file, message: "\(platform.name): no sticker of the pack can be exported, so it was left out")]
        }
        return kindsTooFew(exported).map { animated in
            Finding(.error, .packTooSmall, file: file, message: tooFewMessage(exported, animated: animated, outcome: "so the pack was not exported"))
        }
    }

    /// The kinds of sticker (still: false, animated: true) of which `exported` holds some, but
    /// fewer than one pack must hold (WhatsApp's 3; the others have no minimum above one).
    func kindsTooFew(_ exported: [ExportedSticker]) -> [Bool] {
        guard platform == .whatsapp else { return [] }
        return [false, true].filter { animated in
            (1..<WhatsAppRules.stickersPerPack.lowerBound).contains(exported.filter { $0.converted.isAnimated == animated }.count)
        }
    }

    /// "WhatsApp: 2 still stickers left to export; WhatsApp packs hold 3–30, <outcome>".
    func tooFewMessage(_ exported: [ExportedSticker], animated: Bool, outcome: String) -> String {
        let count = exported.filter { $0.converted.isAnimated == animated }.count
        var message = "WhatsApp: \(plural(count, "\(animated ? "animated" : "still") sticker")) left to export; WhatsApp packs hold "
            + "\(WhatsAppRules.stickersPerPack.lowerBound)–\(WhatsAppRules.stickersPerPack.upperBound), \(outcome)"
        // A pack of animations may hold a still the author never made: art whose frames look the same.
        let stilled = exported.filter { $0.converted.stillFromAnimation }.map(\.sticker.source)
        if !animated, !stilled.isEmpty {
            let named = stilled.prefix(3).joined(separator: ", ") + (stilled.count > 3 ? " and \(stilled.count - 3) more" : "")
            message += stilled.count == 1
                ? " (\(named) is animated, but its frames look the same once encoded, so it goes as a still; make the frames differ, or move it to a pack of stills)"
                : " (\(named) are animated, but their frames look the same once encoded, so they go as stills; make the frames differ, or move them to a pack of stills)"
        }
        return message
    }

    /// The files of one pack (paths relative to the export folder), and the names it has on the
    /// platform (one per part when it is split).
    /// `tray` gives the tray icon's art, read only by the platforms that have one.
    /// Throws `NameClash`, and adds nothing, when one of the pack's names is taken.
    mutating func add(_ pack: Pack, exported: [ExportedSticker], tray: () throws -> RGBAImage) throws -> (files: [(path: String, data: Data)], names: [String]) {
        let packsBefore = whatsAppPacks
        let added: (files: [(path: String, data: Data)], names: [String])
        switch platform {
        case .whatsapp: added = try addWhatsApp(pack, exported: exported, tray: tray())
        case .telegram: added = try addTelegram(pack, exported: exported, tray: tray())
        case .signal: added = try addSignal(pack, exported: exported, tray: tray())
        case .discord: added = try addDiscord(pack, exported: exported)
        case .imessage: added = ([], [])
        }
        for name in added.names {
            let key = name.lowercased()
            guard Self.isOneFileName(name) else {
                whatsAppPacks = packsBefore
                throw NameClash(name: name, other: nil, notAFileName: true)
            }
            guard !Self.isReserved(key) else {
                whatsAppPacks = packsBefore
                throw NameClash(name: name, other: nil)
            }
            if let other = taken[key] {
                whatsAppPacks = packsBefore
                throw NameClash(name: name, other: other)
            }
        }
        for name in added.names { taken[name.lowercased()] = pack.folder }
        return added
    }

    /// Files that describe every pack at once (WhatsApp's contents.json).
    func finish() throws -> [(path: String, data: Data)] {
        guard platform == .whatsapp, !whatsAppPacks.isEmpty else { return [] }
        let contents = WhatsAppContents(stickerPacks: whatsAppPacks)
        return [("contents.json", try Self.json(contents))]
    }

    // MARK: - WhatsApp

    private mutating func addWhatsApp(_ pack: Pack, exported: [ExportedSticker], tray: RGBAImage) throws -> (files: [(path: String, data: Data)], names: [String]) {
        let base = pack.identifier ?? Self.whatsAppIdentifier(fromSlug: pack.slug)
        let publisher = PlatformText.prefix(pack.publisher ?? pack.author ?? site.title, within: WhatsAppRules.maxTextLength)
        let trayPNG = try Self.trayImage(tray, side: WhatsAppRules.traySize, budget: WhatsAppRules.trayBytes)
        var files: [(path: String, data: Data)] = []
        var names: [String] = []
        let groups = [(false, exported.filter { !$0.converted.isAnimated }), (true, exported.filter(\.converted.isAnimated))].filter { !$0.1.isEmpty }
        for (animated, stickers) in groups {
            let parts = Self.split(stickers, maximum: WhatsAppRules.stickersPerPack.upperBound)
            for (index, part) in parts.enumerated() {
                var tail = ""
                var suffix = ""
                if groups.count > 1 && animated { tail += "_animated"; suffix = " (animated)" }
                if parts.count > 1 { tail += "_\(index + 1)"; suffix += " (\(index + 1) of \(parts.count))" }
                let identifier = Self.whatsAppIdentifier(base, tail: tail)
                let name = PlatformText.prefix(pack.title, within: WhatsAppRules.maxTextLength - PlatformText.length(suffix)) + suffix
                var entries: [WhatsAppContents.Sticker] = []
                var packFiles: [(path: String, data: Data)] = []
                for (number, sticker) in part.enumerated() {
                    let file = String(format: "%02d", number + 1) + ".webp"
                    packFiles.append(("\(identifier)/\(file)", sticker.converted.data))
                    let limit = animated ? WhatsAppRules.animatedLabelLength : WhatsAppRules.staticLabelLength
                    entries.append(.init(imageFile: file, emojis: Array(sticker.emoji.prefix(WhatsAppRules.emoji.upperBound)),
                                         accessibilityText: sticker.sticker.alt.map { PlatformText.cut($0, to: limit) }))
                }
                packFiles.append(("\(identifier)/tray.png", trayPNG))
                // The version changes whenever the pack's files do, so WhatsApp fetches them again.
                var hash = SHA256()
                for file in packFiles { hash.update(data: Data(file.path.utf8)); hash.update(data: file.data) }
                let version = String(Hex.string(hash.finalize()).prefix(12))
                whatsAppPacks.append(.init(identifier: identifier, name: name, publisher: publisher, trayImageFile: "tray.png",
                                           imageDataVersion: version, publisherWebsite: WhatsAppRules.publisherWebsite(site.baseURL),
                                           animatedStickerPack: animated, stickers: entries))
                files += packFiles
                // The .wastickers archive: the same stickers, the tray as cover.png, title and author.
                var archive = ZipWriter()
                try archive.add("title.txt", Data(name.utf8), method: .deflated)
                try archive.add("author.txt", Data(publisher.utf8), method: .deflated)
                try archive.add("cover.png", trayPNG, method: .stored)
                for file in packFiles where file.path.hasSuffix(".webp") {
                    try archive.add(String(file.path.split(separator: "/").last!), file.data, method: .stored)
                }
                files.append(("\(identifier).wastickers", try archive.finish()))
                names.append(identifier)
            }
        }
        return (files, names)
    }

    /// A split pack's identifier, `base` and `tail` (`_animated`, `_2`), within the validator's
    /// 128 characters: the base is shortened, not the tail (a 128-character base gave 130).
    static func whatsAppIdentifier(_ base: String, tail: String) -> String {
        String(base.prefix(WhatsAppRules.maxTextLength - tail.count)) + tail
    }

    /// A set's name, `<stem>[_<part>]_by_<bot>`, within Telegram's 64 characters: the stem is
    /// shortened (without a trailing underscore, which would make two in a row).
    static func telegramSetName(_ stem: String, part: Int?, bot: String) -> String {
        let tail = (part.map { "_\($0)" } ?? "") + "_by_\(bot)"
        var shortened = String(stem.prefix(max(1, TelegramRules.maxNameLength - tail.count)))
        while shortened.hasSuffix("_") && shortened.count > 1 { shortened.removeLast() }
        return shortened + tail
    }

    /// A WhatsApp identifier from a slug: the characters WhatsApp's validator takes, kept.
    static func whatsAppIdentifier(fromSlug slug: String) -> String {
        let kept = String(slug.unicodeScalars.filter { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)))) || "_-.".unicodeScalars.contains(scalar)
        }.map(Character.init)).replacingOccurrences(of: "..", with: ".")
        return kept.isEmpty ? "pack" : String(kept.prefix(WhatsAppRules.maxTextLength - 12))
    }

    // MARK: - Telegram

    private func addTelegram(_ pack: Pack, exported: [ExportedSticker], tray: RGBAImage) throws -> (files: [(path: String, data: Data)], names: [String]) {
        let bot = site.telegramBot ?? "bot"
        let stem = pack.telegramName ?? TelegramRules.nameStem(fromSlug: pack.slug)
        let thumbnail = try Self.trayImage(tray, side: TelegramRules.thumbnailSide, budget: TelegramRules.thumbnailBytes)
        let parts = Self.split(exported, maximum: TelegramRules.maxStickersPerSet)
        var files: [(path: String, data: Data)] = []
        var names: [String] = []
        for (index, part) in parts.enumerated() {
            let name = Self.telegramSetName(stem, part: parts.count > 1 ? index + 1 : nil, bot: bot)
            let suffix = parts.count > 1 ? " (\(index + 1) of \(parts.count))" : ""
            let title = PlatformText.prefix(pack.title, within: TelegramRules.maxTitleLength - suffix.count) + suffix
            var stickers: [TelegramSet.Sticker] = []
            for (number, sticker) in part.enumerated() {
                let file = String(format: "%03d", number + 1) + "." + sticker.converted.fileExtension
                files.append(("\(name)/\(file)", sticker.converted.data))
                stickers.append(.init(file: file, format: sticker.converted.fileExtension == "webm" ? "video" : "static",
                                      emojiList: Array(sticker.emoji.prefix(TelegramRules.emoji.upperBound)),
                                      keywords: TelegramRules.keywords(from: sticker.sticker.tags)))
            }
            files.append(("\(name)/thumbnail.png", thumbnail))
            let set = TelegramSet(name: name, title: title, thumbnail: "thumbnail.png",
                                  stickers: Array(stickers.prefix(TelegramRules.maxStickersAtCreation)),
                                  addAfter: stickers.count > TelegramRules.maxStickersAtCreation ? Array(stickers.dropFirst(TelegramRules.maxStickersAtCreation)) : nil)
            files.append(("\(name)/set.json", try Self.json(set)))
            names.append(name)
        }
        return (files, names)
    }

    // MARK: - Signal

    private func addSignal(_ pack: Pack, exported: [ExportedSticker], tray: RGBAImage) throws -> (files: [(path: String, data: Data)], names: [String]) {
        let author = pack.publisher ?? pack.author ?? site.title
        let parts = Self.split(exported, maximum: SignalRules.stickersPerPack.upperBound)
        // The cover: sticker-sized, a 512 × 512 PNG.
        let cover = try Self.trayImage(tray, side: SignalRules.side, budget: SignalRules.maxBytes)
        var files: [(path: String, data: Data)] = []
        var names: [String] = []
        for (index, part) in parts.enumerated() {
            let folder = parts.count > 1 ? "\(pack.slug)-\(index + 1)" : pack.slug
            let title = parts.count > 1 ? "\(pack.title) (\(index + 1) of \(parts.count))" : pack.title
            var stickers: [SignalManifest.Sticker] = []
            for (number, sticker) in part.enumerated() {
                let file = String(format: "%03d", number + 1) + ".png"
                files.append(("\(folder)/\(file)", sticker.converted.data))
                stickers.append(.init(file: file, emoji: sticker.emoji.first ?? ""))
            }
            files.append(("\(folder)/cover.png", cover))
            files.append(("\(folder)/manifest.json", try Self.json(SignalManifest(title: title, author: author, cover: "cover.png", stickers: stickers))))
            names.append(folder)
        }
        return (files, names)
    }

    // MARK: - Discord

    private func addDiscord(_ pack: Pack, exported: [ExportedSticker]) throws -> (files: [(path: String, data: Data)], names: [String]) {
        var files: [(path: String, data: Data)] = []
        var entries: [DiscordStickers.Sticker] = []
        for sticker in exported {
            let file = "\(sticker.sticker.slug).png"
            files.append(("\(pack.slug)/\(file)", sticker.converted.data))
            let tags = DiscordRules.tags(from: sticker.emoji).text
            entries.append(.init(file: file, name: PlatformText.prefix(sticker.sticker.title, within: DiscordRules.nameLength.upperBound),
                                 description: DiscordRules.description(label: sticker.sticker.alt, title: sticker.sticker.title).text, tags: tags))
        }
        files.append(("\(pack.slug)/stickers.json", try Self.json(DiscordStickers(pack: pack.title, stickers: entries))))
        return (files, [pack.slug])
    }

    // MARK: - Shared

    /// `items` in parts of at most `maximum`, as even as possible (31 → 16 + 15, never 30 + 1,
    /// which WhatsApp would refuse), in order.
    static func split<T>(_ items: [T], maximum: Int) -> [[T]] {
        guard items.count > maximum else { return [items] }
        let count = (items.count + maximum - 1) / maximum
        var parts: [[T]] = []
        var start = 0
        for index in 0..<count {
            let size = items.count / count + (index < items.count % count ? 1 : 0)
            parts.append(Array(items[start..<start + size]))
            start += size
        }
        return parts
    }

    /// A square tray icon or thumbnail: the art fitted into `side` × `side`, as a PNG within `budget`.
    static func trayImage(_ image: RGBAImage, side: Int, budget: Int) throws -> Data {
        let placed = MessengerCanvas(side: side, shape: .square).place([image])[0]
        return try MessengerStickerConverter.png(placed, budget: budget).data
    }

    static func json<T: Encodable>(_ value: T) throws -> Data {
        try XcodeJSON.encode(value)
    }
}

// MARK: - Metadata files

/// `contents.json` as WhatsApp's sample apps read it (ContentFileParser).
struct WhatsAppContents: Encodable {
    struct Sticker: Encodable {
        var imageFile: String
        var emojis: [String]
        var accessibilityText: String?
        enum CodingKeys: String, CodingKey { case imageFile = "image_file", emojis, accessibilityText = "accessibility_text" }
    }
    struct Pack: Encodable {
        var identifier: String
        var name: String
        var publisher: String
        var trayImageFile: String
        var imageDataVersion: String
        var avoidCache = false
        var publisherEmail = ""
        var publisherWebsite: String
        var privacyPolicyWebsite = ""
        var licenseAgreementWebsite = ""
        var animatedStickerPack: Bool
        var stickers: [Sticker]
        enum CodingKeys: String, CodingKey {
            case identifier, name, publisher, stickers
            case trayImageFile = "tray_image_file", imageDataVersion = "image_data_version", avoidCache = "avoid_cache"
            case publisherEmail = "publisher_email", publisherWebsite = "publisher_website"
            case privacyPolicyWebsite = "privacy_policy_website", licenseAgreementWebsite = "license_agreement_website"
            case animatedStickerPack = "animated_sticker_pack"
        }
    }
    var androidPlayStoreLink = ""
    var iosAppStoreLink = ""
    var stickerPacks: [Pack]
    enum CodingKeys: String, CodingKey {
        case androidPlayStoreLink = "android_play_store_link", iosAppStoreLink = "ios_app_store_link", stickerPacks = "sticker_packs"
    }
}

/// `set.json`: what the Bot API's createNewStickerSet takes (name, title, InputSticker's format,
/// emoji_list and keywords), with each sticker's file, and the stickers past its 50 that
/// addStickerToSet adds after.
struct TelegramSet: Encodable {
    struct Sticker: Encodable {
        var file: String
        var format: String
        var emojiList: [String]
        var keywords: [String]
        enum CodingKeys: String, CodingKey { case file, format, emojiList = "emoji_list", keywords }
    }
    var name: String
    var title: String
    var thumbnail: String
    /// The stickers createNewStickerSet makes the set with: the first 50 at most.
    var stickers: [Sticker]
    /// Beyond 50: each added after, one at a time, with addStickerToSet (absent when none).
    var addAfter: [Sticker]?

    enum CodingKeys: String, CodingKey { case name, title, thumbnail, stickers, addAfter = "add_after" }
}

/// `manifest.json`: a Signal pack's title, author, cover and each sticker's emoji.
struct SignalManifest: Encodable {
    struct Sticker: Encodable {
        var file: String
        var emoji: String
    }
    var title: String
    var author: String
    var cover: String
    var stickers: [Sticker]
}

/// `stickers.json`: each Discord sticker's file and Create Guild Sticker's form fields.
struct DiscordStickers: Encodable {
    struct Sticker: Encodable {
        var file: String
        var name: String
        var description: String
        var tags: String
    }
    var pack: String
    var stickers: [Sticker]
}
