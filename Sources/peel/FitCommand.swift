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
        let outputFolder = URL(fileURLWithPath: output)
        var record = FitRecord(output: outputFolder)
        var writtenThisRun: [String: String] = [:]   // output path -> the sticker written there
        defer { if !inPlace, fitted > 0 { try? record.save(in: outputFolder) } }
        let stop = StopRequest()
        defer { stop.end() }
        var interrupted = false
        for item in items {
            if stop.isRequested {
                interrupted = true
                break
            }
            let shown = DisplayPath.file(item.input)
            let data: Data
            let result: (data: Data, report: StickerFitter.Report)
            do {
                data = try ContentFile.read(item.input)
                result = try StickerFitter(sizeClass: item.sizeClass, maxPixels: maxPixels).fit(data)
            } catch {
                // Art over the pixel budget: say how to let it through (`peel fit huge.png` is the help's own example).
                let raise = (error as? ImageError)?.findingCode == .imageTooLarge ? "; pass --max-pixels to fit larger art" : ""
                terminal.write("\(shown): error: \(SystemErrorText.describe(error))\(raise)\n")
                failures += 1
                continue
            }
            let report = result.report
            if report.unchanged {
                // Art under Messages' 300 px minimum side does not fit: fit never enlarges it.
                if min(report.afterSize.width, report.afterSize.height) < SizeClass.minimumSide {
                    let side = item.sizeClass.pixels
                    terminal.write("\(shown): error: \(report.afterSize.width) × \(report.afterSize.height) px is under Messages' "
                        + "\(SizeClass.minimumSide) px minimum side, and fit never enlarges art; export it at \(side) × \(side) px\n")
                    failures += 1
                    continue
                }
                alreadyFit += 1
                continue
            }
            if inPlace && FitPlan.outputPath(for: item) != item.relativePath
                && item.input.pathExtension.lowercased() != "png" {
                // A PNG named .gif is a PNG already: its name is what cannot stay.
                let reason = ImageFormat.sniff(data) == .png || ImageFormat.sniff(data) == .apng
                    ? "is a PNG named .\(item.input.pathExtension), and its result is a PNG too, so it is not replaced in place; rename it to .png, or use -o"
                    : "fitting makes it a PNG, so it is not replaced in place; use -o"
                terminal.write("\(shown): error: \(reason)\n")
                failures += 1
                continue
            }
            // What still breaks the rules is written nowhere: the original stays as it was.
            if !report.fits {
                let steps = report.steps.joined(separator: ", ")
                terminal.write("\(shown): error: still \(ByteCount.grouped(report.afterBytes)) bytes after \(steps); nothing was written: use fewer frames or smaller art\n")
                failures += 1
                continue
            }
            // sun.png and sun.gif both become fitted/p/sun.png (a.png and b/a.png given loose, a.png):
            // the second would replace the first.
            if !inPlace {
                let path = FitPlan.outputPath(for: item)
                if let first = writtenThisRun[path] {
                    terminal.write("\(shown): error: its result would be \(DisplayPath.file(outputFolder.appendingPathComponent(path))), "
                        + "which \(first) was just written to; rename one of them\n")
                    failures += 1
                    continue
                }
                writtenThisRun[path] = shown
            }
            let target: URL
            do {
                target = try FitPlan.write(result.data, for: item, output: outputFolder, inPlace: inPlace, record: &record)
            } catch let error as PeelError {
                terminal.lines(error.description)
                failures += 1
                continue
            }
            var line = "\(shown): \(ByteCount.grouped(report.beforeBytes)) → \(ByteCount.grouped(report.afterBytes)) bytes; "
                + report.steps.joined(separator: ", ")
            if let psnr = report.psnr { line += String(format: "; PSNR %.1f dB", psnr) }
            Terminal.standardOutput.line("\(line)\(inPlace ? "" : " → \(DisplayPath.file(target))")")
            fitted += 1
            if report.lossIsNoticeable {
                terminal.write("\(shown): warning: quality drops noticeably (PSNR \(String(format: "%.1f", report.psnr ?? 0)) dB); look at it before shipping\n")
            }
        }
        // A stop asked for during the last sticker is a stop too.
        if stop.isRequested { interrupted = true }
        Terminal.standardOutput.line("Fitted \(fitted) of \(plural(items.count, "sticker")); \(alreadyFit) already fit"
            + (failures > 0 ? "; \(failures) could not be fitted (above)." : "."))
        if interrupted {
            terminal.line("Interrupted; the stickers fitted so far are written and recorded, and the next run goes on from there.")
            throw ExitCode(130)
        }
        for (pack, count) in composed {
            Terminal.standardOutput.line("Not fitted: \(plural(count, "composed sticker")) of \(pack), made from its parts' layers at each build; the layers (\(pack)/<part>/) are the files to change.")
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

extension SizeClass: ExpressibleByArgument {}
