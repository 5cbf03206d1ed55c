#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A new file written part by part and hashed as it goes, so a large output is never held whole:
/// a 20,000-sticker catalog's review page is 25 MB of HTML and its catalog.json 34 MB, and
/// rendering each as one string (then copying it into `Data`) was the peak of the build's memory.
/// Created as `SafeFile.create` creates: exclusively, never through a link, in a folder Peel has
/// just made for itself; a failure removes what was written.
final class StreamedFile {
    /// What was written, once `finish()` has closed the file.
    struct Written: Equatable {
        var size: Int64
        var sha256: String
    }

    /// Parts are gathered up to this size before one `write(2)`.
    static let bufferSize = 1 << 20

    let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var hasher = SHA256()
    private var size: Int64 = 0

    /// Creates the file; `path` must not exist.
    init(newPath path: String) throws {
        self.path = path
        #if canImport(Glibc)
        descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        #else
        descriptor = Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        #endif
        guard descriptor >= 0 else { throw PeelError.cannotWrite(path: path, reason: SystemErrorText.describe(errno: errno)) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        // Neither finished nor discarded: an error left it half written.
        if descriptor >= 0 { discard() }
    }

    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        size += Int64(bytes.count)
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            try writeOut(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// A new file under a temporary name in `folder` holding what `produce` wrote, finished (its
    /// path and what was written); nothing is left behind when `produce` or the writing fails.
    static func temporary(in folder: String, produce: (StreamedFile) throws -> Void) throws -> (path: String, written: Written) {
        let file = try StreamedFile(newPath: folder + "/" + SafeFile.temporaryName())
        do {
            try produce(file)
        } catch {
            file.discard()
            throw error
        }
        return (file.path, try file.finish())
    }

    /// Replaces the file at `path` with what `produce` writes: written under a temporary name
    /// beside it and renamed into place, so the file is only ever whole (the old or the new one).
    @discardableResult
    static func replace(atPath path: String, produce: (StreamedFile) throws -> Void) throws -> Written {
        let folder = (path as NSString).deletingLastPathComponent
        let (temporary, written) = try Self.temporary(in: folder.isEmpty ? "." : folder, produce: produce)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw PeelError.cannotWrite(path: path, reason: SystemErrorText.describe(errno: code))
        }
        return written
    }

    /// Writes what is left and closes the file.
    func finish() throws -> Written {
        try flush()
        let status = close(descriptor)
        let code = errno
        descriptor = -1
        guard status == 0 else {
            unlink(path)
            throw PeelError.cannotWrite(path: path, reason: SystemErrorText.describe(errno: code))
        }
        return Written(size: size, sha256: Hex.string(hasher.finalize()))
    }

    /// Closes and removes the file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try writeOut($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws {
        let failure = FileDescriptorWrite.all(bytes, to: descriptor)
        guard failure == 0 else {
            discard()
            throw PeelError.cannotWrite(path: path, reason: SystemErrorText.describe(errno: failure))
        }
    }
}
