/// The part of a review a command was pointed at: the whole catalog, one pack or one file.
/// Rules still run over the whole catalog (a duplicate needs the other copy); only the findings
/// about the scope are reported and counted.
public struct ScopedReview: Sendable {
    public let scope: CatalogTarget.Scope
    public let findings: [Finding]
    public let summary: ReviewSummary

    /// No sticker was checked and nothing in the scope is an error: a green result here would
    /// claim a check that never happened, so commands refuse it.
    public var checkedNothing: Bool { summary.stickers == 0 && !findings.hasErrors }
}

extension Review {
    /// Findings that say a check could not run at all (no text reader, no dictionary for the
    /// site's language): true of every pack and file, so every scope keeps them. A check of one
    /// pack said "0 warnings" where the art's text had never been read.
    static let unableToCheckCodes: Set<FindingCode> = [.artTextUnavailable, .spellingDictionaryMissing]

    private func isUnableToCheck(_ finding: Finding) -> Bool {
        finding.file == "site.md" && Self.unableToCheckCodes.contains(finding.code)
    }

    public func scoped(to scope: CatalogTarget.Scope) -> ScopedReview {
        switch scope {
        case .catalog:
            return ScopedReview(scope: scope, findings: findings, summary: summary)
        case .pack(let folder):
            let pack = catalog.packs.first { $0.folder == folder }
            let inside = { (path: String) in path == folder || path.hasPrefix(folder + "/") }
            let own = findings.filter { inside($0.file) || $0.sticker.map(inside) == true || isUnableToCheck($0) }
            return ScopedReview(scope: scope, findings: own,
                                summary: ReviewSummary(findings: own, packs: pack == nil ? 0 : 1, stickers: pack?.stickers.count ?? 0))
        case .file(let path):
            // The image, its sidecar or one of its translation files (`cat.fr.md`) names the sticker.
            let sticker = catalog.packs.lazy.flatMap(\.stickers).first { sticker in
                sticker.source == path || sticker.sidecar == path || sticker.translations.contains { $0.value.file == path }
            }
            let files = Set([path] + [sticker?.source, sticker?.sidecar].compactMap { $0 } + (sticker?.translations.map(\.value.file) ?? []))
            let own = findings.filter { files.contains($0.file) || $0.sticker.map(files.contains) == true || isUnableToCheck($0) }
            return ScopedReview(scope: scope, findings: own,
                                summary: ReviewSummary(findings: own, packs: sticker == nil ? 0 : 1, stickers: sticker == nil ? 0 : 1))
        }
    }
}
