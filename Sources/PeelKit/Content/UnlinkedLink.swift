import CCmarkGFM
import Foundation

/// `[the fox](café fox.md)` or `![fox](café fox.png)`: a link written with the file's own name,
/// space and all. CommonMark ends a destination at a space, so it is no link and the page shows
/// the brackets as text (on GitHub too); nothing said so, where `Grin.md` or `..\faces` got a
/// `broken-link` warning. Found in the text cmark-gfm left, as a file-like destination (a name
/// with an extension, no scheme) with a space in it.
struct UnlinkedLink: Equatable {
    /// Where it starts in the text, from 1.
    let line: Int
    let column: Int
    /// As written: `[the fox](café fox.md)`.
    let written: String
    /// `café fox.md`.
    let destination: String

    /// The destination as a link takes it: `café%20fox.md`.
    var encodedDestination: String { PathLookalike.linkable(destination) }

    /// `![alt](dest)` or `[text](dest)` on one line, the destination without brackets or quotes.
    private static let pattern = try! NSRegularExpression(pattern: #"!?\[[^\[\]\n]*\]\(([^()\n"<>]*)\)"#)
    /// A relative file: no scheme, a name with an extension, then perhaps `#…` or `?…`.
    private static let fileLike = try! NSRegularExpression(pattern: #"^[^:]*\.[A-Za-z0-9]{1,5}([#?].*)?$"#)

    /// Every one in `document`, in order.
    static func all(in document: OpaquePointer) -> [UnlinkedLink] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [UnlinkedLink] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_TEXT else { continue }
            // A run of text siblings once: cmark-gfm splits `[`, `]` and `!` into nodes of their own.
            if let previous = cmark_node_previous(node), cmark_node_get_type(previous) == CMARK_NODE_TEXT { continue }
            var text = ""
            var starts: [(offset: Int, line: Int, column: Int)] = []
            var current: OpaquePointer? = node
            while let piece = current, cmark_node_get_type(piece) == CMARK_NODE_TEXT {
                starts.append((text.utf16.count, Int(cmark_node_get_start_line(piece)), Int(cmark_node_get_start_column(piece))))
                text += cmark_node_get_literal(piece).map { String(cString: $0) } ?? ""
                current = cmark_node_next(piece)
            }
            guard text.contains("](") else { continue }
            let whole = text as NSString
            for match in pattern.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
                let destination = whole.substring(with: match.range(at: 1)).trimmingCharacters(in: .whitespaces)
                guard destination.contains(" "), !destination.hasPrefix("#"),
                      fileLike.firstMatch(in: destination, range: NSRange(location: 0, length: (destination as NSString).length)) != nil else { continue }
                var start = starts.last { $0.offset <= match.range.location } ?? starts[0]
                // Inline positions are cmark-gfm's best effort: the block's start where it has none.
                if start.line < 1, let parent = cmark_node_parent(node) {
                    start = (start.offset, Int(cmark_node_get_start_line(parent)), Int(cmark_node_get_start_column(parent)))
                }
                found.append(UnlinkedLink(line: max(1, start.line), column: max(1, start.column), written: whole.substring(with: match.range),
                                          destination: destination))
            }
        }
        return found
    }
}
