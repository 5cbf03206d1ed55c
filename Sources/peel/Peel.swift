import ArgumentParser
import PeelKit

@main
struct Peel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peel",
        abstract: "Build sticker-pack preview sites, review accessibility labels, make icon sets.",
        discussion: """
        Peel reads a content folder (one folder per sticker pack, a Markdown sidecar beside each sticker)
        and publishes a static gallery with a machine-readable catalog.json.

        Examples:
          peel build                      build content/ into _site/
          peel build my-stickers -o public
        """,
        version: PeelVersion.current,
        subcommands: [BuildCommand.self]
    )
}
