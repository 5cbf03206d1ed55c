/// Renders the review page in parts, so the page is never held whole: it has a row per sticker,
/// and at 20,000 stickers it is 25 MB of HTML, which rendered as one string (the rows section's
/// string, the page's, then a copy in `Data`) held about 100 MB at the build's peak.
///
/// The page is rendered with no rows and a marker where they go (`{{{rowsToFollow}}}` in
/// review.mustache), then the rows a few hundred at a time with the theme's `review-row` partial,
/// in the very context the page's own `{{#rows}}` gives them (the page model, the review, the
/// row), so the bytes are those of the whole page rendered at once. A theme whose review page has
/// no marker (made before it existed) gets its page rendered whole.
enum ReviewPageStream {
    /// Rows rendered per part: a few hundred kilobytes of HTML.
    static let rowsPerPart = 250

    /// The template that renders a part's rows (registered by `TemplateSet`).
    static let rowsTemplate = "peel-review-rows"
    static let rowsTemplateText = "{{#page}}{{#rows}}{{> review-row}}{{/rows}}{{/page}}"

    /// Stands where the rows go; text a page could not contain otherwise (any `<` of a value is escaped).
    static let marker = "<!--peel:rows-to-follow-->"

    static func render(_ model: PageModel<ReviewModel>, templates: TemplateSet, rowsPerPart: Int = ReviewPageStream.rowsPerPart,
                       emit: (String) throws -> Void) throws {
        var frame = model.page
        frame.rows = []
        frame.rowsToFollow = marker
        let around = try templates.render("review", model.showing(frame))
        guard templates.has(rowsTemplate), let place = around.range(of: marker),
              around[place.upperBound...].range(of: marker) == nil else {
            return try emit(templates.render("review", model))
        }
        try emit(String(around[..<place.lowerBound]))
        var part = model.page
        var start = 0
        while start < model.page.rows.count {
            let end = min(start + max(1, rowsPerPart), model.page.rows.count)
            part.rows = Array(model.page.rows[start..<end])
            try emit(templates.render(rowsTemplate, model.showing(part)))
            start = end
        }
        try emit(String(around[place.upperBound...]))
    }
}
