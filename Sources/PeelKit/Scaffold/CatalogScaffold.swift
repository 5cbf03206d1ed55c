import Foundation

/// `peel init`: a new content folder with a site, one pack and one sticker with its sidecar,
/// which builds and checks clean. It writes only files that do not exist yet, all or nothing.
public enum CatalogScaffold {
    public static let packFolder = "my-pack"
    public static let stickerName = "hello"

    /// The files, by path relative to the content folder, in the order they are written.
    public static func files() throws -> [(path: String, data: Data)] {
        [
            ("site.md", Data(siteMarkdown.utf8)),
            ("\(packFolder)/pack.md", Data(packMarkdown.utf8)),
            ("\(packFolder)/\(stickerName).png", try PlaceholderSticker.png()),
            ("\(packFolder)/\(stickerName).md", Data(stickerMarkdown.utf8)),
        ]
    }

    /// Writes the files into `folder` (created if needed) and returns their paths. Throws
    /// `ScaffoldError.wouldOverwrite`, having written nothing, if any of them exists.
    @discardableResult
    public static func write(into folder: URL) throws -> [URL] {
        let files = try files()
        let targets = files.map { folder.appendingPathComponent($0.path) }
        let existing = targets.filter { FileManager.default.fileExists(atPath: $0.path) || SafeFile.isSymlink($0.path) }.map(\.path)
        guard existing.isEmpty else { throw ScaffoldError.wouldOverwrite(paths: existing, command: "peel init") }
        // A folder on the way that is a symlink is refused by the write, which never goes through
        // one: said before anything is written (site.md was written, then the pack refused).
        for file in files {
            let folders = file.path.split(separator: "/").dropLast()
            for depth in folders.indices {
                let path = folder.appendingPathComponent(folders[...depth].joined(separator: "/")).path
                if SafeFile.isSymlink(path) { throw PeelError.cannotWrite(path: path, reason: "it is a symlink, and Peel writes nothing through one; nothing was written") }
            }
        }
        for file in files {
            do {
                // createOnly: a file that appeared since the check is still not replaced.
                try SafeFile.write(file.data, to: file.path, in: folder, mode: .createOnly)
            } catch is SafeFile.Exists {
                throw ScaffoldError.wouldOverwrite(paths: [folder.appendingPathComponent(file.path).path], command: "peel init")
            }
        }
        return targets
    }

    static let siteMarkdown = """
    ---
    title: My stickers
    description: Sticker packs for Messages, each with an accessibility label for VoiceOver.
    language: en
    # Where the site will be published. With it, shared links preview the sticker (Open Graph).
    # base_url: https://example.com/stickers/
    ---
    Welcome! Each pack is a folder in the content folder; each sticker is an image with a Markdown
    file beside it that gives its accessibility label, title and tags.

    """

    static let packMarkdown = """
    ---
    title: My first pack
    # small (300 × 300 px), regular (408 × 408 px) or large (618 × 618 px)
    size: regular
    # messages, media or both
    contexts: [messages]
    ---
    The pack's description. Markdown works here: *emphasis*, [links](https://example.com) and lists.

    """

    static let stickerMarkdown = """
    ---
    # The accessibility label: what VoiceOver reads in Messages. Say what the sticker shows (at most 150 characters).
    alt: Yellow smiley face with a big smile and a white outline
    title: Hello
    tags: [hello, smile]
    # The emoji people type to find it in WhatsApp, Telegram, Signal and Discord, most fitting first.
    emoji: [😀]
    ---
    Replace hello.png with your own art (PNG, APNG, GIF or JPEG, 408 × 408 px for this pack) and
    this text with what the sticker is for.

    """
}
