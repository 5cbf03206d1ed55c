import Foundation
import Testing
@testable import PeelKit

/// Two builds of one output at once: the second is refused, and the first's site stays whole.
@Suite struct ConcurrentBuildTests {
    /// A live process named `peel` (a copy of `sleep`), standing in for another Peel run: a
    /// leftover named by any other live process's pid is stale (`PeelProcess`).
    static func livePeelStandIn(in folder: TemporaryFolder) throws -> Process {
        let copy = folder.url.appendingPathComponent("stand-in/peel")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: copy.path)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["60"]
        try process.run()
        return process
    }

    /// The cache's lock serialises builds that share a cache; a build without one (`--no-cache`, or
    /// another `--cache-dir`) sees the other's staging folder instead. A live `peel` stands in for
    /// a build of the same output.
    @Test func aSecondBuildOfTheSameOutputWithoutTheCacheIsRefused() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: folder.url.appendingPathComponent("site"), useCache: false)
        _ = try await SiteBuilder(options: options).build()
        let before = SiteBuilderTests.snapshot(folder.url.appendingPathComponent("site"))
        let other = try Self.livePeelStandIn(in: folder)
        defer { other.terminate() }
        let staging = ".site.peel-staging-\(other.processIdentifier)"
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(staging), withIntermediateDirectories: false)
        await #expect(throws: PeelError.busy(path: folder.url.appendingPathComponent("site").standardizedFileURL.path)) {
            _ = try await SiteBuilder(options: options).build()
        }
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("site")) == before)
        // The same lock guards `peel export xcode`'s folder: the words fit both.
        #expect(PeelError.busy(path: "App/Stickers.xcstickers").description
            == "App/Stickers.xcstickers: error: another peel command (a build, serve or export) is writing this folder; wait for it to finish or stop it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [staging, "content", "site", "stand-in"],
                "its own staging folder is gone")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(staging))
        _ = try await SiteBuilder(options: options).build()
    }
}
