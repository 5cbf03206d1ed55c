import ArgumentParser
import Foundation
import PeelKit

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a template for something new in the catalog.",
        discussion: """
        Examples:
          peel new pack animals               content/animals/pack.md, for a new pack
          peel new sticker faces/party        the sidecar for content/faces/party.png
          peel init                           a whole new catalog instead
        """,
        subcommands: [NewPackCommand.self, NewStickerCommand.self]
    )
}

struct NewPackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Write a pack folder with its pack.md template.",
        discussion: """
        Makes <content>/<name>/ and its pack.md (title, size class and contexts, each explained); \
        put the pack's images in the folder next, and give each a sidecar with peel new sticker. \
        An existing pack.md is never overwritten.

        Examples:
          peel new pack animals                        writes content/animals/pack.md
          peel new pack weather --content my-stickers
        """
    )

    @Argument(help: "The pack folder's name.")
    var name: String

    @Option(help: "The content folder.", completion: .directory)
    var content: String = "content"

    func run() throws {
        let written = try Scaffolding.run(command: "new pack", content: content, retry: ShellWord.quoted(name)) {
            try PackScaffold.write(name, content: URL(fileURLWithPath: content))
        }
        let folder = written.deletingLastPathComponent()
        Terminal.standardOutput.line("Wrote \(DisplayPath.file(written))")
        Terminal.standardOutput.line("Next: put the pack's images in \(DisplayPath.file(folder))/, then run peel new sticker \(ShellWord.quoted(folder.lastPathComponent + "/NAME"))\(content == "content" ? "" : " --content \(ShellWord.quoted(content))") for each.")
    }
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

    @Option(help: "The content folder (default: content, or the one folder here that holds the pack).", completion: .directory)
    var content: String?

    func run() throws {
        let content = self.content ?? Self.catalogHolding(sticker) ?? "content"
        let sidecar = try Scaffolding.run(command: "new sticker", content: content, retry: ShellWord.quoted(sticker)) {
            try SidecarScaffold.write(sticker, content: URL(fileURLWithPath: content))
        }
        Terminal.standardOutput.line("Wrote \(DisplayPath.file(sidecar))")
        let check = content == "content" ? "peel check" : "peel check \(ShellWord.quoted(content))"
        // `peel check .` followed by the sentence's full stop read as `peel check ..`, the parent folder.
        Terminal.standardOutput.line("Next: write what the sticker shows after 'alt:' in that file, then run " + (check.hasSuffix(".") ? "this: \(check)" : "\(check)."))
    }

    /// Without --content and without a content/ folder here, the catalog that holds the sticker's
    /// pack: this folder, or the one folder beside it that does. `peel check my-stickers` names a
    /// sticker without a sidecar as `peel new sticker 'my-pack/NAME'` (relative to its catalog), and
    /// that command, copied as printed, failed for want of `--content my-stickers`.
    static func catalogHolding(_ sticker: String) -> String? {
        guard !FileManager.default.fileExists(atPath: "content") else { return nil }
        return SidecarScaffold.catalog(holding: sticker, near: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }
}

/// What `peel new pack` and `peel new sticker` say when they write nothing, and their exit status:
/// 2 for a name that is not one or a missing content folder (with the command that works from a
/// catalog or a pack), 1 otherwise.
enum Scaffolding {
    /// `retry`: the command's arguments but --content, for the hint that names the one catalog here.
    static func run(command: String, content: String, retry: String? = nil, _ write: () throws -> URL) throws -> URL {
        let terminal = Terminal.standardError
        do {
            return try write()
        } catch let error as ScaffoldError {
            terminal.lines(error.description, .red)
            switch error {
            case .badStickerPath, .badPackName: throw ExitCode(2)
            default: throw ExitCode(1)
            }
        } catch let error as PeelError {
            // Paths as seen from here ("content: error: …"), as every command shows them.
            let shown = error.mappingPaths { $0.hasPrefix("/") ? DisplayPath.file(URL(fileURLWithPath: $0)) : $0 }
            terminal.line(terminal.colored(shown.description, .red))
            guard case .contentFolderMissing = error else { throw ExitCode(1) }
            if content == "content", let hint = LibraryCall.hereHint(command: command) {
                terminal.line("\(hint)")
            } else if content == "content", let retry, let catalog = Self.onlyCatalogHere() {
                terminal.line("The catalog here is \(ShellWord.quoted(catalog)); run: peel \(command) \(retry) --content \(ShellWord.quoted(catalog))")
            } else {
                terminal.write("Pass the folder that holds your packs with --content, or make one with peel init.\n")
            }
            throw ExitCode(2)
        }
    }

    /// The one folder here that reads as a catalog (site.md or a pack folder), if there is exactly one.
    static func onlyCatalogHere() -> String? {
        let files = FileManager.default
        let names = ((try? files.contentsOfDirectory(atPath: ".")) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let catalogs = names.filter { CatalogTarget.looksLikeCatalog(URL(fileURLWithPath: $0)) }
        return catalogs.count == 1 ? catalogs[0] : nil
    }
}
