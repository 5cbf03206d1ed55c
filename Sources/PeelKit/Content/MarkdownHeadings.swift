import CCmarkGFM
import Foundation

/// The headings of a Markdown text as a page shows them: one level down, and each with an id.
///
/// - A text sits under its page's own `<h1>` (the sticker's, the pack's or the site's title), so
///   its `#` is the page's `<h2>`, `##` its `<h3>`, and so on (`######` stays `<h6>`): the outline
///   a screen reader lists keeps one `<h1>` (WCAG 1.3.1).
/// - Each heading gets an id made as GitHub makes them (lower case, letters, digits, `-` and `_`
///   kept, spaces as `-`, a repeated one numbered `-1`, `-2`), so `[how](#how-to-use)` and
///   `[phases](moon.md#phases)` work on the site as they do in the repository. Ids the default
///   theme's pages already use (`main`, `label-heading`, …) are numbered too. The footer's start
///   with `footer-`: every page shows it beside a text of its own, whose ids are unique apart.
enum MarkdownHeadings {
    /// Ids of the default theme's templates (a test keeps this list whole).
    static let themeIDs: Set<String> = [
        "appearance-auto", "appearance-dark", "appearance-light", "backgrounds-heading", "builder-image", "builder-label",
        "builder-label-heading", "builder-sticker", "catalog-findings-heading", "findings-heading", "icons-heading",
        "label-heading", "label-text", "made-of-heading", "main", "packs-heading", "readiness-heading", "review-code",
        "review-pack", "review-packs-heading", "review-q", "review-rows", "review-translation", "sticker-filter-input",
        "sticker-grid", "stickers-heading", "transcript-heading", "viewer", "viewer-title",
    ]

    /// Moves every heading of `document` one level down and returns their ids, in document order.
    static func demoteAndName(in document: OpaquePointer, prefix: String = "") -> [String] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var ids: [String] = []
        var used = themeIDs
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HEADING else { continue }
            cmark_node_set_heading_level(node, min(6, cmark_node_get_heading_level(node) + 1))
            var text = ""
            if let plain = cmark_render_plaintext(node, CMARK_OPT_DEFAULT, 0) {
                text = String(cString: plain)
                free(plain)
            }
            // The footer's ids start with `footer-`: a page heading "Footer credits" took the id of
            // the footer's "Credits" on every page, so a page's own such id starts `section-`.
            let slugged = slug(text)
            let base = prefix.isEmpty && slugged.hasPrefix("footer-") ? "section-" + slugged : prefix + slugged
            var id = base
            var number = 0
            while used.contains(id) {
                number += 1
                id = "\(base)-\(number)"
            }
            used.insert(id)
            ids.append(id)
        }
        return ids
    }

    /// GitHub's anchor for a heading's text: lower case; letters, digits, marks, `-` and `_` kept;
    /// spaces as `-`; everything else left out. "section" for a heading with none of them.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                result += "-"
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.isEmpty ? "section" : result
    }
}
