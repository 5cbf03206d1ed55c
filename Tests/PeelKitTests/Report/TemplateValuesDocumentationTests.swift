import Foundation
import Testing
@testable import PeelKit

/// The README lists every value a theme's template can use, so a theme author never guesses
/// (`{{label}}` for `{{alt}}` renders an empty `alt=""` with no warning). The values are the
/// names the page models answer to (`MustacheParent`); a name added there and not to the README
/// fails here.
@Suite struct TemplateValuesDocumentationTests {
    @Test func everyTemplateValueIsInTheReadme() throws {
        let root = Fixtures.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try #require(readme.components(separatedBy: "  | where | values |").dropFirst().first?.components(separatedBy: "\n\n").first)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("  | ") }
        var models = 0
        for file in ["Sources/PeelKit/Site/TemplateLookup.swift", "Sources/PeelKit/Site/PageLanguage.swift"] {
            let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for block in source.components(separatedBy: ": MustacheParent {").dropFirst() {
                let body = block.components(separatedBy: "\n}").first ?? ""
                let keys = body.components(separatedBy: "case \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
                #expect(!keys.isEmpty)
                // One row of the table holds all of a model's values, in its order.
                let listed = keys.map { "`\($0)`" }.joined(separator: ", ")
                #expect(rows.contains { $0.hasSuffix("| \(listed) |") }, "no README row lists \(listed)")
                models += 1
            }
        }
        #expect(models >= 30 && rows.count == models)
    }
}
