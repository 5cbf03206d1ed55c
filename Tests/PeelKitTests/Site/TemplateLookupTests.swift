import Foundation
import Testing
@testable import PeelKit

/// `TemplateLookup.swift` lists every field of every page model by hand (for speed); this reads
/// both sources and fails when a model gains a field, or a model, that the lookup does not serve
/// (such a field would silently render empty).
@Suite struct TemplateLookupTests {
    static func source(_ name: String) throws -> String {
        try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/PeelKit/Site/\(name)"), encoding: .utf8)
    }

    /// Struct name → stored property names, from declarations like `struct X {` ... `let a: T`.
    static func models(in source: String) -> [String: Set<String>] {
        var models: [String: Set<String>] = [:]
        var current: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("struct ") {
                current = String(text.dropFirst("struct ".count).prefix { $0.isLetter || $0.isNumber })
                models[current!] = []
            } else if line.hasPrefix("}") {
                current = nil
            } else if let model = current, line.hasPrefix("    "), !line.hasPrefix("     "),
                      text.hasPrefix("let ") || text.hasPrefix("var ") {
                let name = text.dropFirst(4).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                models[model]!.insert(String(name))
            }
        }
        return models
    }

    /// Extension name → names its switch serves.
    static func lookups(in source: String) -> [String: Set<String>] {
        var lookups: [String: Set<String>] = [:]
        var current: String?
        for line in source.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("extension ") {
                current = String(text.dropFirst("extension ".count).prefix { $0.isLetter || $0.isNumber })
                lookups[current!] = []
            } else if let model = current, text.hasPrefix("case \"") {
                lookups[model]!.insert(String(text.dropFirst(6).prefix { $0 != "\"" }))
            }
        }
        return lookups
    }

    @Test func everyModelFieldIsServedToTemplates() throws {
        // PageLanguage.swift holds the language models and their lookups.
        let models = Self.models(in: try Self.source("PageModels.swift") + "\n" + Self.source("PageLanguage.swift"))
            .filter { $0.key != "PageLanguage" && $0.key != "LocalizedText" }   // not template models
        let lookups = Self.lookups(in: try Self.source("TemplateLookup.swift") + "\n" + Self.source("PageLanguage.swift"))
        #expect(models.count >= 10, "the model parser found too few models: \(models.keys.sorted())")
        for (model, fields) in models {
            #expect(lookups[model] != nil, "\(model) has no MustacheParent lookup in TemplateLookup.swift")
            let missing = fields.subtracting(lookups[model] ?? [])
            #expect(missing.isEmpty, "\(model) fields not served to templates: \(missing.sorted())")
        }
    }
}

/// The lookups serve the field values, not the names (a switch over `name` can shadow a field
/// called `name`): a built sticker page shows its facts and background names.
@Suite struct TemplateLookupRenderingTests {
    @Test func stickerPagesShowFactNamesAndBackgroundNames() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Pets\n---\n", to: "content/pets/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/pets/cat.png")
        try folder.write("---\nalt: A cat\n---\n", to: "content/pets/cat.md")
        let output = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: output)).build()
        let page = try String(contentsOf: output.appendingPathComponent("pets/cat/index.html"), encoding: .utf8)
        #expect(page.contains("<dt>Format</dt>"))
        #expect(page.contains(">White</span>"))
        #expect(!page.contains("<dt>name</dt>"))
    }
}
