import ArgumentParser
import Foundation
import PeelKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the catalog for a platform.",
        discussion: """
        Examples:
          peel export xcode                   Stickers.xcstickers for an Xcode sticker pack app
          peel export xcode --help            what it writes and its options
          peel export whatsapp                WhatsApp packs in exports/whatsapp
          peel export telegram --pack faces   one pack as a Telegram set
          peel export signal --skip-invalid   Signal packs, leaving out what Signal would refuse
          peel export discord -o discord      Discord server stickers
        """,
        subcommands: [XcodeExportCommand.self, WhatsAppExportCommand.self, TelegramExportCommand.self,
                      SignalExportCommand.self, DiscordExportCommand.self]
    )
}

struct XcodeExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xcode",
        abstract: "Write Stickers.xcstickers, the asset catalog of an Xcode sticker pack app.",
        discussion: """
        One <pack>.stickerpack per pack, with its grid-size from the pack's size class and its \
        stickers in display order; one <sticker>.sticker per sticker, with its image as shipped \
        (PNG, APNG, GIF or JPEG) and its accessibility-label from the sidecar's alt; and the \
        iMessage App Icon set from the first pack with icon art.

        --resize writes each sticker at its pack's size class (only ever scaling down), so art made \
        larger can still be shipped.

        Stickers that Xcode or Messages would reject (errors from peel check) stop the export and \
        are listed; --skip-invalid leaves them out and says so. An existing Stickers.xcstickers is \
        replaced only if Peel wrote it.

        Examples:
          peel export xcode
          peel export xcode content -o MyStickerApp/MyStickerApp
          peel export xcode --skip-invalid
          peel export xcode --resize
        """
    )

    @Argument(help: "The content folder.", completion: .directory)
    var content: String = "content"

    @Option(name: .shortAndLong, help: "The folder to write Stickers.xcstickers into.", completion: .directory)
    var output: String = "."

    @Flag(help: "Leave out stickers with errors instead of failing.")
    var skipInvalid = false

    @Flag(help: "Write each sticker at its pack's size-class pixel size (300, 408 or 618 px), only ever scaling down.")
    var resize = false

    @Option(help: "Refuse art whose header claims more pixels than this (decompression-bomb guard); raise it for art over 4096 × 4096 px.")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    func validate() throws {
        try PixelBudget.validate(maxPixels)
    }

    func run() async throws {
        try LibraryCall.requireContentFolder(command: "export xcode", content: content)
        let folder = URL(fileURLWithPath: content)
        let review = try await LibraryCall.run(progressLabel: "Checking", interruptedMessage: "Interrupted; nothing was exported.") {
            try await Review.make(content: folder, maxPixels: maxPixels, progress: $0)
        }
        let terminal = Terminal.standardError
        let export = XcodeExport(skipInvalid: skipInvalid, resize: resize, maxPixels: maxPixels)
        let target = URL(fileURLWithPath: output)
        let result: XcodeExport.Result
        do {
            // Interruptible as the checking is: Ctrl-C while writing killed Peel, leaving the staging copy.
            let kept = FileManager.default.fileExists(atPath: target.appendingPathComponent(XcodeExport.folderName).path)
            result = try await LibraryCall.run(progressLabel: "Writing", showProgress: false,
                                               interruptedMessage: kept ? "Interrupted; the previous export is unchanged." : "Interrupted; nothing was exported.") { _ in
                do {
                    return Swift.Result<XcodeExport.Result, XcodeExport.Failure>.success(try export.write(review, content: ContentRoot.resolve(folder), into: target))
                } catch let failure as XcodeExport.Failure {
                    return .failure(failure)
                }
            }.get()
        } catch let failure as XcodeExport.Failure {
            terminal.line(terminal.colored("error: " + failure.headline, .red))
            // Silenced errors too: Messages refuses such art whatever `ignore:` says, and the headline counts them.
            FindingPrinter(terminal: terminal, paths: DisplayPath(root: folder), includeSuppressed: true).print(failure.findings)
            // Nothing to export is exit 2, as peel check's nothing-checked.
            if case .noStickers = failure { throw ExitCode(2) }
            throw ExitCode(1)
        } catch let error as PeelError {
            throw LibraryCall.report(error)
        }
        if !result.skipped.isEmpty {
            let stickers = result.skipped.filter { $0.language == nil }, translations = result.skipped.filter { $0.language != nil }
            if !stickers.isEmpty {
                terminal.line("Left out \(plural(XcodeExport.stickerCount(stickers), "sticker")) with errors:")
            }
            if !translations.isEmpty {
                terminal.line("Left out \(plural(translations.count, "translated label")) with errors (those stickers show their source label in that language):")
            }
            FindingPrinter(terminal: terminal, paths: DisplayPath(root: folder), includeSuppressed: true).print(result.skipped)
        }
        FindingPrinter(terminal: terminal, paths: DisplayPath(root: folder)).print(result.notes)
        Terminal.standardOutput.line("\(result.summary)")
    }
}
