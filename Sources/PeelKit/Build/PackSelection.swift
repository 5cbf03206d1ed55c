/// Which packs a sharded build makes (`peel build --packs SLUG…` or `--shard I/N`). The catalog's
/// text is read whole (it is small); the image, icon, zip and page steps see only these packs, and
/// `peel merge` assembles the site from every shard.
public enum PackSelection: Sendable, Equatable {
    /// The packs with these slugs or folder names.
    case slugs([String])
    /// Every `count`th pack of the catalog's order, starting with pack `index` (1-based), so a CI
    /// matrix of `count` jobs needs no list of packs.
    case shard(index: Int, count: Int)

    /// The catalog with the selected packs only; a name the catalog lacks is an error naming it.
    func apply(to catalog: Catalog) throws -> Catalog {
        var selected = catalog
        switch self {
        case .slugs(let names):
            if let unknown = names.first(where: { name in !catalog.packs.contains { $0.isNamed(name) } }) {
                let shown = catalog.packs.prefix(12).map(\.slug).joined(separator: ", ") + (catalog.packs.count > 12 ? ", …" : "")
                throw PeelError.shards(path: "--packs", reason: "the catalog has no pack '\(unknown)'; name a pack by its folder or its slug ("
                                       + (catalog.packs.isEmpty ? "it has no packs" : "its packs: \(shown)") + ")")
            }
            selected.packs = catalog.packs.filter { pack in names.contains { pack.isNamed($0) } }
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
    /// Whether a name given on the command line means this pack: its slug, or its folder as the
    /// user sees it (as the shell completes it, with or without the slash; in either Unicode
    /// normalization, as Swift compares strings).
    func isNamed(_ name: String) -> Bool {
        slug == name || folder == (name.hasSuffix("/") ? String(name.dropLast()) : name)
    }
}
