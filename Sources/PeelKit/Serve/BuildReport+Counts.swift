import Foundation

extension BuildReport {
    /// "4 packs, 24 stickers, 0 warnings, 0 errors in 0.41 s": the summary without the output
    /// folder, for `peel serve`, whose site lives in a private temporary folder.
    public var countsSummary: String {
        var line = "\(plural(packCount, "pack")), \(plural(stickerCount, "sticker")), "
            + "\(plural(findings.warningCount, "warning")), \(plural(findings.errorCount, "error"))"
        if findings.suppressedCount > 0 { line += " (\(findings.suppressedCount) silenced)" }
        return line + " in " + String(format: "%.2f", seconds) + " s"
    }
}
