import Foundation

/// What `peel serve` knows of the site it serves, shared by its loop and the builds it runs in
/// the background: the last build's review (kept up to date by quick answers to edits) and the
/// pages quick answers put in the site that no build has made since.
final class ServeState: @unchecked Sendable {
    private let lock = NSLock()
    private var currentSite: ServedSite?
    private var pendingPages: [String: String] = [:]
    private var answers = 0
    private var artChecked = false

    /// True once a build with the art checks has finished: their results are cached by image
    /// from then on, so every later build includes them (see `DevServer`).
    var hasArtChecked: Bool {
        get { lock.withLock { artChecked } }
        set { lock.withLock { artChecked = newValue } }
    }

    /// Counts quick answers: a build that started before the last one read older sidecars.
    var version: Int { lock.withLock { answers } }

    /// What the pages were made from, for the next quick answer; nil before the first build.
    var served: ServedSite? { lock.withLock { currentSite } }

    /// Pages quick answers wrote (by site path, with their bytes' SHA-256) that no build has made since.
    var quickPages: [String: String] { lock.withLock { pendingPages } }

    func quickAnswer(_ result: SidecarRefresh.Result) {
        lock.withLock {
            currentSite = result.served
            pendingPages.merge(result.written) { $1 }
            answers += 1
        }
    }

    /// A build that started at `version` finished. When it made the site (`served`), the quick
    /// pages it knew of (`pages`) are its own now (a page a quick answer wrote again meanwhile
    /// stays pending), and what it read replaces what quick answers had, unless one came since:
    /// its edit is newer than the build (the build that follows it brings the two together).
    func built(_ served: ServedSite?, replacing pages: [String: String], startedAt version: Int) {
        guard let served else { return }
        lock.withLock {
            if answers == version { currentSite = served }
            for (path, sha) in pages where pendingPages[path] == sha { pendingPages[path] = nil }
        }
    }
}
