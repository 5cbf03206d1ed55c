import ArgumentParser
import Foundation
import PeelKit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new catalog: a site, one pack and one sticker with its sidecar.",
        discussion: """
        Writes site.md, a pack folder with its pack.md, a placeholder sticker (a 408 × 408 px PNG \
        with a transparent background) and the sticker's sidecar with its accessibility label. The \
        result builds and checks clean; replace the art and the text with your own. Existing \
        files are never overwritten: if any of them is already there, nothing is written.

        Examples:
          peel init                           make content/ in this folder
          peel init my-stickers
          peel init && peel serve             start, then watch your edits live
        """
    )

    @Argument(help: "The content folder to create.", completion: .directory)
    var folder: String = "content"

    func run() throws {
        let terminal = Terminal.standardError
        let written: [URL]
        do {
            written = try CatalogScaffold.write(into: URL(fileURLWithPath: folder))
        } catch let error as ScaffoldError {
            terminal.lines(error.description, .red)
            throw ExitCode(1)
        } catch let error as PeelError {
            throw LibraryCall.report(error)
        }
        Terminal.standardOutput.line("Created a catalog in \(folder)/:")
        let prefix = URL(fileURLWithPath: folder).path + "/"
        for url in written { Terminal.standardOutput.line("  \(folder)/\(url.path.dropFirst(prefix.count))") }
        let contentOption = folder == "content" ? "" : " --content \(folder)"
        Terminal.standardOutput.line("""

        Next:
          peel serve \(folder)      see the site at http://127.0.0.1:8080/ while you edit
          peel check \(folder)      review labels and Apple's sticker rules
          peel new sticker \(CatalogScaffold.packFolder)/NAME\(contentOption)
                                a sidecar for each image you add to the pack
        """)
    }
}
