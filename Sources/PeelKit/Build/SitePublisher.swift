import Foundation

/// Publishes a site (or an exported Xcode catalog) atomically: the new folder is written to a
/// staging folder beside the output and swapped in only when complete, so a failed or interrupted
/// run leaves the previous one exactly as it was. It never replaces a folder Peel did not write.
struct SitePublisher {
    let output: URL
    private let fileManager = FileManager.default

    init(output: URL) {
        self.output = output.standardizedFileURL
    }

    /// Refuses outputs that would overwrite the content or a folder of the user's.
    func validate(content: URL) throws {
        let outputPath = RealPath.of(output)
        let contentPath = RealPath.of(content)
        if outputPath == contentPath || contentPath.hasPrefix(outputPath + "/") || outputPath == "/" {
            throw PeelError.unsafeOutput(path: output.path, reason: "the output folder holds the content folder; choose another output (-o _site)")
        }
        if outputPath.hasPrefix(contentPath + "/") {
            throw PeelError.unsafeOutput(path: output.path, reason: "the output folder is inside the content folder; choose one outside it (-o _site)")
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: output.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw PeelError.unsafeOutput(path: output.path, reason: "the output path is a file, not a folder")
            }
            let entries = (try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []
            if !entries.isEmpty && !entries.contains(SitePaths.manifest) {
                throw PeelError.unsafeOutput(path: output.path,
                                             reason: "the output folder is not empty and was not written by Peel; Peel will not replace it (remove it or choose another -o)")
            }
        }
    }

    private var parent: URL { output.deletingLastPathComponent() }
    private var stagingPrefix: String { ".\(output.lastPathComponent).peel-staging-" }

    /// A new, empty staging folder on the same file system as the output (so the swap is a rename).
    func makeStaging() throws -> URL {
        removeStaleStaging()
        let staging = parent.appendingPathComponent("\(stagingPrefix)\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw PeelError.writeFailed(path: staging.path, reason: error.localizedDescription)
        }
        return staging
    }

    /// Swaps `staging` in as the output. The old site is moved aside first and deleted last.
    func publish(_ staging: URL) throws {
        let retired = parent.appendingPathComponent(".\(output.lastPathComponent).peel-old-\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: retired)
        let hadSite = fileManager.fileExists(atPath: output.path)
        do {
            if hadSite { try fileManager.moveItem(at: output, to: retired) }
            do {
                try fileManager.moveItem(at: staging, to: output)
            } catch {
                if hadSite { try? fileManager.moveItem(at: retired, to: output) }
                throw error
            }
        } catch {
            discard(staging)
            throw PeelError.writeFailed(path: output.path, reason: error.localizedDescription)
        }
        try? fileManager.removeItem(at: retired)
    }

    func discard(_ staging: URL) {
        try? fileManager.removeItem(at: staging)
    }

    /// Staging folders left by builds that were killed outright.
    private func removeStaleStaging() {
        let names = (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(stagingPrefix) {
            let pid = Int32(name.dropFirst(stagingPrefix.count)) ?? 0
            if pid == ProcessInfo.processInfo.processIdentifier || kill(pid, 0) != 0 {
                try? fileManager.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
