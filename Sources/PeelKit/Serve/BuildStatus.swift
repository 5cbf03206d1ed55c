/// What the development server tells open pages after each build: which site they should be
/// showing, and whether the last build failed or found errors (shown as an overlay in the page).
public struct BuildStatus: Sendable, Equatable, Codable {
    /// Goes up by one each time a new site is published; a page showing an older one reloads.
    public var generation: Int
    /// `ok`, `errors` (the site was built, but the content has errors) or `failed` (no new site).
    public var state: State
    /// One line for the overlay's heading.
    public var title: String
    /// What went wrong, one entry per problem (`path:line: error[code]: message`).
    public var messages: [String]

    public enum State: String, Sendable, Codable {
        case ok
        case errors
        case failed
    }

    public init(generation: Int, state: State, title: String = "", messages: [String] = []) {
        self.generation = generation
        self.state = state
        self.title = title
        self.messages = messages
    }

    /// A successful build: `errors` when the content has unsilenced errors, else `ok`.
    public static func built(generation: Int, report: BuildReport) -> BuildStatus {
        let errors = report.findings.filter { $0.severity == .error && !$0.suppressed }
        guard !errors.isEmpty else { return BuildStatus(generation: generation, state: .ok) }
        return BuildStatus(generation: generation, state: .errors,
                           title: "\(plural(errors.count, "error")) in the content (the site was still built)",
                           messages: errors.map(\.oneLine))
    }

    /// A build that stopped: the previous site is still served.
    public static func failed(generation: Int, error: any Error) -> BuildStatus {
        BuildStatus(generation: generation, state: .failed,
                    title: "Build failed; still showing the last site that built",
                    messages: [String(describing: error)])
    }
}

extension Finding {
    /// `path:line: severity[code]: message`, as the command line prints it.
    var oneLine: String {
        let location = line.map { "\(file):\($0)" } ?? file
        return "\(location): \(severity.rawValue)[\(code.rawValue)]: \(message)"
    }
}
