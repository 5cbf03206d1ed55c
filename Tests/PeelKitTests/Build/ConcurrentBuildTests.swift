import Foundation
import Testing
@testable import PeelKit

/// Two builds of one output at once: the second is refused, and the first's site stays whole.
@Suite struct ConcurrentBuildTests {
    /// The cache's lock serialises builds that share a cache; a build without one (`--no-cache`, or
    /// another `--cache-dir`) sees the other's staging folder instead. Process 1 stands in for a
    /// live build of the same output.
    @Test func aSecondBuildOfTheSameOutputWithoutTheCacheIsRefused() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: folder.url.appendingPathComponent("site"), useCache: false)
        _ = try await SiteBuilder(options: options).build()
        let before = SiteBuilderTests.snapshot(folder.url.appendingPathComponent("site"))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".site.peel-staging-1"), withIntermediateDirectories: false)
        await #expect(throws: PeelError.busy(path: folder.url.appendingPathComponent("site").standardizedFileURL.path)) {
            _ = try await SiteBuilder(options: options).build()
        }
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("site")) == before)
        // The same lock guards `peel export xcode`'s folder: the words fit both.
        #expect(PeelError.busy(path: "App/Stickers.xcstickers").description
            == "App/Stickers.xcstickers: error: another peel command (a build, serve or export) is writing this folder; wait for it to finish or stop it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [".site.peel-staging-1", "content", "site"],
                "its own staging folder is gone")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".site.peel-staging-1"))
        _ = try await SiteBuilder(options: options).build()
    }
}
