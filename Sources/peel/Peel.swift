import ArgumentParser
import Foundation
import PeelKit

@main
struct Peel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peel",
        abstract: "Build sticker-pack preview sites, review accessibility labels, make icon sets.",
        discussion: """
        Peel reads a content folder (one folder per sticker pack, a Markdown sidecar beside each sticker) \
        and publishes a static gallery with a machine-readable catalog.json.

        Examples:
          peel init                       start a catalog in content/
          peel serve                      build, serve and reload as you edit
          peel new sticker faces/party    a sidecar for a new image
          peel build                      build content/ into _site/
          peel build my-stickers -o public
          peel check                      review labels and Apple's sticker rules
          peel icons icon-1024.png        make the iMessage App Icon set
          peel export xcode               write Stickers.xcstickers for Xcode
          peel fit                        make stickers pass the 500 KB and size limits
          peel labels --help              review labels in a spreadsheet
        """,
        version: PeelVersion.current,
        subcommands: [InitCommand.self, ServeCommand.self, BuildCommand.self, MergeCommand.self, CheckCommand.self, NewCommand.self, IconsCommand.self, ExportCommand.self, FitCommand.self, LabelsCommand.self]
    )

    /// Runs a command; usage mistakes exit with 2 (as `peel check` documents), not ArgumentParser's 64.
    static func main() async {
        MemoryTuning.keepFreedImageMemory()
        if let unknown = HelpTopic.unknown(in: Array(CommandLine.arguments.dropFirst()), root: Peel.self) {
            Terminal.standardError.line("Error: \(unknown)")
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                // Line by line: each line of the usage text is kept, what the user typed is escaped.
                for line in fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false) {
                    Terminal.standardError.line("\(line)")
                }
                MachineOutput.requested(in: Array(CommandLine.arguments.dropFirst()))
                    .print(Finding(.error, .runFailed, file: ".", message: message(for: error)))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
