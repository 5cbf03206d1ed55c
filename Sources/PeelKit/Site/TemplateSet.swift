import Foundation
import Mustache

/// The theme a site is rendered with: the default templates embedded in Peel, each replaceable
/// by a file of the same name in a `--templates` folder. `*.mustache` files are templates; every
/// other file (style.css, fonts, images) is an asset copied to the site's `assets/` folder.
public struct TemplateSet: Sendable {
    /// The most Mustache tags one template may hold (`{{`…`}}`), so parsing stays quick.
    static let maximumTags = 3_000

    /// Page templates the site needs.
    public static let requiredTemplates = ["base", "home", "pack", "sticker", "review"]

    let library: MustacheLibrary
    /// Asset file name to bytes.
    public let assets: [String: Data]
    /// The theme's words by language tag (`strings.<tag>.json`), see `ChromeStrings`.
    let stringTables: [String: [String: String]]
    /// The files it was parsed from.
    public let theme: ThemeFiles
    /// SHA-256 over every file of the theme (names and bytes), so a build knows when it changed.
    public var fingerprint: String { theme.fingerprint }

    /// Reads and parses the theme (see `ThemeFiles` for what a theme folder holds).
    public init(overrideDirectory: URL? = nil) throws {
        try self.init(ThemeFiles(overrideDirectory: overrideDirectory))
    }

