import Foundation

/// A one-line progress bar on a terminal ("Images [#####     ] 12/23  40/s"), redrawn in place.
final class ProgressLine: @unchecked Sendable {
    private let terminal: Terminal
    private let label: String
    private let start = Date()
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(terminal: Terminal, label: String) {
        self.terminal = terminal
        self.label = label
    }

    /// The closure the library calls as work completes.
    var callback: @Sendable (Int, Int) -> Void {
        { [self] done, total in update(done, total) }
    }

    func update(_ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let width = 24
        let filled = total == 0 ? width : width * done / total
        let rate = Double(done) / max(now.timeIntervalSince(start), 0.001)
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        terminal.write("\r\(label) [\(bar)] \(done)/\(total)  \(Int(rate))/s ")
        drawn = true
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { terminal.write("\r\u{1B}[K") }
        drawn = false
    }
}
