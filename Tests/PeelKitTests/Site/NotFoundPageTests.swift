import Foundation
import Testing
@testable import PeelKit

/// The 404 page static hosts show for an address the site does not have (`PageRenderer.notFound`).
@Suite struct NotFoundPageTests {
    private func build(siteMarkdown: String, templates: [String: String] = [:]) async throws -> (TemporaryFolder, BuildReport) {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write(siteMarkdown, to: "content/site.md")
        var options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: folder.url.appendingPathComponent("site"))
        if !templates.isEmpty {
            for (name, text) in templates { try folder.write(text, to: "theme/\(name)") }
            options.templates = folder.url.appendingPathComponent("theme")
        }
        return (folder, try await SiteBuilder(options: options).build())
    }

    /// Every `href` and `src` value of `html`.
    private func links(in html: String) -> [String] {
        html.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.output.1) }
    }

    @Test func everyLinkStartsFromTheBaseURLsPathSoItWorksAtAnyDepth() async throws {
        let site = "---\ntitle: Pets\nbase_url: https://stickers.example/my gallery\nfooter: \"[the cat](pets/cat.md), [art](https://openmoji.org/)\"\n---\n"
        let (folder, _) = try await build(siteMarkdown: site)
        let html = try folder.read("site/404.html")
        let links = links(in: html)
        #expect(links.contains("/my%20gallery/index.html"))
        #expect(links.contains("/my%20gallery/assets/style.css"))
        #expect(links.contains("/my%20gallery/pets/index.html"))
        // A relative Markdown link of the footer, placed from the site's root too.
        #expect(links.contains("/my%20gallery/pets/cat/index.html"))
        for link in links {
            #expect(link.hasPrefix("/my%20gallery/") || link == "#main" || link == "https://openmoji.org/", "\(link)")
        }
        #expect(html.contains("<h1>Page not found</h1>"))
        // Not a page to index or preview: a host serves it for every missing address.
        #expect(html.contains(#"<meta name="robots" content="noindex">"#))
        #expect(!html.contains("og:") && !html.contains("canonical"))
        #expect(!(try folder.read("site/index.html")).contains("noindex"))
        // Pack titles are text: the fixture's hostile title is escaped.
        #expect(!html.contains("<script>"))
        #expect(try folder.read("site/.peel-manifest").split(separator: "\n").contains("404.html"))
    }

    /// `//stickers/` in base_url: links that start with two slashes name another host.
    @Test func doubledSlashesInTheBaseURLAreOne() async throws {
        let (folder, _) = try await build(siteMarkdown: "---\ntitle: Pets\nbase_url: https://stickers.example//gallery//\n---\n")
        let links = links(in: try folder.read("site/404.html"))
        #expect(links.contains("/gallery/index.html") && !links.contains { $0.hasPrefix("//") }, "\(links)")
        #expect(try folder.read("site/index.html").contains(#"<meta property="og:url" content="https://stickers.example/gallery/">"#))
    }

    @Test func withoutABaseURLThereIsNoneSinceWhereTheSiteLivesIsUnknown() async throws {
        let (folder, _) = try await build(siteMarkdown: "---\ntitle: Pets\n---\n")
        #expect(!folder.exists("site/404.html"))
        #expect(!(try folder.read("site/.peel-manifest")).contains("404.html"))
    }

    @Test func inTheSiteLanguageAndReplaceableByTheTheme() async throws {
        let french = "---\ntitle: Animaux\nlanguage: fr\nbase_url: https://stickers.example/\n---\n"
        let (folder, _) = try await build(siteMarkdown: french)
        let html = try folder.read("site/404.html")
        #expect(html.contains(#"<html lang="fr">"#))
        #expect(html.contains("<h1>Page introuvable</h1>"))
        #expect(html.contains(#"<a href="/index.html">Aller à la page d’accueil</a>"#))

        let (themed, _) = try await build(siteMarkdown: french,
                                          templates: ["not-found.mustache": "{{<base}}{{$content}}<p>Lost? <a href=\"{{page.home}}\">home</a></p>{{/content}}{{/base}}"])
        #expect(try themed.read("site/404.html").contains(#"<p>Lost? <a href="/index.html">home</a></p>"#))
    }
}
