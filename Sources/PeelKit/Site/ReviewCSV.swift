/// `review/labels.csv`: every sticker's label and findings, one row each, for translators and
/// reviewers working in a spreadsheet. RFC 4180: comma-separated, CRLF rows, fields quoted when
/// they hold a comma, quote or line break. UTF-8 with a byte-order mark: without one, Excel reads
/// the file in the system's legacy code page and shows é, Arabic and Japanese as mojibake.
///
/// A catalog in several languages gets two more columns per language its packs are translated
/// into (`Catalog.translatedLanguages`): `label (fr)`, the label in it, and `state (fr)`:
/// `translated`, `stale` or `missing`, to filter on, or `source` (and no label: it is `label`'s)
/// for a sticker whose pack is written in it.
enum ReviewCSV {
    static let byteOrderMark = "\u{FEFF}"
    /// `label hash` and `new label` are `peel labels export`'s: a reviewer writes in `new label` and
    /// `peel labels import` takes this file as it takes an export (its `source` is the export's `file`).
    static let header = ["pack", "sticker", "source", "sidecar", "title", "label", "characters", "status", "findings",
                         LabelCSV.Column.labelHash, LabelCSV.Column.newLabel]

    /// The header for a catalog translated into `languages`.
    static func header(for languages: [String]) -> [String] {
        header + languages.flatMap { ["label (\($0))", "state (\($0))"] }
    }

    /// The whole file (tests and small catalogs).
    static func make(_ review: Review) -> String {
        var text = ""
        write(review) { text += $0 }
        return text
    }

    /// The file a row at a time: at 20,000 stickers its rows held as arrays of strings, then
    /// joined, were the peak of the build's memory.
    static func write(_ review: Review, _ emit: (String) throws -> Void) rethrows {
        let site = review.catalog.site, languages = review.catalog.translatedLanguages
        // As the review page says: without the art checks, "clean" is about the labels alone.
        let clean = review.artFacts.isEmpty ? "clean (art not checked)" : "clean"
        try emit(byteOrderMark + header(for: languages).map(field).joined(separator: ",") + "\r\n")
        for pack in review.catalog.packs {
            let source = site.sourceLanguage(of: pack)
            for sticker in pack.stickers {
                let own = review.findings(for: sticker)
                let counted = own.filter { !$0.suppressed }
                let status = counted.contains { $0.severity == .error } ? "error" : counted.isEmpty ? clean : "warning"
                let described = own.map { finding in
                    "\(finding.severity.rawValue)[\(finding.code.rawValue)]\(finding.suppressed ? " (silenced)" : ""): \(finding.message)"
                }
                let translations = languages.flatMap { language in
                    let state = sticker.labelState(in: language, source: source)
                    return [state == .source ? "" : sticker.translations[language]?.alt ?? "", state.rawValue]
                }
                // A composed sticker's label is made from its parts' files and edited there: no hash to import against.
                let hash = sticker.composition == nil ? LabelHash.of(sticker.alt ?? "") : ""
                let row = [pack.slug, sticker.slug, sticker.source, sticker.sidecar ?? "", sticker.title, sticker.alt ?? "",
                           String(sticker.alt.map(PerceivedLength.of) ?? 0), status, described.joined(separator: "\n"), hash, ""]
                    + translations
                try emit(row.map(field).joined(separator: ",") + "\r\n")
            }
        }
    }

    static func field(_ text: String) -> String {
        SpreadsheetCell.field(text)
    }
}
