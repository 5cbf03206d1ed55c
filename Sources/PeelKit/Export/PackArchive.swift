import Foundation

/// A pack as one download: `<pack>/Stickers.xcstickers/` (the Xcode-ready catalog of that pack,
/// with its icon set), `<pack>/Localizable.xcstrings` and `<pack>/InfoPlist.xcstrings` beside it
/// (its labels and name in every language, as `peel export xcode` writes them) and
/// `<pack>/originals/` (the stickers, sidecars and translation files as the artist made them).
/// Made in memory by `ZipWriter`; entries are sorted and dated 2000-01-01 so the same pack always
/// gives the same bytes.
enum PackArchive {
    /// Stickers in `rejected` (errors Xcode or Messages would refuse) are left out of the catalog
    /// part but kept among the originals.
    /// Bump when archives change shape, so cached ones are not reused.
    static let formatVersion = 3

    /// Every content file the archive holds (and the only ones it is made from), sorted.
    static func sources(of pack: Pack) -> [String] {
        // A composed sticker's originals are its parts' layers and their sidecars.
        let plain = pack.stickers.filter { $0.composition == nil }
        var originals = plain.map(\.source) + plain.compactMap(\.sidecar)
            + plain.flatMap { $0.translations.values.map(\.file) } + pack.translations.values.map(\.file)
        for part in pack.parts {
            for choice in part.choices { originals += [choice.file, StickerFileKind.stem(choice.file) + ".md"] }
        }
        if let manifest = pack.manifest { originals.append(manifest) }
        if let icon = pack.icon { originals.append(icon) }
        if let tray = pack.tray { originals.append(tray) }
        return Set(originals).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `site` gives the languages (and its default) the String Catalogs hold.
    static func make(_ pack: Pack, site: SiteInfo, content: URL, rejected: Set<String>) throws -> Data {
        let originals = sources(of: pack)
        // Each file is read once, for the originals and for the catalog. A file that cannot be read
        // (no permission, not a regular file) is left out: the build has already reported it, and
        // one bad file must not stop the whole site.
        var files: [String: Data] = [:]
        for source in originals {
            files[source] = try? ContentFile.read(content.appendingPathComponent(source))
        }
        let catalog = try XcodeExport.catalogFiles([pack], content: content, rejected: rejected) { path in
            guard let data = files[path] else { throw PeelError.unreadable(path: path, reason: "not part of the pack") }
            return data
        }
        var entries: [(path: String, data: Data)] = catalog.files.map { ("\(pack.slug)/\(XcodeExport.folderName)/\($0.path)", $0.data) }
        var exported = pack
        exported.stickers = pack.stickers.filter { !rejected.contains($0.source) }
        if !exported.stickers.isEmpty {
            entries += try StringCatalog.files([exported], site: site).map { ("\(pack.slug)/\($0.path)", $0.data) }
        }
        for (source, data) in files {
            let name = source.split(separator: "/").dropFirst().joined(separator: "/")
            entries.append(("\(pack.slug)/originals/\(name)", data))
        }
        entries.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }

        do {
            var archive = ZipWriter()
            for entry in entries {
                // Images are compressed already; deflating them again costs time for nothing.
                let isImage = ImageFormat.sniff(entry.data) != .unknown
                try archive.add(entry.path, entry.data, method: isImage ? .stored : .deflated)
            }
            return try archive.finish()
        } catch {
            throw PeelError.writeFailed(path: "\(pack.slug).zip", reason: "cannot make the pack archive: \(error)")
        }
    }
}
