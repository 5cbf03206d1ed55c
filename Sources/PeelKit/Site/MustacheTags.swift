/// The tags of a Mustache template as Mustache reads them, one after another: `{{…}}` and
/// `{{{…}}}`, a comment ending at its first `}}` (so `{{! {{> old}} }}` names no partial), a tag
/// over as many lines as it takes. Reading stops at a set-delimiter tag (`{{=<% %>=}}`): what
/// follows is written with other delimiters. Peel's checks of a theme (`TemplateVocabulary`, its
/// partials, `TemplateBlocks`) read templates through this, so they agree on what a tag is.
enum MustacheTags {
    struct Tag {
        /// What is between the delimiters, trimmed: "#page", "> footer", "title".
        var content: Substring
        /// `{{{name}}}`: printed unescaped.
        var isTriple: Bool
        /// The line the tag starts on.
        var line: Int
        /// Where the tag is in the template, delimiters included.
        var range: Range<String.Index>

        /// The tag's kind ("#", "/", ">", "$", "!", "&", …); nil for a value (or a triple tag).
        var sigil: Character? {
            guard !isTriple, let first = content.first, "#^/><$!&%=".contains(first) else { return nil }
            return first
        }

        /// The name after the sigil, trimmed.
        var name: Substring {
            sigil == nil ? content : content.dropFirst().drop(while: \.isWhitespace)
        }
    }

    static func read(_ text: String) -> [Tag] {
        var tags: [Tag] = []
        var line = 1
        var rest = text[...]
        while let open = rest.firstRange(of: "{{") {
            line += rest[..<open.lowerBound].utf8.count { $0 == 0x0A }
            var after = rest[open.upperBound...]
            let triple = after.first == "{"
            if triple { after = after.dropFirst() }
            guard let close = after.firstRange(of: triple ? "}}}" : "}}") else { break }
            let content = after[..<close.lowerBound]
            rest = after[close.upperBound...]
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)[...]
            if !triple && trimmed.first == "=" { break }
            tags.append(Tag(content: trimmed, isTriple: triple, line: line, range: open.lowerBound..<close.upperBound))
            line += content.utf8.count { $0 == 0x0A }
        }
        return tags
    }
}
