import ArgumentParser
import Foundation
import PeelKit

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on 127.0.0.1 and rebuild as you edit; open pages reload by themselves.",
        discussion: """
        Builds the content into a private temporary folder (your _site/ is not touched), serves it \
        at http://127.0.0.1:PORT/ (this computer only), and watches the content folder and any \
        --templates folder. Every save rebuilds the site, and open pages reload within a second. \
        A build that fails keeps the last good site up and shows the error over the page; content \
        errors (a missing label, a sticker too large) are listed the same way. Once the site is up, \
        the art checks (does a sticker's shape vanish on a transcript?) run in the background, \
        cached in .peel-cache/art-checks/ beside the content folder, and pages reload with their \
        findings. Press Ctrl-C to stop.

        Examples:
          peel serve                          serve content/ at http://127.0.0.1:8080/
          peel serve my-stickers --port 3000
          peel serve --port 0                 any free port (the address is printed)
          peel serve --templates my-theme     edit a theme and see it live
        """
    )

    @Argument(help: "The content folder.", completion: .directory)
    var content: String = "content"

    @Option(help: "The port to listen on, on 127.0.0.1 only; 0 picks any free port.")
    var port: UInt16 = 8080

    @Option(help: "A folder of templates and assets that replace the default theme's, file by file (watched too).",
            completion: .directory)
    var templates: String?

    @Option(help: "Refuse images whose header claims more pixels than this (decompression-bomb guard).")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    @Flag(help: "Do not run the art checks in the background.")
    var noArtChecks = false

    func validate() throws {
        try PixelBudget.validate(maxPixels)
    }

    func run() async throws {
        // A pack folder or a file is part of a catalog: served as a catalog of its own, it was "no
        // packs here … fix the file and save", which no save could fix.
        if let target = try? CatalogTarget.locate(URL(fileURLWithPath: content)),
           let message = LibraryCall.partOfCatalog(command: "serve", content: content, target: target) {
            Terminal.standardError.line(Terminal.standardError.colored("\(content): error: \(message)", .red))
            throw ExitCode(2)
        }
        let options = DevServer.Options(content: URL(fileURLWithPath: content), templates: templates.map { URL(fileURLWithPath: $0) },
                                        maxPixels: maxPixels, port: port, artChecks: !noArtChecks)
        let server = DevServer(options: options)
        let printer = ServeLog(terminal: Terminal.standardError, output: Terminal.standardOutput,
                               paths: DisplayPath(root: URL(fileURLWithPath: content)), content: URL(fileURLWithPath: content))
        do {
            try await Interrupt.cancelling {
                try await server.run { printer.report($0) }
            }
        } catch let error as PeelError {
            // Said with its paths as given, as every command says them (serve printed the absolute path).
            let status = LibraryCall.report(error, command: "serve", content: content)
            if case .contentFolderMissing = error, content != "content" || LibraryCall.hereHint(command: "serve") == nil {
                printer.terminal.write("Make a new catalog with: peel init \(content)\n")
            }
            throw status
        } catch let error as ServeError {
            printer.terminal.lines(error.description, .red)
            throw ExitCode(1)
        }
        printer.output.write("Stopped.\n")
    }
}

/// What `peel serve` prints as it works: the address once, then one line per rebuild, with the
/// build's findings and failures on standard error.
struct ServeLog: Sendable {
    let terminal: Terminal
    let output: Terminal
    let paths: DisplayPath
    let content: URL
    /// Whether a build has succeeded yet: until one has, there is no "last good site" to serve.
    private let built = BuiltOnce()

    private final class BuiltOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        private var findings: Set<String> = []
        var hasBuilt: Bool {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
        /// The findings of the last build, as printed (`Finding.oneLine`).
        var shownFindings: Set<String> {
            get { lock.withLock { findings } }
            set { lock.withLock { findings = newValue } }
        }
    }

    func report(_ event: DevServer.Event) {
        switch event {
        case .listening(let url):
            output.write("Serving at \(url.absoluteString)  (127.0.0.1 only; Ctrl-C stops)\n")
        case .changed(let paths):
            let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
            output.write(output.colored("Changed: \(shown)", .dim) + "\n")
        case .built(let report):
            // After the first build, a save prints the findings it changed, not the whole catalog's
            // again (one label edit wrote 600 lines, the new YAML error sorted among them).
            let shown = Set(report.findings.map(\.oneLine))
            let before = built.shownFindings
            let new = built.hasBuilt ? report.findings.filter { !before.contains($0.oneLine) } : report.findings
            built.hasBuilt = true
            built.shownFindings = shown
            FindingPrinter(terminal: terminal, paths: paths).print(new)
            let repeated = report.findings.count - new.count
            if repeated > 0 {
                output.write(output.colored("\(plural(repeated, "finding")) as before, not repeated (peel check lists them all)", .dim) + "\n")
            }
            output.write("Built \(report.countsSummary)\n")
        case .refreshed(let pages, let seconds):
            output.write("Refreshed \(plural(pages, "page")) in \(String(format: "%.3f", seconds)) s; building the rest\n")
        case .artChecked(let report):
            let art = report.findings.filter { ArtChecks.codes.contains($0.code) }
            FindingPrinter(terminal: terminal, paths: paths).print(art)
            output.write("Art checked: \(plural(art.warningCount, "warning")) on the art; pages reloaded\n")
        case .failed(let error):
            // site.md's unreadable front matter is said as `peel build` says it: the finding, with its code.
            if let broken = CatalogLoader.siteFileError(in: content) {
                FindingPrinter(terminal: terminal, paths: paths).print([broken])
                terminal.write(terminal.colored(CatalogLoader.siteFileNotBuilt + ".", .red) + "\n")
            } else {
                terminal.write(terminal.colored("Build failed: \(error)", .red) + "\n")
            }
            terminal.write(built.hasBuilt ? "The last good site is still served; fix the file and save to rebuild.\n"
                                          : "No site was built yet, so there is none to serve; fix the file and save to build.\n")
        case .connectionsFailing(let reason):
            terminal.write(terminal.colored("Too many open connections (\(reason)); closing idle ones and still serving.", .yellow) + "\n")
        case .connectionsRecovered:
            output.write("Accepting new connections again.\n")
        }
    }
}
