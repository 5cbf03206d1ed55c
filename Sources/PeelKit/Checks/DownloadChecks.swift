/// The pack zip against what static hosts take. It holds every sticker twice, in `originals/` (the
/// pack folder) and in `Stickers.xcstickers`: 150 stickers of 360 KB made a 108 MB zip, which
/// GitHub refuses on push (no file over 100 MiB), so the README's gh-pages workflow failed with
/// nothing said by the build.
enum DownloadChecks {
    /// GitHub's limit on one file of a repository (and so of GitHub Pages).
    static let hostFileLimit = 100 * 1024 * 1024

    /// A warning on the pack when its zip would be over `hostFileLimit`, estimated from its
    /// stickers' files (each twice), before any zip is made.
    static func check(_ pack: Pack, assets: [String: StickerAssets]) -> [Finding] {
        let bytes = pack.stickers.reduce(0) { $0 + (assets[$1.source]?.info?.bytes ?? 0) }
        let estimate = 2 * bytes
        guard estimate > hostFileLimit else { return [] }
        let megabytes = (estimate + 500_000) / 1_000_000
        return [Finding(.warning, .largeDownload, file: pack.manifest ?? pack.folder,
                        message: "the pack's zip will be about \(megabytes) MB (each sticker twice: in originals/ and in Stickers.xcstickers); "
                            + "GitHub and GitHub Pages refuse files over 100 MiB, Cloudflare Pages over 25 MiB; split the pack into smaller packs")]
    }
}
