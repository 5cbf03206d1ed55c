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
          peel build --shard 2/8 -o shard-2    (one of eight shards; then: peel merge content shard-* -o _site)

        Builds are incremental: a cache beside the output (.peel-cache/) remembers each input's \
        hash, so a rebuild decodes only images that changed and writes only files that changed; \
        when nothing changed it stops at once ("Up to date"). Delete .peel-cache/ at any time. \
        The cache's entries are named by content hash, so a cache folder (--cache-dir or \
        PEEL_CACHE_DIR) can be saved and restored between CI runners and checkouts.

        A large catalog builds in shards, on as many machines as a CI matrix gives: each shard \
        builds some packs (--packs or --shard) into its own folder, and peel merge assembles the \
        site from them without reading an image.
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

    @Option(help: "Where to keep the build cache (default: $PEEL_CACHE_DIR, else .peel-cache/<output name> beside the output).",
            completion: .directory)
    var cacheDir: String?

    // One value per --packs (a comma list, or the option again): taking every word up to the next
    // option swallowed the content folder of `peel build --packs faces content`.
    @Option(help: ArgumentHelp("Build only these packs (folders or slugs), as one shard for peel merge: --packs a,b or --packs a --packs b.",
                               valueName: "packs"))
    var packs: [String] = []

    @Option(help: "Build shard I of N (every Nth pack, from the Ith), for peel merge: --shard 2/8.")
    var shard: String?

    @Flag(help: "Also run the art checks (as 'art_checks: true' in site.md does); their findings show on the pages.")
    var artChecks = false

    @Flag(help: "Print how long each step of the build took.")
    var timings = false

    func validate() throws {
        try PixelBudget.validate(maxPixels)
        // --no-cache reads and writes no cache, so a --cache-dir beside it was silently not used.
        if noCache && cacheDir != nil { throw ValidationError("give --no-cache or --cache-dir, not both: --no-cache neither reads nor writes a cache") }
        if !packs.isEmpty && shard != nil { throw ValidationError("give --packs or --shard, not both") }
        if let shard, PackSelection.parsing(shard: shard) == nil { throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, such as 2/8") }
        // An empty value (a CI matrix variable that came out empty) built the whole catalog, not a shard.
        if !packs.isEmpty, selection == nil { throw ValidationError("--packs names no pack; give one or more, such as --packs faces,animals") }
    }

    /// The packs to build: nil for the whole site. `--packs a,b` works as well as `--packs a --packs b`.
    var selection: PackSelection? {
        if let shard { return PackSelection.parsing(shard: shard) }
        let slugs = packs.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        return slugs.isEmpty ? nil : .slugs(slugs)
    }

    func run() async throws {
        // One build and done: the spelling dictionaries go when the spelling check is finished.
        SpellingDictionary.retention = .whileInUse
        let machine: MachineOutput = format == .json ? .json : .none
        let target = try LibraryCall.run(command: "build", content: content, machine: machine) {
            try CatalogTarget.locate(URL(fileURLWithPath: content))
        }
        // `peel build content/site.md` was "no packs here"; the command to paste keeps the output
        // asked for (it built into _site instead).
        if let message = LibraryCall.partOfCatalog(command: "build", content: content, target: target, output: output == "_site" ? nil : output) {
            let error = Terminal.standardError
            error.line(error.colored("\(content): error: \(message)", .red))
            machine.print(Finding(.error, .runFailed, file: content, message: message))
            throw ExitCode(2)
        }
        let options = BuildOptions(content: URL(fileURLWithPath: content), output: URL(fileURLWithPath: output),
                                   templates: templates.map { URL(fileURLWithPath: $0) }, maxPixels: maxPixels,
                                   cache: BuildCacheLocation.folder(cacheDir), useCache: !noCache, artChecks: artChecks,
                                   packs: selection)
        // A site.md whose front matter cannot be read stops the build (read without it, the site
        // would lose its languages, title and settings): said as the finding it is, with its code,
        // and as JSON with --format json (which printed nothing).
        if let broken = CatalogLoader.siteFileError(in: options.content) {
            let kept = FileManager.default.fileExists(atPath: options.output.path) ? "the site in place stays as it was" : "no site was written"
            switch format {
            case .human:
                FindingPrinter(terminal: Terminal.standardError, paths: DisplayPath(root: target.root)).print([broken])
                Terminal.standardError.line("\(CatalogLoader.siteFileNotBuilt); \(kept).")
            case .json:
                Terminal.standardOutput.write(document: try FindingsJSON.encode([broken], summary: ReviewSummary(findings: [broken], packs: 0, stickers: 0)) + "\n")
            }
            throw ExitCode(1)
        }
        let builder = SiteBuilder(options: options)
        let interrupted = FileManager.default.fileExists(atPath: options.output.path)
            ? "Interrupted; the previous site is unchanged." : "Interrupted; no site was written."
        let report = try await LibraryCall.run(progressLabel: "Images", interruptedMessage: interrupted, machine: machine) {
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
            Terminal.standardOutput.write(document: try FindingsJSON.encode(report.findings, summary: report.reviewSummary) + "\n")
            // Standard output is the JSON alone; what else was asked for goes to standard error.
            if timings {
                let error = Terminal.standardError
                for phase in report.phases { error.line("  \(String(format: "%7.3f s", phase.seconds))  \(phase.name)") }
            }
        }
        if report.findings.hasErrors { throw ExitCode(1) }
    }
}

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case human
    case json
}
