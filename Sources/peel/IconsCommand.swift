import ArgumentParser
import Foundation
import PeelKit

struct IconsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icons",
        abstract: "Make the iMessage App Icon set from one piece of art.",
        discussion: """
        Writes 'iMessage App Icon.stickersiconset/' with all thirteen images Apple asks for and the \
        Contents.json Xcode reads. Most slots are 4:3: by default the art is fitted inside each slot \
        and padded, centred, never cropped (--fit fill crops to cover instead). The two App Store \
        icons are flattened onto the background colour (white if it is transparent): they must be \
        opaque. Square corners: the system rounds them.

        Examples:
          peel icons icon-1024.png
          peel icons art.png -o MyStickers --background "#FFD60A"
          peel icons art.png --fit fill
        """
    )

    @Argument(help: "The art: PNG, APNG (first frame), GIF or JPEG, ideally 1024 × 1024 px or larger.", completion: .file())
    var art: String

    @Option(name: .shortAndLong, help: "The folder to write the icon set into, or the .stickersiconset folder itself to update a set in place.", completion: .directory)
    var output: String = "."

    @Option(help: "Padding colour: #RRGGBB, #RGB, #RRGGBBAA, white, black or transparent (the default).")
    var background: String = "transparent"

    @Option(help: "pad (fit inside each slot, default) or fill (cover each slot and crop).")
    var fit: IconFit = .pad

    @Flag(help: "The same as --fit fill.")
    var fill = false

    @Option(help: "Refuse art whose header claims more pixels than this (decompression-bomb guard); raise it for art over 4096 × 4096 px.")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    func validate() throws {
        try PixelBudget.validate(maxPixels)
        guard RGBAColor(parsing: background) != nil else {
            throw ValidationError("'\(background)' is not a colour; use #RRGGBB, #RGB, #RRGGBBAA, white, black or transparent")
        }
    }

    func run() async throws {
        let iconSet = IconSet(background: RGBAColor(parsing: background) ?? .transparent, fit: fill ? .fill : fit)
        let terminal = Terminal.standardError
        let folder = URL(fileURLWithPath: output)
        let warnings: [Finding]
        let (art, maxPixels) = (URL(fileURLWithPath: art), maxPixels)
        do {
            // Ctrl-C stops it before the new set is swapped in: the set in place stays whole.
            warnings = try await Interrupt.cancelling { try iconSet.write(artAt: art, into: folder, maxPixels: maxPixels) }
        } catch is CancellationError {
            terminal.line("Interrupted; the icon set in place is unchanged.")
            throw ExitCode(Interrupt.exitStatus)
        } catch let error as PeelError {
            throw LibraryCall.report(error)
        }
        FindingPrinter(terminal: terminal).print(warnings)
        Terminal.standardOutput.line("Wrote \(IconSlot.iMessageAppIcon.count) icons and Contents.json to \(IconSet.setFolder(for: folder).path)")
    }
}

extension IconFit: ExpressibleByArgument {}
