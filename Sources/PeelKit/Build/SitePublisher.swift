#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Publishes a site (or an exported Xcode catalog) atomically: the new folder is written to a
/// staging folder beside the output and swapped in only when complete, so a failed or interrupted
/// run leaves the previous one exactly as it was. It never replaces a folder Peel did not write.
///
/// The swap is one `FolderSwap.exchange` where the OS has it, so the output is never missing;
/// elsewhere the old folder is renamed aside (`.<name>.peel-old-<pid>`) and the new one into
/// place. Whatever a killed run leaves (a staging folder, the old folder moved aside with no
/// output) is recovered or removed by the next run, once the process that left it is gone.
struct SitePublisher {
    let output: URL
    private let fileManager = FileManager.default

    init(output: URL) {
        self.output = output.standardizedFileURL
    }

    /// Refuses outputs that would overwrite the content or a folder of the user's.
    func validate(content: URL) throws {
        // `_site` beside the content folder, as the current folder sees it (`../../_site` from a pack folder).
        try OutputLocation(reading: [content], suggestion: "-o \(DisplayPath.beside(content, "_site"))").check(folder: output, replacedWhole: true)
        // The new site is swapped in where the output is: a link there (`_site -> /var/www/stickers`)
        // was replaced by a folder, and the folder it pointed to kept the old site, exit status 0.
        if SafeFile.isSymlink(output.path) {
            let target = (try? fileManager.destinationOfSymbolicLink(atPath: output.path)) ?? "?"
            let resolved = RealPath.of(output)
            throw PeelError.unsafeOutput(path: output.path,
                                         reason: "the output path is a symlink (to \(target)); Peel replaces the output folder whole, which would replace the link and leave the folder it points to as it was, so give that folder: -o \(resolved)")
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: output.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw PeelError.unsafeOutput(path: output.path, reason: "the output path is a file, not a folder")
            }
            let entries = (try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []
            // A gh-pages worktree before its first site (only `.git`, `CNAME`, a `.DS_Store`) is
            // filled, and what it holds is kept (`UnlistedFiles`).
            if !entries.isEmpty && !entries.contains(SitePaths.manifest) && !UnlistedFiles.holdsOnlyDeploymentFiles(entries) {
                throw PeelError.unsafeOutput(path: output.path,
                                             reason: "the output folder is not empty and was not written by Peel; Peel will not replace it (remove it or choose another -o)")
            }
        }
    }

    private var parent: URL { output.deletingLastPathComponent() }
    private var stagingPrefix: String { ".\(output.lastPathComponent).peel-staging-" }
    private var retiredPrefix: String { ".\(output.lastPathComponent).peel-old-" }
    private var pid: Int32 { ProcessInfo.processInfo.processIdentifier }

    /// A new, empty staging folder on the same file system as the output (so the swap is a rename).
    func makeStaging() throws -> URL {
        recoverInterruptedPublish()
        let staging = parent.appendingPathComponent("\(stagingPrefix)\(pid)")
        do {
            try SafeFile.makeFolders("", in: parent.path)
        } catch let error as PeelError {
            throw PeelError.cannotWrite(path: parent.path, reason: error.reason)
        }
        try? fileManager.removeItem(at: staging)
        guard mkdir(staging.path, 0o755) == 0 else {
            throw PeelError.cannotWrite(path: output.path, reason: "cannot make a folder beside it: \(SystemErrorText.describe(errno: errno))")
        }
        // Another live process staging the same output (a build with --no-cache or another
        // --cache-dir, which the cache's lock does not see) would publish over this one. Checked
        // after making our own, so of two that start together at least the later one stops.
        if othersStaging() {
            try? fileManager.removeItem(at: staging)
            throw PeelError.busy(path: output.path)
        }
        return staging
    }

