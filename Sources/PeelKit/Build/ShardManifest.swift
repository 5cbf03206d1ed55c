import Foundation

/// What one shard of a sharded build (`peel build --packs …`) learnt and wrote, kept at the root
/// of its output (`peel-shard.json`): everything `peel merge` needs to write the cross-pack files
/// (home page, review page and CSV, catalog.json) and the cross-pack findings without reading an
/// image. JSON with sorted keys, so the same shard always gives the same bytes.
struct ShardManifest: Codable, Sendable {
    static let fileName = "peel-shard.json"
    /// Bump when the shape changes; a merge refuses shards of another format.
    static let currentFormat = "peel-shard 5"

    /// One file the shard wrote: its size, its SHA-256 (the merge takes no other bytes; 4: every
    /// file's, not only the pages') and, for a page, the key it was rendered from (so the merge
    /// reuses pages whose model is the same).
    struct File: Codable, Sendable {
        var size: Int64
        var sha256: String?
        var source: String?
    }

    var format = Self.currentFormat
    /// Peel's version, the theme and the options that shape the site (not the pack selection):
    /// every shard of one site, and its merge, must agree.
    var fingerprint: String
    /// What the fingerprint is made of, in words, so a merge that refuses a shard can say which
    /// differs (Peel's version, an option, the theme).
    var builtWith: BuiltWith?
    /// The slugs of the packs this shard built.
    var packs: [String]
    /// What the image step learnt about each of its stickers, by image path (its findings included).
    var assets: [String: StickerAssets]
    /// Each pack's icon-art findings, by pack slug (they come from reading the icon).
    var iconFindings: [String: [Finding]]
    var icons: [String: [PackIcon]]
    /// The packs' downloads: each zip's size, and what converting left out of a messenger's.
    var archives: PackDownloads
    /// What the art checks learnt, by image path; empty when they did not run.
    var artFacts: [String: ArtFacts]
    /// Findings about the whole run that no pack owns (the text reader being unavailable).
    var runFindings: [Finding]
    /// Every file of the shard's site, by path, but the shard manifest and the site manifest.
    var files: [String: File]
    /// The content it was built from (`ShardInputs`): a merge refuses a shard older than the content.
    var inputs: [String: String]

    struct BuiltWith: Codable, Sendable, Equatable {
        var version: String
        /// `label=value` for each option that shapes the site, in a fixed order.
        var options: [String]
        var theme: String

        /// An option as the command line says it ("maxPixels=1000000" → "--max-pixels 1000000").
        static func shown(_ option: String) -> String {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return option }
            switch (parts[0], parts[1]) {
            case ("maxPixels", let value): return "--max-pixels \(value)"
            case ("artChecks", "true"): return "--art-checks"
            case ("artChecks", _): return "no --art-checks"
            default: return option
            }
        }

        /// What differs between a shard's (`self`) and the merge's, in words; nil when nothing does.
        func difference(from merge: BuiltWith) -> String? {
            if version != merge.version { return "it was built by Peel \(version), the merge is Peel \(merge.version)" }
            if let (built, merging) = zip(options, merge.options).first(where: { $0 != $1 }) {
                let hint = built.hasPrefix("artChecks=") ? " (give --art-checks to every shard and the merge, or to none: art_checks: true in site.md runs them in each)" : ""
                return "it was built with \(Self.shown(built)), the merge with \(Self.shown(merging))\(hint)"
            }
            if theme != merge.theme { return "it was built with another theme (--templates folder or its files) than the merge's" }
            return nil
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.userInfo[Thumbnail.keepsPosterSide] = true
        return try encoder.encode(self)
    }

    /// The manifest of the shard built into `folder`; an error naming the file when there is none
    /// or it is not one this Peel reads.
    static func read(shard folder: URL) throws -> ShardManifest {
        let url = folder.appendingPathComponent(fileName)
        let data: Data
        do {
            data = try ContentFile.read(url)
        } catch {
            throw PeelError.shards(path: url.path, reason: "no shard manifest here; build each shard with peel build --packs (or --shard) first")
        }
        // The format first, alone: a manifest cut short (an interrupted upload) is said as that,
        // not as another version's.
        struct Format: Decodable { let format: String }
        let unreadable = PeelError.shards(path: url.path, reason: "cannot be read as a shard manifest (cut short, or not JSON); copy the shard again, or build it again")
        guard let format = try? JSONDecoder().decode(Format.self, from: data) else { throw unreadable }
        guard format.format == currentFormat else {
            throw PeelError.shards(path: url.path, reason: "not a shard manifest of this Peel version (\(currentFormat)); build the shard again")
        }
        guard let manifest = try? JSONDecoder().decode(ShardManifest.self, from: data) else { throw unreadable }
        return manifest
    }
}
