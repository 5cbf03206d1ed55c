/// Which packs a sharded build makes (`peel build --packs SLUG…` or `--shard I/N`). The catalog's
/// text is read whole (it is small); the image, icon, zip and page steps see only these packs, and
/// `peel merge` assembles the site from every shard.
public enum PackSelection: Sendable, Equatable {
    /// The packs with these slugs or folder names.
    case slugs([String])
    /// Every `count`th pack of the catalog's order, starting with pack `index` (1-based), so a CI
    /// matrix of `count` jobs needs no list of packs.
    case shard(index: Int, count: Int)

    /// The option as typed: `--packs a,b` or `--shard 2/8`.
    var option: String {
        switch self {
        case .slugs(let names): "--packs \(names.joined(separator: ","))"
        case .shard(let index, let count): "--shard \(index)/\(count)"
        }
    }

    /// The catalog with the selected packs only; a name the catalog lacks is an error naming it.
    func apply(to catalog: Catalog) throws -> Catalog {
        var selected = catalog
        switch self {
        case .slugs(let names):
            let chosen: Set<String>
            switch Pack.slugs(named: names, in: catalog.packs) {
            case .success(let slugs):
                chosen = slugs
            case .failure(.ambiguous(let message)):
                throw PeelError.shards(path: "--packs", reason: message)
            case .failure(.unknown(let unknown)):
                let shown = catalog.packs.prefix(12).map(\.slug).joined(separator: ", ") + (catalog.packs.count > 12 ? ", …" : "")
                throw PeelError.shards(path: "--packs", reason: "the catalog has no pack '\(unknown[0])'; name a pack by its folder or its slug ("
                                       + (catalog.packs.isEmpty ? "it has no packs" : "its packs: \(shown)") + ")")
            }
            selected.packs = catalog.packs.filter { chosen.contains($0.slug) }
        case .shard(let index, let count):
            selected.packs = catalog.packs.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        }
        return selected
    }

    /// "3/8" → shard 3 of 8; nil for anything else.
    public static func parsing(shard text: String) -> PackSelection? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        return .shard(index: index, count: count)
    }
}

extension Pack {
    /// What a pack name given on the command line (`--pack`, `--packs`) means.
    enum NameMatch {
        case pack(Pack)
        case unknown
        /// One pack's slug and another's folder: the message says which, and how to name each.
        case ambiguous(String)
    }

    /// The pack `name` names among `packs`: its slug, or its folder as the user sees it (as the
    /// shell completes it, with or without the slash; in either Unicode normalization, as Swift
    /// compares strings). A name that is one pack's slug and another's folder (`Happy Cats` has
    /// the slug `happy-cats`, beside a folder `happy-cats`) names neither: it took both, and
    /// the site's Telegram download of one pack held the other too. The first is then named by
    /// its folder, the second by its slug.
    /// Why names given on the command line name no set of packs.
    enum NameProblem: Error {
        /// The names that name no pack, in order.
        case unknown([String])
        /// The first name that is one pack's slug and another's folder, said as `NameMatch.ambiguous`.
        case ambiguous(String)
    }

    /// The slugs of the packs `names` name (see `named(_:in:)`); an ambiguous name stops at once,
    /// names that name nothing are listed together.
    static func slugs(named names: [String], in packs: [Pack]) -> Result<Set<String>, NameProblem> {
        var slugs: Set<String> = [], unknown: [String] = []
        for name in names {
            switch named(name, in: packs) {
            case .pack(let pack): slugs.insert(pack.slug)
            case .unknown: unknown.append(name)
            case .ambiguous(let message): return .failure(.ambiguous(message))
            }
        }
        return unknown.isEmpty ? .success(slugs) : .failure(.unknown(unknown))
    }

    static func named(_ name: String, in packs: [Pack]) -> NameMatch {
        let folder = name.hasSuffix("/") ? String(name.dropLast()) : name
        let matches = packs.filter { $0.slug == name || $0.folder == folder }
        guard matches.count > 1 else { return matches.first.map { .pack($0) } ?? .unknown }
        let bySlug = matches.first { $0.slug == name }, byFolder = matches.first { $0.slug != name }
        guard let bySlug, let byFolder else { return .pack(matches[0]) }
        return .ambiguous("'\(name)' is the slug of the pack in the folder '\(bySlug.folder)' and the folder of the pack '\(byFolder.slug)'; "
                          + "name the first by its folder ('\(bySlug.folder)') or the second by its slug (\(byFolder.slug))")
    }
}
