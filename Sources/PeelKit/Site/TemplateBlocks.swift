/// The blocks of Mustache inheritance in a theme: a page template fills its parent's blocks
/// (`{{<base}}{{$content}}…{{/content}}{{/base}}`), and a block the parent does not have is
/// rendered nowhere. swift-mustache says nothing then: a `base.mustache` whose `{{$content}}` was
/// renamed `{{$main}}` published every page with an empty `<main>`, exit status 0.
enum TemplateBlocks {
    /// A block a template fills in a parent: `{{<parent}}…{{$block}}` on `line`.
    struct Filled: Equatable {
        var parent: String
        var block: String
        var line: Int
    }

    /// The sections' and blocks' tags: sigil ("$", "<", "#", "^", "/"), name and line (`MustacheTags`).
    static func tags(in text: String) -> [(sigil: String, name: String, line: Int)] {
        MustacheTags.read(text).compactMap { tag in
            guard let sigil = tag.sigil, "$<#^/".contains(sigil) else { return nil }
            return (String(sigil), tag.name.trimmingCharacters(in: .whitespacesAndNewlines), tag.line)
        }
    }

    /// The blocks `text` declares (`{{$name}}` anywhere in it).
    static func declared(in text: String) -> Set<String> {
        Set(tags(in: text).filter { $0.sigil == "$" }.map(\.name))
    }

    /// The blocks `text` fills in parents: each `{{$name}}` directly inside a `{{<parent}}` section.
    static func filled(in text: String) -> [Filled] {
        var stack: [(sigil: String, name: String)] = []
        var filled: [Filled] = []
        for tag in tags(in: text) {
            switch tag.sigil {
            case "/":
                if let index = stack.lastIndex(where: { $0.name == tag.name }) { stack.removeSubrange(index...) }
            default:
                if tag.sigil == "$", let enclosing = stack.last, enclosing.sigil == "<" {
                    filled.append(Filled(parent: enclosing.name, block: tag.name, line: tag.line))
                }
                stack.append((tag.sigil, tag.name))
            }
        }
        return filled
    }

    /// The blocks template `name` has, its ancestors' included (a parent may itself extend one).
    static func available(in name: String, texts: [String: String], seen: Set<String> = []) -> Set<String> {
        guard let text = texts[name], !seen.contains(name) else { return [] }
        var blocks = declared(in: text)
        for parent in Set(filled(in: text).map(\.parent)) {
            blocks.formUnion(available(in: parent, texts: texts, seen: seen.union([name])))
        }
        return blocks
    }

    /// The first thing inside a `{{<parent}}…{{/parent}}` that is not a block (`{{$name}}…`) or a
    /// comment: a value, a section or text. swift-mustache stops at the end of the file for it, so
    /// the error named a line past the file's end, near ''. Nil when there is none (or a
    /// set-delimiter tag stops the reading).
    static func strayInParent(in text: String) -> (line: Int, text: String)? {
        var open: [Character] = []   // the sections open around a tag: "<" parents, "$" blocks, "#"/"^" sections
        var previousEnd = text.startIndex
        for tag in MustacheTags.read(text) {
            let inParent = open.last == "<"
            if inParent, let start = text[previousEnd..<tag.range.lowerBound].firstIndex(where: { !$0.isWhitespace }) {
                let line = text[..<start].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                return (line, String(text[start..<tag.range.lowerBound].prefix { $0 != "\n" }).trimmed)
            }
            previousEnd = tag.range.upperBound
            switch tag.sigil {
            case "=": return nil
            case "!", "%": continue
            case "/": if !open.isEmpty { open.removeLast() }
            case "$": open.append("$")
            case "<", "#", "^":
                if inParent { return (tag.line, "{{\(tag.content)}}") }
                open.append(tag.sigil!)
            default:
                if inParent { return (tag.line, tag.isTriple ? "{{{\(tag.content)}}}" : "{{\(tag.content)}}") }
            }
        }
        return nil
    }

    /// Where sections fail to pair up, said with both ends: swift-mustache names only the line it
    /// gave up on (`{{/page}}` on line 91 for a `{{#descriptionHTML}}` left open on line 10), or
    /// none at the end of a file. Nil when they pair up (or a set-delimiter tag stops the reading).
    static func sectionMismatch(in text: String) -> (line: Int, message: String)? {
        var open: [(sigil: String, name: String, line: Int)] = []
        for tag in tags(in: text) {
            guard tag.sigil == "/" else { open.append(tag); continue }
            guard let last = open.last else {
                return (tag.line, "{{/\(tag.name)}} closes no section (none is open here)")
            }
            if last.name == tag.name { open.removeLast(); continue }
            if let opened = open.last(where: { $0.name == tag.name }) {
                return (last.line, "{{\(last.sigil)\(last.name)}} opened on line \(last.line) is never closed: {{/\(tag.name)}} on line \(tag.line) closes {{\(opened.sigil)\(opened.name)}} (line \(opened.line)) first; close {{\(last.sigil)\(last.name)}} before it")
            }
            return (tag.line, "{{/\(tag.name)}} closes no open section (the one open is {{\(last.sigil)\(last.name)}}, from line \(last.line))")
        }
        if let last = open.last {
            return (last.line, "{{\(last.sigil)\(last.name)}} opened on line \(last.line) is never closed; add {{/\(last.name)}} where it ends")
        }
        return nil
    }
}