    /// Parses a theme read before: every template, its partials and the names it uses.
    public init(_ theme: ThemeFiles) throws {
        let files = theme.files, origins = theme.origins, themeFiles = theme.themeFiles
        HTMLEscaping.registered
        var library = MustacheLibrary()
        var assets: [String: Data] = [:]
        var stringTables: [String: [String: String]] = [:]
        var partials: [(name: String, line: Int, origin: String, from: String)] = []
        var templateTexts: [(origin: String, text: String)] = []
        var namedTexts: [String: (origin: String, text: String, isTheme: Bool)] = [:]
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            if !name.contains("/"), let tag = ChromeStrings.tag(ofFile: name) {
                // A theme's table is laid over Peel's own for that language, key by key: a
                // `strings.fr.json` that changes one word keeps the other French words (it
                // replaced the whole table, and every other word fell back to English). Tags
                // are matched without case (BCP 47), so `strings.FR.json` is French too.
                let key = tag.lowercased()
                let own = EmbeddedTemplates.files.first { ChromeStrings.tag(ofFile: $0.key)?.lowercased() == key }
                    .flatMap { try? ChromeStrings.parse(Data($0.value.utf8), origin: $0.key) } ?? [:]
                guard themeFiles.contains(name) else {
                    if stringTables[key] == nil { stringTables[key] = own }
                    continue
                }
                if let other = themeFiles.sorted().first(where: { $0 != name && ChromeStrings.tag(ofFile: $0)?.lowercased() == key }) {
                    throw PeelError.unreadable(path: origins[name] ?? name, reason: "a second string table for '\(tag)' beside \(other); keep one")
                }
                stringTables[key] = own.merging(try ChromeStrings.parse(data, origin: origins[name] ?? name)) { _, theme in theme }
                continue
            }
            if themeFiles.contains(name), let problem = Self.misplacedTemplate(name, embedded: Set(EmbeddedTemplates.files.keys)) {
                throw PeelError.templateSyntax(path: origins[name] ?? name, line: 1, message: problem)
            }
            guard name.hasSuffix(".mustache"), !name.contains("/") else {
                assets[name] = data
                continue
            }
            let origin = origins[name] ?? name
            guard let text = String(data: data, encoding: .utf8) else {
                throw PeelError.templateSyntax(path: origin, line: TextFile.firstInvalidLine(data), message: "template is not UTF-8 text; save it as UTF-8")
            }
            // swift-mustache's parser slows down faster than a template grows (10,000 tags took
            // 6 s, a 4.7 MB template never finished, and no signal stopped it meanwhile). Peel's
            // largest template has about 220 tags.
            let tags = text.utf8.ranges(of: "{{".utf8).count
            if tags > Self.maximumTags {
                throw PeelError.templateSyntax(path: origin, line: 1,
                                               message: "template has \(tags) tags, more than the \(Self.maximumTags) a template may have; split it into partials ({{> name}})")
            }
            do {
                // On line 1 with no line break, so line numbers in errors stay the file's own.
                library.register(try MustacheTemplate(string: HTMLEscaping.pragma + text), named: String(name.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                // Sections that do not pair up, said with the line each end is on.
                if let kind = error.error as? MustacheTemplate.Error, [.sectionCloseNameIncorrect, .expectedSectionEnd].contains(kind),
                   let mismatch = TemplateBlocks.sectionMismatch(in: text) {
                    throw PeelError.templateSyntax(path: origin, line: mismatch.line, message: mismatch.message)
                }
                if let kind = error.error as? MustacheTemplate.Error, [.illegalTokenInsideInheritSection, .textInsideInheritSection].contains(kind),
                   let stray = TemplateBlocks.strayInParent(in: text) {
                    throw PeelError.templateSyntax(path: origin, line: stray.line,
                                                   message: "only {{$block}} sections may be inside {{<parent}}…{{/parent}}, and '\(stray.text)' is outside any block: move it into one (such as {{$content}}…{{/content}}) or after {{/parent}}")
                }
                throw PeelError.templateSyntax(path: origin, line: error.context.lineNumber,
                                               message: "\((error.error as? MustacheTemplate.Error).map(Self.describe) ?? "\(error.error)") near '\(Self.userText(of: error.context, in: text))'")
            }
            if let line = Self.dynamicPartialLine(in: text) {
                throw PeelError.templateSyntax(path: origin, line: line,
                                               message: "a dynamic partial ({{>*name}}) takes its template's name from a value when a page is made: a site or sticker title could name any template, or this one, without end; name the partial ({{> name}})")
            }
            templateTexts.append((origin, text))
            namedTexts[String(name.dropLast(".mustache".count))] = (origin, text, themeFiles.contains(name))
            partials += Self.partialReferences(in: text).map { ($0.name, $0.line, origin, String(name.dropLast(".mustache".count))) }
        }
        if let review = namedTexts["review"], let rows = ReviewPageStream.rowsTemplateText(for: review.text),
           !ReviewPageStream.asksForPosition(rows) {
            library.register(try MustacheTemplate(string: HTMLEscaping.pragma + rows), named: ReviewPageStream.rowsTemplate)
        }
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw PeelError.templateMissing(name: name)
        }
        // swift-mustache renders a partial it does not have as nothing: a typo in `{{>footer}}`
        // would publish pages without it, silently.
        if let missing = partials.first(where: { library.getTemplate(named: $0.name) == nil }) {
            throw PeelError.templateSyntax(path: missing.origin, line: missing.line,
                                           message: "partial '\(missing.name)' is not a template of the theme (no \(missing.name).mustache in the templates folder or Peel's theme)")
        }
        // A theme template that no page renders and no template includes, named almost as one of
        // Peel's (`not_found`, `stickers`, `review_row`): the default page was published, silently.
        let own = EmbeddedTemplates.files.keys.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }.sorted()
        let included = Set(partials.map(\.name))
        for name in themeFiles.sorted() where name.hasSuffix(".mustache") && !name.contains("/") {
            let stem = String(name.dropLast(".mustache".count))
            guard !own.contains(stem), !included.contains(stem), let meant = Suggestion.closest(to: stem, in: own) else { continue }
            throw PeelError.templateSyntax(path: origins[name] ?? name, line: 1,
                                           message: "no page renders \(name) and no template includes it; it is named almost as Peel's \(meant).mustache, which is used instead: rename it to \(meant).mustache")
        }
        // swift-mustache renders a name no model answers to as nothing: `{{lable}}` published
        // empty labels. The theme's words (`{{t.key}}`) are the keys of all its string tables.
        let words = Set(stringTables.values.flatMap(\.keys))
        for (origin, text) in templateTexts {
            guard let unknown = TemplateVocabulary.unknownNames(in: text, words: words).first else { continue }
            if unknown.name.hasPrefix("raw:") {
                let name = unknown.name.dropFirst(4)
                throw PeelError.templateSyntax(path: origin, line: unknown.line,
                                               message: "'\(name)' is printed unescaped ({{{\(name)}}} or {{&\(name)}}), and it is text: a title or label holding <script> would run on the page; write {{\(name)}} (only values ending in HTML are HTML)")
            }
            if unknown.name.hasPrefix("t.") {
                let word = String(unknown.name.dropFirst(2))
                let starting = words.filter { $0.lowercased().hasPrefix(word.lowercased()) }.sorted().prefix(3)
                let hint = Suggestion.closest(to: word, in: words.sorted()).map { " (did you mean 't.\($0)'?)" }
                    ?? (starting.isEmpty ? "" : " (did you mean \(starting.map { "'t.\($0)'" }.joined(separator: " or "))?)")
                throw PeelError.templateSyntax(path: origin, line: unknown.line,
                                               message: "'\(word)' is none of the theme's words\(hint), so {{t.\(word)}} would render as nothing; the words are the keys of strings.<language>.json")
            }
            if unknown.name.hasSuffix("()") {
                let hint = Suggestion.closest(to: unknown.name, in: TemplateVocabulary.transforms.sorted().map { $0 + "()" }).map { " (did you mean '\($0)'?)" } ?? ""
                throw PeelError.templateSyntax(path: origin, line: unknown.line,
                                               message: "'\(unknown.name)' is no transform Mustache has\(hint); they are \(TemplateVocabulary.transforms.sorted().joined(separator: ", "))")
            }
            let hint = Suggestion.closest(to: unknown.name, in: TemplateVocabulary.values.union(words).sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            throw PeelError.templateSyntax(path: origin, line: unknown.line,
                                           message: "'\(unknown.name)' is no value Peel gives templates\(hint), so it would render as nothing; the values are listed in the README (--templates)")
        }
        // A value printed in a tag outside quotes can add attributes (`UnquotedAttributeValues`).
        for (origin, text) in templateTexts {
            guard let place = UnquotedAttributeValues.places(in: text).first else { continue }
            let name = place.name
            if let element = place.rawTextElement {
                throw PeelError.templateSyntax(path: origin, line: place.line,
                                               message: "{{\(name)}} is printed inside <\(element)>, where HTML escaping protects nothing (a label ending in \\ ends a JavaScript string, and what follows runs); put it in a data- attribute (data-\(name.split(separator: ".").last ?? "value")=\"{{\(name)}}\") and read it from there")
            }
            if place.isInclusion {
                throw PeelError.templateSyntax(path: origin, line: place.line,
                                               message: "{{\(name)}} is inside an HTML tag outside quotes, where what it prints is not checked: a value it prints unquoted there (title={{alt}}) lets a label holding ' onmouseover=…' add an attribute; write the attributes in this template, each value in quotes (title=\"{{alt}}\")")
            }
            throw PeelError.templateSyntax(path: origin, line: place.line, message: place.isAttributeName
                ? "{{\(name)}} is printed inside an HTML tag, where its attributes go: text there becomes attributes (a label holding onmouseover=… would run); print it in a quoted attribute value (title=\"{{\(name)}}\") or between tags"
                : "{{\(name)}} is printed in an attribute value without quotes: escaping keeps out < and \", not a space, so a label holding ' onmouseover=…' would add an attribute; put the value in quotes (=\"{{\(name)}}\")")
        }
        // A block a template fills that its parent does not have renders nowhere (`TemplateBlocks`).
        let texts = namedTexts.mapValues(\.text)
        for (name, template) in namedTexts.sorted(by: { $0.key < $1.key }) {
            for fill in TemplateBlocks.filled(in: template.text) {
                guard let parent = namedTexts[fill.parent],
                      !TemplateBlocks.available(in: fill.parent, texts: texts).contains(fill.block) else { continue }
                let blocks = TemplateBlocks.available(in: fill.parent, texts: texts).sorted()
                let theirs = blocks.isEmpty ? "it has none" : "it has \(blocks.joined(separator: ", "))"
                if !template.isTheme && parent.isTheme {
                    // Peel's own page fills a block the theme's parent dropped: the parent is the file to fix.
                    throw PeelError.templateSyntax(path: parent.origin, line: 1,
                        message: "\(fill.parent).mustache has no block '\(fill.block)', which Peel's \(name).mustache fills ({{$\(fill.block)}}), so those pages would render empty (\(theirs)); keep {{$\(fill.block)}}{{/\(fill.block)}} where that content goes")
                }
                let hint = Suggestion.closest(to: fill.block, in: blocks).map { " (did you mean '\($0)'?)" } ?? ""
                throw PeelError.templateSyntax(path: template.origin, line: fill.line,
                    message: "{{$\(fill.block)}} fills no block of \(fill.parent).mustache\(hint), so it would render nowhere (\(theirs))")
            }
        }
        // A partial that leads back to its own template recurses until the stack overflows
        // (peel build crashed, peel serve died).
        if let cycle = Self.firstCycle(partials.map { ($0.from, $0.name) }),
           let place = partials.first(where: { $0.from == cycle[cycle.count - 2] && $0.name == cycle.last }) {
            throw PeelError.templateSyntax(path: place.origin, line: place.line,
                                           message: "'\(cycle.last!)' leads back to itself (\(cycle.joined(separator: " → "))); a template cannot include or extend itself")
        }
        self.library = library
        self.assets = assets
        self.stringTables = stringTables
        self.theme = theme
    }

