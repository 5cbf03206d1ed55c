/// Which input files changed since they were last looked at: the one answer that both `peel
/// build` (is there anything to do?) and `peel serve` (must the site be built again?) ask for.
/// Stamps come from an `InputSnapshot`; hashes come from `ContentHashes`.
///
/// A file whose stamp is the same as when it was hashed has not changed, and it is not read.
/// Any other file is read, and it has changed only when its bytes differ (a checkout that touches
/// every mtime changes nothing). A stamp taken within the file system's timestamp granularity of
/// the file's last write is never trusted (ContentHashes.entries marks it unknown), so a second
/// edit of the same size in the same second (or in the same 2 s on FAT) is still seen.
enum InputChanges {
    /// Paths (relative to the snapshot's folder) added, removed or changed since `known`, sorted.
    /// `firstOnly` stops at the first one, for a build that only asks whether anything changed.
    static func find(_ snapshot: InputSnapshot, since known: PathMap<ContentHashes.Entry>, hashes: ContentHashes,
                     firstOnly: Bool = false) -> [String] {
        var changed: [String] = []
        if firstOnly && snapshot.files.count != known.count {
            return [snapshot.files.keys.first { known[$0] == nil } ?? known.keys.first { snapshot.files[$0] == nil } ?? ""]
        }
        for (path, stamp) in snapshot.files {
            guard let entry = known[path] else {
                changed.append(path)
                if firstOnly { return changed }
                _ = try? hashes.hash(of: path)
                continue
            }
            if entry.stamp == stamp && stamp != .unknown {
                hashes.confirm(entry, of: path)
                continue
            }
            if (try? hashes.hash(of: path)) != entry.sha256 {
                changed.append(path)
                if firstOnly { return changed }
            }
        }
        for path in known.keys where snapshot.files[path] == nil { changed.append(path) }
        return changed.sorted()
    }
}
