import Foundation
import Testing
@testable import PeelKit

/// A build cache folder moves between CI runners: its entries are named by content hash, so a
/// fresh checkout of the same content at another path, with no site yet, takes every derived file
/// from the cache instead of reading an image.
@Suite struct SharedCacheTests {
    /// The cache's derived image files (thumbnails, posters, icons), each overwritten with bytes no
    /// image step makes, so a site file with those bytes can only have come from the cache.
    static func markDerivedFiles(in cache: URL) throws -> Int {
        let entries = cache.appendingPathComponent("entries")
        var marked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: entries.path) where name.hasSuffix(".png") || name.hasSuffix(".webp") {
            try markCacheFile(entries.appendingPathComponent(name), with: "from the cache: \(name)")
            marked += 1
        }
        return marked
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
