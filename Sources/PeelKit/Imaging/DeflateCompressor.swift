import CLibDeflate
import Foundation

/// zlib streams (PNG image data) and raw deflate (ZIP entries) through libdeflate. Compressors are
/// pooled: allocating one costs more than compressing a small thumbnail, and each may be used by
/// one thread at a time.
enum DeflateCompressor {
    private static let pool = CompressorPool()

    static func zlib(_ input: [UInt8], level: Int32 = PNGWriter.compressionLevel) -> [UInt8] {
        input.withUnsafeBytes { compress($0, level: level, bound: libdeflate_zlib_compress_bound, compress: libdeflate_zlib_compress) }
    }

    /// Raw deflate, without the zlib header and checksum (a ZIP entry's data).
    static func raw(_ input: Data, level: Int32) -> [UInt8] {
        input.withUnsafeBytes { compress($0, level: level, bound: libdeflate_deflate_compress_bound, compress: libdeflate_deflate_compress) }
    }

    private static func compress(_ source: UnsafeRawBufferPointer, level: Int32,
                                 bound: (OpaquePointer?, Int) -> Int,
                                 compress: (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int) -> Int) -> [UInt8] {
        let compressor = pool.take(level: level)
        defer { pool.give(compressor, level: level) }
        let capacity = bound(compressor, source.count)
        return [UInt8](unsafeUninitializedCapacity: capacity) { target, initialized in
            let written = compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            // The bound is libdeflate's worst case for this input, so compression cannot run out of room.
            precondition(written > 0, "libdeflate output exceeded its own bound")
            initialized = written
        }
    }
}

private final class CompressorPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Int32: [OpaquePointer]] = [:]

    func take(level: Int32) -> OpaquePointer {
        lock.lock()
        let pooled = idle[level]?.popLast()
        lock.unlock()
        if let pooled { return pooled }
        guard let fresh = libdeflate_alloc_compressor(level) else { fatalError("libdeflate could not allocate a compressor") }
        return fresh
    }

    func give(_ compressor: OpaquePointer, level: Int32) {
        lock.lock()
        idle[level, default: []].append(compressor)
        lock.unlock()
    }
}
