import Foundation

/// What a command was pointed at: a whole catalog, one pack folder or one sticker file, and the
/// catalog it belongs to. `peel check content/faces` checks the whole catalog (duplicates and other
/// rules across packs need it) and reports only what is about that pack.
public struct CatalogTarget: Sendable, Equatable {
    /// The content folder, absolute.
    public let root: URL
    public let scope: Scope

    public enum Scope: Sendable, Equatable {
        case catalog
        /// A pack folder, relative to the root.
        case pack(String)
        /// A file in a pack folder (a sticker image or its sidecar), relative to the root.
        case file(String)

        /// The pack folder the scope lies in; nil for the whole catalog.
        public var packFolder: String? {
            switch self {
            case .catalog: return nil
            case .pack(let folder): return folder
            case .file(let path): return path.split(separator: "/").first.map(String.init)
            }
        }
    }

    public init(root: URL, scope: Scope) {
        self.root = root
        self.scope = scope
    }

    /// `url` as the disk spells it, when it names a file in another Unicode form: `Café Cat.png`
    /// typed (NFC) for a name copied from a Mac (NFD). Linux compares names byte for byte, so it
    /// was "no such file or folder" for a file `ls` shows; the catalog reads such a name as the
    /// one typed already. `url` itself when it exists, or when no name matches.
    static func inDiskForm(_ url: URL) -> URL {
        guard !FileManager.default.fileExists(atPath: url.path), url.pathComponents.count > 1 else { return url }
        var found = URL(fileURLWithPath: "/")
        for component in url.pathComponents.dropFirst() {
            let next = found.appendingPathComponent(component)
            if FileManager.default.fileExists(atPath: next.path) { found = next; continue }
            // Swift compares strings by canonical equivalence: the NFD name equals the NFC one.
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: found.path),
                  let name = names.first(where: { $0 == component }) else { return url }
            found = found.appendingPathComponent(name)
        }
        return found
    }

    /// Finds the catalog that `path` is, or is a pack or file of. A folder is the catalog when it
    /// holds `site.md` or pack folders; it is a pack when it holds `pack.md` or its parent holds
    /// `site.md`. A file belongs to the pack folder it is in; `site.md` and `pack.md` (and their
    /// translations) stand for the catalog and the pack. Anything that is no part of a catalog is
    /// refused rather than checked as an empty one.
    public static func locate(_ path: URL) throws -> CatalogTarget {
        let url = Self.inDiskForm(path.standardizedFileURL)
        var isFolder: ObjCBool = false
        let parent = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            // Inside a catalog it was meant as a pack or a sticker; anywhere else, as the catalog.
            throw isPack(parent) || looksLikeCatalog(parent)
                ? PeelError.pathMissing(path: path.path) : PeelError.contentFolderMissing(path: path.path)
        }
        if isFolder.boolValue {
            // A part folder of a parts pack (`sundaes/base`) is of that pack: it was taken for a
            // content folder of its own ("Checked 0 packs", "images at the top … are ignored").
            if !has("site.md", in: url), !has("pack.md", in: url), isPartFolder(url) {
                return CatalogTarget(root: parent.deletingLastPathComponent(), scope: .pack(parent.lastPathComponent))
            }
            if has("site.md", in: url) || !isPack(url) || parent.path == url.path {
                return CatalogTarget(root: url, scope: .catalog)
            }
            return CatalogTarget(root: parent, scope: .pack(url.lastPathComponent))
        }
        // site.md (or a translation of it) stands for its catalog, pack.md (or one of its) for its pack.
        let stem = TranslationFileName(url.lastPathComponent)?.stem ?? StickerFileKind.stem(url.lastPathComponent)
        if url.pathExtension.lowercased() == "md", stem == "site", has("site.md", in: parent) {
            return CatalogTarget(root: parent, scope: .catalog)
        }
        if url.pathExtension.lowercased() == "md", stem == "pack", isPack(parent), parent.deletingLastPathComponent().path != parent.path {
            return CatalogTarget(root: parent.deletingLastPathComponent(), scope: .pack(parent.lastPathComponent))
        }
        // A file: packs are one level deep, so its folder is a pack and the folder above the catalog.
        let packFolder = parent
        guard isPack(packFolder), packFolder.deletingLastPathComponent().path != packFolder.path else {
            // `pack/extra/x.png`: "no site.md above it" blamed site.md, two folders up all along.
            let above = packFolder.deletingLastPathComponent()
            if above.path != packFolder.path, isPack(above), above.deletingLastPathComponent().path != above.path {
                // A layer of a parts pack (`sundaes/base/cone.png`, its sidecar) is where it belongs:
                // it was told to move out of its part folder, which would break the pack.
                if isPartFolder(packFolder) {
                    return CatalogTarget(root: above.deletingLastPathComponent(),
                                         scope: .file("\(above.lastPathComponent)/\(packFolder.lastPathComponent)/\(url.lastPathComponent)"))
                }
                throw PeelError.insidePackFolder(path: path.path, pack: DisplayPath.file(above))
            }
            // Beside site.md: "no site.md above it" was said with site.md right there.
            if has("site.md", in: packFolder) { throw PeelError.atCatalogTop(path: path.path) }
            throw PeelError.notInCatalog(path: path.path)
        }
        return CatalogTarget(root: packFolder.deletingLastPathComponent(), scope: .file(packFolder.lastPathComponent + "/" + url.lastPathComponent))
    }

    /// The catalog or pack that would read what is written into `folder`: `folder` itself when it
    /// looks like a catalog, else the nearest folder at or above it that holds `site.md` or
    /// `pack.md`; nil when nothing would. For commands with no content folder of their own
    /// (`peel icons`), which must not write into one either.
    public static func reading(_ folder: URL) -> URL? {
        var current = URL(fileURLWithPath: RealPath.of(folder))
        if looksLikeCatalog(current) { return current }
        while true {
            if has("site.md", in: current) || has("pack.md", in: current) { return current }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// True for a folder that holds `site.md` or at least one pack folder (a folder with `pack.md`):
    /// what `peel build .` would read as a catalog.
    public static func looksLikeCatalog(_ folder: URL) -> Bool {
        if has("site.md", in: folder) { return true }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { !IgnoredName.matches(folder: $0) && has("pack.md", in: folder.appendingPathComponent($0)) }
    }

    /// Whether `folder` is a part of the parts pack it sits in: that pack's `pack.md` lists it
    /// under `parts:`.
    static func isPartFolder(_ folder: URL) -> Bool {
        let pack = folder.deletingLastPathComponent()
        guard pack.path != folder.path, isPack(pack),
              let data = try? ContentFile.read(pack.appendingPathComponent("pack.md")) else { return false }
        let text = String(decoding: data, as: UTF8.self).drop { $0 == "\u{FEFF}" }
        var reader = FrontMatterReader(FrontMatter.parse(String(text), file: "pack.md").0, file: "pack.md", knownKeys: ["parts"])
        return reader.strings("parts")?.map(\.trimmed).contains(folder.lastPathComponent) == true
    }

    /// A pack folder holds `pack.md`, or sits in a folder that holds `site.md`.
    private static func isPack(_ folder: URL) -> Bool {
        has("pack.md", in: folder) || has("site.md", in: folder.deletingLastPathComponent())
    }

    private static func has(_ name: String, in folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }
}
