import Foundation

/// `peel new pack NAME`: a pack folder in the content folder with its `pack.md` template (a title
/// made from the name, the size class and contexts explained), ready for its images. An existing
/// pack.md is never overwritten.
public enum PackScaffold {
    /// Writes `<content>/<name>/pack.md` and returns its path.
    @discardableResult
    public static func write(_ name: String, content: URL) throws -> URL {
        let folder = name.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard !folder.isEmpty, !folder.contains("/"), !folder.hasPrefix("."), !folder.contains("\0") else {
            throw ScaffoldError.badPackName(name)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PeelError.contentFolderMissing(path: content.path)
        }
        let target = content.appendingPathComponent(folder).appendingPathComponent("pack.md")
        if FileManager.default.fileExists(atPath: target.path) || SafeFile.isSymlink(target.path) {
            throw ScaffoldError.wouldOverwrite(paths: [target.path], command: "peel new pack")
        }
        do {
            try SafeFile.write(Data(template(title: CatalogLoader.title(fromStem: folder)).utf8), to: "\(folder)/pack.md", in: content, mode: .createOnly)
        } catch is SafeFile.Exists {
            throw ScaffoldError.wouldOverwrite(paths: [target.path], command: "peel new pack")
        }
        return target
    }

    static func template(title: String) -> String {
        """
        ---
        title: \(YAMLScalarText.make(title))
        # small (300 × 300 px), regular (408 × 408 px) or large (618 × 618 px)
        size: regular
        # messages, media or both
        contexts: [messages]
        ---
        What the pack is about. Markdown works here.

        """
    }
}
