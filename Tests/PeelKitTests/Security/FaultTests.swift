import Foundation
import Testing
@testable import PeelKit

/// A build that fails part way (the disk fills up, the output folder is read-only, the build is
/// killed) leaves the previous site byte for byte and nothing half-written beside it. Runs the real
/// `peel` binary, as a user would.
@Suite(.serialized) struct FaultTests {
    let cli = CLITests()

    /// A content folder and a site already built from it, plus a changed catalog to build next.
    func previousSite() throws -> (TemporaryFolder, [String: String]) {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let first = try cli.run(["build", "content", "-o", "work/site"], in: folder.url, environment: ["CI": "true"])
        #expect(first.status == 0, "\(first.stderr)")
        try folder.write("---\ntitle: Changed since the last build\n---\n", to: "content/site.md")
        return (folder, SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")))
    }

    /// Everything beside the site: only the site itself (and the build cache, holding no
    /// half-written entry) may be there after a failed build.
    func besideTheSite(_ folder: TemporaryFolder) throws -> [String] {
        let work = folder.url.appendingPathComponent("work")
        let entries = work.appendingPathComponent(".peel-cache/site/entries").path
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: entries)) ?? []).filter { $0.hasPrefix("tmp-") || $0.hasPrefix(".peel-tmp-") }
        #expect(leftovers.isEmpty, "half-written cache entries left behind: \(leftovers)")
        return try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0 != ".peel-cache" }.sorted()
    }

    /// Runs `peel` with `arguments` in `folder`. Root ignores permissions, so as root it runs as
    /// `nobody`, for whom they hold: `folder` gets `folderPermissions` and the binary is copied into
    /// it, so `nobody` can run it wherever the checkout lives.
    func runWherePermissionsHold(_ arguments: [String], in folder: TemporaryFolder, folderPermissions: Int) throws -> CLITests.Result {
        var peel = try #require(CLITests.binary).path
        let asNobody = getuid() == 0
        if asNobody {
            try FileManager.default.setAttributes([.posixPermissions: folderPermissions], ofItemAtPath: folder.url.path)
            peel = folder.exists("bin/peel") ? folder.url.appendingPathComponent("bin/peel").path
                : try folder.copy(URL(fileURLWithPath: peel), to: "bin/peel").path
        }
        let command = asNobody ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", peel] : [peel]
        return try cli.run(Array(command.dropFirst()) + arguments, in: folder.url,
                           environment: ["CI": "true", "HOME": "/tmp"], executable: URL(fileURLWithPath: command[0]))
    }

    /// A sticker whose file cannot be read (mode 000, as zips made on some systems unpack) has no
    /// copy in the site, and catalog.json's `original` is null: it named a file the site did not
    /// have, the only URL there that did not resolve. A corrupt image that was read is published.
    @Test func catalogJSONNamesNoOriginalForAFileNotRead() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "content/p/cat.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/sun.png")
        try folder.write("---\nalt: Yellow sun\n---\n", to: "content/p/sun.md")
        try folder.write("not a png", to: "content/p/moon.png")
        try folder.write("---\nalt: Broken moon\n---\n", to: "content/p/moon.md")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.url.appendingPathComponent("content/p/sun.png").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.appendingPathComponent("content").path)
        let result = try runWherePermissionsHold(["build", "content", "-o", "site"], in: folder, folderPermissions: 0o777)
        #expect(result.status == 1 && result.stderr.contains("p/sun.png: error[unreadable-file]"), "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(try folder.read("site/catalog.json").utf8)) as? [String: Any]
        let stickers = ((json?["packs"] as? [[String: Any]])?.first?["stickers"] as? [[String: Any]]) ?? []
        let originals = Dictionary(uniqueKeysWithValues: stickers.map { ($0["slug"] as? String ?? "", $0["original"]) })
        #expect(originals["sun"].map { $0 is NSNull } == true, "\(originals)")
        #expect(!folder.exists("site/p/sun/sun.png"))
        #expect(originals["moon"] as? String == "p/moon/moon.png" && folder.exists("site/p/moon/moon.png"))
        #expect(originals["cat"] as? String == "p/cat/cat.png" && folder.exists("site/p/cat/cat.png"))
    }

    @Test func aFullDiskLeavesThePreviousSiteAndNoPartialFiles() throws {
        let (folder, before) = try previousSite()
        // RLIMIT_FSIZE makes every write past 8 KB fail with EFBIG, for root as for anyone: the
        // first sticker copy or thumbnail fails part way, as on a full disk. SIGXFSZ is ignored so
        // the write returns the error instead of killing the process.
        let peel = try #require(CLITests.binary).path
        // --no-cache: every image is written again (a cached rebuild would only link files).
        let result = try cli.run(["-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" build content -o work/site --no-cache", peel],
                                 in: folder.url, environment: ["CI": "true"], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(": error: cannot write the site: "), "\(result.stderr)")
        #expect(result.stderr.contains("; the previous site is unchanged"), "\(result.stderr)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
        #expect(try besideTheSite(folder) == ["site"], "staging or retired folders left behind")
    }

    @Test func aReadOnlyOutputFolderLeavesThePreviousSite() throws {
        let (folder, before) = try previousSite()
        let work = folder.url.appendingPathComponent("work")
        let site = work.appendingPathComponent("site")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: site.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: work.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work.path)
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.path)
        }
        let result = try runWherePermissionsHold(["build", "content", "-o", "work/site"], in: folder, folderPermissions: 0o755)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("error: cannot write the site: "), "\(result.stderr)")
        #expect(result.stderr.contains("; the previous site is unchanged"), "\(result.stderr)")
        #expect(SiteBuilderTests.snapshot(site) == before)
        #expect(try besideTheSite(folder) == ["site"], "staging or retired folders left behind")
    }

    /// A pack folder that cannot be read is said to be so: it was "folder has no pack.md" and "pack
    /// has no stickers", both false.
    @Test func anUnreadablePackFolderIsSaidToBeUnreadable() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let pets = folder.url.appendingPathComponent("content/pets")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: pets.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pets.path) }
        // Writable by `nobody`: peel check keeps its art-check cache beside the content.
        let result = try runWherePermissionsHold(["check", "content"], in: folder, folderPermissions: 0o777)
        #expect(result.stdout.contains("pets: error[unreadable-file]: cannot read the pack folder: permission denied")
                || result.stderr.contains("pets: error[unreadable-file]: cannot read the pack folder: permission denied"), "\(result.stdout)\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("no pack.md"))
    }

    /// Once its permissions are fixed, the next build reads the pack: it said "Up to date", with
    /// the error and without the pack's stickers, until something else changed.
    @Test func aPackFolderReadableAgainIsSeenByTheNextBuild() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let pets = folder.url.appendingPathComponent("content/pets")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: pets.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pets.path) }
        let broken = try runWherePermissionsHold(["build", "content", "-o", "work/site"], in: folder, folderPermissions: 0o777)
        #expect(broken.status == 1 && (broken.stdout + broken.stderr).contains("cannot read the pack folder"), "\(broken.stdout)\(broken.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pets.path)
        let fixed = try runWherePermissionsHold(["build", "content", "-o", "work/site"], in: folder, folderPermissions: 0o777)
        #expect(fixed.status == 0 && !fixed.stdout.contains("Up to date"), "\(fixed.stdout)\(fixed.stderr)")
        #expect(!(fixed.stdout + fixed.stderr).contains("unreadable-file"))
    }

    @Test func stagingLeftByAKilledBuildIsCleanedUpByTheNext() throws {
        let (folder, _) = try previousSite()
        // What `kill -9` during a build leaves: a staging folder named after a process that is gone.
        try folder.write("half a page", to: "work/.site.peel-staging-999999999/index.html")
        let result = try cli.run(["build", "content", "-o", "work/site"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try besideTheSite(folder) == ["site"])
        #expect(try folder.read("work/site/index.html").contains("Changed since the last build"))

        // Its pid since taken by another program (a long-lived daemon, after a reboot): it was
        // "another peel command writing this folder", and every build was refused.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sleep")
        other.arguments = ["30"]
        try other.run()
        defer { other.terminate() }
        try folder.write("half a page", to: "work/.site.peel-staging-\(other.processIdentifier)/index.html")
        try folder.write("---\ntitle: Changed again\n---\n", to: "content/site.md")
        let reused = try cli.run(["build", "content", "-o", "work/site"], in: folder.url, environment: ["CI": "true"])
        #expect(reused.status == 0, "\(reused.stderr)")
        #expect(try besideTheSite(folder) == ["site"])
    }

    @Test func aBadTemplateLeavesThePreviousSite() throws {
        let (folder, before) = try previousSite()
        try folder.write("{{<base}}{{$content}}{{#page}}{{/content}}{{/base}}\n", to: "theme/sticker.mustache")
        let result = try cli.run(["build", "content", "-o", "work/site", "--templates", "theme"], in: folder.url,
                                 environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("theme/sticker.mustache:1: error: template syntax: {{#page}} opened on line 1 is never closed: {{/content}} on line 1 closes {{$content}} (line 1) first; close {{#page}} before it"),
                "in words, not swift-mustache's case names, with both ends of the section: \(result.stderr)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
        #expect(try besideTheSite(folder) == ["site"])
    }

    /// swift-mustache renders a partial it does not have as nothing: a misspelt `{{>foter}}`
    /// published every page without it, exit 0.
    @Test func aPartialTheThemeDoesNotHaveStopsTheBuild() throws {
        let (folder, before) = try previousSite()
        try folder.write("{{<base}}{{$content}}\n<p>x</p>\n{{> foter }}{{/content}}{{/base}}\n", to: "theme/sticker.mustache")
        let result = try cli.run(["build", "content", "-o", "work/site", "--templates", "theme"], in: folder.url,
                                 environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("theme/sticker.mustache:3: error: template syntax: partial 'foter' is not a template of the theme"), "\(result.stderr)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
        #expect(TemplateSet.partialReferences(in: "{{>a}} {{ > b }}\n{{<c}}{{/c}} {{>*dynamic}} {{#d}}{{/d}}").map { "\($0.name)@\($0.line)" } == ["a@1", "b@1", "c@2"])
    }

    /// An empty folder (a submodule not checked out, a wrong path that exists) built an empty
    /// gallery over the site in place, exit status 0.
    @Test func aFolderWithNoPacksLeavesThePreviousSite() throws {
        let (folder, before) = try previousSite()
        for files in [[], ["site.md"], ["notes.txt", "site.md"]] {
            try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("empty"))
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty/no-files-in-it"), withIntermediateDirectories: true)
            for file in files { try folder.write("---\ntitle: T\n---\n", to: "empty/\(file)") }
            let result = try cli.run(["build", "empty", "-o", "work/site"], in: folder.url, environment: ["CI": "true"])
            #expect(result.status == 2, "\(files)")
            #expect(result.stderr.contains("empty: error: no packs here (a pack is a folder of sticker images with a pack.md), so nothing was built and the site in place stays"),
                    "\(result.stderr)")
            #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
        }
    }

    /// A partial that includes itself, or a page that extends itself, recursed until the stack
    /// overflowed: peel build died with SIGSEGV, no message, a staging folder left behind.
    @Test func aTemplateThatLeadsBackToItselfStopsTheBuild() throws {
        let (folder, before) = try previousSite()
        try folder.write("item {{> cell}}\n", to: "theme/row.mustache")
        try folder.write("<td>\n{{#page}}{{> row}}{{/page}}</td>\n", to: "theme/cell.mustache")
        try folder.write("{{<base}}{{$content}}{{> row}}{{/content}}{{/base}}\n", to: "theme/sticker.mustache")
        let result = try cli.run(["build", "content", "-o", "work/site", "--templates", "theme"], in: folder.url,
                                 environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("theme/row.mustache:1: error: template syntax: 'cell' leads back to itself (cell → row → cell); a template cannot include or extend itself"),
                "\(result.stderr)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
        #expect(try besideTheSite(folder) == ["site"])
        #expect(TemplateSet.firstCycle([("home", "home")]) == ["home", "home"])
        #expect(TemplateSet.firstCycle([("a", "b"), ("b", "c"), ("a", "c")]) == nil, "two ways to one partial are no cycle")
    }

    /// A template of 10,000 tags took 6 s to parse and a 4.7 MB one never finished, deaf to Ctrl-C.
    @Test func aHugeTemplateIsRefusedBeforeItIsParsed() throws {
        let (folder, before) = try previousSite()
        try folder.write(String(repeating: "{{title}} ", count: TemplateSet.maximumTags + 1), to: "theme/notes.mustache")
        let result = try cli.run(["build", "content", "-o", "work/site", "--templates", "theme"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("theme/notes.mustache:1: error: template syntax: template has 3001 tags, more than the 3000 a template may have"), "\(result.stderr)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
    }

    /// Theme files are read from inside the theme, as content is from inside the content folder.
    @Test func aThemeSymlinkLeadingOutsideIsRefused() throws {
        let (folder, before) = try previousSite()
        try folder.write("secret", to: "private.txt")
        try folder.write("p { color: teal }", to: "theme/extra.css")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("theme/notes.txt").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("private.txt").path)
        var result = try cli.run(["build", "content", "-o", "work/site", "--templates", "theme"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status != 0 && result.stderr.contains("theme/notes.txt: error: cannot read file: a symlink leading outside the templates folder"), "\(result.stderr)")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("theme/notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("theme/again").path, withDestinationPath: ".")
        result = try cli.run(["build", "content", "-o", "work/site", "--templates", "theme"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status != 0 && result.stderr.contains("theme/again: error: cannot read file: a symlink to a folder"), "\(result.stderr)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
    }

    /// Runs a build that dies (SIGKILL, as `kill -9`) at the named fault-injection point.
    func buildKilled(at faults: String, _ folder: TemporaryFolder) throws {
        let result = try cli.run(["build", "content", "-o", "work/site"], in: folder.url,
                                 environment: ["CI": "true", "PEEL_FAULTS": faults])
        #expect(result.status == 9, "killed at \(faults): \(result.status) \(result.stderr)")
    }

    @Test func aBuildKilledBetweenTheTwoRenamesIsRecoveredByTheNext() throws {
        let (folder, before) = try previousSite()
        // Where the OS cannot swap two folders at once, the old site is renamed aside first.
        try buildKilled(at: "no-folder-swap,after-retire", folder)
        #expect(!folder.exists("work/site"), "the kill left the output missing")
        let retired = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("work").path)
            .filter { $0.hasPrefix(".site.peel-old-") }
        #expect(retired.count == 1, "the previous site waits beside it: \(retired)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/\(retired.first ?? "")")) == before)

        // Even a check-only run must not be needed: the next build puts the previous site back first.
        let next = try cli.run(["build", "content", "-o", "work/site"], in: folder.url, environment: ["CI": "true"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try besideTheSite(folder) == ["site"], "no stale folder left")
        #expect(try folder.read("work/site/index.html").contains("Changed since the last build"))
    }

    /// Where the OS cannot swap two folders at once and the new site's rename fails after the old
    /// one was renamed aside, the old one is put back at once, byte for byte, and the error says
    /// why: the output is never left missing for a deploy to publish nothing.
    @Test func aFailedRenameOfTheNewSitePutsThePreviousOneBack() throws {
        let (folder, before) = try previousSite()
        let result = try cli.run(["build", "content", "-o", "work/site"], in: folder.url,
                                 environment: ["CI": "true", "PEEL_FAULTS": "no-folder-swap,fail-swap-in"])
        #expect(result.status == 1, "\(result.status) \(result.stderr)")
        #expect(result.stderr.lowercased().contains("input/output error"), "\(result.stderr)")
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
        #expect(try besideTheSite(folder) == ["site"], "no staging or retired folder left")
    }

    @Test func thePreviousSiteIsRestoredEvenWhenTheNextBuildFails() throws {
        let (folder, before) = try previousSite()
        try buildKilled(at: "no-folder-swap,after-retire", folder)
        try folder.write("{{<base}}{{$content}}{{#page}}{{/content}}{{/base}}\n", to: "theme/sticker.mustache")
        let next = try cli.run(["build", "content", "-o", "work/site", "--templates", "theme"], in: folder.url, environment: ["CI": "true"])
        #expect(next.status == 1)
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("work/site")) == before)
        #expect(try besideTheSite(folder) == ["site"])
    }

    @Test func aBuildKilledJustAfterTheSwapLeavesTheNewSiteAndItsLeftoversGoNext() throws {
        let (folder, _) = try previousSite()
        try buildKilled(at: "after-folder-swap", folder)
        #expect(try folder.read("work/site/index.html").contains("Changed since the last build"), "the swap is one step")
        let next = try cli.run(["build", "content", "-o", "work/site"], in: folder.url, environment: ["CI": "true"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try besideTheSite(folder) == ["site"])
    }

    @Test func staleFoldersOfALiveBuildAreLeftAlone() throws {
        let (folder, _) = try previousSite()
        // Named after a live `peel`: another build's, not stale.
        let other = try ConcurrentBuildTests.livePeelStandIn(in: folder)
        defer { other.terminate() }
        let pid = other.processIdentifier
        try folder.write("x", to: "work/.site.peel-old-\(pid)/index.html")
        let next = try cli.run(["build", "content", "-o", "work/site"], in: folder.url, environment: ["CI": "true"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try besideTheSite(folder) == [".site.peel-old-\(pid)", "site"])
    }

    @Test func foldersAreSwappedInOneStep() throws {
        let folder = try TemporaryFolder()
        try folder.write("a", to: "one/a.txt")
        try folder.write("b", to: "two/b.txt")
        #if os(Linux) || os(macOS)
        #expect(FolderSwap.exchange(folder.url.appendingPathComponent("one").path, folder.url.appendingPathComponent("two").path))
        #expect(folder.exists("one/b.txt") && folder.exists("two/a.txt"))
        #endif
    }
}
