import ArgumentParser
import Foundation
import PeelKit

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Make stickers pass Apple's size limits: scale down, recompress, reduce to a palette.",
        discussion: """
        For each sticker that is larger than its pack's size class or 500,000 bytes or more: scales it \
        down to the size class (never up), re-encodes it losslessly, and only if it is still too \
        heavy reduces it to a palette (one palette shared by an animation's frames) with fewer \
        colours until it fits. Reports bytes before and after and the PSNR of any lossy step, and \
        warns when quality drops noticeably (under 35 dB). Results are PNG or APNG.

        By default results go to a separate folder and your art is never touched; --in-place \
        replaces the originals (not for a GIF or JPEG, whose format would change).

        Examples:
          peel fit                                  every sticker of content/, results in fitted/
          peel fit content -o ready
          peel fit huge.png --size regular          one file, to 408 × 408 px
          peel fit content --in-place
        """
    )

    @Argument(help: "A content folder, or sticker files.", completion: .file())
    var inputs: [String] = ["content"]

    @Option(name: .shortAndLong, help: "Where to write the results (default: fitted).", completion: .directory)
    var output: String?

    @Flag(help: "Replace the original files instead of writing to the output folder.")
    var inPlace = false

    @Option(help: "For sticker files: the size class to fit (small, regular, large); default: their pack's, or large for a file outside a catalog.")
    var size: SizeClass?

    @Option(help: "Refuse art whose header claims more pixels than this (decompression-bomb guard); raise it for art over 4096 × 4096 px.")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    func validate() throws {
        try PixelBudget.validate(maxPixels)
        // `-o` with `--in-place` was ignored: the originals were replaced, and the folder named stayed empty.
        if inPlace, output != nil { throw ValidationError("--in-place replaces the original files, so it takes no -o; give one of them") }
    }

    func run() throws {
        let output = self.output ?? "fitted"
        let terminal = Terminal.standardError
        var items: [FitPlan.Item] = []
        var protected: [URL] = []   // what results must stay out of: the catalogs and files read
        var composed: [(pack: String, count: Int)] = []
        for input in inputs {
            let url = URL(fileURLWithPath: input)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                if input == "content" { try LibraryCall.requireContentFolder(command: "fit", content: input) }
                terminal.line(terminal.colored("\(input): error: no such file or folder", .red))
                throw ExitCode(2)
            }
            if isDirectory.boolValue {
                // A folder's stickers fit their packs' size classes: `--size` was ignored without a word.
                if let size {
                    terminal.line(terminal.colored("\(input): error: --size \(size.rawValue) is for sticker files given one by one; a folder's stickers fit their pack's size class (size: in its pack.md)", .red))
                    throw ExitCode(2)
                }
                let found = try LibraryCall.run(command: "fit", content: input) { try FitPlan.items(inContent: url) }
                items += found.items
                protected.append(found.catalogRoot)
                composed += found.composed
            } else {
                items += FitPlan.items(files: [url], sizeClass: size)
                protected.append(url)
            }
        }
        // Fitting nothing is no success: a folder that holds no sticker is said, not "0 of 0".
        guard !items.isEmpty else {
            terminal.line(terminal.colored("\(inputs.joined(separator: ", ")): error: no stickers to fit here; pass a content folder, a pack folder in it, or sticker files", .red))
            throw ExitCode(2)
        }

        if !inPlace {
            do {
                try FitPlan.checkOutput(URL(fileURLWithPath: output), reading: protected)
            } catch let error as PeelError {
                throw LibraryCall.report(error)
            }
        }

        var failures = 0, fitted = 0, alreadyFit = 0
        // Originals whose result has another extension (a GIF fitted as an APNG): copied back beside
        // them, both were read as one sticker (ambiguous-sidecar), so the original must go.
        var replaced: [(original: String, result: String)] = []
        let stop = StopRequest()
        defer { stop.end() }
        let finished = FitRun(output: URL(fileURLWithPath: output), inPlace: inPlace, maxPixels: maxPixels)
            .run(items, shouldStop: { stop.isRequested }) { item, outcome in
                let shown = DisplayPath.file(item.input)
                switch outcome {
                case .alreadyFits:
                    alreadyFit += 1
                case .refused(let refusal):
                    terminal.write("\(Self.describe(refusal, item: item))\n")
                    failures += 1
                case .fitted(let report, let target):
                    var line = "\(shown): \(ByteCount.grouped(report.beforeBytes)) → \(ByteCount.grouped(report.afterBytes)) bytes; "
                        + report.steps.joined(separator: ", ")
                    if let psnr = report.psnr { line += String(format: "; PSNR %.1f dB", psnr) }
                    Terminal.standardOutput.line("\(line)\(inPlace ? "" : " → \(DisplayPath.file(target))")")
                    fitted += 1
                    if target.pathExtension.lowercased() != item.input.pathExtension.lowercased() {
                        replaced.append((shown, DisplayPath.file(target)))
                    }
                    if report.lossIsNoticeable {
                        terminal.write("\(shown): warning: quality drops noticeably (PSNR \(String(format: "%.1f", report.psnr ?? 0)) dB); look at it before shipping\n")
                    }
                }
            }
        var interrupted = !finished
        // A stop asked for during the last sticker is a stop too.
        if stop.isRequested { interrupted = true }
        Terminal.standardOutput.line("Fitted \(fitted) of \(plural(items.count, "sticker")); \(alreadyFit) already fit"
            + (failures > 0 ? "; \(failures) could not be fitted (above)." : "."))
        if interrupted {
            terminal.line("Interrupted; the stickers fitted so far are written and recorded, and the next run goes on from there.")
            throw ExitCode(Interrupt.exitStatus)
        }
        if fitted > 0 && !inPlace {
            var next = "Next: put each fitted file in place of its original (same folder, same name), then run peel check."
            if !replaced.isEmpty {
                next += " \(replaced.count == 1 ? "One changed format" : "\(replaced.count) changed format"), so delete the original too (a GIF and a PNG of one name are two images of one sticker): "
                    + replaced.map { "\($0.original) (now \($0.result))" }.joined(separator: ", ")
            }
            Terminal.standardOutput.line("\(next)")
        }
        for (pack, count) in composed {
            Terminal.standardOutput.line("\(pack): its \(plural(count, "composed sticker")) are made from its parts' layers at each build, so fit works on the layers (\(pack)/<part>/) instead.")
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

extension FitCommand {
    /// Why `item` was not fitted: "<file>: error: <why>".
    static func describe(_ refusal: FitRun.Refusal, item: FitPlan.Item) -> String {
        if case .writeFailed(let error) = refusal {
            // The error names the file it could not write.
            return error.mappingPaths { $0.hasPrefix("/") ? DisplayPath.file(URL(fileURLWithPath: $0)) : $0 }.description
        }
        return "\(DisplayPath.file(item.input)): error: " + reason(refusal, item: item)
    }

    private static func reason(_ refusal: FitRun.Refusal, item: FitPlan.Item) -> String {
        switch refusal {
        case .unreadable(let error):
            // Art over the pixel budget: say how to let it through (`peel fit huge.png` is the help's own example).
            // (The message of honest art over it names the value already.)
            let named = SystemErrorText.describe(error).contains("--max-pixels")
            let raise = (error as? ImageError)?.findingCode == .imageTooLarge && !named ? "; pass --max-pixels to fit larger art" : ""
            return SystemErrorText.describe(error) + raise
        case .underMinimumSide(let width, let height):
            let side = item.sizeClass.pixels
            return "\(width) × \(height) px: every side is under Messages' \(SizeClass.minimumSide) px minimum, and fit never enlarges art; export it at \(side) × \(side) px"
        case .cannotReplaceInPlace(let isPNGAlready):
            // A PNG named .gif is a PNG already: its name is what cannot stay.
            return isPNGAlready
                ? "is a PNG named .\(item.input.pathExtension), and its result is a PNG too, so it is not replaced in place; rename it to .png, or use -o"
                : "fitting makes it a PNG, so it is not replaced in place; use -o"
        case .stillTooHeavy(let report):
            return "still \(ByteCount.grouped(report.afterBytes)) bytes after \(report.steps.joined(separator: ", ")); nothing was written: use fewer frames or smaller art"
        case .samePathAs(let first, let path):
            return "its result would be \(DisplayPath.file(path)), which \(DisplayPath.file(first.input)) was just written to; rename one of them"
        case .writeFailed(let error):
            return error.description
        }
    }
}

extension SizeClass: ExpressibleByArgument {}