    /// Why a theme file named like a template is none (`Pack.mustache`, `pack.mustach`,
    /// `pack.html`, `Templates/pack.mustache`): it was skipped or published under assets/ as
    /// source, and the default template used, without a word. Nil for any other file.
    static func misplacedTemplate(_ name: String, embedded: Set<String>) -> String? {
        let file = String(name.split(separator: "/").last ?? "")
        let lower = file.lowercased()
        let templates = embedded.filter { $0.hasSuffix(".mustache") }
        if name.contains("/") && lower.hasSuffix(".mustache") {
            return "templates are read from the top of the templates folder only, so this one is not used (and would be published under assets/ as source); move it up, as \(file)"
        }
        if !name.contains("/"), lower.hasSuffix(".mustache"), !templates.contains(file), let meant = templates.first(where: { $0.lowercased() == lower }) {
            return "template names are lower case: this file is not used (Peel's own \(meant) is); rename it to \(meant)"
        }
        let stem = String(file[..<(file.firstIndex(of: ".") ?? file.endIndex)]).lowercased()
        if !name.contains("/"), !lower.hasSuffix(".mustache"), [".mustach", ".mustache.txt", ".mst", ".html", ".htm", ".hbs"].contains(where: { lower.hasSuffix($0) }),
           let meant = templates.first(where: { $0 == stem + ".mustache" }) {
            return "named like Peel's \(meant) but not a .mustache file, so it is not used (and would be published under assets/ as source); rename it to \(meant)"
        }
        return nil
    }

