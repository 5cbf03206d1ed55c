import Foundation

/// Packs whose name on a messenger another pack of the catalog has (two pack.md files with one
/// WhatsApp `identifier:` or Telegram `telegram_name:`), or the name of a file the export writes.
/// WhatsApp takes two packs of one identifier as one pack, and `peel export` refuses the second
/// (`MessengerLayout.NameClash`); `peel check` and `peel build` said both were ready, and the site
/// published two downloads of one identifier.
///
/// The names are the export's (`MessengerLayout`): the pack's base name, with the tails a pack
/// split for the platform's limits gets, from what the images are (still or animated), before
/// anything is converted. Names are compared lowercased, as a case-insensitive disk would.
enum PlatformNameClashes {
    /// One error per pack whose name is taken, on its pack.md (at the key that names it), in
    /// catalog order: the first pack of a name keeps it.
    static func findings(in catalog: Catalog, assets: [String: StickerAssets], platform: MessengerPlatform) -> [Finding] {
        guard platform != .imessage else { return [] }
        var taken: [String: String] = [:]
        var findings: [Finding] = []
        for pack in catalog.packs where !pack.stickers.isEmpty {
            let names = plannedNames(of: pack, site: catalog.site, assets: assets, platform: platform)
            // A name that cannot name a folder is refused by the export whatever `ignore:` silences
            // (`MessengerLayout.add`): check and build say so before anything is converted.
            if let name = names.first(where: { !MessengerLayout.isOneFileName($0) }) {
                findings.append(finding(pack, platform: platform, name: name, other: nil, notAFileName: true))
                continue
            }
            let clash = names.lazy.compactMap { name -> (String, String?)? in
                let key = name.lowercased()
                if MessengerLayout.isReserved(key) { return (name, nil) }
                return taken[key].map { (name, $0) }
            }.first
            if let (name, other) = clash {
                findings.append(finding(pack, platform: platform, name: name, other: other))
                continue
            }
            for name in names { taken[name.lowercased()] = pack.folder }
        }
        return findings
    }

    /// The names `peel export` gives the pack on `platform` (one per part when it is split).
    static func plannedNames(of pack: Pack, site: SiteInfo, assets: [String: StickerAssets], platform: MessengerPlatform) -> [String] {
        let animated = pack.stickers.filter { assets[$0.source]?.info?.isAnimated == true }.count
        let count = pack.stickers.count
        func parts(_ count: Int, maximum: Int) -> Int { max(1, (count + maximum - 1) / maximum) }
        switch platform {
        case .whatsapp:
            let base = pack.identifier ?? MessengerLayout.whatsAppIdentifier(fromSlug: pack.slug)
            let groups = [(false, count - animated), (true, animated)].filter { $0.1 > 0 }
            return groups.flatMap { isAnimated, stickers in
                let total = parts(stickers, maximum: WhatsAppRules.stickersPerPack.upperBound)
                return (0..<total).map { index in
                    var tail = groups.count > 1 && isAnimated ? "_animated" : ""
                    if total > 1 { tail += "_\(index + 1)" }
                    return MessengerLayout.whatsAppIdentifier(base, tail: tail)
                }
            }
        case .telegram:
            let stem = pack.telegramName ?? TelegramRules.nameStem(fromSlug: pack.slug)
            let total = parts(count, maximum: TelegramRules.maxStickersPerSet)
            return (0..<total).map { MessengerLayout.telegramSetName(stem, part: total > 1 ? $0 + 1 : nil, bot: site.telegramBot ?? "bot") }
        case .signal:
            let total = parts(count, maximum: SignalRules.stickersPerPack.upperBound)
            return total > 1 ? (1...total).map { "\(pack.slug)-\($0)" } : [pack.slug]
        case .discord:
            return [pack.slug]
        case .imessage:
            return []
        }
    }

    /// The clash `findings` (a review's, with the messengers' findings: `Review.reported`) holds
    /// for `pack` on `platform`: what blocks its readiness row and keeps its download from the site.
    static func clash(of pack: Pack, platform: MessengerPlatform, in findings: [Finding]) -> [Finding] {
        let file = pack.manifest ?? pack.folder
        return findings.filter { $0.platform == platform && $0.code == .packRefused && $0.sticker == nil && $0.file == file }
    }

    private static func finding(_ pack: Pack, platform: MessengerPlatform, name: String, other: String?, notAFileName: Bool = false) -> Finding {
        var finding = MessengerLayout.NameClash(name: name, other: other, notAFileName: notAFileName)
            .finding(for: pack, platform: platform, consequence: "the export leaves this pack out")
        finding.platform = platform
        return finding
    }
}
