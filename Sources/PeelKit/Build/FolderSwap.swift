#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Swaps two folders in one step, where the OS can: `renameat2(RENAME_EXCHANGE)` on Linux (3.15+,
/// glibc 2.28+; ext4, xfs, btrfs, tmpfs...), `renamex_np(RENAME_SWAP)` on macOS (APFS). Either
/// name always holds a whole folder, so a publish killed at any instant never leaves the output
/// missing. False when the OS or the file system cannot; the caller then renames twice.
enum FolderSwap {
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if canImport(Glibc)
        guard let renameat2 = linuxRenameat2 else { return false }
        let atCurrentDirectory: Int32 = -100  // AT_FDCWD
        let exchange: UInt32 = 1 << 1          // RENAME_EXCHANGE
        return renameat2(atCurrentDirectory, first, atCurrentDirectory, second, exchange) == 0
        #elseif canImport(Darwin)
        return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// Looked up at run time: Swift's Glibc module does not declare it, and an older glibc lacks it.
    private static let linuxRenameat2: Renameat2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()
    #endif
}
