import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown through cmark-gfm, in safe mode: raw HTML is dropped and
/// `javascript:`, `vbscript:`, `file:` and non-image `data:` links lose their target.
public enum Markdown {
    /// The GFM extensions Peel enables, by cmark-gfm's names.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    public static func html(_ markdown: String) -> String {
        rendered(markdown).html
    }

    /// What `rendered` gives: the HTML and what was not rendered as written, for findings.
    struct Rendering {
        let html: String
        let oversizedTable: PipeTableLimits.Excess?
        let rawHTML: [RawHTML]
        /// `[text](a file.png)` left as text: a destination with a space is no link (`UnlinkedLink`).
        var unlinked: [UnlinkedLink] = []
        let bracketsAsText: Int?
        /// The bytes of HTML the text would have made when that was too many (`maxGrowth`): the
        /// text is then shown as it was written, escaped.
        let plainBecauseOf: Int?
    }

    /// `maxGrowth` bytes of HTML per byte of Markdown, plus `growthAllowance`: past them a text is
    /// shown as written. A `>` opens a block quote of some 27 bytes, so a 4 MiB sidecar of them
    /// made a 110 MB page and as much catalog.json (100 CPU s, 1.4 GB); real texts make 1–3 bytes
    /// a byte, a table of one-letter cells about 7.
    static let maxGrowth = 10
    static let growthAllowance = 256 * 1024

    /// `markdown` as HTML, and the pipe table too large to render as a table (see
    /// `PipeTableLimits`); when there is one, the whole text is rendered without the table
    /// extension, so every table of it shows as the plain text it was written as.
    /// With `links`, where the text lives, its relative links and images are written as
    /// `MarkdownLinks` markers, for the catalog to point at what the site publishes.
    /// `rawHTML` is the raw HTML safe mode dropped (comments aside): each piece's line in the
    /// text (from 1) and how it starts, for a finding: the words inside `<div>…</div>` were lost unseen.
    /// `headingIDPrefix` starts each heading's id (`MarkdownHeadings`): the footer's, which every
    /// page shows beside its own text, are `footer-…`.
    static func rendered(_ markdown: String, links: MarkdownLinks.Base? = nil, headingIDPrefix: String = "") -> Rendering {
        // cmark-gfm 0.29 looks back over every open bracket for each `]` and `(`: a body of 66,000
        // `![[]()` took 13 s, and the 4 MiB a file may hold about 25 minutes (20,000 brackets 1.2 s,
        // 10,000 0.4 s). Past `maxBrackets`, every `[` is escaped, so it opens no link.
        let brackets = markdown.utf8.count { $0 == UInt8(ascii: "[") }
        let bracketsAsText = brackets > maxBrackets ? brackets : nil
        let markdown = bracketsAsText == nil ? markdown : markdown.replacingOccurrences(of: "[", with: "\\[")
        let excess = PipeTableLimits.firstExcess(in: markdown)
        let links = links.flatMap { MarkdownLinks.mayHoldRelativeLink(markdown) ? $0 : nil }
        let limit = markdown.utf8.count * maxGrowth + growthAllowance
        let (html, rawHTML, madeBytes, unlinked) = render(markdown, extensions: excess == nil ? extensionNames : extensionNames.filter { $0 != "table" }, links: links,
                                                findingRawHTML: markdown.utf8.contains(UInt8(ascii: "<")), headingIDPrefix: headingIDPrefix,
                                                maxBytes: limit)
        if let madeBytes {
            return Rendering(html: "<p dir=\"auto\">\(HTMLText.escape(markdown))</p>\n", oversizedTable: excess, rawHTML: rawHTML, bracketsAsText: bracketsAsText,
                             plainBecauseOf: madeBytes)
        }
        return Rendering(html: html, oversizedTable: excess, rawHTML: rawHTML, unlinked: unlinked, bracketsAsText: bracketsAsText, plainBecauseOf: nil)
    }

    /// The `[` one text may hold and still have its links and images rendered: a hundred times
    /// what a long description needs, a few tenths of a second at most.
    static let maxBrackets = 10_000

    /// `madeBytes`: cmark-gfm's HTML was longer than `maxBytes` (nothing more was done with it).
    private static func render(_ markdown: String, extensions: [String], links: MarkdownLinks.Base?,
                               findingRawHTML: Bool, headingIDPrefix: String = "", maxBytes: Int)
        -> (html: String, rawHTML: [RawHTML], madeBytes: Int?, unlinked: [UnlinkedLink]) {
        // cmark-gfm is not thread-safe: attaching an extension adds its characters to a global
        // table of special inline characters and freeing a parser removes them, so a parser freed on
        // one thread turns off strikethrough and autolinks for a parse on another. One at a time.
        lock.lock()
        defer { lock.unlock() }
        ensureExtensionsRegistered
        // CMARK_OPT_DEFAULT is safe mode (CMARK_OPT_UNSAFE is what would let raw HTML through).
        // Not CMARK_OPT_GITHUB_PRE_LANG: it made a fence's info string the block's language
        // (`<pre lang="swift">`, read as a human language named "swift", WCAG 3.1.2); without it the
        // info string is `<code class="language-swift">`.
        // Footnotes as GitHub renders them (`[^1]` and `[^1]: …`): without them a note's definition
        // was read as a link's, its text lost and "link 'Thanks!' … does not exist" said.
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
        guard let parser = cmark_parser_new(options) else { return ("", [], nil, []) }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        markdown.utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
        }
        guard let document = cmark_parser_finish(parser) else { return ("", [], nil, []) }
        defer { cmark_node_free(document) }
        if let links { markRelativeLinks(in: document, base: links) }
        let headingIDs = MarkdownHeadings.demoteAndName(in: document, prefix: headingIDPrefix)
        let rawHTML = findingRawHTML ? Self.rawHTML(in: document) : []
        let unlinked = links != nil && markdown.contains("](") ? UnlinkedLink.all(in: document) : []
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return ("", rawHTML, nil, unlinked)
        }
        defer { free(rendered) }
        let made = strlen(rendered)
        if made > maxBytes { return ("", rawHTML, made, unlinked) }
        var html = MarkdownRepairs.labellingTaskBoxes(String(cString: rendered), labels: MarkdownRepairs.taskLabels(in: document))
        html = MarkdownRepairs.directingBlocks(html, headingIDs: headingIDs)
        html = MarkdownRepairs.fittingFootnotes(html, idPrefix: headingIDPrefix)
        return (MarkdownRepairs.aligningCells(html), rawHTML, nil, unlinked)
    }

    /// Step 1 of `MarkdownLinks`: every relative destination of a link or image becomes a marker.
    private static func markRelativeLinks(in document: OpaquePointer, base: MarkdownLinks.Base) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else { continue }
            let line = base.fileLine(Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
            if let marker = MarkdownLinks.marker(for: String(cString: url), image: type == CMARK_NODE_IMAGE, line: line, folder: base.folder) {
                cmark_node_set_url(node, marker)
            }
        }
    }

    /// A piece of raw HTML safe mode dropped.
    struct RawHTML {
        /// Where it starts in the text, from 1.
        let line: Int
        let column: Int
        let text: String
        /// An HTML block (`<div>…</div>` on lines of its own) is dropped with the words inside it;
        /// inline HTML (`<b>`, `<br>`) only as the tag, the words around it stay.
        let isBlock: Bool
        /// Inside a table's cell, which is one line of Markdown.
        let inTableCell: Bool
    }

    /// The HTML blocks and inline HTML of `document` that are not comments, with their lines.
    private static func rawHTML(in document: OpaquePointer) -> [RawHTML] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [RawHTML] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE, let literal = cmark_node_get_literal(node) else { continue }
            let text = String(cString: literal).trimmingCharacters(in: .whitespacesAndNewlines)
            // A comment alone hides a note on purpose; words after its `-->`, or a comment never
            // closed (which hides the rest of the text), are lost all the same.
            if text.hasPrefix("<!--") {
                let outside = text.replacingOccurrences(of: "<!--[\\s\\S]*?-->", with: "", options: .regularExpression)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if outside.isEmpty { continue }
            }
            var inTableCell = false
            var parent = cmark_node_parent(node)
            while let container = parent, !inTableCell {
                inTableCell = cmark_node_get_type_string(container).map { String(cString: $0) == "table_cell" } ?? false
                parent = cmark_node_parent(container)
            }
            found.append(RawHTML(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)), text: text,
                                 isBlock: type == CMARK_NODE_HTML_BLOCK, inTableCell: inTableCell))
        }
        return found
    }

    private static let lock = NSLock()

    /// cmark-gfm's extension registry is global; register once per process, thread-safely.
    private static let ensureExtensionsRegistered: Void = {
        cmark_gfm_core_extensions_ensure_registered()
    }()
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
