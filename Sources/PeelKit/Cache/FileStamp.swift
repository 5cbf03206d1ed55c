#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, to tell cheaply that it has not changed since it was hashed (as
/// git's index does). A stamp only ever saves re-reading a file: a file whose stamp changed is
/// hashed again, and one whose bytes are the same (a fresh checkout touches every mtime) still
/// counts as unchanged.
struct FileStamp: Hashable, Sendable {
    var size: Int64
    /// Modification and status-change times, in nanoseconds since 1970.
    var modified: Int64
    var changed: Int64
    var inode: UInt64

    /// A stamp that never matches, for files that must be hashed again next time.
    static let unknown = FileStamp(size: -1, modified: 0, changed: 0, inode: 0)

    /// The stamp of the file at `path` (symlinks followed); nil when it cannot be stat'ed.
    static func of(path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        self.init(size: Int64(info.st_size),
                  modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
                  changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
                  inode: UInt64(info.st_ino))
    }
}
