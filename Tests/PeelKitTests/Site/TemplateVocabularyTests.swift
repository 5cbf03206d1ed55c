import Foundation
import Testing
@testable import PeelKit

/// A name in a theme's template that no page model answers to rendered as nothing, silently
/// (`{{lable}}` published empty labels). It is now an error naming the template's line.
@Suite struct TemplateVocabularyTests {
    /// The list is every name the models answer to, no more and no less.
    @Test func theVocabularyIsWhatTheModelsAnswerTo() throws {
        let lookups = TemplateLookupTests.lookups(in: try TemplateLookupTests.source("TemplateLookup.swift") + "\n"
                                                  + TemplateLookupTests.source("PageLanguage.swift"))
        let served = lookups.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(served.count > 100, "the lookup parser found too few names")
        #expect(served.subtracting(TemplateVocabulary.values).isEmpty, "answered to, not listed: \(served.subtracting(TemplateVocabulary.values).sorted())")
        #expect(TemplateVocabulary.values.subtracting(served).isEmpty, "listed, answered by none: \(TemplateVocabulary.values.subtracting(served).sorted())")
    }

    /// Peel's own theme uses no name outside the vocabulary (else every build would stop).
    @Test func peelsOwnTemplatesUseOnlyKnownNames() throws {
        let words = Set(try ChromeStrings.parse(Data(EmbeddedTemplates.files["strings.en.json"]!.utf8), origin: "strings.en.json").keys)
        let templates = EmbeddedTemplates.files.filter { $0.key.hasSuffix(".mustache") }
        #expect(templates.count >= 8)
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            let unknown = TemplateVocabulary.unknownNames(in: text, words: words)
            #expect(unknown.isEmpty, "\(name): \(unknown.map { "\($0.name) at line \($0.line)" })")
        }
        _ = try TemplateSet()
    }

    @Test func namesAreReadFromEveryKindOfTagWithTheirLines() {
        let text = """
        <p>{{title}} {{ lable }}</p>
        {{! a comment over
            two lines, naming {{nothing}} }}
        {{#page}}{{{descriptonHTML}}}{{&packTitel}}{{/page}}
        {{^stikers}}none{{/stikers}} {{site.titel}} {{t.dowload}} {{t.download}}
        {{> footer}}{{<base}}{{$content}}x{{/content}}{{/base}}{{%CONTENT_TYPE: text}}
        {{#first()}}{{index()}}{{/first()}} {{uppercased(title)}} {{capitalised(lowercased(name))}} {{.}}
        {{=<% %>=}} {{whatever}} <%whatever%>
        """
        let unknown = TemplateVocabulary.unknownNames(in: text, words: ["download"])
        #expect(unknown.map(\.name) == ["lable", "descriptonHTML", "raw:packTitel", "stikers", "titel", "t.dowload", "capitalised()"])
        #expect(unknown.map(\.line) == [1, 4, 4, 5, 5, 5, 7])
    }

    /// A block the parent does not have renders nowhere: a renamed `{{$content}}` in base.mustache
    /// published every page with an empty `<main>`, exit 0; so did `{{$contnet}}` in a page.
    @Test func aBlockItsParentDoesNotHaveStopsTheBuild() throws {
        let theme = try TemporaryFolder()
        try theme.write("{{<base}}{{$content}}\n{{#page}}{{title}}{{/page}}{{/content}}{{/base}}\n", to: "pack.mustache")
        _ = try TemplateSet(overrideDirectory: theme.url)
        try theme.write("{{<base}}\n{{$contnet}}\n{{#page}}{{title}}{{/page}}{{/contnet}}{{/base}}\n", to: "pack.mustache")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(let path, 2, let message)? = error as? PeelError else { return false }
            return path.hasSuffix("pack.mustache") && message.hasPrefix("{{$contnet}} fills no block of base.mustache (did you mean 'content'?), so it would render nowhere")
        }
        // The parent renamed: Peel's own pages fill a block it no longer has; base.mustache is the file to fix.
        try FileManager.default.removeItem(at: theme.url.appendingPathComponent("pack.mustache"))
        let base = String(decoding: Data(EmbeddedTemplates.files["base.mustache"]!.utf8), as: UTF8.self)
        try theme.write(base.replacingOccurrences(of: "{{$content}}{{/content}}", with: "{{$main}}{{/main}}"), to: "base.mustache")
        #expect(base.contains("{{$content}}{{/content}}"), "the default base's block, as the test renames it")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(let path, 1, let message)? = error as? PeelError else { return false }
            return path.hasSuffix("base.mustache") && message.contains("base.mustache has no block 'content', which Peel's") && message.contains("keep {{$content}}{{/content}}")
        }
        #expect(TemplateBlocks.filled(in: "{{<a}}{{$x}}{{#y}}{{$z}}{{/z}}{{/y}}{{/x}}{{/a}}") == [.init(parent: "a", block: "x", line: 1)])
    }

    /// `{{t.download}}`, suggested for `{{t.dowload}}`, passed as the page value and printed nothing;
    /// `{{{title}}}` published a sticker's <script>.
    @Test func themeWordsAndUnescapedTextAreChecked() throws {
        let theme = try TemporaryFolder()
        func error(_ body: String) throws -> String? {
            try theme.write("{{<base}}{{$content}}{{#page}}\(body){{/page}}{{/content}}{{/base}}\n", to: "pack.mustache")
            do { _ = try TemplateSet(overrideDirectory: theme.url); return nil } catch let PeelError.templateSyntax(_, _, message) { return message }
        }
        #expect(try error("{{t.download}}")?.hasPrefix("'download' is none of the theme's words (did you mean 't.downloadLeavesOut' or 't.downloadOriginal' or 't.downloadPack'?)") == true)
        #expect(try error("{{t.downloadPack}}") == nil)
        #expect(try error("{{{title}}}")?.hasPrefix("'title' is printed unescaped") == true)
        #expect(try error("{{& label}}")?.contains("write {{label}}") == true)
        #expect(try error("{{{descriptionHTML}}}") == nil)
        // The value a section or a transform prints raw: a label holding <img onerror=…> ran.
        for raw in ["{{#title}}{{{.}}}{{/title}}", "{{#title}}{{&.}}{{/title}}", "{{{lowercased(title)}}}", "{{&uppercased(title)}}",
                    "{{#tags}}{{{.}}}{{/tags}}", "{{{.}}}"] {
            #expect(try error(raw)?.contains("is printed unescaped") == true, "\(raw)")
        }
        for fine in ["{{#descriptionHTML}}{{{.}}}{{/descriptionHTML}}", "{{#tags}}{{.}}{{/tags}}", "{{#title}}{{{descriptionHTML}}}{{/title}}",
                     "{{#descriptionHTML}}{{#first()}}{{{.}}}{{/first()}}{{/descriptionHTML}}"] {
            #expect(try error(fine) == nil, "\(fine)")
        }
    }

    /// `{{>*site.title}}` with a title naming the template it is in recursed until the build
    /// crashed (SIGSEGV, no message); content chose the template.
    @Test func aDynamicPartialIsRefused() throws {
        let theme = try TemporaryFolder()
        try theme.write("<p>\n{{>*site.title}}</p>\n", to: "banner.mustache")
        try theme.write("{{<base}}{{$content}}{{> banner}}{{/content}}{{/base}}\n", to: "pack.mustache")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(let path, 2, let message)? = error as? PeelError else { return false }
            return path.hasSuffix("banner.mustache") && message.hasPrefix("a dynamic partial ({{>*name}})")
        }
    }

    /// A theme's `not_found.mustache` (for not-found.mustache) was silently unused; a template the
    /// theme includes, or one named like no page, is its own business.
    @Test func aTemplateNamedAlmostAsAPageIsNamed() throws {
        let theme = try TemporaryFolder()
        try theme.write("<h1>Lost</h1>\n", to: "not_found.mustache")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(let path, 1, let message)? = error as? PeelError else { return false }
            return path.hasSuffix("not_found.mustache") && message.hasSuffix("rename it to not-found.mustache")
        }
        try FileManager.default.removeItem(at: theme.url.appendingPathComponent("not_found.mustache"))
        try theme.write("<b>{{title}}</b>\n", to: "stickers.mustache")
        #expect(throws: PeelError.self) { try TemplateSet(overrideDirectory: theme.url) }
        try theme.write("{{<base}}{{$content}}{{#page}}{{> stickers}}{{/page}}{{/content}}{{/base}}\n", to: "pack.mustache")
        _ = try TemplateSet(overrideDirectory: theme.url)
        try theme.write("<i>draft</i>\n", to: "my-experiment.mustache")
        _ = try TemplateSet(overrideDirectory: theme.url)
    }

    /// A stray tag between `{{/content}}` and `{{/base}}` was reported past the file's end, near ''.
    @Test func aStrayTagInsideAParentIsSaidAtItsLine() throws {
        let theme = try TemporaryFolder()
        try theme.write("{{<base}}\n{{$content}}\n<h1>Lost</h1>\n{{/content}}\n{{oops}}\n{{/base}}\n", to: "not-found.mustache")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(_, 5, let message)? = error as? PeelError else { return false }
            return message.contains("'{{oops}}' is outside any block")
        }
        #expect(TemplateBlocks.strayInParent(in: "{{<base}}\n{{$content}}x{{/content}}\n  words here\n{{/base}}")?.line == 3)
        #expect(TemplateBlocks.strayInParent(in: "{{<base}}{{! note }}{{$content}}{{#page}}{{title}}{{/page}}{{/content}}{{/base}}") == nil)
    }

    /// A template saved as Windows-1252 was "not UTF-8" at line 1, whatever line held the byte.
    @Test func aTemplateNotInUTF8IsNamedAtItsLine() throws {
        let theme = try TemporaryFolder()
        try theme.write(Data("{{<base}}{{$content}}\n<p>\n<p>Caf".utf8) + Data([0xE9]) + Data("</p>\n{{/content}}{{/base}}\n".utf8), to: "pack.mustache")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(_, 3, let message)? = error as? PeelError else { return false }
            return message.hasPrefix("template is not UTF-8 text")
        }
    }

    /// `<div title={{alt}}>`: escaping keeps out quotes, not a space, so a label could add an
    /// attribute (`x onmouseover=…`). Values in tags must be in quoted attribute values.
    @Test func valuesInATagOutsideQuotesAreRefused() throws {
        let theme = try TemporaryFolder()
        func error(_ body: String) throws -> (line: Int, message: String)? {
            try theme.write("{{<base}}{{$content}}{{#page}}\n\(body){{/page}}{{/content}}{{/base}}\n", to: "pack.mustache")
            do { _ = try TemplateSet(overrideDirectory: theme.url); return nil } catch let PeelError.templateSyntax(_, line, message) { return (line, message) }
        }
        let unquoted = try error("<p>\n<div class=\"pack\" title={{title}}>x</div>")
        #expect(unquoted?.line == 3 && unquoted?.message.hasPrefix("{{title}} is printed in an attribute value without quotes") == true, "\(String(describing: unquoted))")
        #expect(try error("<a href=/packs/{{slug}}>x</a>")?.message.contains("=\"{{slug}}\"") == true, "a value continued unquoted")
        #expect(try error("<img {{title}}>")?.message.hasPrefix("{{title}} is printed inside an HTML tag") == true)
        #expect(try error("<div\n  data-x=1 {{& title}}>")?.line == 3)
        // A partial or block in a tag outside quotes: what it prints there went unchecked.
        try theme.write("title={{title}}", to: "title-attr.mustache")
        let partial = try error("<p class=\"x\" {{> title-attr}}>y</p>")
        #expect(partial?.line == 2 && partial?.message.hasPrefix("{{> title-attr}} is inside an HTML tag outside quotes") == true, "\(String(describing: partial))")
        #expect(try error("<p title={{> title-attr}}>y</p>")?.message.hasPrefix("{{> title-attr}} is inside an HTML tag") == true)
        #expect(try error("<p title=\"{{> title-attr}}\">y</p><div>{{> title-attr}}</div>") == nil, "in quotes or between tags")
        // In a script or a style sheet HTML escaping protects nothing: a label ending in \ ends a string.
        let script = try error("<script>\nvar a = \"{{title}}\";</script>")
        #expect(script?.line == 3 && script?.message.hasPrefix("{{title}} is printed inside <script>, where HTML escaping protects nothing") == true, "\(String(describing: script))")
        #expect(try error("<style>.x::after { content: \"{{title}}\" }</style>")?.message.contains("inside <style>") == true)
        #expect(try error("<style>@import \"{{root}}assets/x.css\";</style><script src=\"{{root}}assets/a.js\"></script>") == nil, "Peel's own root")
        for fine in ["<div title=\"{{title}}\" data-t='{{title}}' class=x>{{title}}</div>",
                     "<div {{#title}}class=\"on\"{{/title}}>x</div>",
                     "<!-- <a href={{title}}> -->", "<script>if (a<b) {}</script>{{title}}", "<style>a>b{}</style><p>{{title}}</p>",
                     "a < b and {{title}}", "<p>5 > 3 = {{title}}</p>"] {
            #expect(try error(fine) == nil, "\(fine)")
        }
    }

    /// A Windows editor's template (CRLF): a syntax error quoted the whole file, Peel's pragma first.
    @Test func aSyntaxErrorInACRLFTemplateQuotesItsLine() throws {
        let theme = try TemporaryFolder()
        try theme.write("{{<base}}{{$content}}\r\n{{#page}}\r\n<h1>{{title}</h1>\r\n{{/page}}\r\n{{/content}}{{/base}}\r\n", to: "pack.mustache")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(_, let line, let message)? = error as? PeelError else { return false }
            return line == 3 && message.hasSuffix("near '<h1>{{title}</h1>'") && !message.contains("CONTENT_TYPE")
        }
    }

    /// A template saved under a name no page uses was skipped or published as source, silently.
    @Test func aTemplateUnderAnotherNameIsNamed() throws {
        let embedded = Set(EmbeddedTemplates.files.keys)
        #expect(TemplateSet.misplacedTemplate("Pack.mustache", embedded: embedded)?.hasSuffix("rename it to pack.mustache") == true)
        #expect(TemplateSet.misplacedTemplate("pack.mustach", embedded: embedded)?.hasSuffix("rename it to pack.mustache") == true)
        #expect(TemplateSet.misplacedTemplate("pack.html", embedded: embedded)?.hasSuffix("rename it to pack.mustache") == true)
        #expect(TemplateSet.misplacedTemplate("Templates/pack.mustache", embedded: embedded)?.hasSuffix("move it up, as pack.mustache") == true)
        for fine in ["pack.mustache", "banner.mustache", "style.css", "img/pack.png", "about.html"] {
            #expect(TemplateSet.misplacedTemplate(fine, embedded: embedded) == nil, "\(fine)")
        }
        let theme = try TemporaryFolder()
        try theme.write("{{<base}}{{$content}}x{{/content}}{{/base}}", to: "Pack.mustache")
        #expect(throws: PeelError.self) { try TemplateSet(overrideDirectory: theme.url) }
    }

    /// A section left open was said at a later closing tag (line 91 for line 10), or "near ''".
    @Test func aSectionLeftOpenIsSaidWhereItOpens() throws {
        #expect(TemplateBlocks.sectionMismatch(in: "{{#page}}\n{{#items}}\nx\n{{/page}}")?.line == 2)
        #expect(TemplateBlocks.sectionMismatch(in: "{{#page}}\n{{#items}}\nx\n{{/page}}")?.message
                == "{{#items}} opened on line 2 is never closed: {{/page}} on line 4 closes {{#page}} (line 1) first; close {{#items}} before it")
        #expect(TemplateBlocks.sectionMismatch(in: "a\n{{^site}}b") ?? (0, "") == (2, "{{^site}} opened on line 2 is never closed; add {{/site}} where it ends"))
        #expect(TemplateBlocks.sectionMismatch(in: "{{#a}}{{/a}}{{/b}}")?.message == "{{/b}} closes no section (none is open here)")
        #expect(TemplateBlocks.sectionMismatch(in: "{{#a}}{{#b}}{{/b}}{{/a}}") == nil)
        let theme = try TemporaryFolder()
        try theme.write("<div>\n{{#site}}\n{{title}}\n", to: "banner.mustache")
        #expect(throws: PeelError.templateSyntax(path: theme.url.appendingPathComponent("banner.mustache").path, line: 2,
                                                 message: "{{#site}} opened on line 2 is never closed; add {{/site}} where it ends")) {
            try TemplateSet(overrideDirectory: theme.url)
        }
    }

    /// A partial commented out (`{{! {{> old-banner}} }}`) stopped the build as missing.
    @Test func partialsAreReadAsMustacheReadsTags() {
        #expect(TemplateSet.partialReferences(in: "{{! {{> old-banner}} }}\n{{> footer}}").map(\.name) == ["footer"])
        #expect(TemplateSet.partialReferences(in: "{{!\n a comment\n}}\n{{<base}}").map { "\($0.name):\($0.line)" } == ["base:4"])
        #expect(TemplateSet.partialReferences(in: "{{{x}}}{{> a }}{{=<% %>=}}<%> b %>").map(\.name) == ["a"])
    }

    @Test func aThemeWithAMisspeltNameStopsAtItsLineWithTheNameMeant() throws {
        let theme = try TemporaryFolder()
        try theme.write("{{<base}}{{$content}}\n{{#page}}\n<h1>{{titel}}</h1>\n{{/page}}{{/content}}{{/base}}\n", to: "pack.mustache")
        let path = theme.url.appendingPathComponent("pack.mustache").path
        #expect(throws: PeelError.templateSyntax(path: path, line: 3,
                                                 message: "'titel' is no value Peel gives templates (did you mean 'title'?), so it would render as nothing; the values are listed in the README (--templates)")) {
            try TemplateSet(overrideDirectory: theme.url)
        }
        try theme.write("{{<base}}{{$content}}{{#page}}{{uppercasd(title)}}{{/page}}{{/content}}{{/base}}\n", to: "pack.mustache")
        #expect {
            try TemplateSet(overrideDirectory: theme.url)
        } throws: { error in
            guard case .templateSyntax(_, 1, let message)? = error as? PeelError else { return false }
            return message.hasPrefix("'uppercasd()' is no transform Mustache has (did you mean 'uppercased()'?)")
        }
    }

    /// A theme's own words are names it may use, from any of its string tables.
    @Test func aThemesOwnWordsAreKnown() throws {
        let theme = try TemporaryFolder()
        try theme.write("{{<base}}{{$content}}{{#page}}<h1>{{title}}</h1>{{t.shopNow}}{{/page}}{{/content}}{{/base}}\n", to: "pack.mustache")
        #expect(throws: PeelError.self) { try TemplateSet(overrideDirectory: theme.url) }
        try theme.write("{\"shopNow\": \"Acheter\"}", to: "strings.fr.json")
        _ = try TemplateSet(overrideDirectory: theme.url)
    }
}
