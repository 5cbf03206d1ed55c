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

    /// Runs until the task is cancelled (Ctrl-C), then stops the server and removes the built site.
    public func run(_ report: @escaping @Sendable (Event) -> Void) async throws {
        guard FileManager.default.fileExists(atPath: options.content.path) else {
            throw PeelError.contentFolderMissing(path: options.content.path)
        }
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("peel-serve-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: workspace)
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
            artCache: options.artCache ?? ArtChecks.defaultCacheFolder(forContent: options.content))) : nil
        let hub = LiveReloadHub()
        var watched = [options.content]
        if let templates = options.templates { watched.append(templates) }

        let watcher = FolderWatcher(pollInterval: options.pollInterval)
        defer { watcher.stop() }
        let inputs = WatchedInputs(watched)
        watcher.watch(inputs.directories)
        var artRun: Task<Void, Never>?
        if await rebuild(with: builder, hub: hub, report: report), let artBuilder {
            artRun = Task { await rebuild(with: artBuilder, hub: hub, report: report, art: true) }
        }

        let server = try await listen(handler: DevSiteHandler(resolver: SiteFileResolver(root: site), hub: hub), report: report)
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
                // Both builds write the same site and take its cache's lock: the art run of the
                // previous content stops first.
                artRun?.cancel()
                await artRun?.value
                if await rebuild(with: builder, hub: hub, report: report), let artBuilder {
                    artRun = Task { await rebuild(with: artBuilder, hub: hub, report: report, art: true) }
                }
            }
        } catch is CancellationError {
            artRun?.cancel()
            await artRun?.value
            await hub.finishAll()
            await server.stop()
        }
    }

    /// How long the folders must stay unchanged before a build starts: an editor's save in steps
    /// takes well under this, and it is a small part of the 100 ms an edit may take to reach the page.
    static let settleTime: Duration = .milliseconds(15)

    /// Builds the site and tells open pages; true when it was built.
    @discardableResult
    private func rebuild(with builder: SiteBuilder, hub: LiveReloadHub, report: @Sendable (Event) -> Void, art: Bool = false) async -> Bool {
        let generation = await hub.status.generation
        do {
            let result = try await builder.build()
            try Task.checkCancellation()
            report(art ? .artChecked(result) : .built(result))
            await hub.publish(.built(generation: generation + 1, report: result))
            return true
        } catch is CancellationError {
            return false
        } catch {
            report(.failed(error))
            await hub.publish(.failed(generation: generation, error: error))
            return false
        }
    }

    /// Binds 127.0.0.1 (never another interface); connections are accepted from then on.
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
        report(.listening(URL(string: "http://127.0.0.1:\(server.port)/")!))
        return server
    }
}
