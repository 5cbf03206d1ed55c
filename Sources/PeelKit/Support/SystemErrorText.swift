#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Plain words for what the system reports, for messages that already name the file. Foundation's
/// own texts are unfit on Linux: "The operation could not be completed. (NSCocoaErrorDomain error
/// 256.)" for a symlink loop, "You don't have permission" for a FIFO. The underlying POSIX error is
/// found wherever Foundation keeps it and said in words; an error Peel made itself says its own.
public enum SystemErrorText {
    public static func describe(_ error: Error) -> String {
        if let peel = error as? PeelError { return peel.reason }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain {
            if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return describe(errno: Int32(underlying.code))
            }
            if nsError.domain == NSPOSIXErrorDomain { return describe(errno: Int32(nsError.code)) }
            if let words = cocoaWords[nsError.code] { return words }
            return nsError.localizedDescription
        }
        // Any other error says what its own description says.
        return String(describing: error)
    }

    /// Plain words for an errno value.
    public static func describe(errno code: Int32) -> String {
        if let words = posixWords[code] { return words }
        return String(cString: strerror(code)).lowercased()
    }

    private static let posixWords: [Int32: String] = [
        ENOENT: "no such file or folder",
        EACCES: "permission denied",
        EPERM: "operation not permitted",
        ELOOP: "too many levels of symlinks (a symlink loop)",
        EISDIR: "it is a folder, not a file",
        ENOTDIR: "a part of the path is a file, not a folder",
        ENOSPC: "the disk is full",
        EDQUOT: "the disk quota is used up",
        EFBIG: "the file is larger than this system allows (a file-size limit)",
        EROFS: "the file system is read-only",
        ENAMETOOLONG: "the name or the path is too long for the file system (a name holds 255 bytes at most, a whole path 4,096)",
        EEXIST: "something is already there",
        ENOTEMPTY: "the folder is not empty",
        EXDEV: "it is on another file system",
        EIO: "an input/output error (the disk or the connection to it failed)",
        EMFILE: "too many open files",
        ENFILE: "too many open files on this system",
        EBUSY: "it is in use",
    ]

    /// NSCocoaErrorDomain codes without an underlying POSIX error.
    private static let cocoaWords: [Int: String] = [
        4: "no such file or folder",
        256: "the file could not be read",
        257: "permission denied",
        258: "the file name is not valid",
        260: "no such file or folder",
        261: "the file is not in a text encoding Peel reads",
        512: "the file could not be written",
        513: "permission denied",
        514: "the file name is not valid",
        516: "something is already there",
        517: "the text cannot be written in this encoding",
        640: "the disk is full",
        642: "the file system is read-only",
    ]
}
