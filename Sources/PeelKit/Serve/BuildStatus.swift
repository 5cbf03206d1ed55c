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
    /// The site files this generation changed (`pack/sticker/index.html`), when known: a page
    /// showing the generation just before, and not among them, stays as it is. Nil: any may have.
    public var changed: [String]?

    public enum State: String, Sendable, Codable {
        case ok
        case errors
        case failed
    }

    public init(generation: Int, state: State, title: String = "", messages: [String] = [], changed: [String]? = nil) {
        self.generation = generation
        self.state = state
        self.title = title
        self.messages = messages
        self.changed = changed
    }

    /// A successful build: `errors` when the content has unsilenced errors, else `ok`.
    public static func built(generation: Int, report: BuildReport, changed: [String]? = nil) -> BuildStatus {
        built(generation: generation, findings: report.findings, changed: changed)
    }

    /// A site made from these findings' content: `errors` when some are unsilenced errors, else `ok`.
    static func built(generation: Int, findings: [Finding], changed: [String]?) -> BuildStatus {
        let errors = findings.filter { $0.severity == .error && !$0.suppressed }
        guard !errors.isEmpty else { return BuildStatus(generation: generation, state: .ok, changed: changed) }
        return BuildStatus(generation: generation, state: .errors,
                           title: "\(plural(errors.count, "error")) in the content (the site was still built)",
                           messages: errors.map(\.oneLine), changed: changed)
    }

    /// A build that stopped: the previous site is still served, when there is one (generation 0:
    /// none was built yet, and the overlay said "still showing the last site that built").
    public static func failed(generation: Int, error: any Error) -> BuildStatus {
        BuildStatus(generation: generation, state: .failed,
                    title: generation == 0 ? "Build failed; no site has been built yet" : "Build failed; still showing the last site that built",
                    messages: [String(describing: error)])
    }
}

extension Finding {
    /// `path:line: severity[code]: message`, as the command line prints it.
    public var oneLine: String {
        let location = line.map { "\(file):\($0)" } ?? file
        return "\(location): \(severity.rawValue)[\(code.rawValue)]: \(message)"
    }
}
