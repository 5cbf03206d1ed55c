import Foundation
import Testing

/// Every command explains itself with examples; colour only on a terminal and never with NO_COLOR.
@Suite struct HelpAndColourTests {
    @Test(arguments: [["init"], ["serve"], ["build"], ["check"], ["new"], ["new", "sticker"], ["icons"], ["export"],
                      ["export", "xcode"], ["fit"], ["labels"], ["labels", "export"], ["labels", "import"], []])
    func everyCommandHasHelpWithExamples(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try CLITests().run(command + ["--help"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"), "peel \(command.joined(separator: " ")) --help")
        #expect(result.stdout.contains("peel \(command.joined(separator: " "))"))
    }

    /// Runs `peel` under `script`, which gives it a pseudo-terminal, and returns what it printed.
    private func onTerminal(_ arguments: [String], in folder: URL, environment: [String: String]) throws -> String {
        let binary = try #require(CLITests.binary)
        let script = try #require(["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "util-linux's script gives the command a terminal")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        let command = ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = folder
        var base = ProcessInfo.processInfo.environment
        base["NO_COLOR"] = nil
        base["CI"] = nil
        base["TERM"] = "xterm-256color"
        process.environment = base.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")

        let terminal = try onTerminal(["check", "content"], in: folder.url, environment: [:])
        #expect(terminal.contains("missing-sidecar"), "\(terminal)")
        #expect(terminal.contains("\u{1B}[31m"), "red on a terminal")
        #expect(terminal.contains("\rChecking ["), "a progress line on a terminal")
        #expect(terminal.contains("\rReading the content folder…"), "said while the catalog is read, before the first count")

        let noColor = try onTerminal(["check", "content"], in: folder.url, environment: ["NO_COLOR": "1"])
        #expect(noColor.contains("missing-sidecar"))
        // Colour is SGR (ESC [ … m); the progress line may still clear itself with ESC [ K.
        #expect(noColor.firstMatch(of: /\x{1B}\[[0-9;]*m/) == nil, "NO_COLOR turns colour off")
        // no-color.org: only a NO_COLOR that is set and not empty turns colour off.
        let empty = try onTerminal(["check", "content"], in: folder.url, environment: ["NO_COLOR": ""])
        #expect(empty.contains("\u{1B}[31m"), "an empty NO_COLOR leaves colour on")

        // A dumb terminal (Emacs' compile buffer) gets neither colour nor the progress line's
        // carriage returns and erase sequence.
        let dumb = try onTerminal(["check", "content"], in: folder.url, environment: ["TERM": "dumb"])
        #expect(dumb.contains("missing-sidecar"))
        #expect(!dumb.contains("\u{1B}[") && !dumb.contains("Checking"), "\(dumb.debugDescription)")

        let piped = try CLITests().run(["check", "content"], in: folder.url)
        #expect(piped.stdout.contains("missing-sidecar"))
        #expect(!piped.stdout.contains("\u{1B}["), "no colour into a pipe")
    }
}

/// `--help` flows its prose to the terminal's width instead of keeping the source's line breaks.
@Suite struct HelpWidthTests {
    @Test(arguments: [["check"], ["build"], ["fit"], ["export", "xcode"], []])
    func helpWrapsAtTheTerminalWidth(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let narrow = try CLITests().run(command + ["--help"], in: folder.url, environment: ["COLUMNS": "60"])
        for line in narrow.stdout.split(separator: "\n") where !line.hasPrefix("USAGE:") && !line.hasPrefix("  ") {
            #expect(line.count <= 60, "\(command): \(line)")
        }
        let wide = try CLITests().run(command + ["--help"], in: folder.url, environment: ["COLUMNS": "220"])
        let longest = wide.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest > 120, "a paragraph is one line when the terminal is wide enough (\(longest))")
    }
}
