import ArgumentParser
import Foundation
import PeelKit

/// The options every messenger export shares, and the run they share.
struct MessengerExportOptions: ParsableArguments {
    @Argument(help: "The content folder.", completion: .directory)
    var content: String = "content"

    @Option(name: .shortAndLong, help: "The folder to write (default: exports/<platform>). Peel replaces it only if it wrote it.", completion: .directory)
    var output: String?

    @Option(name: .customLong("pack"), parsing: .singleValue, help: "Export only this pack (its folder or slug); repeat for more.")
    var packs: [String] = []

    @Flag(help: "Leave out stickers the platform would refuse, and export the rest of their pack.")
    var skipInvalid = false

    @Option(help: "An animation longer than the platform plays: refuse (the default), speed-up, or cut.")
    var longAnimations: MessengerExport.LongAnimationSetting = .refuse

    @Option(help: "Refuse art whose header claims more pixels than this (decompression-bomb guard); raise it for art over 4096 × 4096 px.")
    var maxPixels: Int = ImageAnalyzer.defaultMaxPixels

    func validate() throws {
        try PixelBudget.validate(maxPixels)
    }

    func run(_ platform: MessengerPlatform) async throws {
        try LibraryCall.requireContentFolder(command: "export \(platform.rawValue)", content: content)
        let folder = URL(fileURLWithPath: content)
        let output = URL(fileURLWithPath: self.output ?? "exports/\(platform.rawValue)")
        let export = MessengerExport(platform: platform, skipInvalid: skipInvalid, packs: packs, longAnimations: longAnimations,
                                     maxPixels: maxPixels)
        let terminal = Terminal.standardError
        // A pack the catalog lacks is a usage mistake (exit 2), which LibraryCall says.
        let result = try await LibraryCall.run(progressLabel: "Converting", interruptedMessage: "Interrupted; nothing was exported.") { progress in
            let review = try await Review.make(content: folder, maxPixels: maxPixels)
            return try await export.write(review, content: ContentRoot.resolve(folder), into: output, progress: progress)
        }
        let printer = FindingPrinter(terminal: terminal, paths: DisplayPath(root: folder))
        if !result.refused.isEmpty {
            terminal.line("Left out of the \(platform.name) export:")
            // Silenced errors too: the platform refuses such art whatever `ignore:` says.
            FindingPrinter(terminal: terminal, paths: DisplayPath(root: folder), includeSuppressed: true).print(result.refused)
        }
        printer.print(result.warnings)
        Terminal.standardOutput.line("\(result.summary) to \(output.path)")
        if result.keptPrevious {
            Terminal.standardOutput.line("Nothing could be exported, so the previous export in \(output.path) is unchanged.")
        }
        if !result.changed.isEmpty {
            Terminal.standardOutput.line("\(plural(result.changed.count, "sticker")) changed to fit; what each lost is in \(output.appendingPathComponent("report.md").path)")
        }
        if result.packsRefused { throw ExitCode(1) }
    }
}

extension MessengerExport.LongAnimationSetting: ExpressibleByArgument {}

struct WhatsAppExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whatsapp",
        abstract: "Write WhatsApp sticker packs: 512 × 512 WebP, tray icons, contents.json and .wastickers.",
        discussion: """
        Each pack becomes one or more WhatsApp packs of 3–30 stickers (still and animated apart, split \
        evenly when larger): 512 × 512 WebP stickers (still ≤ 100 KB, animated ≤ 500 KB, no frame under \
        8 ms, at most 10 s), a 96 × 96 tray.png ≤ 50 KB (the pack's tray:, else its icon:, else its cover \
        sticker), contents.json as WhatsApp's sample apps read it, and a .wastickers archive of each.

        \(MessengerExportHelp.examples("whatsapp"))

        \(MessengerExportHelp.common)
        """
    )
    @OptionGroup var options: MessengerExportOptions
    func run() async throws { try await options.run(.whatsapp) }
}

struct TelegramExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "telegram",
        abstract: "Write Telegram sticker sets: 512 px PNG stills, VP9 WEBM video stickers, thumbnails and set.json.",
        discussion: """
        Each pack becomes a set named <telegram_name>_by_<telegram_bot> (site.md's telegram_bot:): \
        stills as PNG with the longer side 512 px (≤ 512 KB), animations as VP9 WEBM video stickers with \
        alpha (≤ 3 s, ≤ 30 fps, ≤ 256 KB), a 100 × 100 thumbnail.png, and set.json with each sticker's \
        format and emoji, as the Bot API's createNewStickerSet takes them. Sets of more than 120 are split.

        \(MessengerExportHelp.examples("telegram"))

        \(MessengerExportHelp.common)
        """
    )
    @OptionGroup var options: MessengerExportOptions
    func run() async throws { try await options.run(.telegram) }
}

struct SignalExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signal",
        abstract: "Write Signal sticker packs: 512 × 512 PNG and APNG, the cover and manifest.json.",
        discussion: """
        Each pack becomes a folder of 512 × 512 PNG stickers (animations as APNG looping forever), each \
        ≤ 300 KiB, with cover.png and manifest.json (title, author, each sticker's emoji) for Signal's \
        sticker creator. Packs of more than 200 are split.

        \(MessengerExportHelp.examples("signal"))

        \(MessengerExportHelp.common)
        """
    )
    @OptionGroup var options: MessengerExportOptions
    func run() async throws { try await options.run(.signal) }
}

struct DiscordExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discord",
        abstract: "Write Discord server stickers: 320 × 320 PNG and APNG with stickers.json.",
        discussion: """
        Each pack becomes a folder of 320 × 320 PNG stickers (animations as APNG, at most 5 s), each \
        ≤ 512 KiB, with stickers.json giving each its name, description and tags as Create Guild \
        Sticker takes them.

        \(MessengerExportHelp.examples("discord"))

        \(MessengerExportHelp.common)
        """
    )
    @OptionGroup var options: MessengerExportOptions
    func run() async throws { try await options.run(.discord) }
}

enum MessengerExportHelp {
    static func examples(_ platform: String) -> String {
        """
        Examples:
          peel export \(platform)                 (into exports/\(platform)/)
          peel export \(platform) --pack animals  (one pack)
          peel export \(platform) --skip-invalid  (leave out what it refuses)
          peel export \(platform) --long-animations speed-up
          peel check --platform \(platform)      (what it would refuse)
        """
    }

    static let common = """
    Stickers are fitted to the byte limit by stepping down quality, then colours, then frame rate; \
    an animation is never sped up or cut unless --long-animations says so. Packs export on their \
    own: a pack with stickers the platform would refuse is left out and listed (exit status 1) while \
    the others are written; --skip-invalid leaves those stickers out instead. report.md in the \
    output says what was written, what each changed sticker lost, and what was refused and why. \
    peel check --platform says all of this before exporting.
    """
}
