import Foundation
import Testing
@testable import PeelKit

@Suite struct SiteBuilderTests {
    func build(_ content: URL = Fixtures.catalog, into output: URL, templates: URL? = nil) async throws -> BuildReport {
        try await SiteBuilder(options: BuildOptions(content: content, output: output, templates: templates)).build()
    }

    /// Every file under `folder`, relative path to SHA-256.
    static func snapshot(_ folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        let prefix = folder.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let data = try? Data(contentsOf: url) else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        }
        return files
    }

    @Test func writesEveryPageThumbnailAndTheCatalog() async throws {
        let folder = try TemporaryFolder()
        let report = try await build(into: folder.url.appendingPathComponent("site"))
        #expect(report.packCount == 2)
        #expect(report.stickerCount == 5)
        // The JPEG's missing transparency, silenced in dog.md, and the xss pack's javascript: link and raw HTML, silenced in its pack.md.
        #expect(report.findings.map(\.code).sorted { $0.rawValue < $1.rawValue } == [.brokenLink, .noTransparency, .rawHTML, .rawHTML])
        #expect(report.findings.allSatisfy { $0.suppressed })
        #expect(report.summary.hasPrefix("Built 2 packs, 5 stickers, 0 warnings, 0 errors (4 silenced) in "))
        for path in ["index.html", "catalog.json", "assets/style.css", "pets/index.html", "pets/cat/index.html",
                     "pets/cat/cat.png", "pets/cat/cat-160w.webp", "pets/cat/cat-300w.webp", "pets/dog/dog.jpg",
                     "pets/turtle/turtle.gif", "xss/evil/index.html"] {
            #expect(folder.exists("site/\(path)"), "missing \(path)")
        }
        #expect(!folder.exists("site/pets/cat/cat-320w.webp"), "a 300 px sticker must not be upscaled to 320")
        #expect(folder.exists("site/pets/dog/dog-160w.webp"), "JPEG stickers get thumbnails")
        // The 5.6 KB GIF is lighter than the WebP thumbnails of it, so it stands in for them.
        #expect(!folder.exists("site/pets/turtle/turtle-160w.webp"), "no thumbnail file heavier than the GIF it stands for")
        #expect(try folder.read("site/pets/index.html").contains("srcset=\"turtle/turtle.gif 300w\""), "the GIF itself is served instead")
        #expect(!folder.exists("site/pets/turtle/turtle-poster.png"), "only animated stickers get a poster")
    }

    @Test func homeAndPackPagesShowTitlesCountsLabelsAndSizes() async throws {
        let folder = try TemporaryFolder()
        _ = try await build(into: folder.url.appendingPathComponent("site"))
        let home = try folder.read("site/index.html")
        #expect(home.contains("<title>Fixture &lt;Gallery&gt; &amp; Friends</title>"))
        #expect(home.contains("<p dir=\"auto\">Intro with <strong>bold</strong> text.</p>"))
        #expect(home.contains("href=\"pets/index.html\""))
        #expect(home.contains("4 stickers"))
        #expect(home.contains("small 300 px"))

        let pack = try folder.read("site/pets/index.html")
        #expect(pack.contains("<h1 dir=\"auto\">Pets</h1>"))
        #expect(pack.contains("<dd dir=\"auto\">Test Artist</dd>") && pack.contains("<dd dir=\"auto\">CC0</dd>") && pack.contains("<dd dir=\"auto\">messages, media</dd>"))
        #expect(pack.contains("srcset=\"cat/cat-160w.webp 160w, cat/cat-300w.webp 300w\""))
        #expect(pack.contains("alt=\"Orange cat face with whiskers\""))
        #expect(pack.contains("width=\"160\" height=\"160\""))
        #expect(pack.contains("loading=\"lazy\""))
        // Still thumbnails are WebP, whatever the original's format (a 300 px WebP is lighter than the JPEG).
        #expect(pack.contains("<img src=\"dog/dog-160w.webp\" srcset=\"dog/dog-160w.webp 160w, dog/dog-300w.webp 300w\""), "a JPEG sticker has thumbnails")
        #expect(pack.contains("<img src=\"turtle/turtle.gif\" srcset=\"turtle/turtle.gif 300w\" sizes=\"(max-width: 600px) 30vw, 160px\" width=\"160\" height=\"160\""),
                "a GIF lighter than its thumbnails stands in for them: listed once, at its own width, shown at the box's size")
        #expect(!pack.contains("prefers-reduced-motion"), "still stickers need no poster")
        // Display order: fox (order 1) first, then by name.
        let order = ["fox/index.html", "cat/index.html", "dog/index.html", "turtle/index.html"].map { pack.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }

    @Test func stickerPageShowsEverythingKnown() async throws {
        let folder = try TemporaryFolder()
        _ = try await build(into: folder.url.appendingPathComponent("site"))
        let page = try folder.read("site/pets/cat/index.html")
        #expect(page.contains("<h1 dir=\"auto\">Cat</h1>"))
        #expect(page.contains("<p class=\"label-text\" id=\"label-text\" dir=\"auto\">Orange cat face with whiskers</p>"))
        #expect(page.contains("29 of 150 characters"))
        #expect(page.contains("<p dir=\"auto\">A <em>curious</em> cat.</p>"))
        #expect(page.contains("<dd>PNG</dd>"))
        #expect(page.contains("<dd>300 × 300 px</dd>"))
        #expect(page.contains("(17,407 bytes)"))
        #expect(page.contains("<dd>1 (still)</dd>"))
        #expect(page.contains("<li dir=\"auto\">cat</li><li dir=\"auto\">pet</li>"))
        #expect(page.contains("href=\"cat.png\" download=\"cat.png\""))
        #expect(page.contains("href=\"../fox/index.html\" rel=\"prev\""))
        #expect(page.contains("href=\"../dog/index.html\" rel=\"next\""))
        for background in ["bg-white", "bg-black", "bg-red", "bg-yellow", "bg-multi", "bg-checker"] {
            #expect(page.contains(background))
        }
        #expect(page.contains("href=\"../../assets/style.css\""))
    }

    /// Hear label and the pack reader are in the page hidden; speak-label.js shows them only where
    /// the browser has speech synthesis (Tests/suites/30-browser drives them).
    @Test func speechControlsAreRenderedHiddenWithTheirScript() async throws {
        let folder = try TemporaryFolder()
        _ = try await build(into: folder.url.appendingPathComponent("site"))
        let sticker = try folder.read("site/pets/cat/index.html")
        #expect(sticker.contains("<button type=\"button\" class=\"button button-quiet\" data-speak=\"label-text\" hidden>Hear label</button>"))
        #expect(sticker.contains("<script src=\"../../assets/speak-label.js\" defer></script>"))
        let pack = try folder.read("site/pets/index.html")
        #expect(pack.contains("<div class=\"pack-reader\" data-pack-reader hidden>"))
        #expect(pack.contains("data-reader-play>Read this pack aloud</button>"))
        #expect(pack.contains("<script src=\"../assets/speak-label.js\" defer></script>"))
        let review = try folder.read("site/review/index.html")
        #expect(review.contains("data-speak=\"\" data-speak-text=\"Orange cat face with whiskers\" hidden>Hear<span class=\"visually-hidden\"> the label of <span dir=\"auto\">Cat</span></span></button>"))
        #expect(review.contains("<script src=\"../assets/speak-label.js\" defer></script>"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site/assets/speak-label.js").path))
    }

    @Test func catalogJSONDescribesEverySticker() async throws {
        let folder = try TemporaryFolder()
        _ = try await build(into: folder.url.appendingPathComponent("site"))
        let data = try Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let site = try #require(root["site"] as? [String: Any])
        #expect(site["title"] as? String == "Fixture <Gallery> & Friends")
        #expect(site["base_url"] is NSNull)
        let packs = try #require(root["packs"] as? [[String: Any]])
        #expect(packs.map { $0["slug"] as? String } == ["pets", "xss"])
        #expect(packs[0]["size"] as? String == "small")
        #expect(packs[0]["contexts"] as? [String] == ["messages", "media"])
        #expect(packs[0]["page"] as? String == "pets/index.html")
        let stickers = try #require(packs[0]["stickers"] as? [[String: Any]])
        let cat = try #require(stickers.first { $0["slug"] as? String == "cat" })
        #expect(cat["source"] as? String == "pets/cat.png")
        #expect(cat["alt"] as? String == "Orange cat face with whiskers")
        #expect(cat["tags"] as? [String] == ["cat", "pet"])
        #expect(cat["format"] as? String == "png")
        #expect(cat["width"] as? Int == 300 && cat["height"] as? Int == 300)
        #expect(cat["bytes"] as? Int == 17407)
        #expect(cat["frames"] as? Int == 1)
        #expect(cat["page"] as? String == "pets/cat/index.html")
        let expectedDigest = SHA256.hash(data: try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png")))
            .map { String(format: "%02x", $0) }.joined()
        #expect(cat["sha256"] as? String == expectedDigest)
        let thumbnails = try #require(cat["thumbnails"] as? [[String: Any]])
        #expect(thumbnails.map { $0["url"] as? String } == ["pets/cat/cat-160w.webp", "pets/cat/cat-300w.webp"])
        #expect(thumbnails.map { $0["width"] as? Int } == [160, 300])
        let dog = try #require(stickers.first { $0["slug"] as? String == "dog" })
        #expect(dog["format"] as? String == "jpeg")
        #expect((dog["thumbnails"] as? [[String: Any]])?.map { $0["url"] as? String } == ["pets/dog/dog-160w.webp", "pets/dog/dog-300w.webp"])
        let turtle = try #require(stickers.first { $0["slug"] as? String == "turtle" })
        #expect((turtle["thumbnails"] as? [[String: Any]])?.map { $0["url"] as? String } == ["pets/turtle/turtle.gif", "pets/turtle/turtle.gif"],
                "the original stands in for a thumbnail that would be heavier")
        #expect((turtle["thumbnails"] as? [[String: Any]])?.map { $0["width"] as? Int } == [300, 300], "with the original's size")
        #expect(dog["poster"] is NSNull)
        #expect(dog["frame_delays"] as? [Double] == [])
        #expect(dog["loop_count"] is NSNull)
        // The card's sticker (fox, first by order) and the pack's background; emoji, empty here.
        #expect(packs[0]["cover"] as? String == "fox" && packs[0]["background"] is NSNull)
        #expect(cat["emoji"] as? [String] == [])
    }

    /// catalog.json gives what the pages show of a pack and a sticker: the cover pack.md chose,
    /// its background and the sticker's emoji (a store site could only guess the first sticker).
    @Test func catalogJSONGivesTheCoverBackgroundAndEmoji() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\ntitle: Pets\nsize: small\ncover: dog\nbackground: \"#ffeedd\"\n---\n", to: "content/pets/pack.md")
        try folder.write("---\nalt: Orange cat face with whiskers\nemoji: [\"🐱\", \"😺\"]\n---\n", to: "content/pets/cat.md")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))) as? [String: Any])
        let pets = try #require((root["packs"] as? [[String: Any]])?.first { $0["slug"] as? String == "pets" })
        #expect(pets["cover"] as? String == "dog")
        #expect(pets["background"] as? String == "#ffeedd")
        let cat = try #require((pets["stickers"] as? [[String: Any]])?.first { $0["slug"] as? String == "cat" })
        #expect(cat["emoji"] as? [String] == ["🐱", "😺"])
    }

    @Test func thumbnailsHaveTheRightSizeAndKeepTransparency() async throws {
        let folder = try TemporaryFolder()
        _ = try await build(into: folder.url.appendingPathComponent("site"))
        let data = try Data(contentsOf: folder.url.appendingPathComponent("site/pets/cat/cat-160w.webp"))
        // Lossy WebP with an alpha plane: RIFF/WEBP with a VP8X header, an ALPH and a lossy "VP8 " chunk.
        #expect(data.prefix(4) == Data("RIFF".utf8) && data[8..<16] == Data("WEBPVP8X".utf8))
        #expect(data.range(of: Data("ALPH".utf8)) != nil && data.range(of: Data("VP8 ".utf8)) != nil)
        let thumbnail = try WebPCodec.decode(data)
        #expect(thumbnail.width == 160 && thumbnail.height == 160)
        #expect(thumbnail[0, 0].a == 0, "the transparent corner stays transparent")
        #expect(thumbnail[80, 80].a == 255, "the middle of the face stays opaque")
    }

    /// A thumbnail is never heavier than the original it stands for (the sample art once had
    /// 320 px thumbnails up to 1.6× their 618 px originals): each one served, file or original, weighs
    /// at most the original.
    @Test func noThumbnailIsHeavierThanItsOriginal() async throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appendingPathComponent("site")
        _ = try await build(Fixtures.packageRoot.appendingPathComponent("content"), into: site)
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("catalog.json"))) as? [String: Any])
        var checked = 0, originals = 0
        for pack in catalog["packs"] as? [[String: Any]] ?? [] {
            for sticker in pack["stickers"] as? [[String: Any]] ?? [] {
                let original = try #require(sticker["original"] as? String)
                let originalBytes = try Data(contentsOf: site.appendingPathComponent(original)).count
                for thumbnail in sticker["thumbnails"] as? [[String: Any]] ?? [] {
                    let url = try #require(thumbnail["url"] as? String)
                    let bytes = try Data(contentsOf: site.appendingPathComponent(url)).count
                    #expect(bytes <= originalBytes, "\(url): \(bytes) bytes for an original of \(originalBytes)")
                    checked += 1
                    if url == original { originals += 1 }
                }
            }
        }
        #expect(checked >= 40)
        #expect(originals < checked / 4, "most are thumbnail files (WebP, lighter than the original), not the original")
    }

    @Test func scriptPayloadsAreEscapedEverywhere() async throws {
        let folder = try TemporaryFolder()
        _ = try await build(into: folder.url.appendingPathComponent("site"))
        let snapshot = Self.snapshot(folder.url.appendingPathComponent("site"))
        for path in snapshot.keys where path.hasSuffix(".html") {
            // The theme's own scripts (review table, pack filter, copy label) are the only scripts allowed.
            let html = try folder.read("site/\(path)")
                .replacing(#/<script src="(\.\./)*assets/(review|pack-filter|copy-label|speak-label|viewer|pager-keys|motion)\.js" defer></script>/#, with: "")
            #expect(!html.contains("<script"), "\(path) has a script tag")
            #expect(!html.contains("<iframe"), "\(path) has an iframe")
            #expect(!html.contains("<img src=x"), "\(path) has an injected image")
            // As an address; the review may name the URL in its finding, as escaped text.
            #expect(html.lowercased().firstMatch(of: #/(href|src|action|formaction)\s*=\s*["']?\s*javascript:/#) == nil, "\(path) has a javascript: URL")
            #expect(!html.contains("<b>Bold"), "\(path) let markup through from a title")
        }
        let pack = try folder.read("site/xss/index.html")
        #expect(pack.contains("<h1 dir=\"auto\">&lt;script&gt;alert(&#39;pack&#39;)&lt;/script&gt;</h1>"))
        let sticker = try folder.read("site/xss/evil/index.html")
        #expect(sticker.contains("alt=\"&lt;img src=x onerror=alert(&#39;alt&#39;)&gt; &quot;quoted&quot;\""))
        #expect(sticker.contains("<h1 dir=\"auto\">&lt;b&gt;Bold title&lt;/b&gt;</h1>"))
        #expect(sticker.contains("<li dir=\"auto\">&lt;script&gt;tag&lt;/script&gt;</li>"))
    }

    @Test func outputIsByteForByteDeterministic() async throws {
        let folder = try TemporaryFolder()
        _ = try await build(into: folder.url.appendingPathComponent("one"))
        _ = try await build(into: folder.url.appendingPathComponent("two"))
        let one = Self.snapshot(folder.url.appendingPathComponent("one"))
        let two = Self.snapshot(folder.url.appendingPathComponent("two"))
        #expect(one.count > 20)
        #expect(one == two)
    }

    @Test func aFailedBuildLeavesThePreviousSiteUntouched() async throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("site")
        _ = try await build(into: output)
        let before = Self.snapshot(output)
        try folder.write("{{<base}}{{$content}}{{#page}}unclosed{{/content}}{{/base}}\n", to: "theme/pack.mustache")
        await #expect(throws: PeelError.self) {
            _ = try await build(into: output, templates: folder.url.appendingPathComponent("theme"))
        }
        do {
            _ = try await build(into: output, templates: folder.url.appendingPathComponent("theme"))
        } catch let error as PeelError {
            #expect(error.description.hasPrefix(folder.url.appendingPathComponent("theme/pack.mustache").path + ":1: error: template syntax"))
        }
        #expect(Self.snapshot(output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("peel-") && $0 != ".peel-cache" }
        #expect(leftovers.isEmpty, "staging folders left behind: \(leftovers)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(".peel-cache/site/entries").path)
            .filter { $0.hasPrefix("tmp-") || $0.hasPrefix(".peel-tmp-") }.isEmpty, "half-written cache files left behind")
    }

    @Test func templatesCanBeOverriddenOneFileAtATime() async throws {
        let folder = try TemporaryFolder()
        try folder.write("{{<base}}{{$content}}<p class=\"custom\">Custom home for {{site.title}}</p>{{/content}}{{/base}}\n",
                         to: "theme/home.mustache")
        try folder.write("body { color: red; }\n", to: "theme/style.css")
        _ = try await build(into: folder.url.appendingPathComponent("site"), templates: folder.url.appendingPathComponent("theme"))
        #expect(try folder.read("site/index.html").contains("<p class=\"custom\">Custom home for Fixture &lt;Gallery&gt; &amp; Friends</p>"))
        #expect(try folder.read("site/assets/style.css") == "body { color: red; }\n")
        #expect(try folder.read("site/pets/index.html").contains("<h1 dir=\"auto\">Pets</h1>"), "pages not overridden use the default theme")
    }

    @Test func refusesToReplaceAFolderPeelDidNotWrite() async throws {
        let folder = try TemporaryFolder()
        try folder.write("precious", to: "documents/thesis.txt")
        await #expect(throws: PeelError.self) { _ = try await build(into: folder.url.appendingPathComponent("documents")) }
        #expect(try folder.read("documents/thesis.txt") == "precious")
    }

    @Test func refusesAnOutputThatHoldsOrSitsInsideTheContent() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let content = folder.url.appendingPathComponent("content")
        for output in [content, folder.url, content.appendingPathComponent("_site")] {
            await #expect(throws: PeelError.self) { _ = try await build(content, into: output) }
        }
        #expect(!folder.exists("content/_site"))
    }

    @Test func rebuildRemovesPagesOfDeletedStickers() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let output = folder.url.appendingPathComponent("site")
        _ = try await build(folder.url.appendingPathComponent("content"), into: output)
        #expect(folder.exists("site/pets/fox/index.html"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/pets/fox.png"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/pets/fox.md"))
        _ = try await build(folder.url.appendingPathComponent("content"), into: output)
        #expect(!folder.exists("site/pets/fox"))
        #expect(folder.exists("site/pets/cat/index.html"))
    }

    @Test func contentProblemsAreFindingsAndTheSiteIsStillWritten() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "content/p/pack.md")
        try folder.write(Data("not a png".utf8), to: "content/p/broken.png")
        try folder.write("---\nalt: Broken\n---\n", to: "content/p/broken.md")
        try folder.copy(Fixtures.pngSuite.appendingPathComponent("xcsn0g01.png"), to: "content/p/crc.png")
        try folder.write("---\nalt: Bad checksum\n---\n", to: "content/p/crc.md")
        let report = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let broken = try #require(report.findings.first { $0.file == "p/broken.png" })
        #expect(broken.code == .unsupportedFormat)
        #expect(broken.formatted == "p/broken.png: error[unsupported-format]: file is not an image Peel can read")
        let crc = try #require(report.findings.first { $0.file == "p/crc.png" })
        #expect(crc.code == .corruptImage)
        #expect(crc.message.hasPrefix("image is corrupt: "))
        #expect(folder.exists("site/p/broken/index.html"))
    }
}

