#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads the user's files (content, icon art, files given to `peel fit`) safely: only a regular
/// file is read. A FIFO, socket, device or folder is refused by what it is, found with `stat`
/// or, when opening, without blocking (opening a FIFO for reading waits for a writer forever),
/// and every failure is said in plain words ("a symlink loop", not "NSCocoaErrorDomain error 256").
public enum ContentFile {
    /// Why the thing at `path` (symlinks followed) cannot be read as a file; nil for a regular
    /// file or when nothing is there.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// Not a regular file: "a folder", "a FIFO (named pipe)"...
        case kind(String)
        /// `stat` failed: a symlink loop, no permission...
        case inaccessible(String)

        public var description: String {
            switch self {
            case .kind(let kind): return "it is \(kind), not a regular file"
            case .inaccessible(let words): return words
            }
        }
    }

    public static func problem(atPath path: String) -> Problem? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT, let target = danglingLinkTarget(path) {
                // "no such file or folder" named a file the listing had just shown.
                return .inaccessible("it is a symlink to '\(target)', which does not exist (moved, or not checked out)")
            }
            return code == ENOENT ? nil : .inaccessible(SystemErrorText.describe(errno: code))
        }
        return kind(info.st_mode).map(Problem.kind)
    }

    /// Where the symlink at `path` points, when it is one (its target missing, as `stat` said).
    static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of the regular file at `url`; `PeelError.unreadable` naming `url` otherwise.
    public static func read(_ url: URL) throws -> Data {
        var data = Data()
        try read(url) { descriptor, size in data = try readAll(descriptor, size: size, path: url.path) }
        return data
    }

    /// A file's first 16 bytes (enough to tell its format: `ImageFormat.sniff`), or none when it
    /// cannot be read.
    static func head(of url: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) ?? Data()
    }

    /// `body` reads a part at a time (`body` is given each part, in order) from the regular file
    /// at `url`, never holding more than `partSize` bytes: how a file Peel only hashes is read,
    /// whatever its size (a 1.5 GB notes.txt in a pack folder was read whole to learn its hash).
    public static func forEachPart(of url: URL, partSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let path = url.path
        try read(url) { descriptor, size in
            // No larger than the file (and uninitialised): most files hashed are sidecars of a few
            // hundred bytes, and a zeroed MiB for each was a cold build's worth of memset.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(partSize, size + 1)), alignment: 1)
            defer { buffer.deallocate() }
            while true {
                #if canImport(Glibc)
                let count = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
                #else
                let count = Darwin.read(descriptor, buffer.baseAddress!, buffer.count)
                #endif
                let code = count < 0 ? errno : 0
                if count > 0 {
                    try body(UnsafeRawBufferPointer(rebasing: buffer.prefix(count)))
                } else if count == 0 {
                    return
                } else if code != EINTR {
                    throw PeelError.unreadable(path: path, reason: SystemErrorText.describe(errno: code))
                }
            }
        }
    }

    /// Opens the regular file at `url` without blocking and hands its descriptor and size to `body`.
    private static func read(_ url: URL, _ body: (Int32, Int) throws -> Void) throws {
        let path = url.path
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #else
        let descriptor = Darwin.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #endif
        guard descriptor >= 0 else { throw PeelError.unreadable(path: path, reason: SystemErrorText.describe(errno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PeelError.unreadable(path: path, reason: SystemErrorText.describe(errno: errno)) }
        if let kind = kind(info.st_mode) { throw PeelError.unreadable(path: path, reason: Problem.kind(kind).description) }
        try body(descriptor, Int(max(0, info.st_size)))
    }

    private static func readAll(_ descriptor: Int32, size: Int, path: String) throws -> Data {
        // Read into a buffer of the file's size (one spare byte tells a file that grew meanwhile,
        // and then the buffer grows): one or two read(2) calls, where FileHandle read 4 KiB at a
        // time, and a failure keeps its errno.
        var data = Data(count: size + 1)
        var total = 0
        while true {
            if total == data.count { data.count *= 2 }
            let count = data.count
            let (read, code) = data.withUnsafeMutableBytes { raw in
                #if canImport(Glibc)
                let read = Glibc.read(descriptor, raw.baseAddress! + total, count - total)
                #else
                let read = Darwin.read(descriptor, raw.baseAddress! + total, count - total)
                #endif
                return (read, read < 0 ? errno : 0)
            }
            if read > 0 {
                total += read
            } else if read == 0 {
                break
            } else if code != EINTR {
                throw PeelError.unreadable(path: path, reason: SystemErrorText.describe(errno: code))
            }
        }
        data.count = total
        return data
    }

    /// What a file of this mode is, when it is not a regular file.
    private static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "something other than a file"
        }
    }
}
