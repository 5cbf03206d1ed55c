import FlyingSocks
import Foundation

/// `peel serve`: builds the site into a private folder, serves it on 127.0.0.1, watches the
/// content (and a `--templates` folder) and rebuilds on every change, telling open pages to
/// reload. A build that fails leaves the last good site served and shows the error in the page;
/// the server keeps running.
public struct DevServer: Sendable {
    public struct Options: Sendable {
        public var content: URL
        public var templates: URL?
        public var maxPixels: Int
        /// 0 picks any free port.
        public var port: UInt16
        /// How often the folders are walked for changes where the kernel cannot report them (see `FolderWatcher`).
        public var pollInterval: Duration
        /// After each build, run the art checks in the background and reload pages with their findings.
        public var artChecks: Bool
        /// Where the art checks keep their results (default: `.peel-cache/art-checks/` beside the content).
        public var artCache: URL?

        public init(content: URL, templates: URL? = nil, maxPixels: Int = ImageAnalyzer.defaultMaxPixels, port: UInt16 = 8080,
                    pollInterval: Duration = .milliseconds(100), artChecks: Bool = true, artCache: URL? = nil) {
            self.content = content
            self.templates = templates
            self.maxPixels = maxPixels
            self.port = port
            self.pollInterval = pollInterval
            self.artChecks = artChecks
            self.artCache = artCache
        }
    }

    /// What happened, for the command line to print.
    public enum Event: Sendable {
        case listening(URL)
        case changed([String])
        case built(BuildReport)
        /// The site was built again with the art checks' findings, in the background after `built`.
        case artChecked(BuildReport)
        /// Edited sidecars' pages were made at once (`pages` files changed); the full build follows.
        case refreshed(pages: Int, seconds: Double)
        case failed(any Error)
        /// New connections keep failing (too many open files); the server backs off and keeps serving.
        case connectionsFailing(String)
        /// New connections are accepted again after `connectionsFailing`.
        case connectionsRecovered
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// Held by builds while they publish, and by quick answers while they write pages.
    private let gate = PublishGate()

    /// Runs until the task is cancelled (Ctrl-C), then stops the server and removes the built site.
    public func run(_ report: @escaping @Sendable (Event) -> Void) async throws {
        guard FileManager.default.fileExists(atPath: options.content.path) else {
            throw PeelError.contentFolderMissing(path: options.content.path)
        }
        let workspace = ServeWorkspace.own(in: FileManager.default.temporaryDirectory)
        try? FileManager.default.removeItem(at: workspace)
        ServeWorkspace.removeAbandoned(in: FileManager.default.temporaryDirectory)
        do {
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        } catch {
            throw PeelError.writeFailed(path: workspace.path, reason: error.localizedDescription)
        }
        defer { try? FileManager.default.removeItem(at: workspace) }
        let site = workspace.appendingPathComponent("site")
        let builder = SiteBuilder(options: BuildOptions(content: options.content, output: site, templates: options.templates,
                                                        maxPixels: options.maxPixels))
        // The same site with the art checks' findings: built after the quick one, in the background
        // (OCR-speed checks must not hold up the first page), then open pages reload.
        let artBuilder = options.artChecks ? SiteBuilder(options: BuildOptions(
            content: options.content, output: site, templates: options.templates, maxPixels: options.maxPixels, artChecks: true,
            artCache: options.artCache ?? ArtChecks.usableCacheFolder(forContent: options.content).folder)) : nil
        // Once the art checks have run, their results are cached by image, so a build with them
        // inspects only changed images: every later build is an art build. A build without them
        // took their findings off every page that had one until the art build put them back
        // (each such page reloaded twice for an edit elsewhere).
        let state = ServeState()
        let fullBuilder = { @Sendable in state.hasArtChecked ? artBuilder ?? builder : builder }
        let hub = LiveReloadHub()
        var watched = [options.content]
        if let templates = options.templates { watched.append(templates) }

        let watcher = FolderWatcher(pollInterval: options.pollInterval)
        defer { watcher.stop() }
        let inputs = WatchedInputs(watched)
        watcher.watch(inputs.directories)
        let refresh = SidecarRefresh(content: ContentPath(root: options.content), site: site)
        // The builds that run after an answer: the full build after a quick answer to an edit,
        // and the art checks' build after a full build. Stopped when the content changes again.
        var background: Task<Void, Never>?
        // The port is taken before the first build: a port in use is said at once, not after a
        // whole build. The address is given once the site is there.
        let server = try await listen(handler: DevSiteHandler(resolver: SiteFileResolver(root: site), hub: hub), report: report)
        if await rebuild(with: builder, state: state, hub: hub, report: report) {
            background = Task { await artCheck(with: artBuilder, state: state, hub: hub, report: report) }
        }
        // Ctrl-C during the first build: nothing was served, so no address is given.
        if !Task.isCancelled {
            report(.listening(URL(string: "http://127.0.0.1:\(server.port)/")!))
        }
        do {
            while true {
                try await watcher.nextChange()
                var changed = inputs.changes()
                watcher.watch(inputs.directories)
                guard !changed.isEmpty else { continue }
                // Editors often write a file in steps (truncate, write, rename): build once it is quiet.
                // A file rewritten without pause (a log in the content folder) does not hold the build back
                // more than 20 looks.
                for _ in 0..<20 {
                    try await Task.sleep(for: Self.settleTime)
                    let more = inputs.changes()
                    if more.isEmpty { break }
                    changed = Array(Set(changed + more)).sorted()
                }
                report(.changed(changed))
                // Every build writes the same site and takes its cache's lock: the one under way
                // (made from the previous content) stops first.
                // The build under way was made from the previous content: it stops, and publishes
                // nothing from now on (the publish gate); a quick answer need not wait for it.
                background?.cancel()
                if await answerQuickly(changed, refresh: refresh, state: state, hub: hub, report: report) {
                    // Builds share the build cache, one at a time: the next starts when the last has stopped.
                    let stopping = background
                    background = Task {
                        await stopping?.value
                        if await rebuild(with: fullBuilder(), state: state, hub: hub, report: report, afterQuickAnswer: true) {
                            await artCheck(with: artBuilder, state: state, hub: hub, report: report)
                        }
                    }
                } else {
                    await background?.value
                    if await rebuild(with: fullBuilder(), state: state, hub: hub, report: report) {
                        background = Task { await artCheck(with: artBuilder, state: state, hub: hub, report: report) }
                    }
                }
            }
        } catch is CancellationError {
            background?.cancel()
            await background?.value
            await hub.finishAll()
            await server.stop()
        }
    }