extension SiteBuilderTests {
    /// A GIF lighter than its animated WebP thumbnails stands in for both boxes; its posters are
    /// still made at 160 and 300 px. The reduced-motion srcset called the 160 px poster 300w (the
    /// original's width) and left the 300 px one out.
    @Test func postersAreDescribedByTheirOwnWidthWhereTheOriginalStandsIn() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Turning\nsize: small\n---\n", to: "content/turning/pack.md")
        try folder.copy(Fixtures.root.appendingPathComponent("animated/cat-turning.gif"), to: "content/turning/cat.gif")
        try folder.write("---\nalt: Cat face turning\n---\n", to: "content/turning/cat.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let pack = try folder.read("site/turning/index.html")
        #expect(pack.contains("srcset=\"cat/cat-160w-poster.webp 160w, cat/cat-300w-poster.webp 300w\""))
        #expect(pack.contains("srcset=\"cat/cat.gif 300w\""), "the original, listed once")
        for srcset in pack.components(separatedBy: "srcset=\"").dropFirst().map({ $0.prefix { $0 != "\"" } }) {
            let widths = srcset.split(separator: ",").compactMap { $0.split(separator: " ").last }
            #expect(Set(widths).count == widths.count, "each width once: \(srcset)")
        }
        // catalog.json gives each entry the poster of its own size: the original's (300 × 300)
        // has the full-size poster, not the 160 px one beside it.
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))) as? [String: Any])
        let sticker = try #require(((root["packs"] as? [[String: Any]])?.first?["stickers"] as? [[String: Any]])?.first)
        let thumbnails = try #require(sticker["thumbnails"] as? [[String: Any]])
        for entry in thumbnails {
            let poster = try #require(entry["poster"] as? String)
            let posterData = try Data(contentsOf: folder.url.appendingPathComponent("site/\(poster)"))
            let side = poster.hasSuffix(".png") ? try PNGCodec.decode(posterData, maxPixels: 1 << 22).0.width : try WebPCodec.decode(posterData).width
            #expect(side == entry["width"] as? Int, "\(entry)")
        }
    }

    @Test func animatedStickersStayAnimatedWithAPosterForReducedMotion() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Motion\nsize: large\n---\n", to: "content/motion/pack.md")
        try folder.copy(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"), to: "content/motion/cycle.gif")
        try folder.write("---\nalt: Weather cycling from sun to rainbow\n---\n", to: "content/motion/cycle.md")
        let report = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        #expect(report.findings.isEmpty, "\(report.findings.map(\.formatted))")

        let thumbnail = try WebPCodec.decodeAnimation(Data(contentsOf: folder.url.appendingPathComponent("site/motion/cycle/cycle-160w.webp")))
        #expect(thumbnail.frames.count == 8)
        let pack = try folder.read("site/motion/index.html")
        #expect(pack.contains("<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"cycle/cycle-160w-poster.webp 160w, cycle/cycle-320w-poster.webp 320w\" sizes=\"(max-width: 600px) 30vw, 160px\"><img src=\"cycle/cycle-160w.webp\""))
        #expect(pack.contains("<span class=\"badge\">animated</span>"))
        let page = try folder.read("site/motion/cycle/index.html")
        #expect(page.contains("<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"cycle-poster.png\"><img src=\"cycle.gif\" width=\"618\" height=\"618\""))
        #expect(page.contains("<dd>8 (animated)</dd>"))
        #expect(page.contains("<dd>2.00 s per loop at 4 fps, loops forever</dd>"))

        let data = try Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sticker = try #require(((root["packs"] as? [[String: Any]])?.first?["stickers"] as? [[String: Any]])?.first)
        #expect(sticker["frames"] as? Int == 8)
        #expect(sticker["frame_delays"] as? [Double] == Array(repeating: 0.25, count: 8))
        #expect(sticker["duration"] as? Double == 2)
        #expect(sticker["fps"] as? Double == 4)
        #expect(sticker["loop_count"] as? Int == 0)
        #expect(sticker["has_transparent_pixels"] as? Bool == true)
        #expect(sticker["poster"] as? String == "motion/cycle/cycle-poster.png")
        let thumbnails = try #require(sticker["thumbnails"] as? [[String: Any]])
        #expect(thumbnails.map { $0["poster"] as? String } == ["motion/cycle/cycle-160w-poster.webp", "motion/cycle/cycle-320w-poster.webp"])
    }
}

