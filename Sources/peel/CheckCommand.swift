import ArgumentParser
import Foundation
import PeelKit

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Review accessibility labels and Apple's sticker rules; write nothing.",
        discussion: """
        Reads the catalog and every image, checks each sticker's label and Apple's sticker rules
        (format, file size, pixel size, size class, transparency), and prints findings as
        path:line: severity[code]: message. Silence a finding for a sticker or a pack with
        'ignore: [code, ...]' in its front matter; silenced findings are still listed.

        Exit status: 0 clean, 1 errors (with --strict, warnings too), 2 bad usage or no content folder.

        Examples:
          peel check
          peel check content --strict
          peel check --format sarif > peel.sarif
          peel check --format github          (annotations in a GitHub Actions log)
        """
    )

    @Argument(help: "The content folder.", completion: .directory)
    var content: String = "content"

    @Option(help: "Output: human (default), json, sarif or github.")
    var format: CheckFormat = .human

    @Flag(help: "Treat warnings as errors for the exit status.")
    var strict = false

    @Option(help: "Refuse images whose header claims more pixels than this (decompression-bomb guard).")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    func validate() throws {
        try PixelBudget.validate(maxPixels)
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: content)
        let limit = maxPixels
        let review = try await LibraryCall.run(progressLabel: "Checking", showProgress: format == .human,
                                               interruptedMessage: "Interrupted.") {
            try await Review.make(content: folder, maxPixels: limit, progress: $0)
        }

        let summary = review.summary
        switch format {
        case .human:
            FindingPrinter(terminal: Terminal.standardOutput, includeSuppressed: true).print(review.findings)
            print("Checked \(summary.line)")
        case .json:
            print(try FindingsJSON.encode(review.findings, summary: summary))
        case .sarif:
            print(try SARIFReport.encode(review.findings, contentFolder: folder.standardizedFileURL))
        case .github:
            for line in GitHubAnnotations.lines(review.findings, pathPrefix: content) { print(line) }
            print("Checked \(summary.line)")
        }
        if summary.errors > 0 || (strict && summary.warnings > 0) { throw ExitCode(1) }
    }
}

enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    case human
    case json
    case sarif
    case github
}
