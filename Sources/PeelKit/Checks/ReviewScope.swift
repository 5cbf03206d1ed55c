import Foundation

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

    /// Whether `finding` says a check could not run for `pack`: on site.md or the pack's own
    /// pack.md (a pack's `language:` without a dictionary), about a language the pack's labels or
    /// art are in (an English pack's check is not failed by German text data missing), or about
    /// no language in particular (no text reader at all).
    private func isUnableToCheck(_ finding: Finding, in pack: Pack?) -> Bool {
        guard Self.unableToCheckCodes.contains(finding.code) else { return false }
        guard finding.file == "site.md" || (pack?.manifest).map({ $0 == finding.file }) == true else { return false }
        guard let language = finding.language?.lowercased(), let pack else { return true }
        let languages = [catalog.site.language, catalog.site.writtenLanguage(of: pack)] + catalog.site.translationLanguages(of: pack)
        return languages.contains { $0.lowercased() == language }
    }

    /// A layer of a parts pack (`sundaes/base/cone.png`, its sidecar or a translation of it): the
    /// findings on its files and on the stickers made with it, which are the ones counted; nil for
    /// a path that is no layer of a composed sticker.
    private func layerScope(_ path: String) -> ScopedReview? {
        func layerKey(_ file: String) -> String {
            let name = (file as NSString).lastPathComponent
            let stem = TranslationFileName(name)?.stem ?? StickerFileKind.stem(name)
            return (file as NSString).deletingLastPathComponent + "/" + stem
        }
        let key = layerKey(path)
        var pack: Pack?
        var made: Set<String> = []
        for candidate in catalog.packs {
            for sticker in candidate.stickers where sticker.composition?.choices.contains(where: { $0.file.map(layerKey) == key }) == true {
                pack = candidate
                made.insert(sticker.source)
            }
        }
        guard let pack else { return nil }
        let own = findings.filter { made.contains($0.file) || $0.sticker.map(made.contains) == true || layerKey($0.file) == key || isUnableToCheck($0, in: pack) }
        return ScopedReview(scope: .file(path), findings: own, summary: ReviewSummary(findings: own, packs: 1, stickers: made.count))
    }

    public func scoped(to scope: CatalogTarget.Scope) -> ScopedReview {
        switch scope {
        case .catalog:
            return ScopedReview(scope: scope, findings: findings, summary: summary)
        case .pack(let folder):
            let pack = catalog.packs.first { $0.folder == folder }
            let inside = { (path: String) in path == folder || path.hasPrefix(folder + "/") }
            let own = findings.filter { inside($0.file) || $0.sticker.map(inside) == true || isUnableToCheck($0, in: pack) }
            return ScopedReview(scope: scope, findings: own,
                                summary: ReviewSummary(findings: own, packs: pack == nil ? 0 : 1, stickers: pack?.stickers.count ?? 0))
        case .file(let path):
            // The image, its sidecar or one of its translation files (`cat.fr.md`) names the sticker.
            let found: (pack: Pack, sticker: Sticker)? = catalog.packs.lazy.flatMap { pack in pack.stickers.lazy.map { (pack, $0) } }.first { _, sticker in
                sticker.source == path || sticker.sidecar == path || sticker.translations.contains { $0.value.file == path }
            }
            if found == nil, let layer = layerScope(path) { return layer }
            let sticker = found?.sticker
            let files = Set([path] + [sticker?.source, sticker?.sidecar].compactMap { $0 } + (sticker?.translations.map(\.value.file) ?? []))
            let own = findings.filter { files.contains($0.file) || $0.sticker.map(files.contains) == true || isUnableToCheck($0, in: found?.pack) }
            return ScopedReview(scope: scope, findings: own,
                                summary: ReviewSummary(findings: own, packs: sticker == nil ? 0 : 1, stickers: sticker == nil ? 0 : 1))
        }
    }
}
