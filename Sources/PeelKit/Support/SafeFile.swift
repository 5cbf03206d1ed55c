#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one way Peel writes a file. A file appears whole or not at all, and nothing already at the
/// destination is followed or written into: the bytes go to a temporary file in the destination's
/// folder, which is then renamed over the destination (`replace`) or linked to it only if nothing
/// is there (`createOnly`). A symlink at the destination is replaced, the file it led to untouched;
/// an existing file is never truncated in place, so its other hard links (the build cache, the
/// previous site) keep their bytes. Folders a relative path needs are made one by one, and a
/// symlink among them is refused, so a planted link cannot lead the write out of the folder.
///
/// No fsync: Foundation's Data.write on Linux syncs every file (a fifth of a 600-sticker build's
/// system time), and Peel's outputs are swapped in by rename or checked before use.
enum SafeFile {
    enum Mode {
        /// Replace whatever is at the destination (a file or a symlink; never a folder).
        case replace
        /// Write only if nothing is at the destination; `exists` is thrown otherwise.
        case createOnly
    }

    /// Thrown by `createOnly` when something is already at the destination.
    struct Exists: Error {}

    /// Writes `data` at `relativePath` inside `folder`, making the folders between them.
    static func write(_ data: Data, to relativePath: String, in folder: URL, mode: Mode = .replace) throws {
        // Names from the content reach here (a pack's name on a platform): refused, never a trap.
        guard !relativePath.hasPrefix("/"), !relativePath.split(separator: "/").contains("..") else {
            throw PeelError.cannotWrite(path: folder.path + "/" + relativePath, reason: "the path would leave the folder it is written in")
        }
        let base = folder.path
        if let slash = relativePath.lastIndex(of: "/") {
            try makeFolders(String(relativePath[..<slash]), in: base)
        } else {
            try makeFolders("", in: base)
        }
        try write(data, toPath: base + "/" + relativePath, mode: mode)
    }

    /// The permission bits of the regular file at `path`, or nil when there is none.
    static func permissions(atPath path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : nil
    }

    /// Gives the file just written at `path` the `permissions` of the one it replaced (a new file
    /// is made 0644): a read-only sticker or sidecar stays read-only. O_NOFOLLOW: whatever is at
    /// the path now is changed only if it is that file.
    static func restore(_ permissions: mode_t?, atPath path: String) {
        guard let permissions else { return }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 {
            fchmod(descriptor, permissions)
            close(descriptor)
        }
    }

    /// Writes `data` at `path`, whose folder exists.
    static func write(_ data: Data, toPath path: String, mode: Mode = .replace) throws {
        try place(try stage(data, besidePath: path), data: data, atPath: path, mode: mode)
    }

    /// Writes `data` under a temporary name in `path`'s folder (which exists) and returns that
    /// name's path, for `place` to put where `path` is: several files written first and placed
    /// after, all or none (`discard` removes what was staged when one fails).
    static func stage(_ data: Data, besidePath path: String) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/" + temporaryName()
        // O_EXCL | O_NOFOLLOW: the temporary name is new; nothing planted there is opened.
        try writeNew(data, atPath: temporary, reportedAs: path)
        return temporary
    }

    /// Removes files `stage` wrote that will not be placed.
    static func discard(_ temporaries: [String]) {
        for temporary in temporaries { unlink(temporary) }
    }

    /// Puts the staged file `temporary` (holding `data`) at `path`, as `mode` says.
    static func place(_ temporary: String, data: Data, atPath path: String, mode: Mode) throws {
        switch mode {
        case .replace:
            if rename(temporary, path) != 0 {
                let code = errno
                unlink(temporary)
                throw PeelError.cannotWrite(path: path, reason: SystemErrorText.describe(errno: code))
            }
        case .createOnly:
            // link(2) never replaces anything, a dangling symlink included.
            if link(temporary, path) != 0 {
                let code = errno
                if code == EEXIST {
                    unlink(temporary)
                    throw Exists()
                }
                // File systems without hard links: an exclusive create says the same.
                unlink(temporary)
                do {
                    try writeNew(data, atPath: path, reportedAs: path)
                } catch let error as PeelError {
                    if FileManager.default.fileExists(atPath: path) || isSymlink(path) { throw Exists() }
                    throw error
                }
                return
            }
            unlink(temporary)
        }
    }

    /// Writes `data` as a new file at `path` in a folder Peel has just made for itself (a staging
    /// or scratch folder), without the temporary file: nothing there can be followed, since the
    /// file is created exclusively and never through a link. If something is already there (a file
    /// written twice), it is replaced as `write` does.
    static func create(_ data: Data, atNewPath path: String) throws {
        do {
            try writeNew(data, atPath: path, reportedAs: path)
        } catch is Exists {
            try write(data, toPath: path, mode: .replace)
        }
    }

    /// Makes each folder of `relativePath` below `base` that is missing; an existing one must be a
    /// real folder, not a symlink. `base` itself is the user's choice and may be a link.
    static func makeFolders(_ relativePath: String, in base: String) throws {
        var baseInfo = stat()
        if stat(base, &baseInfo) != 0 {
            let code = errno
            // Foundation reports a symlink loop here as "file exists"; say what it is.
            guard code == ENOENT else { throw PeelError.cannotWrite(path: base, reason: SystemErrorText.describe(errno: code)) }
            do {
                try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            } catch {
                throw PeelError.cannotWrite(path: base, reason: SystemErrorText.describe(error))
            }
        } else if baseInfo.st_mode & S_IFMT != S_IFDIR {
            throw PeelError.cannotWrite(path: base, reason: "it is a file, not a folder")
        }
        var made = base
        for component in relativePath.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o755) == 0 { continue }
            let code = errno
            guard code == EEXIST else { throw PeelError.cannotWrite(path: made, reason: SystemErrorText.describe(errno: code)) }
            var info = stat()
            guard lstat(made, &info) == 0 else { throw PeelError.cannotWrite(path: made, reason: SystemErrorText.describe(errno: errno)) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK: throw PeelError.cannotWrite(path: made, reason: "it is a symlink; Peel does not write through links (remove it)")
            default: throw PeelError.cannotWrite(path: made, reason: "it is a file where Peel needs a folder")
            }
        }
    }

    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// `.peel-tmp-<pid>-<n>`: short, so it fits beside a name of any allowed length, and hidden.
    static func temporaryName() -> String {
        ".peel-tmp-\(getpid())-\(counter.next())"
    }

    /// True for a file `temporaryName()` named whose process is gone: what a killed write left.
    static func isLeftoverTemporary(_ name: String) -> Bool {
        guard name.hasPrefix(".peel-tmp-"), let pid = name.dropFirst(".peel-tmp-".count).split(separator: "-").first.flatMap({ Int32($0) }),
              pid != getpid() else { return false }
        return !PeelProcess.isRunning(pid)
    }

    private static let counter = Counter()

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }

    /// Creates `path` exclusively and writes `data`; a failure removes what was created.
    private static func writeNew(_ data: Data, atPath path: String, reportedAs shown: String) throws {
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        #else
        let descriptor = Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        #endif
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw Exists() }
            throw PeelError.cannotWrite(path: shown, reason: SystemErrorText.describe(errno: code))
        }
        var failure = data.withUnsafeBytes { FileDescriptorWrite.all($0, to: descriptor) }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw PeelError.cannotWrite(path: shown, reason: SystemErrorText.describe(errno: failure))
        }
    }
}
