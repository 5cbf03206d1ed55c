import Foundation
import Testing
@testable import PeelKit

@Suite struct FolderWatcherTests {
    /// True when `watcher` says the folders may have changed within `time`.
    private func wakes(_ watcher: FolderWatcher, within time: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await watcher.nextChange()) != nil }
            group.addTask {
                try? await Task.sleep(for: time)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    #if os(Linux)
    /// An idle `peel serve` walked 1,200 files ten times a second (about 4 % of a core at 600
    /// stickers); with inotify it walks nothing until a watched folder changes.
    @Test func onLinuxOnlyAChangeWakesTheWatcherEvenInANewFolder() async throws {
        let folder = try TemporaryFolder()
        try folder.write("one", to: "content/p/a.md")
        let content = folder.url.appendingPathComponent("content")
        // No safety walk during the test: only the kernel's events may wake the watcher.
        let watcher = FolderWatcher(pollInterval: .milliseconds(100), rescanInterval: .seconds(600))
        defer { watcher.stop() }
        #expect(watcher.usesKernelEvents)
        watcher.watch(WatchedInputs([content]).directories)
        #expect(await wakes(watcher, within: .seconds(5)), "folders watched for the first time are walked once more")
        #expect(await !wakes(watcher, within: .seconds(1)), "idle: no walk (polling woke ten times in this second)")

        try folder.write("two", to: "content/p/a.md")
        #expect(await wakes(watcher, within: .seconds(5)), "an edit")
        try folder.write("new", to: "content/q/b.md")
        #expect(await wakes(watcher, within: .seconds(5)), "a new folder")
        watcher.watch(WatchedInputs([content]).directories)
        #expect(await wakes(watcher, within: .seconds(5)), "the new folder is watched, and walked once more")
        #expect(await !wakes(watcher, within: .milliseconds(500)))
        try folder.write("three", to: "content/q/b.md")
        #expect(await wakes(watcher, within: .seconds(5)), "an edit in the new folder")
        try FileManager.default.removeItem(at: content.appendingPathComponent("q"))
        #expect(await wakes(watcher, within: .seconds(5)), "a removed folder")
    }
    #endif

    @Test func cancellingEndsTheWait() async {
        let watcher = FolderWatcher(pollInterval: .seconds(600), rescanInterval: .seconds(600))
        defer { watcher.stop() }
        let task = Task { try await watcher.nextChange() }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}
