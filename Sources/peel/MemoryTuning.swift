#if canImport(Glibc)
import Glibc
#endif

/// glibc returns large freed blocks to the kernel at once (mmap below 32 MB, heap trimming), so
/// every sticker's decode and thumbnail buffers were mapped, zero-filled and faulted in afresh:
/// 440,000 page faults and a sixth of a 600-sticker build's CPU time. Keeping freed memory for
/// reuse removes nearly all of them (8,900 faults); peak memory stays far under the 150 MB budget
/// for 5,000 stickers (BENCHMARKS.md).
enum MemoryTuning {
    static func keepFreedImageMemory() {
        #if canImport(Glibc)
        // mallopt is glibc's (malloc.h, which Swift's Glibc module leaves out); found at run time.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let mmapThreshold: Int32 = -3, trimThreshold: Int32 = -1  // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
        _ = mallopt(mmapThreshold, 64 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        #endif
    }
}
