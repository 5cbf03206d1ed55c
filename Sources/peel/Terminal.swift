import Foundation

/// Where the CLI writes for people: knows whether it is a terminal, whether colour is wanted
/// (never with NO_COLOR or off a TTY) and whether progress should show (never in CI).
struct Terminal: Sendable {
    let descriptor: Int32

    static let standardError = Terminal(descriptor: STDERR_FILENO)
    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)

    var isTTY: Bool { isatty(descriptor) == 1 }

    var usesColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isTTY && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    var showsProgress: Bool {
        let ci = ProcessInfo.processInfo.environment["CI"]?.lowercased()
        return isTTY && (ci == nil || ci == "" || ci == "false" || ci == "0")
    }

    enum Color: String {
        case red = "31"
        case yellow = "33"
        case bold = "1"
        case dim = "2"
    }

    func colored(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    func write(_ text: String) {
        FileHandle(fileDescriptor: descriptor).write(Data(text.utf8))
    }
}
