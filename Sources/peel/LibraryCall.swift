import ArgumentParser
import Foundation
import PeelKit

/// Runs one piece of library work for a command: shows progress on a terminal, lets Ctrl-C cancel
/// it, and turns failures into a printed error and an exit status (2 for a missing content
/// folder, a path that is no part of a catalog or an output Peel must not write to, 130 when
/// interrupted by Ctrl-C and 143 by SIGTERM, 1 otherwise).
enum LibraryCall {
    static func run<T: Sendable>(progressLabel: String, showProgress: Bool = true, interruptedMessage: String, machine: MachineOutput = .none,
                                 _ work: @escaping @Sendable ((@Sendable (Int, Int) -> Void)?) async throws -> T) async throws -> T {
        let terminal = Terminal.standardError
        let progress = showProgress && terminal.showsProgress ? ProgressLine(terminal: terminal, label: progressLabel) : nil
        defer { progress?.finish() }
        let onProgress = progress?.callback
        do {
            return try await Interrupt.cancelling { try await work(onProgress) }
        } catch is CancellationError {
            progress?.finish()
            terminal.line("\(interruptedMessage)")
            // For machines too: an interrupted `check --format json` printed nothing at all.
            machine.print(Finding(.error, .runFailed, file: ".", message: interruptedMessage))
            throw ExitCode(Interrupt.exitStatus)
        } catch let error as PeelError {
            progress?.finish()
            throw report(error, machine: machine)
        } catch let error as ExitCode {
            throw error
        } catch let mistake as UsageMistake {
            // Asked for what is not there (`export whatsapp --pack nosuch`): bad usage, exit 2, as
            // the command's help says; it came out as any other failure, exit 1.
            progress?.finish()
            terminal.line(terminal.colored("error: \(mistake.description)", .red))
            machine.print(Finding(.error, .runFailed, file: ".", message: mistake.description))
            throw ExitCode(2)
        } catch {
            // Anything else the system reported, in words (never "NSCocoaErrorDomain error 256").
            progress?.finish()
            terminal.line(terminal.colored("error: \(SystemErrorText.describe(error))", .red))
            machine.print(Finding(.error, .runFailed, file: ".", message: SystemErrorText.describe(error)))
            throw ExitCode(1)
        }
    }

    /// Quick work with no progress (finding the catalog). `command` and `content` (the folder as
    /// given) let a missing content folder suggest the current one when it looks like a catalog.
    static func run<T>(command: String, content: String, machine: MachineOutput = .none, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as PeelError {
            throw report(error, command: command, content: content, machine: machine)
        }
    }

    /// Stops with the content-folder error (and the command that works from here, inside a catalog
    /// or a pack) when `content` is not there: commands that read it in a long call (the exports)
    /// said only "content folder not found" from inside a catalog.
    /// Why `content`, which `target` locates, cannot be built or served: nil for a whole catalog's
    /// folder, else the message naming the catalog's command (a pack folder, a part folder, or
    /// site.md, which stands for its catalog in `peel check` but is no folder to build from).
    /// `output` is kept in the command to paste when it is not the default.
    static func partOfCatalog(command: String, content: String, target: CatalogTarget, output: String? = nil) -> String? {
        var isFolder: ObjCBool = false
        guard target.scope != .catalog || !FileManager.default.fileExists(atPath: content, isDirectory: &isFolder) || !isFolder.boolValue else { return nil }
        let root = DisplayPath(root: target.root).prefix
        let verb = command == "serve" ? "served" : "built"
        return "a site is \(verb) from a whole catalog, not part of one; run: peel \(command) \(root.isEmpty ? "." : String(root.dropLast()))"
            + (output.map { " -o \($0)" } ?? "")
    }

    static func requireContentFolder(command: String, content: String) throws {
        var isFolder: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: content, isDirectory: &isFolder) || !isFolder.boolValue else { return }
        throw report(.contentFolderMissing(path: URL(fileURLWithPath: content).standardizedFileURL.path), command: command, content: content)
    }

    /// When the default `content` is missing because the current folder is itself a catalog or a
    /// pack, the command that works from here; nil elsewhere. Outputs go beside the catalog, as
    /// the defaults inside it would be refused.
    static func hereHint(command: String) -> String? {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if CatalogTarget.looksLikeCatalog(here) {
            // Each messenger's export goes beside the catalog, as its default (exports/<platform>) would be inside it.
            let exports = MessengerPlatform.allCases.filter { $0 != .imessage }.map { ("export \($0.rawValue)", ". -o ../exports/\($0.rawValue)") }
            let rest = Dictionary(uniqueKeysWithValues: exports).merging([
                "build": ". -o ../_site", "fit": ". -o ../fitted", "labels export": ". --csv ../labels.csv",
                "export xcode": ". -o ../MyStickerApp/MyStickerApp", "labels import": ". FILE", "new sticker": "PACK/NAME --content .",
            ]) { $1 }[command] ?? "."
            return "This folder looks like a catalog itself (site.md or pack folders); run: peel \(command) \(rest)"
        }
        if FileManager.default.fileExists(atPath: here.appendingPathComponent("pack.md").path) {
            let rest = ["build": ".. -o ../../_site", "fit": ". -o ../../fitted", "check": ".", "labels export": ".. --csv ../../labels.csv",
                        "labels import": ".. FILE",
                        "new sticker": "\(here.lastPathComponent)/NAME --content .."][command] ?? ".."
            return "This folder is a pack (it holds pack.md); its catalog is the folder above: run: peel \(command) \(rest)"
        }
        return nil
    }

    /// Prints `error` (its paths as seen from the current folder) and gives the exit status for it:
    /// 2 for a usage error, 1 for any other. Every command's `PeelError` goes through here.
    static func report(_ error: PeelError, command: String? = nil, content: String? = nil, machine: MachineOutput = .none) -> ExitCode {
        // As seen from the current directory, as findings are ("no-such: error: content folder
        // not found", not the absolute path the library resolved it to).
        let error = error.mappingPaths { $0.hasPrefix("/") ? DisplayPath.file(URL(fileURLWithPath: $0)) : $0 }
        let terminal = Terminal.standardError
        terminal.line(terminal.colored(error.description, .red))
        machine.print(error.finding)
        switch error {
        case .contentFolderMissing, .pathMissing:
            if let command, content == "content", let hint = hereHint(command: command) { terminal.line("\(hint)") }
            return ExitCode(2)
        default:
            return ExitCode(error.isUsageError ? 2 : 1)
        }
    }
}
