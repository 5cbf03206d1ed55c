import ArgumentParser
import Foundation
import PeelKit

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Review accessibility labels and Apple's sticker rules; write nothing.",
        discussion: """
        Reads the catalog and every image, checks each sticker's label and Apple's sticker rules \
        (format, file size, pixel size, size class, transparency) and looks at the art itself \
        (does its shape vanish on the light or dark transcript?), and prints findings as \
        path:line: severity[code]: message. The art checks' results are cached by each image's \
        content hash in .peel-cache/art-checks/ beside the content folder, so only new or \
        changed art is looked at again; --no-art-checks skips them. Silence a finding for a sticker or a pack with \
        'ignore: [code, ...]' in its front matter; silenced findings are still listed.

        Point it at a pack folder or a sticker file to see only what is about them; the whole \
        catalog is still read, so rules across packs (duplicate art) hold.

        Exit status: 0 clean, 1 errors (with --strict, warnings too), 2 bad usage, no content \
        folder, or nothing to check (no sticker there).

        Examples:
          peel check
          peel check content --strict
          peel check content/faces            (one pack)
          peel check content/faces/sun.png    (one sticker)
          peel check --format sarif > peel.sarif
          peel check --format github          (annotations in a GitHub Actions log)
          peel check --no-art-checks          (labels and files only: faster)
          peel check --platform whatsapp      (and what WhatsApp needs: emoji, pack sizes, animation length)
          peel check --platform all
        """
    )

    @Argument(help: "The content folder, a pack folder in it, or a sticker file.", completion: .file())
    var content: String = "content"

    @Option(help: "Output: human (default), json, sarif or github.")
    var format: CheckFormat = .human

    @Flag(help: "Treat warnings as errors for the exit status.")
    var strict = false

    @Option(help: "Refuse images whose header claims more pixels than this (decompression-bomb guard).")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    @Flag(help: "Skip the checks that look at the art (visibility on the transcripts).")
    var noArtChecks = false

    @Flag(help: "Look at all the art again: the art checks' cache is neither read nor written.")
    var noCache = false

    @Option(help: "Peel's cache folder, shared with peel build --cache-dir (or PEEL_CACHE_DIR): the art checks go in its art-checks/, parts packs' art in its parts/. Default: .peel-cache/ beside the content folder.", completion: .directory)
    var cacheDir: String?

    @Option(name: .customLong("platform"),
            help: "Also check readiness for a messenger: whatsapp, telegram, signal, discord, imessage or all (repeat it, or separate with commas). Default: site.md's platforms:.")
    var platformNames: [String] = []

    /// The platforms `--platform` names, in Peel's order, each once.
    var platforms: [MessengerPlatform] {
        get throws {
            var chosen = Set<MessengerPlatform>()
            for name in platformNames.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
                if name == "all" {
                    chosen.formUnion(MessengerPlatform.all)
                } else if let platform = MessengerPlatform(rawValue: name) {
                    chosen.insert(platform)
                } else {
                    throw ValidationError("--platform '\(name)' is not one of \(MessengerPlatform.allCases.map(\.rawValue).joined(separator: ", ")) or all")
                }
            }
            return chosen.sorted()
        }
    }

    func validate() throws {
        try PixelBudget.validate(maxPixels)
        _ = try platforms
    }

    func run() async throws {
        let given = URL(fileURLWithPath: content)
        let machine: MachineOutput = switch format {
        case .human: .none
        case .json: .json
        case .sarif: .sarif
        case .github: .github
        }
        let target = try LibraryCall.run(command: "check", content: content, machine: machine) { try CatalogTarget.locate(given) }
        let limit = maxPixels
        let chosen = try platforms
        var art: ArtChecks?
        // --cache-dir, else PEEL_CACHE_DIR, as for peel build: one cache folder serves both.
        let cacheFolder = BuildCacheLocation.folder(cacheDir)
        let partsFolder = cacheFolder.flatMap(ArtChecks.partsFolder(given:))
        if !noArtChecks {
            var folder = cacheFolder.map(ArtChecks.cacheFolder(given:))
            if folder == nil && !noCache {
                let usable = ArtChecks.usableCacheFolder(forContent: target.root)
                if let note = usable.note, format == .human { Terminal.standardError.line("note: \(note)") }
                folder = usable.folder
            }
            art = ArtChecks(cacheFolder: noCache ? nil : folder)
        }
        let artChecks = art
        let review = try await LibraryCall.run(progressLabel: "Checking", showProgress: format == .human,
                                               interruptedMessage: "Interrupted.", machine: machine) { progress in
            let review = try await Review.make(content: target.root, maxPixels: limit, art: artChecks, partsFolder: partsFolder, progress: progress)
            // Without --platform, the platforms site.md publishes to: the site's readiness table
            // said Blocked while check said all was well.
            return review.checked(for: chosen.isEmpty ? review.catalog.site.platforms : chosen).scoped(to: target.scope)
        }
        if let cacheFolder { ArtChecks.ignoreInGit(given: cacheFolder) }

        let paths = DisplayPath(root: target.root)
        var summary = review.summary
        var findings = review.findings
        if review.checkedNothing {
            // For machines too: JSON's and SARIF's "0 errors" read as a clean run.
            let scope = switch review.scope {
            case .catalog: "."
            case .pack(let folder): folder
            case .file(let path): path
            }
            findings.append(Finding(.error, .nothingChecked, file: scope, message: Self.nothingCheckedWords(review)))
            summary.errors += 1
        }
        // The summary line counts the nothing-checked error too, as JSON does.
        let checked = Self.checked(review, summary: summary, paths: paths)
        let out = Terminal.standardOutput
        // After the findings it points at and before the summary line that counts it, with its
        // code as every finding has.
        func sayNothingChecked() {
            guard review.checkedNothing else { return }
            let error = Terminal.standardError
            error.line(error.colored("\(Self.shown(review.scope, paths: paths)): error[\(FindingCode.nothingChecked.rawValue)]: \(Self.nothingCheckedWords(review))", .red))
        }
        if format != .human { sayNothingChecked() }
        switch format {
        case .human:
            FindingPrinter(terminal: out, paths: paths, includeSuppressed: true).print(review.findings)
            sayNothingChecked()
            out.line("Checked \(checked)")
        case .json:
            Terminal.standardOutput.write(document: try FindingsJSON.encode(findings, summary: summary) + "\n")
        case .sarif:
            Terminal.standardOutput.write(document: try SARIFReport.encode(findings, contentFolder: target.root) + "\n")
        case .github:
            // Written at once, as the summary after them is: through print(), buffered on a pipe, the summary came first in CI logs.
            Terminal.standardOutput.write(document: GitHubAnnotations.lines(findings, pathPrefix: paths.prefix).map { $0 + "\n" }.joined())
            out.line("Checked \(checked)")
        }
        if review.checkedNothing { throw ExitCode(2) }
        if summary.errors > 0 || (strict && summary.warnings > 0) { throw ExitCode(1) }
    }

    /// "4 packs, 24 stickers: 2 errors, 1 warning", "pack content/faces/ (16 stickers): …" or
    /// "content/faces/sun.png: …": what was checked, and what was found.
    static func checked(_ review: ScopedReview, summary: ReviewSummary, paths: DisplayPath) -> String {
        switch review.scope {
        case .catalog: return summary.line
        case .pack(let folder):
            return "pack \(paths.path(folder))/, \(plural(summary.stickers, "sticker")): \(summary.findingsLine)"
        case .file(let path): return "\(paths.path(path)) (\(plural(summary.stickers, "sticker"))): \(summary.findingsLine)"
        }
    }

    /// Why nothing was checked: the packs reached have no sticker (a parts pack that composes
    /// none, say: the findings above say why), or the folder given holds no pack.
    static func nothingCheckedWords(_ review: ScopedReview) -> String {
        review.summary.packs > 0
            ? "no sticker was checked: the \(review.summary.packs == 1 ? "pack here has" : "packs here have") none (the findings above say why)"
            : "no sticker was checked; point peel check at a content folder, a pack folder or a sticker image"
    }

    /// The folder or file a scope stands for, as seen from the current directory.
    static func shown(_ scope: CatalogTarget.Scope, paths: DisplayPath) -> String {
        switch scope {
        case .catalog: return paths.prefix.isEmpty ? "." : String(paths.prefix.dropLast())
        case .pack(let folder): return paths.path(folder)
        case .file(let path): return paths.path(path)
        }
    }
}

enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    case human
    case json
    case sarif
    case github
}
