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
        for folder in packs.map(\.folder) {
            let url = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { continue }
            for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                && !IgnoredName.matches(file.lastPathComponent) {
                try add(folder + "/" + String(file.standardizedFileURL.path.dropFirst(url.standardizedFileURL.path.count + 1)))
            }
        }
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