    /// Makes the new output whole in a staging folder (`fill` writes into the folder it is given)
    /// and swaps it in. On any failure the staging folder goes, the previous output stays, and a
    /// file named in the error is named where it would have been in the output.
    func replaceWhole<T>(_ fill: (URL) throws -> T) throws -> T {
        let staging = try makeStaging()
        do {
            let result = try fill(staging)
            try publish(staging)
            return result
        } catch let error as PeelError {
            discard(staging)
            throw error.relocated(from: staging.path, to: output.path)
        } catch {
            discard(staging)
            throw error
        }
    }

    /// Swaps `staging` in as the output; the previous output is deleted last.
    func publish(_ staging: URL) throws {
        var info = stat()
        let hadOutput = lstat(output.path, &info) == 0
        if hadOutput && !FaultInjection.isSet("no-folder-swap") && FolderSwap.exchange(staging.path, output.path) {
            // `staging` now holds the previous output; a kill from here on leaves the new output in
            // place and a stale staging folder that the next run removes.
            FaultInjection.killIfSet("after-folder-swap")
            try? fileManager.removeItem(at: staging)
            return
        }
        let retired = parent.appendingPathComponent("\(retiredPrefix)\(pid)")
        try? fileManager.removeItem(at: retired)
        if hadOutput && rename(output.path, retired.path) != 0 {
            // A mount point (a Docker volume, a partition of its own) cannot be renamed: "it is in
            // use" said nothing of why, nor what to do.
            let reason = errno == EBUSY
                ? "it is a mount point (or otherwise in use) and cannot be replaced; Peel swaps in a whole new folder, so give a folder inside it (-o \(output.lastPathComponent)/site)"
                : SystemErrorText.describe(errno: errno)
            discard(staging)
            throw PeelError.cannotWrite(path: output.path, reason: reason)
        }
        // Killed here, the output is missing and the previous one waits in `retired`: the next
        // run's recoverInterruptedPublish puts it back.
        FaultInjection.killIfSet("after-retire")
        // A test makes this rename fail ("fail-swap-in") to see the previous output put back.
        var failure: Int32 = 0
        if FaultInjection.isSet("fail-swap-in") { failure = EIO } else if rename(staging.path, output.path) != 0 { failure = errno }
        if failure != 0 {
            let reason = SystemErrorText.describe(errno: failure)
            if hadOutput { rename(retired.path, output.path) }
            discard(staging)
            throw PeelError.cannotWrite(path: output.path, reason: reason)
        }
        try? fileManager.removeItem(at: retired)
    }

    /// True when a live process other than this one has a staging folder for this output.
    private func othersStaging() -> Bool {
        let names = (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.contains { name in
            guard name.hasPrefix(stagingPrefix), let owner = Int32(name.dropFirst(stagingPrefix.count)), owner != pid else { return false }
            return PeelProcess.isRunning(owner)
        }
    }

    func discard(_ staging: URL) {
        try? fileManager.removeItem(at: staging)
    }

    /// Cleans up after runs that were killed outright (their process is gone): when the output is
    /// missing and a previous output was moved aside, it is put back; every other leftover
    /// staging or moved-aside folder of this output is removed.
    func recoverInterruptedPublish() {
        let names = (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        func leftBehind(_ prefix: String) -> [String] {
            names.filter { name in
                guard name.hasPrefix(prefix), let owner = Int32(name.dropFirst(prefix.count)) else { return false }
                return owner == pid || !PeelProcess.isRunning(owner)
            }
        }
        var retired = leftBehind(retiredPrefix)
        var info = stat()
        if lstat(output.path, &info) != 0 && errno == ENOENT {
            // The most recently retired output is the one the interrupted run was replacing.
            let newest = retired.max { modified($0) < modified($1) }
            if let newest, rename(parent.appendingPathComponent(newest).path, output.path) == 0 {
                retired.removeAll { $0 == newest }
            }
        }
        for name in retired + leftBehind(stagingPrefix) {
            try? fileManager.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    private func modified(_ name: String) -> Double {
        var info = stat()
        guard lstat(parent.appendingPathComponent(name).path, &info) == 0 else { return 0 }
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }
}