extension SiteBuilderTests {
    /// The sample catalog has animated APNG and GIF stickers, so this also covers the animated
    /// WebP encoder.
    @Test func sampleCatalogRebuildsByteForByte() async throws {
        let folder = try TemporaryFolder()
        let content = Fixtures.packageRoot.appendingPathComponent("content")
        _ = try await build(content, into: folder.url.appendingPathComponent("one"))
        _ = try await build(content, into: folder.url.appendingPathComponent("two"))
        let one = Self.snapshot(folder.url.appendingPathComponent("one"))
        #expect(one.keys.contains("motion/weather-cycle-gif/weather-cycle-gif-320w.webp"))
        #expect(one == Self.snapshot(folder.url.appendingPathComponent("two")))
    }
}

extension SiteBuilderTests {
    @Test func packIconArtBecomesAnIconSetOnThePackPage() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/animals/icon.png"), to: "content/pets/icon.png")
        try folder.write("---\ntitle: Pets\nsize: small\ncontexts: [messages, media]\nauthor: Test Artist\nlicense: CC0\norder: 1\nicon: icon.png\n---\n",
                         to: "content/pets/pack.md")
        let report = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        #expect(!report.findings.contains { $0.severity == .error })
        for slot in IconSlot.iMessageAppIcon {
            let (image, header) = try PNGCodec.decode(Data(contentsOf: folder.url.appendingPathComponent("site/pets/icons/\(slot.fileName)")), maxPixels: 0)
            #expect(image.width == slot.pixelWidth && image.height == slot.pixelHeight, "\(slot.fileName)")
            if slot.isMarketing { #expect(header.colorType == 2, "\(slot.fileName) is opaque") }
        }
        #expect(folder.exists("site/pets/icons/Contents.json"))
        let page = try folder.read("site/pets/index.html")
        #expect(page.contains("<h2 id=\"icons-heading\">App icon"))
        #expect(page.contains("<img src=\"icons/iphone-60x45@3x.png\" width=\"60\" height=\"45\""))
        #expect(page.contains("<span class=\"icon-label\">iPhone 60 × 45 pt @3x</span>"))
        #expect(page.contains("<span class=\"icon-pixels\">180 × 135 px</span>"))
        #expect(!(try folder.read("site/xss/index.html")).contains("icons-heading"), "packs without icon art show no icon section")

        let data = try Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pets = try #require((root["packs"] as? [[String: Any]])?.first)
        let icons = try #require(pets["icons"] as? [[String: Any]])
        #expect(icons.count == 13)
        #expect(icons.first?["url"] as? String == "pets/icons/iphone-29x29@2x.png")
        #expect(icons.last?["width"] as? Int == 1024 && icons.last?["height"] as? Int == 768)
        #expect(!(try folder.read("site/pets/index.html")).contains("icon.png\" download"), "the icon art is not a sticker")
    }

