/// Renders the review page in parts, so neither the page nor its rows are ever held whole: it
/// has a row per sticker, and at 20,000 stickers it is 25 MB of HTML, which rendered as one
/// string (the rows section's string, the page's, then a copy in `Data`) held about 100 MB at the
/// build's peak.
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
    /// The template of a part's rows for `review`'s text: what its `{{#rows}}…{{/rows}}` section
    /// before the marker holds, in the page's context. A theme that writes its rows inline (not
    /// through `review-row`) had Peel's own rows streamed in their place. Nil when the marker does
    /// not follow such a section: the page is then rendered whole.
    static func rowsTemplateText(for review: String) -> String? {
        guard let marker = review.range(of: "{{{rowsToFollow}}}") else { return nil }
        let before = review[..<marker.lowerBound]
        guard let close = before.range(of: "{{/rows}}", options: .backwards),
              before[close.upperBound...].allSatisfy(\.isWhitespace),
              let open = before[..<close.lowerBound].range(of: "{{#rows}}", options: .backwards) else { return nil }
        let inner = before[open.upperBound..<close.lowerBound]
        // A nested rows section would have been closed first: the open tag found is not this one's.
        guard !inner.contains("{{/rows}}") else { return nil }
        return "{{#page}}{{#rows}}\(inner){{/rows}}{{/page}}"
    }

    /// Whether the rows section `text` asks for a row's place in its sequence (`{{index()}}`,
    /// `{{#first()}}`, `{{#last()}}`, `even()`, `odd()`): rendered a part at a time, those started
    /// again at every part (two rows marked first, numbers from 0 again at row 251), so such a page
    /// is rendered whole. (A partial does not see the sequence it is rendered in, so the row
    /// partial's own tags are no matter.)
    static func asksForPosition(_ text: String) -> Bool {
        MustacheTags.read(text).contains { tag in
            tag.sigil != ">" && tag.sigil != "<" && ["index(", "first(", "last(", "even(", "odd("].contains { tag.name.contains($0) }
        }
    }

    /// Stands where the rows go; text a page could not contain otherwise (any `<` of a value is escaped).
    static let marker = "<!--peel:rows-to-follow-->"

    static func render(_ parts: ReviewPageParts, templates: TemplateSet, rowsPerPart: Int = ReviewPageStream.rowsPerPart,
                       emit: (String) throws -> Void) throws {
        var frame = parts.frame.page
        frame.rowsToFollow = marker
        let around = try templates.render("review", parts.frame.showing(frame))
        guard templates.has(rowsTemplate), let place = around.range(of: marker),
              around[place.upperBound...].range(of: marker) == nil else {
            return try emit(templates.render("review", parts.whole))
        }
        try emit(String(around[..<place.lowerBound]))
        var part = parts.frame.page
        for range in parts.parts(rowsPerPart: rowsPerPart) {
            part.rows = parts.rows(range)
            try emit(templates.render(rowsTemplate, parts.frame.showing(part)))
        }
        try emit(String(around[place.upperBound...]))
    }
}
