import Foundation
import PeelKit

/// Where the CLI writes for people: knows whether it is a terminal, whether colour is wanted
/// (never with NO_COLOR or off a TTY) and whether progress should show (never in CI).
struct Terminal: Sendable {
    let descriptor: Int32
    /// Decided once: asked for every coloured word, it built the process's whole environment
    /// each time (12 % of a no-op rebuild that prints 1,600 warnings).
    let usesColor: Bool

    static let standardError = Terminal(descriptor: STDERR_FILENO)
    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)

    init(descriptor: Int32) {
        self.descriptor = descriptor
        let environment = ProcessInfo.processInfo.environment
        usesColor = isatty(descriptor) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    var isTTY: Bool { isatty(descriptor) == 1 }

    /// A progress bar is drawn with carriage returns and an erase sequence: only on a terminal
    /// that knows them (not `TERM=dumb`, as Emacs' compile buffer is), and never in CI.
    var showsProgress: Bool {
        let environment = ProcessInfo.processInfo.environment
        let ci = environment["CI"]?.lowercased()
        return isTTY && environment["TERM"] != "dumb" && (ci == nil || ci == "" || ci == "false" || ci == "0")
    }

    enum Color: String {
        case red = "31"
        case yellow = "33"
        case bold = "1"
        case dim = "2"
    }

    /// `text` (escaped like any value) in `color` when the terminal shows colour.
    func colored<Value>(_ text: Value, _ color: Color) -> TerminalText {
        let safe = TerminalEscaping.escaped(String(describing: text))
        return TerminalText(trusted: usesColor ? "\u{1B}[\(color.rawValue)m\(safe)\u{1B}[0m" : safe)
    }

    /// The only way out to the terminal: interpolated values arrive escaped (see `TerminalText`).
    func write(_ text: TerminalText) {
        write(bytes: Data(text.rendered.utf8))
    }

    /// A document for machines (JSON, SARIF, a CSV) as it is, unescaped.
    func write(document: String) {
        write(bytes: Data(document.utf8))
    }

    /// Writes every byte, or stops the run: a report that cannot be written (a full disk behind
    /// `> peel.sarif`, a closed pipe) is no report, yet `peel check --format sarif` exited 0 with an
    /// empty file, and a failed write to either stream crashed Peel (Foundation's `FileHandle.write`
    /// traps). Standard output failing is exit 2, said on standard error; standard error failing
    /// is left unsaid, as there is nowhere to say it.
    func write(bytes: Data) {
        let failure = bytes.withUnsafeBytes { FileDescriptorWrite.all($0, to: descriptor) }
        guard failure != 0, descriptor == STDOUT_FILENO else { return }
        Terminal.standardError.line("error: cannot write the output: \(SystemErrorText.describe(errno: failure))")
        Foundation.exit(2)
    }

    /// `text` and a line break.
    func line(_ text: TerminalText) {
        write(text + "\n")
    }

    /// A message of several lines (an error that lists files): each line kept, each escaped.
    func lines(_ message: String, _ color: Color? = nil) {
        for line in message.split(separator: "\n", omittingEmptySubsequences: false).reversed().drop(while: \.isEmpty).reversed() {
            self.line(color.map { colored(line, $0) } ?? "\(line)")
        }
    }
}
