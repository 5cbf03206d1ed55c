import Foundation

/// `.peel-cache/` is Peel's to make: one that is a symbolic link (committed to a repository, to a
/// pack folder or anywhere else) is never written through. Followed, `peel check` wrote its
/// `.gitignore` of `*` into the pack the link named, hiding the artist's next stickers from Git.
enum CacheFolderLink {
    /// The link and where it points when `folder`, or its parent `.peel-cache`, is a symbolic link.
    static func find(at folder: URL) -> (path: String, target: String)? {
        let folder = folder.standardizedFileURL
        let parent = folder.deletingLastPathComponent()
        let candidates = parent.lastPathComponent == ".peel-cache" ? [folder, parent] : [folder]
        guard let link = candidates.first(where: { SafeFile.isSymlink($0.path) }) else { return nil }
        return (link.path, (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) ?? "?")
    }

    /// Why a cache cannot be kept at `folder`, or nil when it can.
    static func reason(at folder: URL) -> String? {
        find(at: folder).map { "\($0.path) is a symbolic link (to \($0.target)), which Peel does not write through" }
    }
}
