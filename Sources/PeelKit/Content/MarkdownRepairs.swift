import CCmarkGFM
import Foundation

/// What cmark-gfm's HTML leaves invalid, unlabelled or unmarked, mended in its output: a task
/// list's checkboxes have no accessible name (axe-core `label`, WCAG 4.1.2), an aligned table's
/// cells use `align`, obsolete in HTML, and no block says its direction or a heading its id. In
/// safe mode raw HTML is dropped and text is escaped, so `<input`, `align="` and `<p>` are never
/// the writer's own.
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
            guard !label.isEmpty else {
                // An empty item (`- [ ] `, a checklist being drafted) has nothing to name its box
                // after, and its state means nothing: the box is left out.
                result += part.firstIndex(of: ">").map { String(part[part.index(after: $0)...]) } ?? part
                continue
            }
            result += box + " aria-label=\"\(HTMLText.escape(label))\"" + part
        }
        return result
    }

    /// Block elements that hold a person's text: each gets `dir="auto"`, so a right-to-left
    /// paragraph after a left-to-right one reads and aligns right (one `dir` on the whole text let
    /// its first paragraph decide for all).
    static let directedBlocks: Set<String> = ["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th"]
    /// Blocks that hold blocks: a list or a quote gets `dir="auto"` itself, and what is inside it
    /// none, so its bullets and its border stand on its text's side. (`dir="auto"` finds its
    /// direction in text that no inner `dir` claims: with `dir` on each `<li>`, an Arabic list
    /// stayed left to right, its bullets on the left and the page wider than a phone.)
    /// A table is one too: with `dir` on each cell, an Arabic table found no direction of its own,
    /// so its first column stood on the left.
    static let directedContainers: Set<String> = ["ul", "ol", "blockquote", "table"]
    /// Blocks the theme lets scroll sideways (`.prose pre`, `.prose table`): each is focusable, so
    /// a keyboard can scroll a long code line or a wide table (axe-core's
    /// scrollable-region-focusable; Safari does not focus a scroller by itself).
    static let scrollingBlocks: Set<String> = ["pre", "table"]

    /// `html` with `dir="auto"` on each of `directedBlocks` and `directedContainers` (none inside
    /// a container), `tabindex="0"` on each of `scrollingBlocks`, and the n-th heading's id the
    /// n-th of `headingIDs` (`MarkdownHeadings`); headings keep no id when the counts differ.
    static func directingBlocks(_ html: String, headingIDs: [String]) -> String {
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        var ids = headingIDs[...]
        let headingCount = countHeadings(bytes)
        var containers = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            result.append(byte)
            index += 1
            guard byte == UInt8(ascii: "<") else { continue }
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            let nameStart = closing ? index + 1 : index
            // The tag's name, then `>` or a space: `<p>` but not `<pre>`.
            var end = nameStart
            while end < bytes.count, end - nameStart < 10, isNameByte(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ">") || bytes[end] == UInt8(ascii: " ") else { continue }
            let name = String(decoding: bytes[nameStart..<end], as: UTF8.self)
            let isContainer = directedContainers.contains(name)
            if closing {
                if isContainer { containers = max(0, containers - 1) }
                continue
            }
            let isDirected = isContainer || directedBlocks.contains(name), scrolls = scrollingBlocks.contains(name)
            guard isDirected || scrolls else { continue }
            result += bytes[index..<end]
            if isHeading(name), headingCount == headingIDs.count, let id = ids.popFirst() {
                result += Array(" id=\"\(HTMLText.escape(id))\"".utf8)
            }
            if isDirected && containers == 0 { result += Array(" dir=\"auto\"".utf8) }
            if scrolls { result += Array(" tabindex=\"0\"".utf8) }
            if isContainer { containers += 1 }
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(byte)
    }

    private static func isHeading(_ name: String) -> Bool {
        name.count == 2 && name.first == "h" && name.last.map { ("1"..."6").contains($0) } == true
    }

    /// How many heading start tags `bytes` holds.
    private static func countHeadings(_ bytes: [UInt8]) -> Int {
        var count = 0
        for index in 0..<max(0, bytes.count - 3) where bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "h")
            && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]) && (bytes[index + 3] == UInt8(ascii: ">") || bytes[index + 3] == UInt8(ascii: " ")) {
            count += 1
        }
        return count
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

    /// GitHub's footnotes as cmark-gfm writes them, fitted to a page: their ids start with
    /// `idPrefix` as the text's headings do (the footer's `[^1]` and the page text's would share
    /// `fn-1`), and their list is a `div`, not a `section` with no heading (the Nu checker's
    /// "Section lacks heading"; the notes read as the list closing the text). Raw HTML never
    /// reaches cmark-gfm's output, so these attributes and `</section>` are only its own.
    static func fittingFootnotes(_ html: String, idPrefix: String) -> String {
        guard html.contains(" data-footnotes>") else { return html }
        var html = html.replacingOccurrences(of: "<section class=\"footnotes\" data-footnotes>", with: "<div class=\"footnotes\" data-footnotes>")
            .replacingOccurrences(of: "</section>", with: "</div>")
        guard !idPrefix.isEmpty else { return html }
        for kind in ["fn-", "fnref-"] {
            html = html.replacingOccurrences(of: "id=\"\(kind)", with: "id=\"\(idPrefix)\(kind)")
                .replacingOccurrences(of: "href=\"#\(kind)", with: "href=\"#\(idPrefix)\(kind)")
        }
        return html
    }
}
