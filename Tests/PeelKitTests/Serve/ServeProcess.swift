import Foundation
import Testing

/// `peel serve --port 0` running in the background for a test: started in a folder, ready once it
/// prints its address, stopped with SIGTERM (as Ctrl-C would) when the test is done.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private(set) var port: UInt16 = 0
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""

    init(_ arguments: [String], in folder: URL) throws {
        let binary = try #require(CLITests.binary, "build the peel product first")
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "true", "NO_COLOR": "1"]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        collect(out.fileHandleForReading, isStandardError: false)
        collect(err.fileHandleForReading, isStandardError: true)
        try process.run()

        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let match = output.firstMatch(of: /Serving at http:\/\/127\.0\.0\.1:(\d+)\//), let port = UInt16(match.1) {
                self.port = port
                return
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        stop()
        throw RawHTTPClient.Failure.timeout("peel serve to start; stdout: \(output) stderr: \(errors)")
    }

    deinit { stop() }

    var output: String { lock.withLock { stdoutText } }
    var errors: String { lock.withLock { stderrText } }

    /// Waits until standard error holds `text` (it is read on another thread, so it can arrive
    /// after the event that the test saw first).
    func errors(contain text: String, within timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !errors.contains(text) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return errors.contains(text)
    }

    /// SIGTERM, then waits for the exit status; a server still running after `timeout` seconds is
    /// killed and reported as -1 (a test must fail, not hang, when SIGTERM is ignored).
    @discardableResult
    func stop(timeout: TimeInterval = 20) -> Int32 {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return -1
            }
        }
        return process.terminationStatus
    }

    private func collect(_ handle: FileHandle, isStandardError: Bool) {
        Thread.detachNewThread { [weak self] in
            while true {
                let data = handle.availableData
                guard !data.isEmpty, let self else { return }
                let text = String(decoding: data, as: UTF8.self)
                self.lock.withLock {
                    if isStandardError { self.stderrText += text } else { self.stdoutText += text }
                }
            }
        }
    }
}
