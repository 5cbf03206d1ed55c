/// Which packs a sharded build makes (`peel build --packs SLUG…` or `--shard I/N`). The catalog's
/// text is read whole (it is small); the image, icon, zip and page steps see only these packs, and
/// `peel merge` assembles the site from every shard.
public enum PackSelection: Sendable, Equatable {
    /// The packs with these slugs.
    case slugs([String])
    /// Every `count`th pack of the catalog's order, starting with pack `index` (1-based), so a CI
    /// matrix of `count` jobs needs no list of packs.
    case shard(index: Int, count: Int)

    /// The catalog with the selected packs only; a slug the catalog lacks is an error naming it.
    func apply(to catalog: Catalog) throws -> Catalog {
        var selected = catalog
        switch self {
        case .slugs(let slugs):
            let known = Set(catalog.packs.map(\.slug))
            if let unknown = slugs.first(where: { !known.contains($0) }) {
                throw PeelError.shards(path: "--packs", reason: "the catalog has no pack '\(unknown)' (a pack's slug is its folder name, made safe for URLs)")
            }
            let wanted = Set(slugs)
            selected.packs = catalog.packs.filter { wanted.contains($0.slug) }
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
