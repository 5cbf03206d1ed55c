import Foundation

/// `report.md`, written with every messenger export: what was written, what was changed to fit
/// (each sticker's losses: quality, colours, frames dropped, duration), and what was refused and why.
/// Names are code spans and messages escaped prose (`MarkdownText`): they quote the catalog's own words.
struct ExportReport {
    var platform: MessengerPlatform
    var result: MessengerExport.Result
    var files: [(path: String, data: Data)]

    var text: String {
        var lines = ["# \(platform.name) export", ""]
        lines.append("## Written")
        lines.append("")
        if result.written.isEmpty {
            lines.append("Nothing.")
        } else {
            for name in result.written {
                // Its folder and, for WhatsApp, its `.wastickers` archive: not every file that starts
                // with the name and a dot (packs `a` and `a.b` counted `a.b`'s files twice).
                let own = files.filter { $0.path.hasPrefix(name + "/") || $0.path == name + ".wastickers" }
                let bytes = own.reduce(0) { $0 + $1.data.count }
                lines.append("- \(MarkdownText.code(name)): \(plural(own.count, "file")), \(ByteCount.grouped(bytes)) bytes")
            }
            lines.append("")
            lines.append("\(plural(result.stickerCount, "sticker")) in \(plural(result.written.count, result.platformNoun)).")
        }
        lines.append("")
        if !result.scalings.isEmpty {
            lines.append("")
            lines.append("Scaled onto the platform's canvas (Lanczos-3):")
            for (scaling, count) in result.scalings.sorted(by: { $0.key < $1.key }) {
                lines.append("- \(scaling): \(plural(count, "sticker"))")
            }
        }
        lines.append("")
        lines.append("## Changed to fit")
        lines.append("")
        if result.changed.isEmpty {
            lines.append("Nothing.")
        } else {
            for (sticker, changes) in result.changed {
                lines.append("- \(MarkdownText.code(sticker)): \(MarkdownText.prose(changes.joined(separator: "; ")))")
            }
        }
        if !result.warnings.isEmpty {
            lines.append("")
            lines.append("## Warnings")
            lines.append("")
            for finding in result.warnings {
                lines.append("- \(MarkdownText.code(finding.file + (finding.line.map { ":\($0)" } ?? ""))) [\(finding.code.rawValue)]: \(MarkdownText.prose(finding.message))")
            }
        }
        lines.append("")
        lines.append("## Refused")
        lines.append("")
        if result.refused.isEmpty {
            lines.append("Nothing.")
        } else {
            for finding in result.refused {
                let place = "\(finding.file)\(finding.line.map { ":\($0)" } ?? "")"
                // A sticker's refusal names the sticker first, even when the finding is on its sidecar.
                let subject = finding.sticker.map { $0 == finding.file ? MarkdownText.code(place) : "\(MarkdownText.code($0)) (\(MarkdownText.prose(place)))" }
                    ?? MarkdownText.code(place)
                lines.append("- \(subject) [\(finding.code.rawValue)]: \(MarkdownText.prose(finding.message))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
