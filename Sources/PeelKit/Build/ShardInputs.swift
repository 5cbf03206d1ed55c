#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The content a shard was built from: every file of its packs' folders, the files at the top
/// of the content folder (site.md, its translations, icon art) and the art a pack's `icon:` or
/// `tray:` names wherever it is (another pack's folder, a hidden one), each with its SHA-256. `peel
/// merge` reads the catalog's text again but takes images, thumbnails and zips from the shards, so
/// a shard built before an image was added or a label edited would publish an image that
/// "can't be read" or a zip with the old label; comparing these refuses it instead.
enum ShardInputs {
    /// Content-relative path → SHA-256 (hex) of each file the shard's `packs` depend on, from
    /// `hashes`: a shard's build has them already (the bytes it used, `hashLearnt`), a merge
    /// reads each file once.
    static func hashes(content: URL, packs: [Pack], from hashes: ContentHashes) throws -> [String: String] {
        let root = content.standardizedFileURL
        var result: [String: String] = [:]
        func add(_ relative: String) throws {
            result[relative] = try hashes.hashLearnt(of: relative)
        }
        // Editors' leftovers are no input of the catalog's: an Emacs backup saved after the shard was built changes nothing.
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where !IgnoredName.matches(name) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder), !isFolder.boolValue {
                try add(name)
            }
        }
        for art in packs.flatMap({ [$0.icon, $0.tray] }).compactMap({ $0 }) where result[art] == nil {
            try add(art)
        }
        // Symlinks are followed as the catalog follows them, where they stay inside the content
        // folder: a sticker linked from another pack, or a pack folder that is a link, recorded
        // nothing, and a shard built before its target changed was merged.
        let inside = ContentPath(root: content)
        func addFolder(_ folder: String, depth: Int) throws {
            guard depth < 8, let names = try? FolderListing.names(atPath: inside.url(folder).path) else { return }
            for name in names where !name.hasPrefix(".") && !IgnoredName.matches(name) {
                let path = folder + "/" + name
                var info = stat()
                guard stat(inside.url(path).path, &info) == 0, inside.relative(inside.url(path)) != nil else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: try addFolder(path, depth: depth + 1)
                case S_IFREG: try add(path)
                default: continue
                }
            }
        }
        for folder in packs.map(\.folder) { try addFolder(folder, depth: 0) }
        return result
    }

    /// The first difference between what a shard was built from and the content now, in path
    /// order, in words ("faces/new.png was added"); nil when they are the same.
    static func firstDifference(built: [String: String], now: [String: String]) -> String? {
        for path in Set(built.keys).union(now.keys).sorted() where built[path] != now[path] {
            if built[path] == nil { return "\(path) was added" }
            if now[path] == nil { return "\(path) was removed" }
            return "\(path) changed"
        }
        return nil
    }
}
