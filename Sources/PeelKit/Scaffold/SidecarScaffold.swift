import Foundation

/// `peel new sticker PACK/NAME`: writes the sidecar template for an image that has none.
public enum SidecarScaffold {
    /// Writes `<pack>/<stem>.md` beside the image and returns its URL. `argument` is `PACK/NAME`
    /// where NAME is the image's file name, with or without its extension.
    public static func write(_ argument: String, content: URL) throws -> URL {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 2, !parts.contains(".."), !parts.contains(".") else { throw ScaffoldError.badStickerPath(argument) }
        let (pack, name) = (parts[0], parts[1])
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PeelError.contentFolderMissing(path: content.path)
        }
        let packURL = content.appendingPathComponent(folder(named: pack, in: content))
        guard fileManager.fileExists(atPath: packURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            let packs = folders(in: content)
            throw ScaffoldError.packMissing(path: packURL.path, pack: pack,
                                            suggestion: Suggestion.closest(to: pack, in: packs), packs: packs)
        }
        let names = ((try? fileManager.contentsOfDirectory(atPath: packURL.path)) ?? []).filter { !IgnoredName.matches($0) }.sorted()
        let images = names.filter { StickerFileKind(fileName: $0) == .sticker }
        let matches = images.contains(name) ? [name] : images.filter { StickerFileKind.stem($0) == name }
        guard !matches.isEmpty else {
            let lacking = images.filter { !names.contains(StickerFileKind.stem($0) + ".md") }
            throw ScaffoldError.imageMissing(path: packURL.appendingPathComponent(name).path, name: name, withoutSidecar: lacking)
        }
        // Images that share a stem (party.png, party.gif) share its sidecar too: even named with
        // its extension, one image cannot have a sidecar of its own until one is renamed.
        let sharing = images.filter { StickerFileKind.stem($0) == StickerFileKind.stem(matches[0]) }
        guard matches.count == 1, sharing.count == 1 else {
            throw ScaffoldError.ambiguousImage(path: packURL.appendingPathComponent(name).path, candidates: sharing)
        }
        let image = matches[0]
        let sidecar = packURL.appendingPathComponent(StickerFileKind.stem(image) + ".md")
        if let twin = NameClashes.twin(of: sidecar.lastPathComponent, among: names) {
            throw ScaffoldError.sidecarUnderAnotherName(path: sidecar.path, existing: twin)
        }
        guard !fileManager.fileExists(atPath: sidecar.path) else {
            throw ScaffoldError.wouldOverwrite(paths: [sidecar.path], command: "peel new sticker")
        }
        do {
            try SafeFile.write(Data(template(for: image).utf8), toPath: sidecar.path, mode: .createOnly)
        } catch is SafeFile.Exists {
            throw ScaffoldError.wouldOverwrite(paths: [sidecar.path], command: "peel new sticker")
        }
        return sidecar
    }

    /// The folder that holds the catalog `argument` (`PACK/NAME`) is in, relative to `folder`:
    /// "." when `folder` is that catalog, else the one folder in it that is. A pack without
    /// pack.md yet counts when it holds the image: `peel check` names the stickers of art just
    /// copied in the same way. Nil when none or several do.
    public static func catalog(holding argument: String, near folder: URL) -> String? {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 2, !parts.contains(".."), !parts.contains(".") else { return nil }
        let (pack, name) = (parts[0], parts[1])
        func holds(_ catalog: URL) -> Bool {
            let packURL = catalog.appendingPathComponent(Self.folder(named: pack, in: catalog))
            if FileManager.default.fileExists(atPath: packURL.appendingPathComponent("pack.md").path) { return true }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packURL.path)) ?? []
            return names.contains { StickerFileKind(fileName: $0) == .sticker && ($0 == name || StickerFileKind.stem($0) == name) }
        }
        if holds(folder) { return "." }
        let catalogs = folders(in: folder).filter { holds(folder.appendingPathComponent($0)) }
        return catalogs.count == 1 ? catalogs[0] : nil
    }

    /// The pack folder's name as it is on disk: `pack` typed in NFC ("météo", as keyboards type it)
    /// names a folder spelt in NFD (copied from a Mac's HFS+ disk or a zip made there), as
    /// `peel check` and `peel build` read it. `pack` itself when no folder matches it.
    static func folder(named pack: String, in content: URL) -> String {
        if FileManager.default.fileExists(atPath: content.appendingPathComponent(pack).path) { return pack }
        // Swift compares strings by canonical equivalence: "é" precomposed equals "e" + U+0301.
        return folders(in: content).first { $0 == pack } ?? pack
    }

    /// The sidecar text: an empty `alt:` (so `peel check` asks for it until it is written), the
    /// default title from the file name, an empty tag list, and an empty emoji list (the other
    /// messengers need one, and a newcomer who turned them on had no place to put it).
    static func template(for image: String) -> String {
        let title = CatalogLoader.title(fromStem: StickerFileKind.stem(image))
            .replacingScalars(["\\": "\\\\", "\"": "\\\""])
        return """
        ---
        # The accessibility label: what VoiceOver reads in Messages. Say what the sticker shows,
        # in at most 150 characters, e.g. "Orange cat stretching on a sunny windowsill".
        alt:
        title: "\(title)"
        tags: []
        # The emoji people type to find it in WhatsApp, Telegram, Signal and Discord, most fitting first.
        emoji: []
        ---

        """
    }

    private static func folders(in content: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: content.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }
}