    /// The first chain of templates that includes or extends itself ("row", "row"; "a", "b", "a"),
    /// from edges template → partial, in a stable order; nil when there is none.
    static func firstCycle(_ edges: [(from: String, to: String)]) -> [String]? {
        var next: [String: [String]] = [:]
        for (from, to) in edges where !(next[from]?.contains(to) ?? false) { next[from, default: []].append(to) }
        var done = Set<String>()
        func visit(_ node: String, _ path: [String]) -> [String]? {
            if let start = path.firstIndex(of: node) { return Array(path[start...]) + [node] }
            guard !done.contains(node) else { return nil }
            for target in next[node] ?? [] {
                if let cycle = visit(target, path + [node]) { return cycle }
            }
            done.insert(node)
            return nil
        }
        for node in next.keys.sorted() {
            if let cycle = visit(node, []) { return cycle }
        }
        return nil
    }

    /// The line of the first dynamic partial (`{{>*name}}`, `{{<*name}}`), nil when there is none:
    /// swift-mustache looks its template up by a value at rendering, so content chose the template,
    /// and a title naming the template it was in recursed until the build crashed.
    static func dynamicPartialLine(in text: String) -> Int? {
        MustacheTags.read(text).first { tag in
            (tag.sigil == ">" || tag.sigil == "<") && tag.name.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("*")
        }?.line
    }

