import ArgumentParser
import Foundation
import PeelKit

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the gallery site from a content folder.",
        discussion: """
        Writes a static site: a home page, a page per pack and per sticker, thumbnails and \
        catalog.json. The new site replaces the output folder only when it is complete; a build that \
        fails leaves the previous site as it was. Problems in the content are printed as \
        path:line: severity[code]: message, and the site is still written so you can look at it.

        Exit status: 0 built cleanly or with warnings, 1 built with errors or failed, \
        2 bad usage or no content folder.

        Examples:
          peel build
          peel build content -o _site
          peel build --templates my-theme      (files there replace the default theme's)
          peel build --format json > report.json
          peel build --timings                 (where the time went)
          peel build --no-cache                (rebuild everything from scratch)
          peel build --art-checks              (look at the art too; or art_checks: true in site.md)

        Builds are incremental: a cache beside the output (.peel-cache/) remembers each input's \
        hash, so a rebuild decodes only images that changed and writes only files that changed; \
        when nothing changed it stops at once ("Up to date"). Delete .peel-cache/ at any time.
        """
    )

    @Argument(help: "The content folder.", completion: .directory)
    var content: String = "content"

    @Option(name: .shortAndLong, help: "The folder to write the site to.", completion: .directory)
    var output: String = "_site"

    @Option(help: "A folder of templates and assets that replace the default theme's, file by file.", completion: .directory)
    var templates: String?

    @Option(help: "Refuse images whose header claims more pixels than this (decompression-bomb guard).")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    @Option(help: "How to report findings: human (default) or json.")
    var format: ReportFormat = .human

    @Flag(help: "Rebuild everything: ignore the build cache (it is neither read nor written).")
    var noCache = false

    @Option(help: "Where to keep the build cache (default: .peel-cache/<output name> beside the output).", completion: .directory)
    var cacheDir: String?

    @Flag(help: "Also run the art checks (as 'art_checks: true' in site.md does); their findings show on the pages.")
    var artChecks = false

    @Flag(help: "Print how long each step of the build took.")
    var timings = false

    func validate() throws {
        try PixelBudget.validate(maxPixels)
    }

    func run() async throws {
        let target = try LibraryCall.run(command: "build", content: content) {
            try CatalogTarget.locate(URL(fileURLWithPath: content))
        }
        guard target.scope == .catalog else {
            let error = Terminal.standardError
            let root = DisplayPath(root: target.root).prefix
            error.line(error.colored("\(content): error: a site is built from a whole catalog, not part of one; run: peel build \(root.isEmpty ? "." : String(root.dropLast()))", .red))
            throw ExitCode(2)
        }
        let options = BuildOptions(content: URL(fileURLWithPath: content), output: URL(fileURLWithPath: output),
                                   templates: templates.map { URL(fileURLWithPath: $0) }, maxPixels: maxPixels,
                                   cache: cacheDir.map { URL(fileURLWithPath: $0) }, useCache: !noCache, artChecks: artChecks)
        let builder = SiteBuilder(options: options)
        let report = try await LibraryCall.run(progressLabel: "Images", interruptedMessage: "Interrupted; the previous site is unchanged.") {
            try await builder.build(progress: $0)
        }
        switch format {
        case .human:
            let paths = DisplayPath(root: target.root)
            FindingPrinter(terminal: Terminal.standardError, paths: paths).print(report.findings)
            let out = Terminal.standardOutput
            if let omitted = ArchiveOmission.summary(report.archiveOmissions, path: paths.path) { out.line("\(omitted)") }
            out.line("\(report.summary)")
            if timings {
                for phase in report.phases { out.line("  \(String(format: "%7.3f s", phase.seconds))  \(phase.name)") }
            }
        case .json:
            print(try FindingsJSON.encode(report.findings, summary: report.reviewSummary))
        }
        if report.findings.hasErrors { throw ExitCode(1) }
    }
}

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case human
    case json
}
