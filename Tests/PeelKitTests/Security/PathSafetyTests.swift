import Foundation
import Testing
import ZIPFoundation
@testable import PeelKit

/// Paths from front matter and symlinks must stay inside the content folder; everything else is
/// refused with an error naming the file. Awkward but legal file names must work end to end.
@Suite struct PathSafetyTests {
    /// A content folder with one good pack, beside a secret file that must never be read.
    func contentBesideASecret() throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        try folder.write("SECRET-OUTSIDE-THE-CONTENT-FOLDER\n", to: "secret.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "secret.png")
        try folder.write("---\ntitle: Good\n---\n", to: "content/good/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/good/fox.png")
        try folder.write("---\nalt: A fox\n---\n", to: "content/good/fox.md")
        return (folder, folder.url.appendingPathComponent("content"))
    }

    func link(_ path: String, to target: String, in folder: TemporaryFolder) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    func build(_ content: URL, in folder: TemporaryFolder, to output: String = "site") async throws -> BuildReport {
        try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent(output))).build()
    }

    @Test func iconPathsThatLeaveTheContentFolderAreRefusedWithTheirLine() async throws {
        let (folder, content) = try contentBesideASecret()
        let icons = ["../../etc/passwd", "/etc/passwd", "../../secret.png", "~/secret.png", "./../../secret.png", "link.png"]
        for (index, icon) in icons.enumerated() {
            try folder.write("---\ntitle: P\nsize: small\nicon: \(icon)\n---\n", to: "content/p\(index)/pack.md")
        }
        try link("content/p5/link.png", to: folder.url.appendingPathComponent("secret.png").path, in: folder)
        let report = try await build(content, in: folder)
        for (index, icon) in icons.enumerated() {
            let expected = "p\(index)/pack.md:4: error[path-outside-content]: icon '\(icon)' is outside the content folder; use a path inside it, such as icon.png"
            #expect(report.findings.map(\.formatted).contains(expected), "missing: \(expected)")
            #expect(!folder.exists("site/p\(index)/icons"), "no icon set is made from \(icon)")
        }
        #expect(report.findings.map(\.formatted).contains("p5/link.png: error[path-outside-content]: symlink leads outside the content folder, which Peel never reads out of; the sticker is skipped: copy the image into the pack instead"))
        #expect(report.findings.filter { $0.code == .pathOutsideContent }.count == icons.count + 1)
    }

    @Test func symlinksLeavingTheContentFolderAreRefusedAndNeverRead() async throws {
        let (folder, content) = try contentBesideASecret()
        try folder.write("---\ntitle: Links\n---\n", to: "content/links/pack.md")
        try link("content/links/passwd.png", to: "/etc/passwd", in: folder)
        try link("content/links/outside.png", to: "../../secret.png", in: folder)
        try folder.write("---\nalt: Outside\n---\n", to: "content/links/outside.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/dog.jpg"), to: "content/links/leaky.jpg")
        try link("content/links/leaky.md", to: folder.url.appendingPathComponent("secret.md").path, in: folder)
        try link("content/away", to: folder.url.path, in: folder)
        try folder.write("---\ntitle: Far\n---\n", to: "elsewhere/far/pack.md")
        try link("content/far", to: folder.url.appendingPathComponent("elsewhere/far").path, in: folder)
        try folder.write("---\ntitle: Sly\n---\n", to: "content/sly/real.md")
        try link("content/sly/pack.md", to: folder.url.appendingPathComponent("secret.md").path, in: folder)

        let report = try await build(content, in: folder)
        let formatted = report.findings.map(\.formatted)
        for expected in [
            "links/passwd.png: error[path-outside-content]: symlink leads outside the content folder, which Peel never reads out of; the sticker is skipped: copy the image into the pack instead",
            "links/outside.png: error[path-outside-content]: symlink leads outside the content folder, which Peel never reads out of; the sticker is skipped: copy the image into the pack instead",
            "links/leaky.md: error[path-outside-content]: symlink leads outside the content folder; the file is not read",
            "sly/pack.md: error[path-outside-content]: symlink leads outside the content folder; the file is not read",
            "away: error[path-outside-content]: pack folder is a symlink that leads outside the content folder; it is skipped",
            "far: error[path-outside-content]: pack folder is a symlink that leads outside the content folder; it is skipped",
        ] {
            #expect(formatted.contains(expected), "missing: \(expected)")
        }
        #expect(report.packCount == 3, "good, links and sly are built; away and far are not")
        let site = SiteBuilderTests.snapshot(folder.url.appendingPathComponent("site"))
        #expect(site.keys.contains("good/fox/index.html"))
        #expect(!site.keys.contains { $0.hasPrefix("away/") || $0.hasPrefix("far/") || $0.contains("passwd") || $0.contains("outside") })
        let secretDigest = SiteBuilderTests.snapshot(folder.url).first { $0.key == "secret.png" }?.value
        #expect(secretDigest != nil && !site.values.contains(secretDigest!), "the secret image was not copied into the site")
        for (path, _) in site where path.hasSuffix(".html") || path.hasSuffix(".json") || path.hasSuffix(".csv") {
            let text = try folder.read("site/\(path)")
            #expect(!text.contains("SECRET-OUTSIDE"), "\(path) shows text read from outside the content folder")
            #expect(!text.contains("root:x:0:0"), "\(path) shows /etc/passwd")
        }
        // The pack downloads carry the packs' own files (`originals/`), never what a link leads to.
        let zips = site.keys.filter { $0.hasSuffix(".zip") }
        #expect(zips.contains("links/links.zip"))
        for path in zips {
            for entry in try Archive(url: folder.url.appendingPathComponent("site/\(path)"), accessMode: .read) {
                var bytes = Data()
                _ = try Archive(url: folder.url.appendingPathComponent("site/\(path)"), accessMode: .read).extract(entry) { bytes.append($0) }
                #expect(!String(decoding: bytes, as: UTF8.self).contains("SECRET-OUTSIDE"), "\(path): \(entry.path) holds the file outside")
            }
        }
    }

    /// A folder beside the content folder whose name starts with its name (`content-private/`,
    /// `content2/`) is outside it: a path check by prefix without the separator would take it for
    /// inside, and every escape tried before led to a folder of another name.
    @Test func aSiblingFolderWhoseNameStartsWithTheContentFoldersIsOutside() async throws {
        let (folder, content) = try contentBesideASecret()
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content-private/secret.png")
        try folder.write("---\ntitle: Leak\nicon: ../../content2/icon.png\n---\n", to: "content/leak/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content2/icon.png")
        try link("content/leak/private.png", to: "../../content-private/secret.png", in: folder)
        try folder.write("---\nalt: A private cat\n---\n", to: "content/leak/private.md")
        try link("content/leak/nearby", to: folder.url.appendingPathComponent("content2").path, in: folder)
        let formatted = try await build(content, in: folder).findings.map(\.formatted)
        #expect(formatted.contains("leak/private.png: error[path-outside-content]: symlink leads outside the content folder, which Peel never reads out of; the sticker is skipped: copy the image into the pack instead"), "\(formatted)")
        #expect(formatted.contains("leak/pack.md:3: error[path-outside-content]: icon '../../content2/icon.png' is outside the content folder; use a path inside it, such as icon.png"), "\(formatted)")
        #expect(ContentPath(root: content).relative(folder.url.appendingPathComponent("content2/icon.png")) == nil)
        #expect(ContentPath(root: content).relative(folder.url.appendingPathComponent("content-private")) == nil)
        #expect(!folder.exists("site/leak/private") && !folder.exists("site/leak/icons"))
    }

    /// A folder linked from the catalog to outside it (a pack linked to `/`, a folder in a pack
    /// linked to a private one) is never walked: nothing there is listed, read or hashed into the
    /// cache (a link to `/` read the whole disk). The links are inputs all the same: removing one
    /// is a change the next build sees.
    @Test func foldersLinkedOutsideAreNeverWalked() async throws {
        let (folder, content) = try contentBesideASecret()
        try folder.write("salaries\n", to: "private/deep/salaries.xlsx")
        try link("content/root", to: "/", in: folder)
        try link("content/good/tools", to: folder.url.appendingPathComponent("private").path, in: folder)
        let first = try await build(content, in: folder)
        #expect(first.findings.map(\.formatted).contains("root: error[path-outside-content]: pack folder is a symlink that leads outside the content folder; it is skipped"))
        let state = try folder.read(".peel-cache/site/state.txt")
        #expect(!state.contains(" good/tools/") && !state.contains(" root/"), "nothing under the links is an input")
        #expect(!state.contains("salaries"))
        #expect(try await build(content, in: folder).upToDate)

        try FileManager.default.removeItem(at: content.appendingPathComponent("root"))
        let second = try await build(content, in: folder)
        #expect(!second.upToDate)
        #expect(!second.findings.contains { $0.file == "root" })
    }

    @Test func symlinksThatStayInsideTheContentFolderWork() async throws {
        let (folder, content) = try contentBesideASecret()
        try folder.write("---\ntitle: Aliases\nsize: small\nicon: ../good/fox.png\n---\n", to: "content/aliases/pack.md")
        try link("content/aliases/cat.png", to: "../good/fox.png", in: folder)
        try folder.write("---\nalt: The fox again\n---\n", to: "content/aliases/cat.md")
        let report = try await build(content, in: folder)
        #expect(!report.findings.contains { $0.code == .pathOutsideContent }, "\(report.findings.map(\.formatted))")
        #expect(folder.exists("site/aliases/cat/cat.png"))
        #expect(folder.exists("site/aliases/icons/Contents.json"))
    }

    @Test func fileNamesWithSpacesUnicodeAndURLCharactersWorkEndToEnd() async throws {
        let folder = try TemporaryFolder()
        let packFolder = "Ünïcödé #1 ?&% pack"
        try folder.write("---\ntitle: Awkward names\nsize: small\n---\n", to: "content/\(packFolder)/pack.md")
        let names = ["with space", "hash#tag", "what?", "100%", "a&b", "caf\u{E9} nfc", "cafe\u{301} nfd", "日本語", "emoji 😀"]
        for name in names {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/\(packFolder)/\(name).png")
            try folder.write("---\nalt: Sticker called \(name)\ntitle: \(name)\n---\n", to: "content/\(packFolder)/\(name).md")
        }
        let report = try await build(folder.url.appendingPathComponent("content"), in: folder)
        #expect(report.stickerCount == names.count)
        #expect(!report.findings.contains { $0.severity == .error }, "\(report.findings.map(\.formatted))")

        let site = folder.url.appendingPathComponent("site")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("catalog.json"))) as? [String: Any])
        let stickers = try #require((root["packs"] as? [[String: Any]])?.first?["stickers"] as? [[String: Any]])
        #expect(Set(stickers.compactMap { $0["source"] as? String }.map { $0.precomposedStringWithCanonicalMapping })
                == Set(names.map { "\(packFolder)/\($0).png".precomposedStringWithCanonicalMapping }))
        // Every URL the site gives is a plain relative path to a file that exists.
        for sticker in stickers {
            var urls = [sticker["page"], sticker["original"]].compactMap { $0 as? String }
            urls += (sticker["thumbnails"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
            for url in urls {
                #expect(url.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-./_".contains($0)) }, "\(url) needs no escaping")
                #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(url).path), "\(url) exists")
            }
        }
        // Every link and image of every page resolves to a file of the site.
        for (path, _) in SiteBuilderTests.snapshot(site) where path.hasSuffix(".html") {
            let html = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            let page = site.appendingPathComponent(path).deletingLastPathComponent()
            for link in Self.localLinks(in: html) {
                let target = page.appendingPathComponent(try #require(link.removingPercentEncoding)).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: target.path), "\(path): \(link) leads nowhere")
            }
        }
        let stickerPage = try folder.read("site/unicode-1-pack/hash-tag/index.html")
        #expect(stickerPage.contains("<h1 dir=\"auto\">hash#tag</h1>"))
        #expect(stickerPage.contains("download=\"hash#tag.png\""))
        // Names in any normalisation still give the same site, byte for byte, every time.
        _ = try await build(folder.url.appendingPathComponent("content"), in: folder, to: "again")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("again")) == SiteBuilderTests.snapshot(site))
    }

    /// The href, src and srcset URLs of a page that point into the site (not http:, not #anchors).
    static func localLinks(in html: String) -> [String] {
        var links: [String] = []
        for attribute in ["href", "src", "srcset"] {
            for part in html.components(separatedBy: " \(attribute)=\"").dropFirst() {
                guard let value = part.split(separator: "\"", maxSplits: 1, omittingEmptySubsequences: false).first else { continue }
                let urls = attribute == "srcset" ? value.split(separator: ",").compactMap { $0.split(separator: " ").first } : [value]
                for url in urls.map(String.init) where !url.isEmpty && !url.hasPrefix("#") && !url.contains(":") {
                    links.append(url.components(separatedBy: "#")[0])
                }
            }
        }
        return links
    }
}
