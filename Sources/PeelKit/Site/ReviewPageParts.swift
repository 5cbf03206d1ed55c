/// The review page's model in parts: the frame (the page with no rows: counts, filters, the
/// findings no sticker page shows) and a row per sticker, made on demand a part at a time. At
/// 20,000 stickers the rows and their strings were over 20 MB held at the build's peak, beside
/// the page being written; now a part of a few hundred rows is held at a time.
struct ReviewPageParts {
    /// A sticker by its indices in the catalog.
    struct Place {
        let pack: Int
        let sticker: Int
    }

    /// The page without its rows.
    let frame: PageModel<ReviewModel>
    /// Every sticker of the page, in row order.
    let stickers: [Place]
    let row: (Place) -> ReviewRowModel

    init(frame: PageModel<ReviewModel>, stickers: [Place], row: @escaping (Place) -> ReviewRowModel) {
        self.frame = frame
        self.stickers = stickers
        self.row = row
    }

    var count: Int { stickers.count }

    /// The rows `range` (indices into `stickers`).
    func rows(_ range: Range<Int>) -> [ReviewRowModel] {
        stickers[range].map(row)
    }

    /// The whole model, every row made.
    var whole: PageModel<ReviewModel> {
        var page = frame.page
        page.rows = rows(0..<count)
        return frame.showing(page)
    }

    /// Identifies the page's content as `PageSource.key` does (the template and every value it
    /// shows): the frame (with the row count), then each row, made a part at a time.
    func key(rowsPerPart: Int = ReviewPageStream.rowsPerPart) -> String {
        let sink = ModelDigest.Sink()
        sink.add(ModelDigest.templateTag, "review")
        ModelDigest.add(frame, to: sink)
        for range in parts(rowsPerPart: rowsPerPart) {
            for row in rows(range) { ModelDigest.add(row, to: sink) }
        }
        return Hex.string(sink.finalize())
    }

    /// The row ranges of `rowsPerPart` rows each (the last may be shorter).
    func parts(rowsPerPart: Int) -> [Range<Int>] {
        let size = max(1, rowsPerPart)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }
}
