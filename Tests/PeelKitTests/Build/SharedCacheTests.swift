import Foundation
import Testing
@testable import PeelKit

/// A build cache folder moves between CI runners: its entries are named by content hash, so a
/// fresh checkout of the same content at another path, with no site yet, takes every derived file
/// from the cache instead of reading an image.
@Suite struct SharedCacheTests {
    /// The cache's derived image files (thumbnails, posters, icons), each overwritten with bytes no
    /// image step makes, so a site file with those bytes can only have come from the cache.
    /// Their records are given the marked bytes' hashes, as the cache would have stored them: a
    /// copied cache's files have new times, and the cache hashes a file whose time moved.
    static func markDerivedFiles(in cache: URL) throws -> Int {
        let entries = cache.appendingPathComponent("entries")
        var marked: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: entries.path) where name.hasSuffix(".png") || name.hasSuffix(".webp") {
            try markCacheFile(entries.appendingPathComponent(name), with: "from the cache: \(name)")
            marked[name] = Hex.string(SHA256.hash(data: try Data(contentsOf: entries.appendingPathComponent(name))))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: entries.path) where name.hasSuffix(".record.json") {
            let url = entries.appendingPathComponent(name)
            guard var record = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
                  var hashes = record["hashes"] as? [String: String] else { continue }
            let key = String(name.dropLast("record.json".count))
            for file in hashes.keys { if let hash = marked[key + file] { hashes[file] = hash } }
            record["hashes"] = hashes
            try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]).write(to: url)
        }
        return marked.count
    }

    @Test func aSecondRunnerWithTheCacheDoesNoImageWork() async throws {
        let first = try TemporaryFolder(), second = try TemporaryFolder()
        try first.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "checkout/content")
        let cache = first.url.appendingPathComponent("ci-cache")
        _ = try await SiteBuilder(options: BuildOptions(content: first.url.appendingPathComponent("checkout/content"),
                                                        output: first.url.appendingPathComponent("checkout/_site"), cache: cache)).build()

        // The second runner: a fresh clone elsewhere (new paths, times and inodes), no site, and
        // the cache restored at another path.
        try second.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "work/repo/content")
        let restored = try second.copy(cache, to: "restored-cache")
        let marked = try Self.markDerivedFiles(in: restored)
        #expect(marked > 24, "every sticker has thumbnails")
        let site = second.url.appendingPathComponent("work/repo/_site")
        let report = try await SiteBuilder(options: BuildOptions(content: second.url.appendingPathComponent("work/repo/content"),
                                                                 output: site, cache: restored)).build()
        #expect(!report.findings.hasErrors)

        let thumbnails = FileManager.default.enumerator(atPath: site.path)?.compactMap { $0 as? String }
            .filter { path in
                let derived = path.contains("0w.") || path.contains("0w-poster.") || path.hasSuffix("-poster.png") || path.contains("/icons/")
                return derived && (path.hasSuffix(".png") || path.hasSuffix(".webp"))
            } ?? []
        #expect(thumbnails.count > 24)
        for path in thumbnails {
            let bytes = try Data(contentsOf: site.appendingPathComponent(path))
            #expect(bytes.starts(with: Data("from the cache: ".utf8)), "\(path) was made again instead of taken from the cache")
        }
    }

    /// A cache made by a runner with another umask (`actions/cache` keeps modes): its 0600 files
    /// were linked into this build's site as they were, and a web server could not read them.
    /// A cache file changed since it was stored but of the same size (zeroed, edited through the
    /// site's hard link) was published by every later build. A file whose time moved is hashed:
    /// other bytes make the entry again; the same bytes (a restore that set new times) are used.
    @Test func aCacheFileChangedSinceItWasStoredIsNotTrustedByItsSize() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        let cache = folder.url.appendingPathComponent("cache")
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: folder.url.appendingPathComponent("site"), cache: cache)
        _ = try await SiteBuilder(options: options).build()
        let entries = cache.appendingPathComponent("entries")
        let names = try FileManager.default.contentsOfDirectory(atPath: entries.path).filter { $0.hasSuffix(".webp") }.sorted()
        let damaged = try #require(names.first), touched = try #require(names.last)
        let good = try Data(contentsOf: entries.appendingPathComponent(damaged))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site"))
        try Data(repeating: 0, count: good.count).write(to: entries.appendingPathComponent(damaged))
        let same = try Data(contentsOf: entries.appendingPathComponent(touched))
        var info = stat()
        #expect(stat(entries.appendingPathComponent(touched).path, &info) == 0)
        let touchedInode = info.st_ino
        var later = [info.st_atim, timespec(tv_sec: info.st_mtim.tv_sec + 100, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, entries.appendingPathComponent(touched).path, &later, 0) == 0)

        let report = try await SiteBuilder(options: options).build()
        #expect(!report.findings.hasErrors)
        #expect(try Data(contentsOf: entries.appendingPathComponent(damaged)) == good, "made again")
        let site = FileManager.default.enumerator(atPath: folder.url.appendingPathComponent("site").path)?.compactMap { $0 as? String } ?? []
        for path in site where path.hasSuffix(".webp") {
            let bytes = try Data(contentsOf: folder.url.appendingPathComponent("site/\(path)"))
            #expect(bytes.first != 0 || bytes.count == 0, "\(path) holds the zeroed bytes")
        }
        #expect(try Data(contentsOf: entries.appendingPathComponent(touched)) == same)
        #expect(stat(entries.appendingPathComponent(touched).path, &info) == 0 && info.st_ino == touchedInode,
                "the touched entry, whose bytes are the same, was used, not made again")
    }

    @Test func aSitesFilesHaveThisBuildsModeWhateverTheCacheHas() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        let content = folder.url.appendingPathComponent("content"), cache = folder.url.appendingPathComponent("cache")
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("first"), cache: cache)).build()
        for case let path as String in FileManager.default.enumerator(atPath: cache.path)! {
            chmod(cache.appendingPathComponent(path).path, 0o600 | (path.contains(".") ? 0 : 0o100))
        }
        let site = folder.url.appendingPathComponent("second")
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: site, cache: cache)).build()
        var checked = 0
        for case let path as String in FileManager.default.enumerator(atPath: site.path)! {
            var info = stat()
            guard lstat(site.appendingPathComponent(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            #expect(info.st_mode & 0o7777 == FileMode.fresh, "\(path) is \(String(info.st_mode & 0o7777, radix: 8))")
            checked += 1
        }
        #expect(checked > 100)
    }

    /// One cache for two sites of the same content (`--cache-dir` for `_site` and a preview):
    /// the cache's state describes the site it was saved with, so the other is built, not said to
    /// be up to date (a new folder was never written), and after a label edit both show it.
    @Test func oneCacheForTwoSitesKeepsEachOfThemCurrent() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        let content = folder.url.appendingPathComponent("content"), cache = folder.url.appendingPathComponent("cache")
        func build(_ output: String) async throws -> BuildReport {
            try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent(output), cache: cache)).build()
        }
        _ = try await build("_site")
        let preview = try await build("preview")
        #expect(!preview.upToDate)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("preview/catalog.json").path))
        #expect(try await build("preview").upToDate, "the same site again is up to date")

        // A label edit of the same length, the site built first, then the preview.
        let sidecar = "content/faces/grinning.md"
        let text = try folder.read(sidecar)
        let label = try #require(text.split(separator: "\n").first { $0.hasPrefix("alt:") })
        let edited = String(label.dropLast()) + (label.last == "X" ? "Y" : "X")
        try folder.write(text.replacingOccurrences(of: String(label), with: edited), to: sidecar)
        _ = try await build("_site")
        #expect(!(try await build("preview")).upToDate)
        let page = try folder.read("preview/faces/grinning/index.html")
        #expect(page.contains(HTMLText.escape(String(edited.dropFirst(4)).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))), "the preview shows the edit")
    }
}
