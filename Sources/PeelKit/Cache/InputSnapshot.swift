#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Every file of a content folder with its stamp, found with one `readdir` and one `stat` per
/// entry: how a rebuild learns, without reading anything, which inputs may have changed.
/// Hidden entries (".git", ".DS_Store", editor swap files) and editors' other leftovers
/// (`EditorLeftover`) are skipped, as the catalog loader skips them. Symlinked folders are followed once each (a loop cannot trap the walk).
struct InputSnapshot: Equatable, Sendable {
    /// Path relative to the content folder → stamp.
    var files: PathMap<FileStamp>
    /// Every folder walked, the top one included, as absolute paths (what `peel serve` watches).
    var directories: [String] = []
    /// Each of `directories`' stamp, taken before it was listed. The quick check records these,
    /// not the folders' stamps at the end of the build: a file created in a folder while the
    /// build ran (after the folder was listed) changes its stamp, so the next build looks again
    /// instead of saying "Up to date" without the new file.
    var directoryStamps: [FileStamp] = []

    /// A digest of the folders walked, relative to the top one (each listed once, sorted): what
    /// `BuildState.folders` compares.
    var foldersDigest: String {
        guard let top = directories.first else { return "" }
        let relative = directories.map { $0 == top ? "." : $0.hasPrefix(top + "/") ? String($0.dropFirst(top.count + 1)) : $0 }
        return Hex.string(SHA256.hash(data: Data(Set(relative).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "\n").utf8)))
    }

    static func take(_ root: URL) -> InputSnapshot {
        var snapshot = InputSnapshot(files: [:])
        var visited = Set<[UInt64]>()
        // The top folder's own symlink is followed, as the catalog loader follows it.
        let top = RealPath.of(root)
        let inside = ContentPath(root: root)
        walk(top, relative: "", inside: inside, excluded: excludedPaths(in: inside), into: &snapshot, visited: &visited, depth: 0)
        snapshot.addArtNamedByPacks(inside: inside)
        return snapshot
    }

    /// What site.md's `exclude:` names, read as the catalog loader reads it: no input, so a
    /// catalog at a repository's root does not stat its `node_modules/` at every build. A change to
    /// the list changes site.md, whose stamp sends the build to the full comparison.
    private static func excludedPaths(in inside: ContentPath) -> ExcludedPaths {
        guard let text = try? String(contentsOf: inside.url("site.md"), encoding: .utf8), text.hasPrefix("---") else { return ExcludedPaths() }
        var reader = FrontMatterReader(FrontMatter.parse(text, file: "site.md").0, file: "site.md", knownKeys: KnownKeys.site)
        return ExcludedPaths(reader.strings("exclude") ?? [])
    }

    /// The art a pack's `icon:` or `tray:` names where the walk does not go (a hidden folder,
    /// `icon: ../.art/icon.png`): an input all the same, or replacing it left the old icon set
    /// with "Up to date". Read from each pack.md's front matter, as the catalog loader reads it.
    private mutating func addArtNamedByPacks(inside: ContentPath) {
        let packFiles = files.keys.filter { $0.hasSuffix("/pack.md") && $0.split(separator: "/").count == 2 }
        for packFile in packFiles {
            guard let text = try? String(contentsOf: inside.url(packFile), encoding: .utf8), text.hasPrefix("---") else { continue }
            let folder = String(packFile.dropLast("/pack.md".count))
            let (frontMatter, _) = FrontMatter.parse(text, file: packFile)
            for key in ["icon", "tray"] {
                guard case .scalar(let scalar)? = frontMatter[key]?.value,
                      let path = inside.resolve(scalar.string.trimmingCharacters(in: .whitespaces), in: folder), files[path] == nil else { continue }
                var info = stat()
                guard stat(inside.url(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                files[path] = FileStamp(info)
                // Its folder is watched (peel serve) and stamped (the quick check) like the walked ones.
                let folderPath = inside.url(path).deletingLastPathComponent().standardizedFileURL.path
                var folderInfo = stat()
                if !directories.contains(folderPath), stat(folderPath, &folderInfo) == 0 {
                    directories.append(folderPath)
                    directoryStamps.append(FileStamp(folderInfo))
                }
            }
        }
    }

    /// Nothing a symlink leads to outside the content folder (`inside`) is listed, stamped or
    /// hashed (a pack folder linked to `/` had every file of the disk read and hashed, and never
    /// ended): the link itself is the input, stamped as a link (`lstat`) and hashed by its
    /// target's name (`ContentHashes`), so adding, removing or retargeting it is still a change.
    private static func walk(_ path: String, relative: String, inside: ContentPath, excluded: ExcludedPaths, into snapshot: inout InputSnapshot,
                             visited: inout Set<[UInt64]>, depth: Int) {
        var info = stat()
        // 16 levels: deeper than any catalog (packs are one level down), and a bound on a walk
        // through symlinked folders.
        guard depth < 16, stat(path, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
        // Stamped even when it cannot be opened: a pack folder made readable again (chmod) changes
        // only its own stamp, and the next build said "Up to date" with its error still there.
        snapshot.directories.append(path)
        snapshot.directoryStamps.append(FileStamp(info))
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // Hidden files are no input, but iCloud Drive's placeholders (`.sun.png.icloud`), which
            // the catalog reports as art not downloaded: one added was missed ("Up to date").
            guard !name.hasPrefix(".") || name.hasSuffix(".icloud"), !SystemLitter.matches(fileName: name) else { continue }
            let childPath = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            if excluded.contains(childRelative) { continue }
            var child = stat()
            if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                guard lstat(childPath, &child) == 0 else { continue }
                if child.st_mode & S_IFMT == S_IFLNK, inside.relative(URL(fileURLWithPath: childPath)) == nil {
                    snapshot.files[childRelative] = FileStamp(child)
                    continue
                }
            }
            guard stat(childPath, &child) == 0 else { continue }
            if child.st_mode & S_IFMT == S_IFDIR {
                walk(childPath, relative: childRelative, inside: inside, excluded: excluded, into: &snapshot, visited: &visited, depth: depth + 1)
            } else if child.st_mode & S_IFMT == S_IFREG && !EditorLeftover.matches(fileName: name) {
                snapshot.files[childRelative] = FileStamp(child)
            }
        }
    }
}
