/// How serious a finding is. Errors make `peel build` exit non-zero; warnings do not (but for
/// `--strict`). A note says what an export will change to fit a platform (`peel check --platform`):
/// nothing to fix, and never counted as a problem.
public enum Severity: String, Sendable, Codable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}
