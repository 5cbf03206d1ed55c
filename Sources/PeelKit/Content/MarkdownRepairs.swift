import CCmarkGFM
import Foundation

/// What cmark-gfm's HTML leaves invalid or unlabelled, mended in its output: a task list's
/// checkboxes have no accessible name (axe-core `label`, WCAG 4.1.2), and an aligned table's cells
/// use `align`, obsolete in HTML. Both strings come only from the extensions: in safe mode raw HTML
/// is dropped and text is escaped, so `<input` and `align="` are never the writer's own.
enum MarkdownRepairs {
    /// Each task list item's text, in document order: what its checkbox is named after.
    static func taskLabels(in document: OpaquePointer) -> [String] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var labels: [String] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  let type = cmark_node_get_type_string(node), String(cString: type) == "tasklist" else { continue }
            // The item's first block (its paragraph), not the lists nested in it.
            var text = ""
            if let first = cmark_node_first_child(node), let plain = cmark_render_plaintext(first, CMARK_OPT_DEFAULT, 0) {
                text = String(cString: plain)
                free(plain)
            }
            labels.append(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        return labels
    }

    /// `html` with the n-th checkbox named after the n-th of `labels` (`aria-label`); unchanged when
    /// the two counts differ, which would mean the output is not what this expects.
    static func labellingTaskBoxes(_ html: String, labels: [String]) -> String {
        guard !labels.isEmpty else { return html }
        let box = "<input type=\"checkbox\""
        let parts = html.components(separatedBy: box)
        guard parts.count - 1 == labels.count else { return html }
        var result = parts[0]
        for (label, part) in zip(labels, parts.dropFirst()) {
            result += box
            if !label.isEmpty { result += " aria-label=\"\(HTMLText.escape(label))\"" }
            result += part
        }
        return result
    }

    /// `html` with each table cell's `align="left|center|right"` as the `text-align` it means.
    static func aligningCells(_ html: String) -> String {
        guard html.contains(" align=\"") else { return html }
        var result = html
        for side in ["left", "center", "right"] {
            result = result.replacingOccurrences(of: " align=\"\(side)\"", with: " style=\"text-align: \(side)\"")
        }
        return result
    }
}
