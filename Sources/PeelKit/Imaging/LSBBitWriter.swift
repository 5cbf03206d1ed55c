/// Writes bit fields least-significant bit first, as WebP lossless (VP8L, RFC 9649 §3) reads them.
struct LSBBitWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingCount = 0

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `value` (`count` at most 32).
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        pending |= UInt64(value) << UInt64(pendingCount)
        pendingCount += count
        if pendingCount >= 32 {
            let word = UInt32(truncatingIfNeeded: pending)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            pending >>= 32
            pendingCount -= 32
        }
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        while pendingCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
        pendingCount = 0
        return bytes
    }
}
