import Foundation
import Testing
@testable import PeelKit

@Suite struct SiteFileResolverTests {
    @Test func resolvesFilesFoldersAndNothingOutsideTheSite() throws {
        let folder = try TemporaryFolder()
        try folder.write("<h1>home</h1>", to: "site/index.html")
        try folder.write("<h1>pack</h1>", to: "site/pets/index.html")
        try folder.write("manifest", to: "site/.peel-manifest")
        try folder.write("secret", to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("site/escape.txt").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("site/up").path,
                                                   withDestinationPath: folder.url.path)
        let site = folder.url.appendingPathComponent("site")
        let resolver = SiteFileResolver(root: site)

        #expect(resolver.resolve("/") == .file(site.appendingPathComponent("index.html")))
        #expect(resolver.resolve("/pets/") == .file(site.appendingPathComponent("pets/index.html")))
        #expect(resolver.resolve("/pets/index.html") == .file(site.appendingPathComponent("pets/index.html")))
        #expect(resolver.resolve("/pets") == .redirect("/pets/"))
        for path in ["/../secret.txt", "/pets/../../secret.txt", "/./index.html", "/.peel-manifest", "/escape.txt", "/up/secret.txt",
                     "/pets\\..\\..\\secret.txt", "/index.html\0", "index.html", "/missing.html", "/pets/missing/"] {
            #expect(resolver.resolve(path) == .notFound, "\(path)")
        }
    }

    @Test func contentTypesByExtension() {
        #expect(ContentType.forFile(named: "index.html") == "text/html; charset=utf-8")
        #expect(ContentType.forFile(named: "sun.GIF") == "image/gif")
        #expect(ContentType.forFile(named: "pack.zip") == "application/zip")
        // A theme's module and fonts as a static host sends them: under nosniff, a module sent as
        // bytes did not run in serve while it ran once deployed.
        #expect(ContentType.forFile(named: "app.mjs") == "text/javascript; charset=utf-8")
        #expect(ContentType.forFile(named: "face.ttf") == "font/ttf" && ContentType.forFile(named: "face.otf") == "font/otf")
        #expect(ContentType.forFile(named: "lib.wasm") == "application/wasm" && ContentType.forFile(named: "art.avif") == "image/avif")
        #expect(ContentType.forFile(named: "README") == "application/octet-stream")
        #expect(ContentType.forFile(named: "evil.html.exe") == "application/octet-stream")
    }

    @Test func liveReloadTagGoesBeforeTheLastBodyEndOnly() {
        let html = "<p>&lt;/body&gt; in text</p></body>\n</html>"
        let injected = LiveReloadScript.inject(into: html, generation: 7)
        #expect(injected == "<p>&lt;/body&gt; in text</p><script src=\"/__peel/live-reload.js\" data-generation=\"7\"></script>\n</body>\n</html>")
        #expect(LiveReloadScript.inject(into: "<p>fragment", generation: 1).hasSuffix("data-generation=\"1\"></script>"))
    }

    @Test func loopbackHostsOnly() {
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.1", nil] {
            #expect(DevSiteHandler.isLoopback(host: host), "\(host ?? "nil")")
        }
        for host in ["example.com", "127.0.0.1.example.com:8080", "evil.localhost.example:80", "[::2]:8080", "10.0.0.1:8080"] {
            #expect(!DevSiteHandler.isLoopback(host: host), "\(host)")
        }
    }
}
