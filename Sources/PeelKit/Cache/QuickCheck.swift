#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The first question of every build, answered with one `stat` per input file and per folder and
/// nothing else: is the site already what this build would make? It holds the stamp of every input
/// file, of every folder of the content (a file added, removed or renamed changes its folder's
/// stamp) and of every folder of the published site (the same for a file deleted from the site),
/// under the fingerprint of the options, theme and version. When every stamp is what it was, the
/// build is up to date without parsing the build state or hashing anything; any difference sends
/// the build to the full comparison (InputChanges), which still finds "nothing changed" for a file
/// saved with the same bytes, and writes a new quick check.
///
/// An input whose stamp falls in the same clock tick as the quick check was written is never
/// trusted (git's "racily clean" rule, measured with the file system's own clock, so it holds for
/// 1 s and 2 s timestamps too): a later write in that tick could leave the same stamp on other
/// bytes. The site's folders are exempt: only Peel writes there, and they were written
/// milliseconds before the quick check, so the rule would send every second build to the full
/// comparison; a file deleted from the site in that instant is the one change it could miss.
///
/// Binary, read without making a string per file (at 20,000 stickers a text state took 170 µs a
/// sticker to say "nothing to do"): a header line, the fingerprint, then per record the stamp as
/// four little-endian 64-bit integers, a byte that is 1 for an input (0 for a folder of the site),
/// and the absolute path ended by a NUL byte.
enum QuickCheck {
    static let header = "peel-quick-check 1\n"

    struct Record {
        var path: String
        var stamp: FileStamp
        /// False for a folder of the site (see the racy rule above).
        var isInput = true
    }

    /// Writes the records under `fingerprint` at `path` (replacing it whole: SafeFile).
    static func write(_ records: [Record], fingerprint: String, to path: String) throws {
        try write(fingerprint: fingerprint, to: path) { emit in
            for record in records { try emit(record) }
        }
    }

    /// Writes the records `produce` hands to its `emit`, as it hands them, under `fingerprint` at
    /// `path` (replacing it whole: SafeFile; nothing is replaced when `produce` throws). Streamed
    /// to a new file and renamed into place: a 20,000-sticker catalog in three languages has
    /// 80,000 inputs, and its records gathered first were 28 MB at the build's last, highest
    /// moment of memory.
    static func write(fingerprint: String, to path: String, records produce: (_ emit: (Record) throws -> Void) throws -> Void) throws {
        try StreamedFile.replace(atPath: path) { file in
            try file.write(header + fingerprint + "\n")
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 16)
            try produce { record in
                precondition(!record.path.utf8.contains(0), "paths from the file system hold no NUL")
                for value in [record.stamp.size, record.stamp.modified, record.stamp.changed, Int64(bitPattern: record.stamp.inode)] {
                    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
                }
                bytes.append(record.isInput ? 1 : 0)
                bytes.append(contentsOf: record.path.utf8)
                bytes.append(0)
                if bytes.count >= 1 << 16 {
                    try bytes.withUnsafeBytes { try file.write($0) }
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            try bytes.withUnsafeBytes { try file.write($0) }
        }
    }

    /// Removes the quick check at `path`, before anything it vouches for is replaced.
    static func remove(at path: String) {
        unlink(path)
    }

    /// True when the quick check at `path` was written under `fingerprint` and every stamp it
    /// holds is still the file's or folder's, none of them racy. With `siteOnly`, only the site's
    /// folders are compared: false when anything but Peel changed the published site since (a
    /// `git reset --hard` in a `gh-pages` worktree, a backup restored), so its files may not be
    /// the ones the build state describes.
    /// `parts` (tests) sets how many parts the records are compared in; by default, one per core
    /// for a large quick check.
    static func holds(at path: String, fingerprint: String, siteOnly: Bool = false, parts: Int? = nil) -> Bool {
        var own = stat()
        guard stat(path, &own) == 0, let data = try? ContentFile.read(URL(fileURLWithPath: path, isDirectory: false)) else { return false }
        let written = FileStamp(own).modified
        let prefix = [UInt8](header.utf8) + Array((fingerprint + "\n").utf8)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            guard raw.baseAddress != nil else { return false }
            var offset: Int
            if siteOnly {
                // The site's folders are the site's whatever the build's options were (a template
                // edit changes the fingerprint, not what is in the folder).
                let start = [UInt8](header.utf8)
                guard raw.count > start.count, raw.prefix(start.count).elementsEqual(start),
                      let newline = raw[start.count...].firstIndex(of: UInt8(ascii: "\n")) else { return false }
                offset = newline + 1
            } else {
                guard raw.count >= prefix.count, raw.prefix(prefix.count).elementsEqual(prefix) else { return false }
                offset = prefix.count
            }
            // The stamps are compared in a part per core: a no-op rebuild of 20,000 stickers in
            // four languages is 100,000 `stat` calls, half of its time.
            let count = parts ?? (raw.count >= Self.bytesWorthSplitting ? ParallelWork.coreCount : 1)
            guard let parts = recordParts(raw, from: offset, count: count) else { return false }
            nonisolated(unsafe) let records = raw
            return !ParallelWork.mapBlocking(parts) { part in
                stampsHold(records, part, written: written, siteOnly: siteOnly)
            }.contains(false)
        }
    }

