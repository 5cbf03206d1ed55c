/// `review/labels.csv`: every sticker's label and findings, one row each, for translators and
/// reviewers working in a spreadsheet. RFC 4180: comma-separated, CRLF rows, fields quoted when
/// they hold a comma, quote or line break. UTF-8 with a byte-order mark: without one, Excel reads
/// the file in the system's legacy code page and shows é, Arabic and Japanese as mojibake.
enum ReviewCSV {
    static let byteOrderMark = "\u{FEFF}"
    static let header = ["pack", "sticker", "source", "sidecar", "title", "label", "characters", "status", "findings"]

    static func make(_ review: Review) -> String {
        var rows = [header]
        for pack in review.catalog.packs {
            for sticker in pack.stickers {
                let own = review.findings(for: sticker)
                let counted = own.filter { !$0.suppressed }
                let status = counted.contains { $0.severity == .error } ? "error" : counted.isEmpty ? "clean" : "warning"
                let described = own.map { finding in
                    "\(finding.severity.rawValue)[\(finding.code.rawValue)]\(finding.suppressed ? " (silenced)" : ""): \(finding.message)"
                }
                rows.append([pack.slug, sticker.slug, sticker.source, sticker.sidecar ?? "", sticker.title, sticker.alt ?? "",
                             String(sticker.alt?.count ?? 0), status, described.joined(separator: "\n")])
            }
        }
        return byteOrderMark + rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ text: String) -> String {
        SpreadsheetCell.field(text)
    }
}
