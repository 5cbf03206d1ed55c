import Foundation

/// What `peel build` needs to know.
public struct BuildOptions: Sendable {
    public var content: URL
    public var output: URL
    /// A folder whose templates and assets replace the default theme's, file by file.
    public var templates: URL?
    public var maxPixels: Int
    /// Where the build cache lives; nil puts it beside the output (`.peel-cache/<output name>`).
    public var cache: URL?
    /// False makes a cold build that neither reads nor writes a cache.
    public var useCache: Bool
    /// Run the art checks even when site.md does not ask for them (`--art-checks`).
    public var artChecks: Bool
    /// Where the art checks keep their results; nil puts them in the build cache (`art-checks/`).
    /// Not part of the site's shape: the same facts come from any cache.
    public var artCache: URL?
    /// Build only these packs, as one shard of a sharded build (`--packs`, `--shard`); the output
    /// then also holds the shard manifest `peel merge` reads. Nil builds the whole site.
    public var packs: PackSelection?
    /// Past this many stickers the label review has a page per pack (`ReviewLayout`); tests lower it.
    var reviewStickersOnOnePage = ReviewLayout.defaultStickersOnOnePage

    public init(content: URL, output: URL, templates: URL? = nil, maxPixels: Int = ImageAnalyzer.defaultMaxPixels,
                cache: URL? = nil, useCache: Bool = true, artChecks: Bool = false, artCache: URL? = nil, packs: PackSelection? = nil) {
        self.content = content
        self.output = output
        self.templates = templates
        self.maxPixels = maxPixels
        self.cache = cache
        self.useCache = useCache
        self.artChecks = artChecks
        self.artCache = artCache
        self.packs = packs
    }

    /// Every option that shapes the site's bytes, so a cache made with other options is not
    /// reused. Read by reflection, so an option added later cannot be forgotten here; only the
    /// folders, which do not change what is written, are left out.
    var siteShapingOptions: String { siteShapingOptions(excluding: []) }

    func siteShapingOptions(excluding more: Set<String>) -> String {
        let excluded = Set(["content", "output", "cache", "useCache", "templates", "artCache"]).union(more)
        return Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label, !excluded.contains(label) else { return nil }
            return "\(label)=\(child.value)"
        }.joined(separator: "|")
    }
}