    /// Below this size (about 3,000 records) the records are compared on one core.
    static let bytesWorthSplitting = 256 << 10

    /// The records from `offset` on, cut at record boundaries into at most `count` parts of about
    /// the same size; nil when a record is cut short (a damaged file, which then does not hold).
    private static func recordParts(_ raw: UnsafeRawBufferPointer, from offset: Int, count: Int) -> [Range<Int>]? {
        let target = max(1, (raw.count - offset) / max(1, count))
        var parts: [Range<Int>] = []
        var start = offset, position = offset
        while position < raw.count {
            guard raw.count - position > 33,
                  let nul = memchr(raw.baseAddress! + position + 33, 0, raw.count - position - 33) else { return nil }
            position = raw.baseAddress!.distance(to: UnsafeRawPointer(nul)) + 1
            if position - start >= target && parts.count < count - 1 {
                parts.append(start..<position)
                start = position
            }
        }
        if position > start { parts.append(start..<position) }
        return parts
    }

    /// True when every record in `part` is still its file's or folder's stamp, none of them racy.
    private static func stampsHold(_ raw: UnsafeRawBufferPointer, _ part: Range<Int>, written: Int64, siteOnly: Bool) -> Bool {
        let base = raw.baseAddress!
        var folder = OpenFolder()
        defer { folder.closeFolder() }
        var info = stat()
        var offset = part.lowerBound
        while offset < part.upperBound {
            func value(_ index: Int) -> Int64 {
                Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8 * index, as: Int64.self))
            }
            let size = value(0), modified = value(1), changed = value(2), inode = UInt64(bitPattern: value(3))
            let isInput = raw[offset + 32] == 1
            let start = offset + 33
            // recordParts found every record's NUL.
            let end = base.distance(to: UnsafeRawPointer(memchr(base + start, 0, part.upperBound - start)!))
            if siteOnly && isInput {
                offset = end + 1
                continue
            }
            // The path is NUL-terminated in the buffer: stat reads it in place.
            guard folder.stamp(UnsafeRawBufferPointer(rebasing: raw[start..<end]), into: &info) else { return false }
            let stamp = FileStamp(info)
            guard stamp.size == size, stamp.modified == modified, stamp.changed == changed, stamp.inode == inode,
                  !isInput || (modified < written && changed < written) else { return false }
            offset = end + 1
        }
        return true
    }

    /// The folder of the last path stamped, kept open: records come a folder at a time, so each
    /// file is stamped by its name in that folder (`fstatat`) instead of walking its whole
    /// absolute path again (the path walk was 40 % of a no-op rebuild's time). Symlinks are
    /// followed as `stat` follows them.
    private struct OpenFolder {
        private var descriptor: Int32 = -1
        private var path: [UInt8] = []

        /// Stamps the absolute `path`, whose bytes are followed by a NUL in memory.
        mutating func stamp(_ path: UnsafeRawBufferPointer, into info: inout stat) -> Bool {
            let terminated = path.baseAddress!.assumingMemoryBound(to: CChar.self)
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")), slash > 0, slash + 1 < path.count else {
                return stat(terminated, &info) == 0
            }
            let folder = UnsafeRawBufferPointer(rebasing: path[..<slash])
            if descriptor < 0 || !folder.elementsEqual(self.path) {
                closeFolder()
                self.path = Array(folder)
                descriptor = (self.path + [0]).withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, Self.flags) }
                }
                guard descriptor >= 0 else { return false }
            }
            return fstatat(descriptor, terminated + slash + 1, &info, 0) == 0
        }

        mutating func closeFolder() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }

        /// Read-only: the folders of the content and of the site are ones Peel lists anyway.
        private static let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
    }
}
