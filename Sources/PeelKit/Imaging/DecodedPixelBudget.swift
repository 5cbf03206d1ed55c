import Foundation

/// Bytes of decoded pixels the image workers of one process may hold at once. A worker reserves an
/// image's estimated working memory before decoding it and gives it back when its thumbnails are
/// made; a worker whose image does not fit waits. Without it, peak memory grows with the core
/// count: when animations were decoded whole, four 170-frame 618 × 618 APNGs (260 MB of canvases
/// each, 755 MB of RSS for one alone) peaked at 1.46 GB on 2 cores. A build now reads frames one
/// at a time (`FrameSequence`), so an image's estimate is a few canvases and the budget mostly
/// bounds very large canvases and GIFs with many frames of colour indices.
///
/// An image larger than the whole budget still runs, alone. Waiting blocks the worker's thread;
/// that is safe because a holder never waits on anything, so it always finishes and releases.
final class DecodedPixelBudget: @unchecked Sendable {
    /// 512 MiB: a hundred still stickers decoding side by side, and a fixed ceiling whatever the
    /// core count.
    static let shared = DecodedPixelBudget(bytes: 512 << 20)

    let capacity: Int
    private let condition = NSCondition()
    private var reserved = 0
    private var peak = 0

    init(bytes: Int) {
        capacity = max(1, bytes)
    }

    /// The most ever reserved at once (for tests and measurements).
    var peakReserved: Int {
        condition.lock()
        defer { condition.unlock() }
        return peak
    }

    /// Runs `body` holding `bytes` of the budget (at most the whole of it), waiting until they
    /// are free.
    func withReservation<Result>(of bytes: Int, _ body: () throws -> Result) rethrows -> Result {
        let amount = min(max(0, bytes), capacity)
        condition.lock()
        while reserved + amount > capacity { condition.wait() }
        reserved += amount
        peak = max(peak, reserved)
        condition.unlock()
        defer {
            condition.lock()
            reserved -= amount
            condition.broadcast()
            condition.unlock()
            // glibc gives each worker thread its own malloc arena and keeps freed memory there: four
            // 170-frame APNGs decoded one after another on 2 threads still peaked at 1.47 GB (two
            // arenas of 750 MB each) until a finished large image's memory went back to the system.
            if amount >= Self.trimAfterBytes { FreedMemory.release() }
        }
        return try body()
    }

    /// 64 MiB: a long animation's worth; the many small still stickers never pay for a trim.
    static let trimAfterBytes = 64 << 20
}