    /// Tray art the exports cannot read is said, as a warning: they fall back to the cover sticker.
    @Test func unreadableTrayArtIsAWarning() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let art = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        try folder.write(art.prefix(art.count / 2), to: "content/pets/tray.png")
        try folder.write("---\ntitle: Pets\ntray: tray.png\n---\n", to: "content/pets/pack.md")
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        let tray = try #require(review.findings.first { $0.file == "pets/tray.png" })
        #expect(tray.code == .corruptImage && tray.severity == .warning)
        #expect(tray.message.hasPrefix("tray art: image is corrupt") && tray.message.hasSuffix("the messenger exports make the tray icon from the cover sticker instead"))
        // With icon: art they fall back to it; with icon: art as broken, to the cover still.
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/pets/icon.png")
        try folder.write("---\ntitle: Pets\ntray: tray.png\nicon: icon.png\n---\n", to: "content/pets/pack.md")
        let withIcon = try await Review.make(content: folder.url.appendingPathComponent("content"))
        #expect(withIcon.findings.first { $0.file == "pets/tray.png" }?.message.hasSuffix("from the pack's icon: art (pets/icon.png) instead") == true)
        try folder.write(art.prefix(art.count / 3), to: "content/pets/icon.png")
        let bothBroken = try await Review.make(content: folder.url.appendingPathComponent("content"))
        #expect(bothBroken.findings.first { $0.file == "pets/tray.png" }?.message.hasSuffix("from the cover sticker instead") == true,
                "\(bothBroken.findings.filter { $0.file.hasPrefix("pets/") }.map(\.formatted))")
        #expect(bothBroken.findings.contains { $0.file == "pets/icon.png" && $0.severity == .error })
    }

    /// Art two pixels wide fits both thumbnail boxes at 1 px wide: one thumbnail, not two files of one name.
    @Test func veryThinArtBuildsWithOneThumbnail() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write(try PNGCodec.encode(RGBAImage(width: 2, height: 618, pixels: [UInt8](repeating: 255, count: 2 * 618 * 4))),
                         to: "content/pets/line.png")
        try folder.write("---\nalt: A thin white line\n---\n", to: "content/pets/line.md")
        let report = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        #expect(report.findings.contains { $0.code == .sizeOutOfRange && $0.file == "pets/line.png" })
        #expect(folder.exists("site/pets/line/line-1w.webp") && folder.exists("site/pets/line/index.html"))
    }

    /// Tall art is laid out in the same square box as square art, so `srcset` describes each
    /// thumbnail by its longest side: described by its width (80w for 80 × 160 px), a 1x screen
    /// took the 1x file for half the box and fetched the 2x file instead.
    @Test func tallArtIsDescribedByItsLongestSide() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        var random = SplitMix(17)
        let pixels = (0..<(300 * 600 * 4)).map { index in index % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &random) }
        try folder.write(try PNGCodec.encode(RGBAImage(width: 300, height: 600, pixels: pixels)), to: "content/pets/tall.png")
        try folder.write("---\nalt: Coloured noise, twice as tall as wide\n---\n", to: "content/pets/tall.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        #expect(folder.exists("site/pets/tall/tall-80w.webp") && folder.exists("site/pets/tall/tall-160w.webp"))
        let pack = try folder.read("site/pets/index.html")
        #expect(pack.contains("<img src=\"tall/tall-80w.webp\" srcset=\"tall/tall-80w.webp 160w, tall/tall-160w.webp 320w\" sizes=\"(max-width: 600px) 30vw, 160px\" width=\"80\" height=\"160\""))
        #expect(pack.contains("srcset=\"cat/cat-160w.webp 160w, cat/cat-300w.webp 300w\""), "square art is described by its width, as before")
        let css = try folder.read("site/assets/style.css")
        #expect(css.contains(".sticker-art img { width: 100%; max-width: 160px; aspect-ratio: 1; object-fit: contain; }"), "the grid's box is square")
    }

    /// Peel's English words on another language's page say so (the size badge), and the site's
    /// title in the breadcrumb takes its own direction (`Stickers & "Friends"` read scrambled on RTL pages).
    @Test func theSizeBadgeIsEnglishAndTheBreadcrumbTitleHasItsDirection() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\ntitle: Stickers & \"Friends\"\nlanguages: [en, ar]\n---\n", to: "content/site.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        #expect(try folder.read("site/ar/index.html").contains("<span class=\"badge\" lang=\"en\">small 300 px</span>"))
        #expect(try folder.read("site/index.html").contains("<span class=\"badge\">small 300 px</span>"))
        #expect(try folder.read("site/ar/pets/index.html").contains("<ol><li><a href=\"../index.html\" dir=\"auto\" lang=\"en\">Stickers &amp; &quot;Friends&quot;</a>"))
    }

    /// A pack in another language (one-language site): the viewer's English buttons are not marked
    /// as that language; its titles and labels get it from `data-text-lang` (viewer.js).
    @Test func theViewerOfAPackInAnotherLanguageKeepsItsButtonsEnglish() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\ntitle: Pets\nlanguage: ar\n---\n", to: "content/pets/pack.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let page = try folder.read("site/pets/index.html")
        #expect(page.contains("<dialog class=\"viewer\" id=\"viewer\" aria-labelledby=\"viewer-title\" data-viewer data-text-lang=\"ar\">"))
        #expect(try folder.read("site/assets/viewer.js").contains("setLang(label, item.getAttribute(\"data-label-lang\") || textLang)"))
    }

    /// A typo in site.md's front matter stops the build and keeps the site in place: read without
    /// it, the new site lost every language and its title. The translations are not told that
    /// site.md declares no languages.
    @Test func anUnreadableSiteFileKeepsThePreviousSite() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\ntitle: Pets site\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\nalt: Chat orange\n---\n", to: "content/pets/cat.fr.md")
        let content = folder.url.appendingPathComponent("content"), site = folder.url.appendingPathComponent("site")
        _ = try await build(content, into: site)
        let before = Self.snapshot(site)
        #expect(before["fr/index.html"] != nil)
        try folder.write("---\ntitle: [Pets site\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        await #expect {
            _ = try await build(content, into: site)
        } throws: { error in
            "\(error)".contains("site.md:2") && "\(error)".contains("the site was not written, so the one in place stays")
        }
        #expect(Self.snapshot(site) == before)
        // A first build has no site in place to keep: it says so instead.
        await #expect {
            _ = try await build(content, into: folder.url.appendingPathComponent("first"))
        } throws: { error in
            "\(error)".contains("; no site was written (read without") && !"\(error)".contains("in place")
        }
        let (_, findings) = try CatalogLoader(contentFolder: content).load()
        #expect(findings.contains { $0.code == .yamlSyntax && $0.file == "site.md" })
        #expect(!findings.contains { $0.code == .undeclaredLanguage }, "\(findings.map(\.formatted))")

        // Not only broken YAML: a site.md that cannot be read at all keeps the site in place too.
        let siteFile = content.appendingPathComponent("site.md")
        let unreadable: [(String, () throws -> Void)] = [
            ("not UTF-8", { try Data([0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0xFE, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A]).write(to: siteFile) }),
            ("a dangling symlink", { try FileManager.default.createSymbolicLink(atPath: siteFile.path, withDestinationPath: "gone.md") }),
            ("a symlink leading outside", {
                try folder.write("---\ntitle: Elsewhere\n---\n", to: "elsewhere.md")
                try FileManager.default.createSymbolicLink(atPath: siteFile.path, withDestinationPath: folder.url.appendingPathComponent("elsewhere.md").path)
            }),
            ("a folder", { try FileManager.default.createDirectory(at: siteFile, withIntermediateDirectories: false) }),
        ]
        for (kind, make) in unreadable {
            try? FileManager.default.removeItem(at: siteFile)
            try make()
            await #expect("site.md as \(kind)") { _ = try await build(content, into: site) } throws: { error in
                "\(error)".contains("the site was not written") && !"\(error)".contains("cannot read file: cannot read file")
            }
            #expect(Self.snapshot(site) == before, "site.md as \(kind)")
        }
    }

    /// Icon art that cannot be read is a finding; the site, the pack's page and its zip are still made.
    @Test func unreadableIconArtIsAFindingNotAFailedBuild() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let art = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("content/animals/icon.png"))
        try folder.write(art.prefix(art.count / 2), to: "content/pets/icon.png")
        try folder.write("---\ntitle: Pets\nicon: icon.png\n---\n", to: "content/pets/pack.md")
        let report = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        #expect(report.findings.contains { $0.code == .corruptImage && $0.file == "pets/icon.png" })
        #expect(folder.exists("site/pets/index.html") && folder.exists("site/pets/pets.zip"))
        #expect(!folder.exists("site/pets/icons"))
    }
}

