import ArgumentParser
import PeelKit

/// Runs one piece of library work for a command: shows progress on a terminal, lets Ctrl-C cancel
/// it, and turns failures into a printed error and an exit status (2 for a missing content
/// folder or an output Peel must not write to, 130 when interrupted, 1 otherwise).
enum LibraryCall {
    static func run<T: Sendable>(progressLabel: String, showProgress: Bool = true, interruptedMessage: String,
                                 _ work: @escaping @Sendable ((@Sendable (Int, Int) -> Void)?) async throws -> T) async throws -> T {
        let terminal = Terminal.standardError
        let progress = showProgress && terminal.showsProgress ? ProgressLine(terminal: terminal, label: progressLabel) : nil
        defer { progress?.finish() }
        let onProgress = progress?.callback
        do {
            return try await Interrupt.cancelling { try await work(onProgress) }
        } catch is CancellationError {
            progress?.finish()
            terminal.write(interruptedMessage + "\n")
            throw ExitCode(130)
        } catch let error as PeelError {
            progress?.finish()
            terminal.write(terminal.colored(error.description, .red) + "\n")
            throw ExitCode(error.isUsageError ? 2 : 1)
        } catch let error as ExitCode {
            throw error
        } catch {
            // Anything else the system reported, in words (never "NSCocoaErrorDomain error 256").
            progress?.finish()
            terminal.write(terminal.colored("error: \(SystemErrorText.describe(error))", .red) + "\n")
            throw ExitCode(1)
        }
    }
}
