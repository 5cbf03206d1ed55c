import Foundation

/// What a set of folders looks like on disk, cheaply: each file's path, size, modification time
/// and inode, from `stat` alone (no file is read). Two snapshots differ when anything was added,
/// removed, renamed, saved or replaced, which is all `peel serve` needs to decide to rebuild.
public struct FolderSnapshot: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        let size: Int64
        let modified: Int64
        let inode: UInt64
        let isDirectory: Bool
    }

    private var entries: [String: Entry] = [:]

    public init(folders: [URL]) {
        // The top folders' own symlinks are followed, as the catalog loader follows them (a
        // `content` that links elsewhere is watched where it points); links inside are not.
        for folder in folders { scan(folder.standardizedFileURL.resolvingSymlinksInPath().path) }
    }

    public var fileCount: Int { entries.count }

    /// Every folder walked, the top ones included (what `FolderWatcher` watches).
    public var directories: [String] {
        entries.filter(\.value.isDirectory).map(\.key).sorted()
    }

    /// Paths that differ from `other`: added, removed or changed, sorted.
    public func changes(since other: FolderSnapshot) -> [String] {
        var changed = Set<String>()
        for (path, entry) in entries where other.entries[path] != entry { changed.insert(path) }
        for path in other.entries.keys where entries[path] == nil { changed.insert(path) }
        return changed.sorted()
    }

    /// Walks `path` with `lstat`, skipping hidden files (editor swap files, .DS_Store, .git).
    private mutating func scan(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        let stamp = FileStamp(info)
        entries[path] = Entry(size: isDirectory ? 0 : stamp.size, modified: isDirectory ? 0 : stamp.modified, inode: stamp.inode,
                              isDirectory: isDirectory)
        guard isDirectory else { return }
        for name in Self.names(in: path) where !name.hasPrefix(".") && !name.hasSuffix("~") {
            scan(path + "/" + name)
        }
    }

    /// The names in a folder, from `readdir` (FileManager's listing costs several times more, and
    /// the polling fallback walks the folders ten times a second).
    private static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }
}