import ZIPFoundation

extension SiteBuilderTests {
    @Test func eachPackDownloadsAsAZipWithTheXcodeCatalogAndTheOriginals() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/pets/cat.md")) // cat: no label
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let archive = try Archive(url: folder.url.appendingPathComponent("site/pets/pets.zip"), accessMode: .read)
        let names = Set(archive.map(\.path))
        for expected in ["pets/Stickers.xcstickers/Contents.json", "pets/Stickers.xcstickers/pets.stickerpack/Contents.json",
                         "pets/Stickers.xcstickers/pets.stickerpack/dog.sticker/dog.jpg",
                         "pets/Stickers.xcstickers/pets.stickerpack/turtle.sticker/turtle.gif",
                         "pets/originals/cat.png", "pets/originals/dog.md", "pets/originals/pack.md"] {
            #expect(names.contains(expected), "\(expected) is in the zip")
        }
        #expect(!names.contains("pets/Stickers.xcstickers/pets.stickerpack/cat.sticker/cat.png"), "a sticker Xcode would reject stays out of the catalog")
        // The catalog inside is the one `peel export xcode` writes: stickers in display order.
        var packJSON = Data()
        _ = try archive.extract(try #require(archive["pets/Stickers.xcstickers/pets.stickerpack/Contents.json"])) { packJSON.append($0) }
        let pack = try #require(try JSONSerialization.jsonObject(with: packJSON) as? [String: Any])
        #expect((pack["stickers"] as? [[String: Any]])?.map { $0["filename"] as? String } == ["fox.sticker", "dog.sticker", "turtle.sticker"])
        // Originals are byte for byte.
        var original = Data()
        _ = try archive.extract(try #require(archive["pets/originals/dog.jpg"])) { original.append($0) }
        #expect(original == (try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/dog.jpg"))))

        let page = try folder.read("site/pets/index.html")
        #expect(page.contains("<a class=\"button\" href=\"pets.zip\" download>Download the pack (pets.zip, "))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("site/catalog.json"))) as? [String: Any])
        #expect((root["packs"] as? [[String: Any]])?.first?["download"] as? String == "pets/pets.zip")
    }

    /// Icon art from outside the pack folder goes where pack.md's path leads from `originals/`
    /// (it was an entry named `originals/` holding its bytes); a parts pack's zip holds its parts'
    /// translation files.
    @Test func everyOriginalHasARealPathInTheZip() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/sundaes"), to: "content/sundaes")
        try folder.write("---\ntitle: Fixture\nlanguages: [en, fr, ar]\n---\n", to: "content/site.md")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/animals/icon.png"), to: "content/icon.png")
        try folder.write("---\ntitle: Pets\nicon: ../icon.png\n---\n", to: "content/pets/pack.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let pets = Set(try Archive(url: folder.url.appendingPathComponent("site/pets/pets.zip"), accessMode: .read).map(\.path))
        #expect(pets.contains("pets/icon.png") && pets.contains("pets/originals/pack.md"))
        #expect(!pets.contains("pets/originals/") && pets.allSatisfy { !$0.hasSuffix("/") }, "\(pets.sorted())")
        let sundaes = Set(try Archive(url: folder.url.appendingPathComponent("site/sundaes/sundaes.zip"), accessMode: .read).map(\.path))
        for expected in ["sundaes/originals/base/cone.fr.md", "sundaes/originals/scoops/mint.ar.md", "sundaes/originals/base/cone.md", "sundaes/originals/pack.fr.md"] {
            #expect(sundaes.contains(expected), "\(expected)")
        }
    }

    /// A parts pack's builder and its combinations' pages in another language name the choices by
    /// their translations (`base/cone.ar.md`), an untranslated one in the pack's language and so
    /// marked, and the part names (its folders') as the pack's language.
    @Test func theBuilderNamesEachChoiceInThePagesLanguage() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/sundaes"), to: "content/sundaes")
        try folder.write("---\ntitle: Fixture\nlanguages: [en, ar, de]\n---\n", to: "content/site.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let arabic = try folder.read("site/ar/sundaes/builder/index.html")
        #expect(arabic.contains(">مخروط وافل</label>") && !arabic.contains("a waffle cone"), "the Arabic part label")
        #expect(arabic.contains("<legend lang=\"en\">Base</legend>"))
        let page = try folder.read("site/ar/sundaes/cone-mint/index.html")
        #expect(page.contains("<dt lang=\"en\">base</dt><dd dir=\"auto\">مخروط وافل</dd>"), "made of, in Arabic")
        // No German part files: the English labels, marked as English.
        let german = try folder.read("site/de/sundaes/builder/index.html")
        #expect(german.contains("<label for=\"part-0-0\" lang=\"en\">a waffle cone</label>"))
        let english = try folder.read("site/sundaes/builder/index.html")
        #expect(english.contains("<label for=\"part-0-0\">a waffle cone</label>") && english.contains("<legend>Base</legend>"))
    }

    /// A part's label is text on every page that shows it: the sticker's "made of" list, the
    /// builder's choices, the composed label. The hostile-text tests built ordinary packs only,
    /// so `{{{label}}}` in the "made of" list (a script on the published page) went unseen.
    @Test func hostilePartLabelsAreEscapedOnEveryPage() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/sundaes"), to: "content/sundaes")
        let payload = "Mint <img src=x onerror=alert(1)> & \\\"chip\\\""
        try folder.write("---\nalt: \"\(payload)\"\n---\n", to: "content/sundaes/scoops/mint.md")
        try folder.write("---\nalt: \"<script>alert(2)</script> cone\"\n---\n", to: "content/sundaes/base/cone.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let pages = ["site/sundaes/cone-mint/index.html", "site/sundaes/builder/index.html", "site/sundaes/index.html", "site/review/index.html"]
        for page in pages {
            let html = try folder.read(page)
            #expect(!html.contains("<img src=x") && !html.contains("<script>alert"), "\(page) holds the markup")
        }
        let sticker = try folder.read("site/sundaes/cone-mint/index.html")
        #expect(sticker.contains("<dd dir=\"auto\">Mint &lt;img src=x onerror=alert(1)&gt; &amp; &quot;chip&quot;</dd>"), "made of, escaped")
        #expect(sticker.contains("<dd dir=\"auto\">&lt;script&gt;alert(2)&lt;/script&gt; cone</dd>"))
        let builder = try folder.read("site/sundaes/builder/index.html")
        #expect(builder.contains("&lt;img src=x onerror=alert(1)&gt;"), "the builder's choice, escaped")
    }

    /// A theme's files in sub-folders (fonts, images its CSS names) are assets too, at the same paths.
    @Test func aThemesSubFoldersAreCopiedToAssets() async throws {
        let folder = try TemporaryFolder()
        try folder.write("@font-face { src: url(fonts/brand.woff2); }", to: "theme/extra.css")
        try folder.write(Data([0x77, 0x4F, 0x46, 0x32]), to: "theme/fonts/brand.woff2")
        try folder.write("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", to: "theme/img/logo/mark.svg")
        try folder.write("hidden", to: "theme/.git/config")
        _ = try await build(into: folder.url.appendingPathComponent("site"), templates: folder.url.appendingPathComponent("theme"))
        #expect(folder.exists("site/assets/extra.css") && folder.exists("site/assets/fonts/brand.woff2") && folder.exists("site/assets/img/logo/mark.svg"))
        #expect(!folder.exists("site/assets/.git"))
    }

    @Test func catalogJSONTimingsHaveNoFloatingPointNoise() async throws {
        // basic_f20.png: frames whose delays add up to 1.4999999999999996 s in doubles.
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.apng, to: "content/p/spin.png")
        try folder.write("---\nalt: A spinning shape\n---\n", to: "content/p/spin.md")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("site"))).build()
        let json = try folder.read("site/catalog.json")
        #expect(json.contains("\"duration\":1.5,") || json.contains("\"duration\" : 1.5,"), "\(json.range(of: "duration").map { json[$0.lowerBound...].prefix(40) } ?? "")")
        #expect(json.contains("\"fps\":13.333,") || json.contains("\"fps\" : 13.333,"))
    }
}

