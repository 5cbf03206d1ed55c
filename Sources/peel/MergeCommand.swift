import ArgumentParser
import Foundation
import PeelKit

struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Assemble the site from shards built with peel build --packs or --shard.",
        discussion: """
        A catalog too large for one machine builds in shards, one per CI job: each runs \
        peel build --shard I/N (or --packs SLUG,SLUG…) into a folder of its own. peel merge then reads \
        the catalog's text and the shards' manifests, runs the checks that span packs (duplicate \
        images, spelling) and writes the home page, the review, catalog.json and every page a \
        cross-pack finding changed; the shards' images, thumbnails and zips are linked, and no image \
        is decoded. The site is byte for byte the one a single peel build makes.

        Every pack must be in exactly one shard, and the shards must be built by the same Peel with \
        the same theme and options (--templates, --max-pixels, --art-checks) as the merge, from the \
        content the merge reads: a shard older than the content (a file of its packs added, removed \
        or changed since) is refused.

        Examples:
          peel build content --shard 1/2 -o _shards/1
          peel build content --shard 2/2 -o _shards/2
          peel merge content _shards/1 _shards/2 -o _site
        """
    )

    @Argument(help: "The content folder.", completion: .directory)
    var content: String

    @Argument(help: "The shard folders (each a peel build --packs or --shard output).", completion: .directory)
    var shards: [String]

    @Option(name: .shortAndLong, help: "The folder to write the site to.", completion: .directory)
    var output: String = "_site"

    @Option(help: "A folder of templates and assets that replace the default theme's (as the shards were built with).",
            completion: .directory)
    var templates: String?

    @Option(help: "The --max-pixels the shards were built with.")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    @Flag(help: "The shards were built with --art-checks.")
    var artChecks = false

    @Option(help: "How to report findings: human (default) or json.")
    var format: ReportFormat = .human

    func validate() throws {
        try PixelBudget.validate(maxPixels)
        if shards.isEmpty { throw ValidationError("name at least one shard folder") }
    }

    func run() async throws {
        let options = BuildOptions(content: URL(fileURLWithPath: content), output: URL(fileURLWithPath: output),
                                   templates: templates.map { URL(fileURLWithPath: $0) }, maxPixels: maxPixels,
                                   useCache: false, artChecks: artChecks)
        let builder = SiteBuilder(options: options)
        let folders = shards.map { URL(fileURLWithPath: $0) }
        let report = try await LibraryCall.run(progressLabel: "Pages", showProgress: false,
                                               interruptedMessage: "Interrupted; the previous site is unchanged.",
                                               machine: format == .json ? .json : .none) { _ in
            try await builder.merge(shards: folders)
        }
        switch format {
        case .human:
            let paths = DisplayPath(root: URL(fileURLWithPath: content))
            FindingPrinter(terminal: Terminal.standardError, paths: paths).print(report.findings)
            Terminal.standardOutput.line("\(report.summary)")
        case .json:
            Terminal.standardOutput.write(document: try FindingsJSON.encode(report.findings, summary: report.reviewSummary) + "\n")
        }
        if report.findings.hasErrors { throw ExitCode(1) }
    }
}
