import Foundation
import Testing
@testable import PeelKit

/// Files a user put in the site folder (a `CNAME`, a `.git` worktree, notes) are not Peel's: each
/// build carries them into the new site instead of losing them with the old one.
@Suite struct UnlistedFilesTests {
    func build(_ folder: TemporaryFolder) async throws -> BuildReport {
        try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                    output: folder.url.appendingPathComponent("site"))).build()
    }

    /// Makes the next build a real one (not "up to date"): a sidecar's label changes.
    func edit(_ folder: TemporaryFolder, _ label: String) throws {
        try folder.write("---\nalt: \(label)\n---\n", to: "content/pets/cat.md")
    }

    @Test func filesPeelDidNotWriteSurviveEveryBuild() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        _ = try await build(folder)
        let mine = ["site/CNAME": "stickers.example.com\n", "site/press/notes.md": "# Notes\n",
                    "site/.git/HEAD": "ref: refs/heads/gh-pages\n", "site/.git/refs/heads/gh-pages": "0123\n",
                    "site/pets/cat/artist-notes.txt": "first sketch\n"]
        for (path, text) in mine { try folder.write(text, to: path) }
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("site/latest").path, withDestinationPath: "pets")

        for label in ["Orange cat, asleep", "Orange cat, awake"] {
            try edit(folder, label)
            let report = try await build(folder)
            #expect(!report.upToDate)
            #expect(report.keptFiles == [".git/HEAD", ".git/refs/heads/gh-pages", "CNAME", "latest", "pets/cat/artist-notes.txt", "press/notes.md"])
            #expect(report.summary.contains("kept 6 files Peel did not write (.git/, CNAME, latest, …)"), "a hidden folder is named once: \(report.summary)")
            for (path, text) in mine { #expect(try folder.read(path) == text, "\(path) kept") }
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.url.appendingPathComponent("site/latest").path) == "pets")
            #expect(try folder.read("site/pets/cat/index.html").contains(label), "the site itself is new")
            let manifest = try folder.read("site/.peel-manifest")
            #expect(!manifest.contains("CNAME") && !manifest.contains("notes"), "they stay the user's, not listed as Peel's")
        }
    }

    /// A `gh-pages` worktree before its first site holds only `.git` (a file in a worktree), maybe
    /// a `CNAME` and a `.DS_Store`: the build fills it and keeps them. It was refused, and the
    /// advice was to remove the worktree. A folder with anything else in it is still refused.
    @Test func aPublishingFolderBeforeItsFirstSiteIsFilledAndKeepsItsFiles() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let mine = ["site/.git": "gitdir: /work/repo/.git/worktrees/site\n", "site/CNAME": "stickers.example.com\n", "site/.DS_Store": "finder"]
        for (path, text) in mine { try folder.write(text, to: path) }
        let report = try await build(folder)
        #expect(report.keptFiles == [".DS_Store", ".git", "CNAME"])
        for (path, text) in mine { #expect(try folder.read(path) == text, "\(path) kept") }
        #expect(folder.exists("site/index.html") && folder.exists("site/.peel-manifest"))
        #expect(!(try folder.read("site/.peel-manifest")).contains("CNAME"))

        try folder.write("<h1>Old blog</h1>\n", to: "blog/index.html")
        try folder.write("gitdir: elsewhere\n", to: "blog/.git")
        await #expect(throws: PeelError.self) {
            try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("blog"))).build()
        }
        #expect(try folder.read("blog/index.html") == "<h1>Old blog</h1>\n")
    }

    /// The manifest and the walk are compared in byte order, where "a-b" and "a.x" come before
    /// "a/…": a folder's entries sorted by bare name would put "a" first and lose step.
    @Test func findComparesInTheManifestsByteOrder() throws {
        let folder = try TemporaryFolder()
        let listed = ["a-b", "a.x", "a/b/index.html", "a/c", "ab", "b/index.html", "z"]
        for path in listed { try folder.write("peel\n", to: "site/\(path)") }
        try folder.write("# Files written by peel build.\n" + listed.joined(separator: "\n") + "\n", to: "site/.peel-manifest")
        let mine = ["a-a", "a.y", "a/b/notes.txt", "a0", "aa/x", "b-/y", "zz"]
        for path in mine { try folder.write("mine\n", to: "site/\(path)") }
        // A symlink where Peel's folder b was is not the user's; one elsewhere is.
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("site/b"), to: folder.url.appendingPathComponent("b-moved"))
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("site/b").path, withDestinationPath: "/tmp")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("site/link").path, withDestinationPath: "a")
        #expect(UnlistedFiles.find(in: folder.url.appendingPathComponent("site")) == (mine + ["link"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func aFileWhereTheNewSiteWritesFailsTheBuildAndKeepsTheOldSite() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        _ = try await build(folder)
        try folder.write("my own page\n", to: "site/birds/index.html")
        try folder.write("stickers.example.com\n", to: "site/CNAME")
        let before = SiteBuilderTests.snapshot(folder.url.appendingPathComponent("site"))
        // A new pack whose page is where the user's file is.
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets"), to: "content/birds")
        await #expect(throws: PeelError.self) { _ = try await build(folder) }
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("site")) == before, "the previous site is as it was")
        do {
            _ = try await build(folder)
        } catch let error as PeelError {
            #expect(error.description.contains("birds/index.html"), "\(error.description)")
            #expect(error.description.contains("move it out of the output folder"), "\(error.description)")
            #expect(!error.isUsageError, "the build failed (exit 1); it was not used wrongly (exit 2)")
        }
    }
}
