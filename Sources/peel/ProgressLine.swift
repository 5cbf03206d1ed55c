import Foundation

/// A one-line progress bar on a terminal ("Images [#####     ] 12/23  40/s"), redrawn in place.
final class ProgressLine: @unchecked Sendable {
    private let terminal: Terminal
    private let label: String
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drawn = false
    /// When the first count came, and what it was: the rate is measured from there. Measured from
    /// the start, the seconds spent reading the catalog showed 30/s where 1,000/s were made.
    private var first: (time: Date, done: Int)?

    init(terminal: Terminal, label: String) {
        self.terminal = terminal
        self.label = label
        // Reading a large catalog takes seconds before the first count: say what is going on.
        terminal.write("\rReading the content folder…\u{1B}[K")
        drawn = true
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
        if first == nil { first = (now, done) }
        let elapsed = now.timeIntervalSince(first?.time ?? now)
        let rate = elapsed > 0.2 ? " \(Int(Double(done - (first?.done ?? 0)) / elapsed))/s" : ""
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        terminal.write("\r\(label) [\(bar)] \(done)/\(total) \(rate)\u{1B}[K")
        drawn = true
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { terminal.write("\r\u{1B}[K") }
        drawn = false
    }
}
