import Foundation

/// The folders `peel serve` watches (the content and any `--templates`), and what their files held
/// when last looked at: `changes()` says which files changed since, as `peel build` decides it
/// (InputChanges: stamps first, then bytes for any stamp that moved or cannot be trusted). Only
/// files whose stamp moved, or that changed within the file system's timestamp granularity, are
/// read; an idle catalog costs one `stat` per file per look.
final class WatchedInputs {
    private struct Folder {
        let root: URL
        var known = PathMap<ContentHashes.Entry>()
        var directories: [String] = []
    }

    private var folders: [Folder]

    /// Takes the first look at `roots`.
    init(_ roots: [URL]) {
        folders = roots.map { Folder(root: RealPath.url($0)) }
        _ = changes()
    }

    /// Every folder of the last look (what `FolderWatcher` watches).
    var directories: [String] { folders.flatMap(\.directories) }

    /// Absolute paths of the files added, removed or changed since the last look, sorted.
    func changes() -> [String] {
        var changed: [String] = []
        for index in folders.indices {
            let root = folders[index].root
            let snapshot = InputSnapshot.take(root)
            let hashes = ContentHashes(root: root, previous: folders[index].known)
            changed += InputChanges.find(snapshot, since: folders[index].known, hashes: hashes).map { root.path + "/" + $0 }
            var known = hashes.entries()
            // A file that cannot be read counts as changed once, not at every look.
            for (path, stamp) in snapshot.files where known[path] == nil {
                known[path] = ContentHashes.Entry(stamp: stamp, sha256: "")
            }
            folders[index].known = known
            folders[index].directories = snapshot.directories
        }
        return changed.sorted()
    }
}
