import Foundation

/// What a build did, for the summary line and for machines.
public struct BuildReport: Sendable {
    public var packCount: Int
    public var stickerCount: Int
    public var findings: [Finding]
    public var seconds: Double
    public var output: URL
    /// Nothing in the content, theme or options changed since the last build: nothing was done.
    public var upToDate = false
    /// The site was assembled from shards (`peel merge`), not built.
    public var merged = false
    /// Files written with new bytes, and files reused from the previous site or the cache.
    public var filesWritten = 0
    public var filesReused = 0
    /// Seconds spent in each step, in order (for `peel build --timings` and the benchmark).
    public var phases: [(name: String, seconds: Double)] = []
    /// Files in the output that Peel did not write, kept in the new site (`UnlistedFiles`).
    public var keptFiles: [String] = []
    /// The site files whose bytes differ from what was there before (written anew, or gone), for
    /// `peel serve` to reload only the pages that changed; nil when not known.
    var changedOutputs: [String]?

    /// The stickers the pack downloads leave out of Stickers.xcstickers, and why.
    public var archiveOmissions: [ArchiveOmission] { ArchiveOmission.all(in: findings) }

    public var reviewSummary: ReviewSummary {
        ReviewSummary(findings: findings, packs: packCount, stickers: stickerCount)
    }

    /// "4 packs, 24 stickers, 0 warnings, 0 errors in 0.41 s": the summary without the output
    /// folder, for `peel serve`, whose site lives in a private temporary folder.
    public var countsSummary: String {
        var line = "\(plural(packCount, "pack")), \(plural(stickerCount, "sticker")), "
            + "\(plural(findings.warningCount, "warning")), \(plural(findings.errorCount, "error"))"
        if findings.suppressedCount > 0 { line += " (\(findings.suppressedCount) silenced)" }
        return line + " in " + String(format: "%.2f", seconds) + " s"
    }

    /// "Built 3 packs, 23 stickers, 0 warnings, 0 errors in 0.41 s → _site" ("Merged …" for a merge)
    public var summary: String {
        var line = (upToDate ? "Up to date: " : merged ? "Merged " : "Built ") + countsSummary + " → \(output.path)"
        if !upToDate && filesReused > 0 { line += " (\(plural(filesWritten, "file")) written, \(filesReused) reused)" }
        if !keptFiles.isEmpty {
            let names = Self.keptNames(keptFiles)
            let named = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            line += "; kept \(plural(keptFiles.count, "file")) Peel did not write (\(named))"
        }
        return line
    }

    /// The kept files as the summary names them: a hidden folder's files as the folder, once
    /// (".git/", not ".git/COMMIT_EDITMSG, .git/HEAD, .git/ORIG_HEAD, …" in a gh-pages worktree).
    static func keptNames(_ files: [String]) -> [String] {
        var names: [String] = []
        for file in files {
            let first = file.prefix { $0 != "/" }
            let name = first.hasPrefix(".") && first.count < file.count ? first + "/" : file
            if names.last != name { names.append(name) }
        }
        return names
    }
}
