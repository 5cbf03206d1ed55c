import Foundation

extension CatalogLoader {
    /// Reads one sticker's sidecar and its translations again, as `load()` reads them, for
    /// `peel serve`'s answer to a label edit (`SidecarRefresh`). The image, the sidecar's name and
    /// the translation files are the ones `sticker` was read with (a file added or removed needs a
    /// whole `load()`). Returns the sticker with its slug kept, and the findings reading it gave.
    static func reread(_ sticker: Sticker, in pack: Pack, site: SiteInfo, content: ContentPath,
                       sharesStem: Bool) -> (sticker: Sticker, findings: [Finding]) {
        let folder = pack.folder
        let sidecarName = sticker.sidecar.map { ($0 as NSString).lastPathComponent }
        var (fresh, findings) = readSticker(sticker.fileName, in: folder, sidecarName: sidecarName, sharesStem: sharesStem,
                                            content: content)
        fresh.slug = sticker.slug
        let files = sticker.translations.values.map { ($0.file as NSString).lastPathComponent }.sorted()
        if !files.isEmpty {
            let source = sticker.sidecar
            fresh.translations = LanguageMap(readTranslations(files, source: source, sourceLanguage: site.sourceLanguage(of: pack), folder: folder,
                                                            site: site, findings: &findings) { path, language in
                readStickerTranslation(path, language: language, sticker: fresh.source, sourceSidecar: source ?? fresh.source,
                                       content: content)
            })
        }
        return (fresh, findings)
    }
}
