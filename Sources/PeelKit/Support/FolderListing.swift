#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The names in a folder, read with `opendir`/`readdir`: a failure keeps its `errno`, so it is
/// said in plain words ("too many open files"), where FileManager's listing reports only that
/// "the file could not be read".
enum FolderListing {
    struct Failure: Error, Equatable {
        let errno: Int32
    }

    /// Every name in the folder at `path` but "." and "..", in the order the file system gives.
    static func names(atPath path: String) throws(Failure) -> [String] {
        var names: [String] = []
        try forEachName(atPath: path) { names.append($0) }
        return names
    }

    /// Calls `body` with each name in the folder at `path` but "." and "..", one at a time: a
    /// folder of 60,000 cache entries is walked without holding its names.
    static func forEachName(atPath path: String, _ body: (String) -> Void) throws(Failure) {
        guard let directory = opendir(path) else { throw Failure(errno: errno) }
        defer { closedir(directory) }
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Failure(errno: errno) }
                return
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { body(name) }
        }
    }
}
