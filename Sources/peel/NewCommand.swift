import ArgumentParser
import Foundation
import PeelKit

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a template for something new in the catalog.",
        discussion: """
        Examples:
          peel new sticker faces/party        the sidecar for content/faces/party.png
          peel init                           a whole new catalog instead
        """,
        subcommands: [NewStickerCommand.self]
    )
}

struct NewStickerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sticker",
        abstract: "Write the sidecar template for a sticker image that has none.",
        discussion: """
        Put the image in its pack folder first, then run this to write <name>.md beside it with \
        an empty alt: (the accessibility label, which peel check asks for until you write it), a \
        title made from the file name and an empty tag list. An existing sidecar is never \
        overwritten.

        Examples:
          peel new sticker faces/party                 writes content/faces/party.md
          peel new sticker faces/party.gif             name the image with its extension
          peel new sticker weather/sun --content my-stickers
        """
    )

    @Argument(help: "PACK/NAME: the pack folder and the image (with or without its extension).")
    var sticker: String

    @Option(help: "The content folder.", completion: .directory)
    var content: String = "content"

    func run() throws {
        let terminal = Terminal.standardError
        let sidecar: URL
        do {
            sidecar = try SidecarScaffold.write(sticker, content: URL(fileURLWithPath: content))
        } catch let error as ScaffoldError {
            terminal.lines(error.description, .red)
            if case .badStickerPath = error { throw ExitCode(2) }
            throw ExitCode(1)
        } catch let error as PeelError {
            terminal.line(terminal.colored(error.description, .red))
            if case .contentFolderMissing = error {
                if content == "content", let hint = LibraryCall.hereHint(command: "new sticker") {
                    terminal.line("\(hint)")
                } else {
                    terminal.write("Pass the folder that holds your packs with --content, or make one with peel init.\n")
                }
                throw ExitCode(2)
            }
            throw ExitCode(1)
        }
        Terminal.standardOutput.line("Wrote \(DisplayPath.file(sidecar))")
        Terminal.standardOutput.line("Next: write what the sticker shows after 'alt:' in that file, then run peel check.")
    }
}
