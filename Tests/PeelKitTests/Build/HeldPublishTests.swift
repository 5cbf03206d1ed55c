import Foundation
import Testing
@testable import PeelKit

/// Builds held at their publish step (`PublishGate`) while the test changes things around them.
/// Serialized: a held build blocks one of the cooperative pool's threads on the gate's lock, and
/// two held at once on a 2-core machine left no thread for the tests that would release them.
@Suite(.serialized) struct HeldPublishTests {
    typealias Workspace = IncrementalBuildTests.Workspace

    /// Starts a build of `workspace` that stops just before its swap, once its state is forgotten;
    /// returns it and the semaphore that lets it go on.
    private func buildHeldBeforeItsSwap(_ workspace: Workspace) async throws -> (build: Task<BuildReport, any Error>, release: DispatchSemaphore) {
        let state = workspace.cache.appendingPathComponent("state.txt").path
        let gate = PublishGate()
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        Thread { gate.pass { held.signal(); release.wait() } }.start()
        held.wait()
        var builder = SiteBuilder(options: BuildOptions(content: workspace.content, output: workspace.site))
        builder.publishGate = gate
        let build = Task { [builder] in try await builder.build() }
        var waited = 0
        while FileManager.default.fileExists(atPath: state) && waited < 3000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        return (build, release)
    }

    /// A build killed (SIGKILL) after swapping its site in and before saving its state left the old
    /// state vouching for the new site: the next build reused the killed build's pages for content
    /// that had changed back. The state is forgotten before the swap, so none exists meanwhile.
    @Test func noStateVouchesForTheSiteWhileItIsSwapped() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let state = workspace.cache.appendingPathComponent("state.txt").path
        #expect(FileManager.default.fileExists(atPath: state))
        let sidecar = workspace.content.appendingPathComponent("faces/cool.md")
        try workspace.write(try String(contentsOf: sidecar, encoding: .utf8).replacingOccurrences(of: "alt: ", with: "alt: Edited "), to: "faces/cool.md")
        let (build, release) = try await buildHeldBeforeItsSwap(workspace)
        let page = workspace.site.appendingPathComponent("faces/cool/index.html")
        #expect(!FileManager.default.fileExists(atPath: state), "no state while the new site is being swapped in")
        #expect(!(try String(contentsOf: page, encoding: .utf8).contains("Edited ")), "the old site is still the one in place")
        release.signal()
        _ = try await build.value
        #expect(FileManager.default.fileExists(atPath: state))
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Edited "))
    }

    /// A sticker added to a folder while a build runs, after the build listed that folder, is not
    /// in that build: the quick check recorded the folder's stamp at the end of the build, with the
    /// new file, so every later build said "Up to date" without it. The stamp is now the one the
    /// folder had when it was listed.
    @Test func aStickerAddedDuringABuildIsBuiltByTheNext() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        try workspace.write(try String(contentsOf: workspace.content.appendingPathComponent("site.md"), encoding: .utf8) + "\nEdited.\n",
                            to: "site.md")
        let (build, release) = try await buildHeldBeforeItsSwap(workspace)
        // The build has listed and read everything, and waits to publish: a sticker arrives.
        try FileManager.default.copyItem(at: workspace.content.appendingPathComponent("faces/cool.png"),
                                         to: workspace.content.appendingPathComponent("faces/late.png"))
        try workspace.write("---\nalt: A face that came late\n---\n", to: "faces/late.md")
        release.signal()
        _ = try await build.value
        let late = workspace.site.appendingPathComponent("faces/late/index.html")
        #expect(!FileManager.default.fileExists(atPath: late.path), "not in the build that was running")
        let next = try await workspace.build()
        #expect(next.upToDate == false, "the new sticker is seen")
        #expect(try String(contentsOf: late, encoding: .utf8).contains("A face that came late"))
        #expect(try await workspace.build().upToDate)
    }
}
