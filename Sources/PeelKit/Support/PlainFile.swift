#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a file with open/write/close. Foundation's Data.write on Linux calls fsync after every
/// file: 3,000 of them in a 600-sticker build, a fifth of its system time. Peel's outputs need
/// no fsync: the site is swapped in by rename, and the cache checks its entries before use.
enum PlainFile {
    static func write(_ data: Data, toPath path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PeelError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #else
                let written = Darwin.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    throw PeelError.writeFailed(path: path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }
}