extension SiteBuilderTests {
    /// A sticker that flashes past WCAG 2.3.1 is shown still on every page (its poster), so the
    /// site never strobes by itself; silencing `flashing-animation` (the artist knows it is safe)
    /// lets it play as any animation does.
    @Test func aFlashingStickerIsShownStillUnlessSilenced() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Lights\nsize: small\n---\n", to: "content/lights/pack.md")
        let strobe = try APNGEncoder.encode([FlashMeterTests.white, FlashMeterTests.black].map { DecodedImage.Frame(image: $0, delay: 0.1) },
                                            loopCount: 0, palette: nil)
        for name in ["strobe", "allowed"] {
            try folder.write(strobe, to: "content/lights/\(name).png")
        }
        try folder.write("---\nalt: White square flashing fast\n---\n", to: "content/lights/strobe.md")
        try folder.write("---\nalt: White square flashing fast, checked\nignore: [flashing-animation]\n---\n", to: "content/lights/allowed.md")
        let report = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        #expect(report.findings.contains { $0.code == .flashingAnimation && $0.file == "lights/strobe.png" })
        func images(_ html: String, of name: String) -> [String] {
            html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }.filter { $0.contains("\(name)/\(name)") || $0.contains("\"\(name)") }
        }
        for page in ["site/lights/index.html", "site/lights/strobe/index.html"] {
            let html = try folder.read(page)
            let shown = images(html, of: "strobe")
            #expect(!shown.isEmpty, "\(page)")
            for image in shown {
                #expect(image.contains("-poster."), "\(page): \(image)")
                #expect(!image.contains("strobe.png\"") && !image.contains("strobe-160w.webp") && !image.contains("strobe-300w.webp"),
                        "\(page) plays the flashing animation: \(image)")
            }
            #expect(!html.contains("srcset=\"strobe-poster") || !html.contains("prefers-reduced-motion: reduce)\" srcset=\"strobe/strobe-160w-poster"),
                    "no reduced-motion source is needed for a still")
        }
        let allowed = images(try folder.read("site/lights/index.html"), of: "allowed")
        #expect(allowed.contains { !$0.contains("-poster.") }, "silenced: it plays")
    }

    /// Markdown that shows a flashing sticker (the home page's intro, a pack's description) shows
    /// its poster, and link previews (`og:image`) name the poster too: the `<img>` was the
    /// strobing original, stopped only for readers who reduce motion. A link to it still leads
    /// to the original.
    @Test func aFlashingStickerInMarkdownAndLinkPreviewsIsStill() async throws {
        let folder = try TemporaryFolder()
        let strobe = try APNGEncoder.encode([FlashMeterTests.white, FlashMeterTests.black].map { DecodedImage.Frame(image: $0, delay: 0.1) },
                                            loopCount: 0, palette: nil)
        try folder.write("---\ntitle: Lights\nbase_url: https://example.com/stickers/\n---\nNew: ![](lights/strobe.png) and ![](lights/calm.png)\n", to: "content/site.md")
        try folder.write("---\ntitle: Lights\nsize: small\n---\nSee ![it](strobe.png), or [download it](strobe.png).\n", to: "content/lights/pack.md")
        for name in ["strobe", "calm"] { try folder.write(strobe, to: "content/lights/\(name).png") }
        try folder.write("---\nalt: White square flashing fast\n---\n", to: "content/lights/strobe.md")
        try folder.write("---\nalt: White square flashing, checked\nignore: [flashing-animation]\n---\n", to: "content/lights/calm.md")
        _ = try await build(folder.url.appendingPathComponent("content"), into: folder.url.appendingPathComponent("site"))
        let home = try folder.read("site/index.html")
        #expect(home.contains("<img src=\"lights/strobe/strobe-poster.png\""), "\(home)")
        #expect(!home.contains("<img src=\"lights/strobe/strobe.png\""))
        #expect(home.contains("<img src=\"lights/calm/calm.png\""), "silenced: it plays")
        let pack = try folder.read("site/lights/index.html")
        #expect(pack.contains("<img src=\"strobe/strobe-poster.png\""), "\(pack)")
        #expect(pack.contains("<a href=\"strobe/strobe.png\">download it</a>"), "a link still leads to the original")
        let page = try folder.read("site/lights/strobe/index.html")
        #expect(page.contains("content=\"https://example.com/stickers/lights/strobe/strobe-poster.png\""), "og:image is the poster")
        #expect(!page.contains("content=\"https://example.com/stickers/lights/strobe/strobe.png\""))
        // catalog.json's descriptions are the pages' HTML, for apps to show: the poster there too.
        let catalog = try folder.read("site/catalog.json")
        #expect(catalog.contains(#"<img src=\"lights/strobe/strobe-poster.png\""#), "\(catalog)")
        #expect(!catalog.contains(#"<img src=\"lights/strobe/strobe.png\""#))
        #expect(catalog.contains(#"<a href=\"lights/strobe/strobe.png\">download it</a>"#))
    }
}
