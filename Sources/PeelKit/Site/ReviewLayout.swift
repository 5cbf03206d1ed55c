/// Whether the label review is one page or a page per pack.
///
/// One page holds a row per sticker, so a reviewer can search and filter the whole catalog at
/// once. That stops working at scale: a 20,000-sticker catalog's page in three languages was 31 MB
/// of HTML and took headless Chromium 41 s to show (a 100-sticker pack's page: under a second).
/// Past `stickersOnOnePage` stickers, `review/index.html` lists the packs with their counts and
/// each pack's rows are on `review/<pack>/index.html`; `review/labels.csv` keeps every row.
struct ReviewLayout: Sendable, Equatable {
    /// The most stickers the review shows on one page: about 2.5 MB of HTML.
    static let defaultStickersOnOnePage = 2_000

    /// True when each pack has a review page of its own.
    let byPack: Bool

    init(stickerCount: Int, stickersOnOnePage: Int = ReviewLayout.defaultStickersOnOnePage) {
        byPack = stickerCount > stickersOnOnePage
    }
}