    /// The partials a template names (`{{> name}}`, `{{< name}}`), with their lines; dynamic ones
    /// (`{{>*name}}`, refused) are left out.
    static func partialReferences(in text: String) -> [(name: String, line: Int)] {
        // Tag by tag, as Mustache reads them: a commented-out partial (`{{! {{> old}} }}`) is none.
        MustacheTags.read(text).compactMap { tag in
            guard tag.sigil == ">" || tag.sigil == "<" else { return nil }
            let name = tag.name.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.isEmpty || name.hasPrefix("*") ? nil : (name, tag.line)
        }
    }

    /// The line an error is on as the user wrote it: line 1 without the pragma Peel puts before it.
    /// Read from `text` itself when its lines end in CRLF: swift-mustache splits lines on the
    /// Character "\n", which "\r\n" is not, and quoted the whole file, Peel's pragma first.
    static func userText(of context: MustacheParserContext, in text: String) -> String {
        if text.contains("\r\n") {
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            let index = context.lineNumber - 1
            return lines.indices.contains(index) ? String(lines[index]).trimmed : ""
        }
        let line = context.line.trimmed
        return context.lineNumber == 1 && line.hasPrefix(HTMLEscaping.pragma) ? String(line.dropFirst(HTMLEscaping.pragma.count)).trimmed : line
    }

    /// swift-mustache's parser error in words.
    static func describe(_ error: MustacheTemplate.Error) -> String {
        switch error {
        case .sectionCloseNameIncorrect: "a closing tag {{/name}} does not match the section it closes"
        case .unfinishedName: "a tag is not finished (a name, then '}}')"
        case .expectedSectionEnd: "a section ({{#name}} or {{^name}}) is never closed with {{/name}}"
        case .invalidSetDelimiter: "a set-delimiter tag ({{=<% %>=}}) is malformed"
        case .transformAppliedToInheritanceSection: "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection: "only {{$block}} sections may be inside {{<parent}}…{{/parent}}"
        case .invalidConfigVariableSyntax: "a {{% pragma}} tag is malformed"
        case .unrecognisedConfigVariable: "a {{% pragma}} tag names no pragma Mustache knows"
        }
    }

    /// The theme's words in `language` (English where the theme has no table for it).
    func chrome(for language: String) -> ChromeStrings {
        ChromeStrings(language: language, tables: stringTables)
    }

    /// True when the theme has a template of that name.
    func has(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    /// Renders `context` with the named template. Values are HTML-escaped unless the template
    /// uses triple braces, which Peel's default theme does only for Markdown already made safe.
    func render(_ name: String, _ context: Any) throws -> String {
        guard let output = library.render(TemplateBox.wrap(context), withTemplate: name) else {
            throw PeelError.templateMissing(name: name)
        }
        return output
    }
}
