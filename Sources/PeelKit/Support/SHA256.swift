import CNettle
import Foundation

/// SHA-256 (FIPS 180-4), the digest behind every content hash, cache key and slug suffix Peel
/// makes, through Nettle (Debian's `nettle-dev`). Nettle uses the CPU's SHA instructions where
/// there are any (about 1 GB/s on the project's VM, as fast as BoringSSL), and its context is a
/// plain C struct, so a hasher is a value with no allocation. It replaced swift-crypto, whose
/// BoringSSL copy (about three minutes to compile alone; 42 s of CI's test build, beside other
/// work) was built in every build, twice in CI, for this one function.
struct SHA256 {
    private var context = sha256_ctx()

    init() {
        nettle_sha256_init(&context)
    }

    mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        nettle_sha256_update(&context, bytes.count, base.assumingMemoryBound(to: UInt8.self))
    }

    mutating func update(data: some DataProtocol) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }

    /// The digest of everything added so far; the hasher itself is left as it was.
    func finalize() -> Digest {
        var copy = context
        var bytes = [UInt8](repeating: 0, count: Digest.byteCount)
        bytes.withUnsafeMutableBufferPointer { nettle_sha256_digest(&copy, Digest.byteCount, $0.baseAddress) }
        return Digest(bytes: bytes)
    }

    static func hash(data: some DataProtocol) -> Digest {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }

    /// A finished digest: 32 bytes, in order.
    struct Digest: Sequence, Hashable, Sendable {
        static let byteCount = 32
        let bytes: [UInt8]

        func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
    }
}