    /// How long the folders must stay unchanged before a build starts: an editor's save in steps
    /// takes well under this, and it is a small part of the 100 ms an edit may take to reach the page.
    static let settleTime: Duration = .milliseconds(15)

    /// Edited sidecars only: their pages are made at once from the last build's review
    /// (`SidecarRefresh`) and open pages showing them reload; the full build follows. False when
    /// the change needs the full build first.
    private func answerQuickly(_ changed: [String], refresh: SidecarRefresh, state: ServeState, hub: LiveReloadHub,
                               report: @Sendable (Event) -> Void) async -> Bool {
        let start = Date()
        let result: SidecarRefresh.Result? = gate.pass {
            guard let served = state.served else { return nil }
            // An error (a page that cannot be written) is the full build's to report, with the file.
            guard let result = try? refresh.apply(changed, to: served) else { return nil }
            state.quickAnswer(result)
            return result
        }
        guard let result else { return false }
        await hub.publishBuilt(findings: result.served.review.reportedFindings, changed: result.written.keys.sorted())
        report(.refreshed(pages: result.written.count, seconds: Date().timeIntervalSince(start)))
        return true
    }

    /// After a full build: the same site with the art checks' findings, when serve runs them
    /// (OCR-speed checks must not hold up the first page), then open pages whose page changed reload.
    /// Once they have run, the build itself has them (`rebuild`), and this does nothing.
    private func artCheck(with builder: SiteBuilder?, state: ServeState, hub: LiveReloadHub, report: @Sendable (Event) -> Void) async {
        guard let builder, !state.hasArtChecked else { return }
        if await rebuild(with: builder, state: state, hub: hub, report: report, art: true) { state.hasArtChecked = true }
    }

    /// Builds the site and tells open pages; true when it was built. A build that follows a quick
    /// answer, or the art checks' build, tells pages which files changed (the site they show was
    /// made from the same content, so the others stay); any other build reloads every page.
    @discardableResult
    private func rebuild(with builder: SiteBuilder, state: ServeState, hub: LiveReloadHub, report: @Sendable (Event) -> Void,
                         art: Bool = false, afterQuickAnswer: Bool = false) async -> Bool {
        var builder = builder
        let quickPages = state.quickPages
        let version = state.version
        builder.servedPages = quickPages
        builder.publishGate = gate
        do {
            // A build that returns has published its site (a cancelled one throws before), so open
            // pages are told even when it was cancelled after.
            let (result, served) = try await builder.buildKeepingReview()
            state.built(served, replacing: quickPages, startedAt: version)
            report(art ? .artChecked(result) : .built(result))
            let changed = art || afterQuickAnswer ? result.changedOutputs : nil
            await hub.publishBuilt(findings: result.findings, changed: changed)
            return !Task.isCancelled
        } catch is CancellationError {
            return false
        } catch {
            report(.failed(error))
            await hub.publishFailed(error)
            return false
        }
    }

    /// Binds 127.0.0.1 (never another interface); connections are accepted from then on (the
    /// caller reports `.listening` when the site is built).
    private func listen(handler: DevSiteHandler, report: @escaping @Sendable (Event) -> Void) async throws -> DevHTTPServer {
        let server: DevHTTPServer
        do {
            server = try await DevHTTPServer(port: options.port, handler: handler) { notice in
                switch notice {
                case .acceptFailing(let reason): report(.connectionsFailing(reason))
                case .acceptRecovered: report(.connectionsRecovered)
                }
            }
        } catch SocketError.failed(_, let number, _) where number == EADDRINUSE {
            throw ServeError.portInUse(port: options.port)
        } catch {
            throw ServeError.cannotListen(port: options.port, reason: error.localizedDescription)
        }
        return server
    }
}
