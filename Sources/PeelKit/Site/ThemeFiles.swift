import Foundation

/// The files of the theme a site is rendered with, read but not yet parsed: Peel's embedded
/// templates, each replaceable by a file of the same name in a `--templates` folder, and their
/// fingerprint.
///
/// Reading is cheap and parsing is not (the templates' Mustache, their partials and names checked):
/// a build answers "Up to date" from the fingerprint alone, and parses (`TemplateSet`) only when it
/// renders. A theme that fails to parse never leaves a build state that vouches for it.
public struct ThemeFiles: Sendable {
    /// A copy an editor or a merge tool left beside a file (`base.mustache.bak`, `pack.mustache.orig`,
    /// `style.css.rej`): published under assets/, it put the theme's template source on the site.
    static func isBackup(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".bak", ".orig", ".rej", ".old"].contains { lower.hasSuffix($0) }
    }

    /// File name (relative to the theme folder) to bytes, Peel's own and the theme's.
    let files: [String: Data]
    /// File name to where it was read, for errors (`Templates/<name>` for Peel's own).
    let origins: [String: String]
    /// The files the theme folder has (the rest are Peel's own).
    let themeFiles: Set<String>
    /// SHA-256 over every file of the theme (names and bytes), so a build knows when it changed.
    public let fingerprint: String

    public init(overrideDirectory: URL? = nil) throws {
        var files = EmbeddedTemplates.files.mapValues { Data($0.utf8) }
        var origins = Dictionary(uniqueKeysWithValues: EmbeddedTemplates.files.keys.map { ($0, "Templates/\($0)") })
        var themeFiles = Set<String>()
        if let overrideDirectory {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: overrideDirectory.path)
            } catch {
                throw PeelError.unreadable(path: overrideDirectory.path, reason: "templates folder not found")
            }
            // Files in its sub-folders (`fonts/`, `img/`) are assets too, at the same paths under
            // `assets/` (they were skipped, and the theme's CSS pointed at missing files).
            // Editors' leftovers (style.css~, #pack.mustache#) are no part of a theme, as they are no
            // part of the content (`peel serve` already ignored them; a build published them).
            // A folder named by digits (`img/2024/`) is a folder, not Vim's probe file (`IgnoredName.matches(_:in:)`).
            var pending = names.filter { !IgnoredName.matches($0, in: overrideDirectory) && !Self.isBackup($0) }
            let themeRoot = ContentPath(root: overrideDirectory)
            while let name = pending.popLast() {
                let url = overrideDirectory.appendingPathComponent(name)
                // A theme is read from inside its folder, as the content is: a symlink to a private
                // file was published under assets/, and links to "." multiplied every file.
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                        throw PeelError.unreadable(path: url.path, reason: "a symlink to a folder, which a theme cannot hold (it could lead back to itself); copy the folder instead")
                    }
                    if themeRoot.relative(url) == nil {
                        throw PeelError.unreadable(path: url.path, reason: "a symlink leading outside the templates folder; copy the file into the theme instead")
                    }
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    guard name.split(separator: "/").count < 8 else { continue }
                    let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                    pending += children.filter { !IgnoredName.matches($0, in: url) && !Self.isBackup($0) }.map { name + "/" + $0 }
                    continue
                }
                do {
                    files[name] = try ContentFile.read(url)
                } catch {
                    throw PeelError.unreadable(path: url.path, reason: SystemErrorText.describe(error))
                }
                origins[name] = url.path
                themeFiles.insert(name)
            }
        }
        self.files = files
        self.origins = origins
        self.themeFiles = themeFiles
        var hasher = SHA256()
        for name in files.keys.sorted() {
            hasher.update(data: Data("\(name)\u{0}\(files[name]!.count)\u{0}".utf8))
            hasher.update(data: files[name]!)
        }
        fingerprint = Hex.string(hasher.finalize())
    }
}
