import Foundation

/// A pack as one download: `<pack>/Stickers.xcstickers/` (the Xcode-ready catalog of that pack,
/// with its icon set), `<pack>/Localizable.xcstrings` and `<pack>/InfoPlist.xcstrings` beside it
/// (its labels and name in every language, as `peel export xcode` writes them) and
/// `<pack>/originals/` (the stickers, sidecars and translation files as the artist made them).
/// Written by `ZipWriter` straight into its file, a content file at a time; entries are sorted and
/// dated 2000-01-01 so the same pack always gives the same bytes.
enum PackArchive {
    /// Stickers in `rejected` (errors Xcode or Messages would refuse) are left out of the catalog
    /// part but kept among the originals.
    /// Bump when archives change shape, so cached ones are not reused. (8: stickers in the order
    /// a file browser shows them, as the pages have since session 42; 9: a sticker's extension in
    /// the Xcode catalog from its bytes; 10: art from outside the pack never takes a name of the zip.)
    static let formatVersion = 10

    /// Every content file the archive holds (and the only ones it is made from), sorted.
    static func sources(of pack: Pack) -> [String] {
        // A composed sticker's originals are its parts' layers and their sidecars.
        let plain = pack.stickers.filter { $0.composition == nil }
        var originals = plain.map(\.source) + plain.compactMap(\.sidecar)
            + plain.flatMap { $0.translations.values.map(\.file) } + pack.translations.values.map(\.file)
        for part in pack.parts {
            for choice in part.choices {
                originals += [choice.file, StickerFileKind.stem(choice.file) + ".md"] + choice.translations.values.map(\.file)
            }
        }
        if let manifest = pack.manifest { originals.append(manifest) }
        if let icon = pack.icon { originals.append(icon) }
        if let tray = pack.tray { originals.append(tray) }
        return Set(originals).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `site` gives the languages (and its default) the String Catalogs hold. In memory (tests).
    static func make(_ pack: Pack, site: SiteInfo, content: URL, rejected: Set<String>, maxPixels: Int = ImageAnalyzer.defaultMaxPixels) throws -> Data {
        var archive = ZipWriter()
        try write(pack, site: site, content: content, rejected: rejected, maxPixels: maxPixels, into: &archive)
        do {
            return try archive.finish()
        } catch {
            throw PeelError.writeFailed(path: "\(pack.slug).zip", reason: "cannot make the pack archive: \(error)")
        }
    }

    /// The archive written into `file` as it is made: one content file is read at a time.
    /// `maxPixels` is the build's budget, for the icon art of the catalog inside.
    static func write(_ pack: Pack, site: SiteInfo, content: URL, rejected: Set<String>, maxPixels: Int, to file: StreamedFile) throws {
        var archive = ZipWriter(streamingTo: file)
        try write(pack, site: site, content: content, rejected: rejected, maxPixels: maxPixels, into: &archive)
        do {
            try archive.finishStream()
        } catch let error as PeelError {
            throw error
        } catch {
            throw PeelError.writeFailed(path: "\(pack.slug).zip", reason: "cannot make the pack archive: \(error)")
        }
    }

    /// What an entry holds, read when it is written.
    private enum Source {
        case bytes(Data)
        /// A sticker of the Xcode catalog: the content file as it is, which must be readable.
        case content(String)
        /// One of the originals. A file that cannot be read (no permission, not a regular file)
        /// is left out: the build has already reported it, and one bad file must not stop the site.
        case original(String)
    }

    /// Where an original goes in the zip: `originals/` stands for the pack folder, so a file of the
    /// pack keeps its path under it, and icon or tray art from elsewhere in the content folder
    /// (`icon: ../icon.png`) sits where pack.md's path leads from `originals/` (`<pack>/icon.png`).
    /// The pack folder's name was once cut off such a path whole, leaving an entry named
    /// `originals/` that held the icon's bytes: unzipped, a folder no one could open.
    /// Art whose path would start with a name the zip uses itself (`content/originals/cat.png`
    /// beside the pack's own `cat.png`) goes under `<pack>/other-art/` instead: the zip held two
    /// entries of one name, and which one unzipping kept depended on the tool.
    static func originalPath(_ source: String, of pack: Pack) -> String {
        let prefix = pack.folder + "/"
        if source.hasPrefix(prefix) { return "\(pack.slug)/originals/\(source.dropFirst(prefix.count))" }
        let first = source.split(separator: "/").first.map(String.init) ?? source
        let taken = ["originals", "other-art", XcodeExport.folderName].contains(first) || first.hasSuffix(".xcstrings")
        return taken ? "\(pack.slug)/other-art/\(source)" : "\(pack.slug)/\(source)"
    }

    private static func write(_ pack: Pack, site: SiteInfo, content: URL, rejected: Set<String>, maxPixels: Int, into archive: inout ZipWriter) throws {
        let catalog = try XcodeExport.catalogFiles([pack], content: content, rejected: rejected, deferImages: true, maxPixels: maxPixels)
        var entries: [(path: String, source: Source)] = catalog.files.map { file in
            ("\(pack.slug)/\(XcodeExport.folderName)/\(file.path)", catalog.deferred[file.path].map(Source.content) ?? .bytes(file.data))
        }
        var exported = pack
        exported.stickers = pack.stickers.filter { !rejected.contains($0.source) }
        if !exported.stickers.isEmpty {
            entries += try StringCatalog.files([exported], site: site).map { ("\(pack.slug)/\($0.path)", .bytes($0.data)) }
        }
        for source in sources(of: pack) {
            entries.append((originalPath(source, of: pack), .original(source)))
        }
        entries.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }

        // A content file that is a symlink leading outside the content folder (a sidecar linked
        // to ~/.ssh/id_rsa) is never read: the build reported it "not read", and its bytes went
        // into the published zip all the same.
        let inside = ContentPath(root: content)
        for entry in entries {
            let data: Data
            switch entry.source {
            case .bytes(let bytes): data = bytes
            case .content(let path):
                guard inside.relative(inside.url(path)) != nil else {
                    throw PeelError.unreadable(path: path, reason: "symlink leads outside the content folder")
                }
                data = try ContentFile.read(content.appendingPathComponent(path))
            case .original(let path):
                guard inside.relative(inside.url(path)) != nil, let bytes = try? ContentFile.read(content.appendingPathComponent(path)) else { continue }
                data = bytes
            }
            do {
                // Images are compressed already; deflating them again costs time for nothing.
                let isImage = ImageFormat.sniff(data) != .unknown
                try archive.add(entry.path, data, method: isImage ? .stored : .deflated)
            } catch let error as PeelError {
                throw error
            } catch {
                throw PeelError.writeFailed(path: "\(pack.slug).zip", reason: "cannot make the pack archive: \(error)")
            }
        }
    }
}
