import Foundation

/// Where a cache beside the content folder goes when it cannot be made there: a checkout mounted
/// read-only (Docker `-v …:ro`, a read-only CI workspace). `peel check` stopped with "cannot
/// write the site" and checked nothing, and a parts pack published no stickers, with no option to
/// move the composed art. The cache then lives in the temporary folder, one per content folder (by
/// its real path), so a second run still finds it.
enum FallbackCacheFolder {
    /// `preferred` when a folder can be made there, else `<tmp>/peel-<name>-<hash of the content path>`.
    static func choose(_ preferred: URL, name: String, content: URL) -> (folder: URL, movedBecause: String?) {
        do {
            if let link = CacheFolderLink.reason(at: preferred) { throw CacheFolderLinkError(reason: link) }
            try FileManager.default.createDirectory(at: preferred, withIntermediateDirectories: true)
            guard access(preferred.path, W_OK) == 0 else { throw CocoaError(.fileWriteNoPermission) }
            CacheGitIgnore.place(in: preferred.deletingLastPathComponent())
            return (preferred, nil)
        } catch {
            let key = Hex.string(SHA256.hash(data: Data(RealPath.of(content).utf8))).prefix(16)
            let fallback = FileManager.default.temporaryDirectory.appendingPathComponent("peel-\(name)-\(key)")
            return (fallback, (error as? CacheFolderLinkError)?.reason ?? SystemErrorText.describe(error))
        }
    }
}

/// The preferred folder is, or is inside, a symbolic link (`CacheFolderLink`).
private struct CacheFolderLinkError: Error {
    let reason: String
}
