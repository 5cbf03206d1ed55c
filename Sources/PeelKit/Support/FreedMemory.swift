#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process freed back to the system. `peel` keeps freed blocks for reuse
/// (MemoryTuning: it saves a sixth of a build's time in page faults), and image buffers freed
/// between the records that stay (every sticker's paths, hashes and facts) left holes the heap
/// never shrank over: a 20,000-sticker build's peak RSS grew to 299 MB while its live heap was a
/// third of that. Releasing the free pages every few hundred images, and between build steps,
/// keeps RSS near the live heap for a few page faults per image.
enum FreedMemory {
    /// How many images the image step makes between releases: often enough that the holes stay
    /// small, rarely enough that the release's walk over the heap costs nothing measurable.
    static let imagesBetweenReleases = 250
    /// How many pages the page step writes between releases.
    static let pagesBetweenReleases = 2_000

    static func release() {
        #if canImport(Glibc)
        // malloc_trim is glibc's (malloc.h, which Swift's Glibc module leaves out); found at run time.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = trim else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    #if canImport(Glibc)
    nonisolated(unsafe) private static let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    #endif
}
