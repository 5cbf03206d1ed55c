import ArgumentParser

/// `peel help nosuch` printed the overview and exited 0, so a script or a user who mistyped a
/// command saw no error. Each word after `help` must name a subcommand of the one before it.
enum HelpTopic {
    /// What is wrong with a `help` request, or nil when `arguments` are not one or name known commands.
    static func unknown(in arguments: [String], root: ParsableCommand.Type) -> String? {
        guard arguments.first == "help" else { return nil }
        var command = root
        var path = [root._commandName]
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            if word == "help" { return nil }
            let subcommands = command.configuration.subcommands
            guard let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) else {
                let known = subcommands.map { $0._commandName }
                return known.isEmpty
                    ? "'\(path.joined(separator: " "))' has no subcommands; see 'peel help \(path.dropFirst().joined(separator: " "))'"
                    : "'\(word)' is not a command of '\(path.joined(separator: " "))'; the commands are \(known.joined(separator: ", "))"
            }
            command = next
            path.append(word)
        }
        return nil
    }
}
