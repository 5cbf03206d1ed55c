import Foundation

/// Wall-clock time per build step.
struct PhaseClock {
    private(set) var phases: [(name: String, seconds: Double)] = []
    private var last = Date()

    mutating func lap(_ name: String) {
        let now = Date()
        phases.append((name, now.timeIntervalSince(last)))
        last = now
    }
}
