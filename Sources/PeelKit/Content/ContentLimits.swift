import Foundation

/// The largest files Peel reads from a content folder. Everything is read whole into memory, so a
/// hostile (or mistaken) multi-gigabyte file is refused by its size before it is read. Both limits
/// are far above any real sticker (Messages takes under 500,000 bytes) or sidecar.
enum ContentLimits {
    /// 256 MiB: an uncompressed PNG of the largest pixel budget anyone would set is smaller.
    static let maxImageBytes = 256 * 1024 * 1024
    /// 4 MiB of Markdown: a sidecar, pack.md or site.md is a few hundred bytes.
    static let maxTextBytes = 4 * 1024 * 1024

    /// The size of the file at `url` (symlinks followed), nil if it cannot be seen.
    static func size(of url: URL) -> Int? {
        // One stat(2) (symlinks followed), as ContentFile's check just before it: no Foundation
        // attribute dictionary and no separate symlink resolution per sticker.
        FileStamp.of(path: url.path).map { Int($0.size) }
    }

    /// "256 MiB", for messages.
    static func megabytes(_ bytes: Int) -> String {
        "\(bytes / (1024 * 1024)) MiB"
    }
}
