import Foundation
import Testing
@testable import PeelKit
import ZIPFoundation

/// Rebuilds reuse what did not change: nothing at all when nothing changed, and only what
/// depends on a changed file otherwise; and whatever the cache holds, the site is the same as a
/// build from scratch.
@Suite struct IncrementalBuildTests {
    /// A copy of the sample catalog, its site folder, and a way to build it.
    struct Workspace {
        let folder: TemporaryFolder
        var content: URL { folder.url.appendingPathComponent("content") }
        var site: URL { folder.url.appendingPathComponent("site") }
        var cache: URL { folder.url.appendingPathComponent(".peel-cache/site") }

        init() throws {
            folder = try TemporaryFolder()
            try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
        }

        func build(maxPixels: Int = ImageAnalyzer.defaultMaxPixels, output: URL? = nil, useCache: Bool = true) async throws -> BuildReport {
            try await SiteBuilder(options: BuildOptions(content: content, output: output ?? site, maxPixels: maxPixels,
                                                        useCache: useCache)).build()
        }

        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: content.appendingPathComponent(path))
        }
    }

    /// Every file of a folder with its inode: a file rewritten gets a new inode, one reused keeps it.
    static func inodes(_ folder: URL) -> [String: UInt64] {
        var files: [String: UInt64] = [:]
        let prefix = folder.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var info = stat()
            guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = UInt64(info.st_ino)
        }
        return files
    }

    static func changed(_ before: [String: UInt64], _ after: [String: UInt64]) -> Set<String> {
        Set(after.keys.filter { before[$0] != after[$0] }).union(before.keys.filter { after[$0] == nil })
    }

    @Test func nothingChangedMeansNothingIsDone() async throws {
        let workspace = try Workspace()
        let first = try await workspace.build()
        #expect(!first.upToDate)
        let before = Self.inodes(workspace.site)
        let beforeBytes = SiteBuilderTests.snapshot(workspace.site)
        let again = try await workspace.build()
        #expect(again.upToDate)
        #expect(again.findings == first.findings)
        #expect(again.stickerCount == first.stickerCount && again.packCount == first.packCount)
        #expect(again.summary.hasPrefix("Up to date: 5 packs, 36 stickers"))
        #expect(again.phases.map(\.name) == ["check stamps"], "one stat per file and folder, no state parsed, nothing hashed")
        #expect(Self.inodes(workspace.site) == before, "an up-to-date build must not replace a single file")
        #expect(SiteBuilderTests.snapshot(workspace.site) == beforeBytes)
    }

    /// A fresh checkout gives every file a new mtime but the same bytes: still up to date.
    /// Icon art in a hidden folder (`icon: ../.art/icon.png`) is where the walk does not go:
    /// replacing it said "Up to date" and kept the old icon set, zip and pack page.
    /// A backup of the site put back after a label edit of the same length: every file has the
    /// size the last build wrote, and the build said "Up to date", keeping the older pages.
    @Test func anOlderSiteOfTheSameSizesPutBackIsBuiltAgain() async throws {
        let workspace = try Workspace()
        try workspace.write("---\nalt: Cool face\n---\n", to: "faces/cool.md")
        _ = try await workspace.build()
        let backup = workspace.folder.url.appendingPathComponent("backup")
        try FileManager.default.copyItem(at: workspace.site, to: backup)
        try workspace.write("---\nalt: Coal face\n---\n", to: "faces/cool.md")
        _ = try await workspace.build()
        try FileManager.default.removeItem(at: workspace.site)
        try FileManager.default.copyItem(at: backup, to: workspace.site)
        let again = try await workspace.build()
        #expect(!again.upToDate)
        let page = try String(contentsOf: workspace.site.appendingPathComponent("faces/cool/index.html"), encoding: .utf8)
        #expect(page.contains("Coal face") && !page.contains("Cool face"))
        #expect(try await workspace.build().upToDate, "and then it is up to date")
    }

    @Test func iconArtInAHiddenFolderIsAnInput() async throws {
        let workspace = try Workspace()
        try workspace.folder.copy(workspace.content.appendingPathComponent("animals/icon.png"), to: "content/.art/faces-icon.png")
        let pack = workspace.content.appendingPathComponent("faces/pack.md")
        try String(contentsOf: pack, encoding: .utf8).replacingOccurrences(of: "\ntitle:", with: "\nicon: \"../.art/faces-icon.png\"\ntitle:")
            .write(to: pack, atomically: true, encoding: .utf8)
        _ = try await workspace.build()
        #expect(try await workspace.build().upToDate)
        let icon = workspace.site.appendingPathComponent("faces/icons")
        let before = SiteBuilderTests.snapshot(icon)
        #expect(!before.isEmpty)
        try Data(contentsOf: workspace.content.appendingPathComponent("faces/cool.png")).write(to: workspace.content.appendingPathComponent(".art/faces-icon.png"))
        let after = try await workspace.build()
        #expect(!after.upToDate)
        #expect(SiteBuilderTests.snapshot(icon) != before, "the icon set is made from the new art")
        #expect(InputSnapshot.take(workspace.content).directories.contains { $0.hasSuffix("/.art") }, "peel serve watches its folder")
    }

    /// A folder that holds nothing, or only what Peel skips (`.DS_Store`: what `git checkout`
    /// leaves of a pack another branch has), is no pack. Once it holds a file it is one, and its
    /// missing pack.md is reported; removed, it is gone. Each step is seen (the build said "Up to
    /// date" with a pack folder gone, its error kept, or new, not reported).
    @Test func aFolderBecomesAPackWhenItHoldsAFile() async throws {
        let workspace = try Workspace()
        let first = try await workspace.build()
        let folder = workspace.content.appendingPathComponent("stickers-to-come")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: folder.appendingPathComponent(".DS_Store"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("Thumbs.db"))
        let leftover = try await workspace.build()
        #expect(!leftover.findings.contains { $0.file.hasPrefix("stickers-to-come") } && leftover.packCount == first.packCount, "\(leftover.findings.map(\.formatted))")
        #expect(!FileManager.default.fileExists(atPath: workspace.site.appendingPathComponent("stickers-to-come").path))
        try FileManager.default.copyItem(at: Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: folder.appendingPathComponent("cat.png"))
        let made = try await workspace.build()
        #expect(!made.upToDate && made.findings.contains { $0.file == "stickers-to-come" && $0.code == .missingPackFile })
        try FileManager.default.removeItem(at: folder)
        let removed = try await workspace.build()
        #expect(!removed.upToDate && !removed.findings.contains { $0.file.hasPrefix("stickers-to-come") })
        #expect(try await workspace.build().upToDate)
    }

    @Test func newTimestampsOnTheSameBytesAreNotChanges() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let later = Date().addingTimeInterval(3600)
        let enumerator = FileManager.default.enumerator(at: workspace.content, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: url.path)
        }
        let again = try await workspace.build()
        #expect(again.upToDate)
    }

    @Test func aChangedSidecarRewritesOnlyThePagesThatShowIt() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let before = Self.inodes(workspace.site)
        let sidecar = try String(contentsOf: workspace.content.appendingPathComponent("faces/cool.md"), encoding: .utf8)
        try workspace.write(sidecar.replacingOccurrences(of: "alt: ", with: "alt: Very "), to: "faces/cool.md")
        let report = try await workspace.build()
        #expect(!report.upToDate)
        let changed = Self.changed(before, Self.inodes(workspace.site))
        // The sticker's page, its pack's page and zip (which holds the sidecar), and the catalog-wide files;
        // and the sticker's and pack's French and Arabic pages, which show the untranslated label.
        let expected: Set<String> = ["faces/cool/index.html", "faces/index.html", "faces/faces.zip",
                                     "review/index.html", "review/labels.csv", "catalog.json",
                                     "fr/faces/cool/index.html", "fr/faces/index.html", "ar/faces/cool/index.html", "ar/faces/index.html"]
        #expect(changed == expected, "rewritten: \(changed.sorted())")
        let page = try String(contentsOf: workspace.site.appendingPathComponent("faces/cool/index.html"), encoding: .utf8)
        #expect(page.contains("Very "))
    }

    /// A sidecar saved while a build runs, after the build read it: that build shows the old
    /// label, and the next one must not call itself up to date. (Once the end of a build hashed
    /// the file again and recorded the new bytes' hash beside the old pages: `peel serve` logged
    /// the change, built "in 0.08 s" and kept serving the old label.)
    @Test func aSidecarEditedDuringABuildIsBuiltByTheNextOne() async throws {
        let workspace = try Workspace()
        let sidecar = workspace.content.appendingPathComponent("faces/cool.md")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        // The same size: a fixed typo.
        let edited = text.replacingOccurrences(of: "alt: ", with: "alt: 5002 ")
        let original = text.replacingOccurrences(of: "alt: ", with: "alt: 5001 ")
        try workspace.write(original, to: "faces/cool.md")
        let once = OnceFlag()
        // The image step's progress comes after the catalog (and every sidecar) was read.
        _ = try await SiteBuilder(options: BuildOptions(content: workspace.content, output: workspace.site)).build { _, _ in
            if once.claim() { try? Data(edited.utf8).write(to: sidecar) }
        }
        #expect(once.claimed)
        let page = workspace.site.appendingPathComponent("faces/cool/index.html")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("5001 "), "the build read the sidecar before the edit")
        let next = try await workspace.build()
        #expect(!next.upToDate, "the edit made during the last build is a change")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("5002 "))
        #expect(try await workspace.build().upToDate)
        // The pack's zip too: its Stickers.xcstickers (made from the labels as first read) was
        // kept under the new sidecar's hash, so it said 5001 beside the 5002 sidecar for good.
        let archive = try Archive(url: workspace.site.appendingPathComponent("faces/faces.zip"), accessMode: .read)
        for entry in archive where entry.path.hasSuffix("cool.sticker/Contents.json") || entry.path.hasSuffix("originals/cool.md") {
            var bytes = Data()
            _ = try archive.extract(entry) { bytes.append($0) }
            #expect(String(decoding: bytes, as: UTF8.self).contains("5002 "), "\(entry.path)")
        }
        #expect(archive.contains { $0.path.hasSuffix("cool.sticker/Contents.json") })
    }

    /// Older pages put back in the site (`git reset --hard` in a `gh-pages` worktree, a backup
    /// restored) were reused as the pages the build state describes: the old label stayed for
    /// good. A site whose folders changed since the last build stamped them has each file checked
    /// before it is reused.
    @Test func olderPagesPutBackInTheSiteAreNotReused() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let backup = workspace.folder.url.appendingPathComponent("backup")
        try FileManager.default.copyItem(at: workspace.site, to: backup)
        let sidecar = workspace.content.appendingPathComponent("faces/cool.md")
        try workspace.write(try String(contentsOf: sidecar, encoding: .utf8).replacingOccurrences(of: "alt: ", with: "alt: Brand new "), to: "faces/cool.md")
        _ = try await workspace.build()
        let page = workspace.site.appendingPathComponent("faces/cool/index.html")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Brand new "))
        // The older site comes back, file by file, as `git reset --hard` writes it.
        let files = FileManager.default.enumerator(at: backup, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(backup.standardizedFileURL.path.count + 1))
            let target = workspace.site.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: url, to: target)
        }
        #expect(!(try String(contentsOf: page, encoding: .utf8).contains("Brand new ")))
        let report = try await workspace.build()
        #expect(report.upToDate == false)
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Brand new "), "the page is made again, not the old one reused")
        let catalog = try String(contentsOf: workspace.site.appendingPathComponent("catalog.json"), encoding: .utf8)
        #expect(catalog.contains("Brand new "))
        #expect(try await workspace.build().upToDate)
    }

    /// A theme folder holding a copy of Peel's pack.mustache, and that copy.
    static func themeWithPackTemplate(in workspace: Workspace) throws -> (theme: URL, template: URL) {
        let theme = workspace.folder.url.appendingPathComponent("theme")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        let template = theme.appendingPathComponent("pack.mustache")
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Templates/pack.mustache"), to: template)
        return (theme, template)
    }

    /// A template edit changes the pages made from it; every other page has the same bytes and
    /// stays the previous site's file (same inode), so deploy tools upload only what changed.
    /// Pages are not reused by their key under other templates: the edited one is rendered again.
    @Test func aTemplateEditRewritesOnlyThePagesWhoseBytesChanged() async throws {
        let workspace = try Workspace()
        let (theme, template) = try Self.themeWithPackTemplate(in: workspace)
        let options = BuildOptions(content: workspace.content, output: workspace.site, templates: theme)
        _ = try await SiteBuilder(options: options).build()
        let before = Self.inodes(workspace.site)
        try ("<!-- edited -->" + String(contentsOf: template, encoding: .utf8)).write(to: template, atomically: true, encoding: .utf8)
        let report = try await SiteBuilder(options: options).build()
        let after = Self.inodes(workspace.site)
        let rewritten = Set(after.keys.filter { after[$0] != before[$0] })
        let packPages = Set(after.keys.filter { path in
            let parts = path.split(separator: "/")
            let languages = ["fr", "ar"]
            return path.hasSuffix("/index.html") && ((parts.count == 2 && !languages.contains(String(parts[0])) && parts[0] != "review")
                || (parts.count == 3 && languages.contains(String(parts[0])) && parts[1] != "review"))
        })
        #expect(!packPages.isEmpty && packPages.isSubset(of: rewritten), "\(packPages.subtracting(rewritten).sorted())")
        #expect(rewritten.subtracting(packPages).isEmpty, "only pack pages change: \(rewritten.subtracting(packPages).sorted())")
        #expect(try String(contentsOf: workspace.site.appendingPathComponent("faces/index.html"), encoding: .utf8).hasPrefix("<!-- edited -->"))
        #expect(report.filesWritten == rewritten.count)
    }

    /// An up-to-date build answers from the theme's fingerprint without parsing its templates; a
    /// template broken since the last build is still an error (with its file and line), never
    /// "Up to date", and the site in place stays. Put right again, it is up to date at once.
    @Test func aThemeBrokenAfterABuildIsAnErrorNotUpToDate() async throws {
        let workspace = try Workspace()
        let (theme, template) = try Self.themeWithPackTemplate(in: workspace)
        let good = try String(contentsOf: template, encoding: .utf8)
        let options = BuildOptions(content: workspace.content, output: workspace.site, templates: theme)
        _ = try await SiteBuilder(options: options).build()
        #expect(try await SiteBuilder(options: options).build().upToDate)
        let page = try Data(contentsOf: workspace.site.appendingPathComponent("faces/index.html"))

        try (good + "\n{{#stickers}}never closed\n").write(to: template, atomically: true, encoding: .utf8)
        await #expect {
            _ = try await SiteBuilder(options: options).build()
        } throws: { error in
            guard case PeelError.templateSyntax(let path, _, _) = error else { return false }
            return path == template.path
        }
        #expect(try Data(contentsOf: workspace.site.appendingPathComponent("faces/index.html")) == page, "the site in place stays")

        try good.write(to: template, atomically: true, encoding: .utf8)
        #expect(try await SiteBuilder(options: options).build().upToDate)
    }

    /// Edits of the same size that keep the mtime (`cp -p`, `rsync -t`, `tar x`, or a file system
    /// whose clock ticks once a second) are seen: the status-change time moves, and a stamp taken
    /// within two seconds of a write is never trusted.
    @Test func sameSizeEditsWithTheSameMtimeAreChanges() async throws {
        let workspace = try Workspace()
        let sidecar = workspace.content.appendingPathComponent("faces/cool.md")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        let page = workspace.site.appendingPathComponent("faces/cool/index.html")
        let mtime = Date(timeIntervalSince1970: 1_700_000_000)
        for label in ["5001", "5002", "5003"] {
            try workspace.write(text.replacingOccurrences(of: "alt: ", with: "alt: \(label) "), to: "faces/cool.md")
            try FileManager.default.setAttributes([.modificationDate: mtime], ofItemAtPath: sidecar.path)
            let report = try await workspace.build()
            #expect(!report.upToDate, "\(label)")
            #expect(try String(contentsOf: page, encoding: .utf8).contains("\(label) "))
        }
    }

    /// The quick check vouches for the site's folders too: a file deleted from the site is made again.
    @Test func aFileDeletedFromTheSiteIsMadeAgain() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let page = workspace.site.appendingPathComponent("faces/cool/index.html")
        try FileManager.default.removeItem(at: page)
        #expect(try await !workspace.build().upToDate)
        #expect(FileManager.default.fileExists(atPath: page.path))
    }

    /// Another content folder built into the same site (same cache) is never "up to date" with the first's stamps.
    @Test func anotherContentFolderIntoTheSameSiteIsBuilt() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let other = workspace.folder.url.appendingPathComponent("other")
        try FileManager.default.copyItem(at: workspace.content, to: other)
        try FileManager.default.removeItem(at: other.appendingPathComponent("faces/cool.md"))
        let report = try await SiteBuilder(options: BuildOptions(content: other, output: workspace.site)).build()
        #expect(!report.upToDate)
    }

    /// A deleted sidecar and a new file beside the stickers (a translation, say) are changes.
    @Test func aDeletedFileAndANewFileAreChanges() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        try FileManager.default.removeItem(at: workspace.content.appendingPathComponent("faces/cool.md"))
        #expect(try await !workspace.build().upToDate)
        #expect(try await workspace.build().upToDate)
        try workspace.write("---\nalt: Un visage cool\n---\n", to: "faces/cool.fr.md")
        #expect(try await !workspace.build().upToDate)
        #expect(try await workspace.build().upToDate)
    }

    @Test func aChangedImageIsTheOnlyOneDecodedAgain() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let before = Self.inodes(workspace.site)
        // New art that is no other sticker's (a copy of one would be flagged as a duplicate on both pages).
        let url = workspace.content.appendingPathComponent("faces/cool.png")
        var art = try PNGCodec.decode(Data(contentsOf: url), maxPixels: 1 << 22).0
        for index in stride(from: 0, to: art.pixels.count, by: 4) where art.pixels[index + 3] == 255 {
            art.pixels[index] = 255 - art.pixels[index]
        }
        try PNGCodec.encode(art).write(to: url)
        _ = try await workspace.build()
        let changed = Self.changed(before, Self.inodes(workspace.site))
        let images = changed.filter { $0.hasSuffix(".png") || $0.hasSuffix(".webp") }
        #expect(Set(images) == ["faces/cool/cool.png", "faces/cool/cool-160w.webp", "faces/cool/cool-320w.webp"], "\(images.sorted())")
        #expect(!changed.contains("faces/party/index.html"))
        #expect(changed.contains("faces/cool/index.html"), "the page shows the new image's facts (its hash)")
    }

    @Test func removedStickersLeaveNothingBehind() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        #expect(FileManager.default.fileExists(atPath: workspace.site.appendingPathComponent("faces/cool/cool.png").path))
        try FileManager.default.removeItem(at: workspace.content.appendingPathComponent("faces/cool.png"))
        try FileManager.default.removeItem(at: workspace.content.appendingPathComponent("faces/cool.md"))
        let report = try await workspace.build()
        #expect(report.stickerCount == 35)
        #expect(!FileManager.default.fileExists(atPath: workspace.site.appendingPathComponent("faces/cool").path))
        let manifest = try String(contentsOf: workspace.site.appendingPathComponent(".peel-manifest"), encoding: .utf8)
        #expect(!manifest.contains("faces/cool/"))
    }

    @Test func anOptionThatShapesTheSiteRebuildsIt() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build()
        let report = try await workspace.build(maxPixels: 2048 * 2048)
        #expect(!report.upToDate)
        #expect(report.filesWritten > 50, "thumbnails made with other options are not reused")
        #expect(try await workspace.build(maxPixels: 2048 * 2048).upToDate)
    }

    /// Whatever the cache holds (a deleted site, damaged records, lost files, a garbled state),
    /// the site comes out byte for byte as a build from scratch.
    @Test func aDamagedCacheOrADeletedSiteStillGivesTheSameSite() async throws {
        let workspace = try Workspace()
        let scratch = workspace.folder.url.appendingPathComponent("scratch")
        _ = try await workspace.build(output: scratch, useCache: false)
        let expected = SiteBuilderTests.snapshot(scratch)
        _ = try await workspace.build()
        #expect(SiteBuilderTests.snapshot(workspace.site) == expected)

        try FileManager.default.removeItem(at: workspace.site)
        #expect(try await !workspace.build().upToDate)
        #expect(SiteBuilderTests.snapshot(workspace.site) == expected)

        let entries = workspace.cache.appendingPathComponent("entries")
        let names = try FileManager.default.contentsOfDirectory(atPath: entries.path)
        let records = names.filter { $0.hasSuffix(".record.json") }.sorted()
        let thumbnails = names.filter { $0.hasSuffix("-320.webp") || $0.hasSuffix("-300.webp") }.sorted()
        #expect(records.count > 20 && thumbnails.count > 20)
        try Data("{ not json".utf8).write(to: entries.appendingPathComponent(records[0]))
        try FileManager.default.removeItem(at: entries.appendingPathComponent(thumbnails[1]))
        try Data().write(to: entries.appendingPathComponent(thumbnails[2]))  // cut short by a crash
        let cutShort = entries.appendingPathComponent(thumbnails[3])  // half of it restored, by a CI cache step or onto a full disk
        try Data(try Data(contentsOf: cutShort).prefix(300)).write(to: cutShort)
        try FileManager.default.removeItem(at: workspace.site.appendingPathComponent("faces/cool/cool.png"))  // an original lost
        try Data("garbage\n".utf8).write(to: workspace.cache.appendingPathComponent("state.txt"))
        #expect(try await !workspace.build().upToDate)
        #expect(SiteBuilderTests.snapshot(workspace.site) == expected)
        #expect(try await workspace.build().upToDate)
    }

    @Test func identicalImagesShareOneCacheEntry() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Many\n---\n", to: "content/many/pack.md")
        for index in 0..<40 {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/many/cat-\(index).png")
            try folder.write("---\nalt: Cat number \(index)\n---\n", to: "content/many/cat-\(index).md")
        }
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: folder.url.appendingPathComponent(".peel-cache"))
            let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                    output: folder.url.appendingPathComponent("site"))).build()
            #expect(report.stickerCount == 40)
        }
    }

    @Test func aSecondBuildOfTheSameSiteAtOnceIsRefused() async throws {
        let workspace = try Workspace()
        let holder = BuildCache(folder: workspace.cache)
        try holder.open(content: workspace.content, output: workspace.site)
        await #expect(throws: PeelError.busy(path: workspace.cache.standardizedFileURL.path)) {
            _ = try await workspace.build()
        }
        _ = holder
    }
}

/// True for the first caller only (the build's progress is called from parallel tasks).
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
