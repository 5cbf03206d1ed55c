#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Files in a published site that Peel did not write (its `.peel-manifest` does not list them): a
/// `CNAME` for GitHub Pages, the `.git` of a gh-pages worktree, a page of notes. A build makes the
/// new site in a staging folder and swaps it in whole, so these are carried into the new site
/// (hard links, or copies across file systems) and never lost. They stay unlisted, so they stay
/// the user's.
enum UnlistedFiles {
    /// The files and symbolic links under `output` that its manifest does not list, as paths
    /// relative to it, sorted. The manifest is in byte order (120,000 paths at 20,000 stickers),
    /// and the site is walked in that same order, so the two are compared a line at a time: no
    /// set of every path is held (it was 16 MB at the build's peak).
    static func find(in output: URL) -> [String] {
        let root = output.standardizedFileURL.path
        // A folder made to publish into, before its first site, has no manifest: all it holds is
        // carried (a gh-pages worktree's `.git` was refused, and the advice was to remove it).
        func beforeFirstSite() -> ManifestLines? {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            return !entries.isEmpty && holdsOnlyDeploymentFiles(entries) ? ManifestLines(path: "/dev/null") : nil
        }
        guard let manifest = ManifestLines(path: root + "/" + SitePaths.manifest) ?? beforeFirstSite() else { return [] }
        var found: [String] = []
        walk(root, relative: "", manifest: manifest, into: &found)
        return found
    }

    /// What a folder made to publish into may hold before its first site: a `gh-pages` worktree's
    /// `.git` (a file in a worktree, a folder in a clone), the host's `CNAME` and `.nojekyll`, and
    /// what Finder and Explorer leave behind. Such a folder takes a site, and these are kept in it.
    static let deploymentFiles: Set<String> = [".git", "CNAME", ".nojekyll", ".DS_Store", "Thumbs.db", "desktop.ini"]

    /// True when every entry of a folder is one of `deploymentFiles`.
    static func holdsOnlyDeploymentFiles(_ entries: [String]) -> Bool {
        entries.allSatisfy(deploymentFiles.contains)
    }

    /// The manifest's paths in order, read a line at a time.
    private final class ManifestLines {
        private let file: UnsafeMutablePointer<FILE>
        /// getline's buffer, reused for every line.
        private var buffer: UnsafeMutablePointer<CChar>?
        private var capacity = 0
        /// The line the reader stands on; nil past the end.
        private(set) var current: [UInt8]?

        init?(path: String) {
            guard let file = fopen(path, "r") else { return nil }
            self.file = file
            advance()
        }

        deinit {
            free(buffer)
            fclose(file)
        }

        func advance() {
            while true {
                let length = getline(&buffer, &capacity, file)
                guard length >= 0, let line = buffer else { current = nil; return }
                let bytes = UnsafeRawBufferPointer(start: line, count: length).prefix { $0 != UInt8(ascii: "\n") }
                if bytes.first == UInt8(ascii: "#") || bytes.isEmpty { continue }
                current = Array(bytes)
                return
            }
        }

        /// Moves past every line before `key`; true when one of them, or the line reached, is `exact`.
        func skip(below key: [UInt8], noting exact: [UInt8]) -> Bool {
            var seen = false
            while let line = current, line.lexicographicallyPrecedes(key) {
                if line == exact { seen = true }
                advance()
            }
            return seen || current == exact
        }

        /// True when the line the reader stands on starts with `prefix`.
        func startsWith(_ prefix: [UInt8]) -> Bool {
            current?.starts(with: prefix) ?? false
        }
    }

    /// Walks `folder` in the manifest's byte order: a folder's paths all start with its name and
    /// "/", so its entries are visited as if named that way (which also puts "a-b" before "a/").
    /// A symbolic link is placed like a folder: one standing where Peel's folder was (planted
    /// there, or made by hand) is not a file of the user's.
    private static func walk(_ folder: String, relative: String, manifest: ManifestLines, into found: inout [String]) {
        guard let directory = opendir(folder) else { return }
        var entries: [(key: [UInt8], name: String, path: String, isFolder: Bool, isLink: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                if lstat(folder + "/" + name, &info) == 0 {
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? Int32(DT_LNK) : Int32(DT_REG)
                }
            }
            let isFolder = type == Int32(DT_DIR), isLink = type == Int32(DT_LNK)
            let path = relative.isEmpty ? name : relative + "/" + name
            entries.append((Array(path.utf8) + (isFolder || isLink ? [UInt8(ascii: "/")] : []), name, path, isFolder, isLink))
        }
        closedir(directory)
        for entry in entries.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let listed = manifest.skip(below: entry.key, noting: Array(entry.path.utf8))
            if entry.isFolder {
                walk(folder + "/" + entry.name, relative: entry.path, manifest: manifest, into: &found)
            } else if !listed && entry.path != SitePaths.manifest && !(entry.isLink && manifest.startsWith(entry.key)) {
                found.append(entry.path)
            }
        }
    }

    /// Links each of `paths` from `output` into `staging`; refuses (before linking any) a path
    /// where the new site has a file or folder, or that lies inside a file of the new site.
    static func carry(_ paths: [String], from output: URL, into staging: URL) throws {
        let root = output.standardizedFileURL.path
        for path in paths {
            var prefix = Substring(path)
            while true {
                var info = stat()
                if lstat(staging.path + "/" + prefix, &info) == 0 && (prefix == path || (info.st_mode & S_IFMT) != S_IFDIR) {
                    // Not a usage error (exit 2): the build could not be made as it stands (exit 1).
                    throw PeelError.writeFailed(path: root + "/" + path,
                                                 reason: "Peel did not write this file, and the new site has \(prefix == path ? "its own" : "the file '\(prefix)'") there; move it out of the output folder and build again")
                }
                guard let slash = prefix.lastIndex(of: "/") else { break }
                prefix = prefix[..<slash]
            }
        }
        for path in paths {
            let source = root + "/" + path
            let target = staging.path + "/" + path
            do {
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if linkat(AT_FDCWD, source, AT_FDCWD, target, 0) != 0 {
                    try FileManager.default.copyItem(atPath: source, toPath: target)
                }
            } catch {
                throw PeelError.writeFailed(path: source, reason: "this file, which Peel did not write, could not be kept in the new site: \(error.localizedDescription)")
            }
        }
    }
}
