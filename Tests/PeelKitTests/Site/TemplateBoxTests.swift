import Mustache
import Testing
@testable import PeelKit

/// Models reach swift-mustache by reference and render as they would by value.
@Suite struct TemplateBoxTests {
    @Test func aModelIsBoxedAndAnswersAsItself() throws {
        let site = SiteModel(title: "Moons & stars", description: nil, language: "en", introHTML: "<p>Hi</p>", footerHTML: "")
        let boxed = TemplateBox.wrap(site)
        #expect(boxed is TemplateBox)
        #expect(TemplateBox.wrap(boxed) as? TemplateBox === boxed as? TemplateBox, "a box is not boxed again")
        #expect((boxed as? MustacheParent)?.child(named: "title") as? String == "Moons & stars")
        #expect((boxed as? MustacheParent)?.child(named: "missing") == nil)
        // Anything that is not a model passes as it is.
        #expect(TemplateBox.wrap("text") as? String == "text")
        #expect(TemplateBox.wrap([1, 2]) as? [Int] == [1, 2])
        // Rendered from the box, the same text as from the struct (escaped the same way).
        let template = try MustacheTemplate(string: "{{title}}|{{{introHTML}}}|{{#description}}x{{/description}}|{{language}}")
        #expect(template.render(boxed) == template.render(site))
        #expect(template.render(boxed) == "Moons &amp; stars|<p>Hi</p>||en")
    }
}
