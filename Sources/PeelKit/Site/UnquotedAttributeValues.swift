/// Values a theme prints inside an HTML start tag outside quotes: `<div title={{alt}}>` or
/// `<img {{attributes}}>`, or inside a `<script>` or `<style>`. Escaping turns `& < > " '` into references, but not a space or `=`,
/// so a label "x onmouseover=alert(1)" adds an attribute of its own there; inside quotes
/// (`title="{{alt}}"`) it cannot. Peel's own templates quote every attribute; a custom one that
/// does not is stopped with its line (`TemplateSet`).
///
/// The template is read as the HTML tokenizer reads it, far enough to know where a tag is: text,
/// comments, start and end tags, attribute names and values (quoted or not), and the raw text of
/// `<script>` and `<style>`; Mustache tags are stepped over without changing that state.
enum UnquotedAttributeValues {
    struct Place: Equatable {
        /// The value's name as written (`alt`, `page.title`).
        var name: String
        var line: Int
        /// True for a value where attribute names go (`<img {{alt}}>`), false for one in an unquoted value.
        var isAttributeName: Bool
        /// A partial or block (`<p {{> alt-attr}}>`, `title={{$value}}{{/value}}`) in a tag outside
        /// quotes: its own text is read from the text state, so what it prints there is unchecked.
        var isInclusion = false
        /// `script` or `style` for a value printed in that element's raw text, where HTML escaping
        /// protects nothing: a label ending in `\` ended a JavaScript string.
        var rawTextElement: String? = nil
    }

    /// Values Peel makes itself, safe anywhere: the relative way to the site's root.
    static let safeInRawText: Set<String> = ["root"]

    private enum State {
        /// `attributes`: in a tag, before, in or after an attribute's name (all alike here).
        case text, comment, tagName, attributes, beforeValue, unquoted, quoted(Character)
        case rawText(String)
    }

    static func places(in template: String) -> [Place] {
        var places: [Place] = []
        let tags = MustacheTags.read(template)
        var nextTag = 0
        var state = State.text
        var tagName = ""
        var index = template.startIndex
        while index < template.endIndex {
            if nextTag < tags.count, index == tags[nextTag].range.lowerBound {
                let tag = tags[nextTag]
                nextTag += 1
                index = tag.range.upperBound
                if let sigil = tag.sigil, ">$<".contains(sigil) {
                    switch state {
                    case .tagName, .attributes, .beforeValue, .unquoted:
                        places.append(Place(name: String(sigil) + " " + tag.name, line: tag.line, isAttributeName: false, isInclusion: true))
                    default: break
                    }
                    continue
                }
                guard tag.sigil == nil || tag.sigil == "&" else { continue }
                switch state {
                case .tagName, .attributes:
                    places.append(Place(name: String(tag.name), line: tag.line, isAttributeName: true))
                case .beforeValue, .unquoted:
                    places.append(Place(name: String(tag.name), line: tag.line, isAttributeName: false))
                    state = .unquoted
                case .rawText(let element) where !safeInRawText.contains(String(tag.name)):
                    places.append(Place(name: String(tag.name), line: tag.line, isAttributeName: false, rawTextElement: element))
                default: break
                }
                continue
            }
            let character = template[index]
            let rest = template[index...]
            switch state {
            case .text:
                if rest.hasPrefix("<!--") {
                    state = .comment
                    index = template.index(index, offsetBy: 4)
                    continue
                }
                if character == "<", let next = rest.dropFirst().first, next.isLetter || next == "/" {
                    state = .tagName
                    tagName = ""
                }
            case .comment:
                if rest.hasPrefix("-->") {
                    state = .text
                    index = template.index(index, offsetBy: 3)
                    continue
                }
            case .rawText(let element):
                // Only the few characters compared are lower-cased (the whole rest was, at every `<` of a script).
                if character == "<", rest.dropFirst().prefix(element.count + 1).lowercased() == "/" + element { state = .tagName; tagName = "" }
            case .tagName:
                if character.isWhitespace { state = .attributes } else if character == ">" { state = afterTag(tagName) } else { tagName.append(character) }
            case .attributes:
                if character == ">" { state = afterTag(tagName) } else if character == "=" { state = .beforeValue }
            case .beforeValue:
                if character == "\"" || character == "'" { state = .quoted(character) }
                else if character == ">" { state = afterTag(tagName) } else if !character.isWhitespace { state = .unquoted }
            case .unquoted:
                if character.isWhitespace { state = .attributes } else if character == ">" { state = afterTag(tagName) }
            case .quoted(let quote):
                if character == quote { state = .attributes }
            }
            index = template.index(after: index)
        }
        return places
    }

    /// What follows a tag's `>`: the raw text of a `<script>` or `<style>` (a `<` there starts no
    /// tag), else text.
    private static func afterTag(_ name: String) -> State {
        let lowered = name.lowercased()
        return lowered == "script" || lowered == "style" ? .rawText(lowered) : .text
    }
}
