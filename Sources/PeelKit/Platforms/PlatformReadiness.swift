/// Where a pack stands on one platform, for its page's readiness table and catalog.json: ready,
/// ready once the export has made its changes (how many), or blocked (and why). For Messages the
/// reasons are the pack's errors in `peel check`; for the others, `PlatformChecks`' findings.
public struct PlatformReadiness: Sendable, Equatable {
    public enum State: String, Sendable, Codable {
        case ready, changes, blocked
    }

    public var platform: MessengerPlatform
    public var state: State
    /// What the export will change to fit (its notes), counted.
    public var changes: Int
    /// Why it is blocked: each error's message, without the platform's name in front.
    public var reasons: [String]

    /// The pack's readiness on each of the site's `platforms:`, in that order; with the site's
    /// `downloads`, what converting left out of a messenger's download counts too.
    static func of(_ pack: Pack, in review: Review, downloads: PackDownloads = PackDownloads()) -> [PlatformReadiness] {
        review.catalog.site.platforms.map { platform in
            var findings: [Finding]
            if platform == .imessage {
                findings = review.findings(in: pack).filter { $0.platform == nil }
            } else {
                findings = Checker.applyIgnores(PlatformChecks.findings(for: pack, site: review.catalog.site, assets: review.assets,
                                                                        platform: platform), catalog: review.catalog)
                findings += downloads.leftOut[SitePaths.platformArchiveKey(pack, platform)] ?? []
                // Another pack's name on the platform: found over the whole catalog, so kept in the review.
                findings += PlatformNameClashes.clash(of: pack, platform: platform, in: review.catalogFindingsByFolder[pack.folder] ?? [])
            }
            let live = findings.filter { !$0.suppressed }
            // What keeps stickers out of the download, `ignore:` or not (Apple's hard rules, every
            // error of another messenger's rules): a silenced one left the pack "Ready" while its
            // download went without the sticker, or was not made.
            let errors = findings.filter { finding in
                guard finding.suppressed else { return finding.severity == .error }
                return platform == .imessage ? finding.isRejectedByApple : finding.isRejectedByMessenger
            }
            let prefix = "\(platform.name): "
            // Each reason names its file in the pack ("cat.png: image is 1024 × 768 px; …"), so a
            // reader knows which sticker it is about.
            let reasons = errors.map { finding in
                let message = finding.message.hasPrefix(prefix) ? String(finding.message.dropFirst(prefix.count)) : finding.message
                let file = finding.file.hasPrefix(pack.folder + "/") ? String(finding.file.dropFirst(pack.folder.count + 1)) : finding.file
                return "\(file): \(message)"
            }
            let changes = live.filter { $0.severity == .note }.count
            return PlatformReadiness(platform: platform, state: !errors.isEmpty ? .blocked : changes > 0 ? .changes : .ready,
                                     changes: changes, reasons: Array(Set(reasons)).sorted())
        }
    }
}
