import Foundation
import Testing
@testable import PeelKit

/// A catalog kept at a repository's root, beside `docs/`, `scripts/` and `node_modules/`: each was
/// a pack without pack.md (an error), until site.md's `exclude:` names them.
@Suite struct ExcludedPathsTests {
    static func repository(exclude: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Repo\n\(exclude.map { "exclude: \($0)\n" } ?? "")---\n", to: "site.md")
        try OtherMachinesFilesTests.pack(folder, "faces")
        try folder.write("# Stickers\n", to: "README.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "docs/screenshot.png")
        try folder.write("#!/bin/sh\n", to: "scripts/release.sh")
        try folder.write("{}", to: "node_modules/left-pad/package.json")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "faces/drafts/old.png")
        try folder.write("todo", to: "faces/notes.txt")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "banner.png")
        return folder
    }

    @Test func excludedPathsAreNoPartOfTheCatalog() throws {
        let unexcluded = try Self.repository(exclude: nil)
        let plain = try CatalogLoader(contentFolder: unexcluded.url).load()
        #expect(Set(plain.0.packs.map(\.folder)).isSuperset(of: ["docs", "scripts", "node_modules"]), "without exclude: each is a pack")
        #expect(plain.1.contains { $0.file == "faces/notes.txt" } && plain.1.contains { $0.file == "banner.png" })

        let folder = try Self.repository(exclude: "[docs, scripts/, /node_modules, \"*/drafts\", \"*/*.txt\", \"*.png\", ../outside]")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url).load()
        #expect(catalog.packs.map(\.folder) == ["faces"])
        #expect(catalog.packs[0].stickers.map(\.slug) == ["cat"])
        #expect(findings.map(\.formatted) == [
            "site.md:3: warning[invalid-value]: exclude: '../outside' is not a path inside the content folder (such as docs or */drafts); it is ignored",
        ])
    }

    /// A no-op build does not stat what is excluded, and a change there is no change of the site.
    @Test func excludedPathsAreNoInputOfTheBuild() async throws {
        let folder = try Self.repository(exclude: "[docs, scripts, node_modules, \"*/drafts\", \"*/*.txt\", \"*.png\"]")
        let snapshot = InputSnapshot.take(folder.url)
        #expect(snapshot.files["faces/cat.png"] != nil && snapshot.files["site.md"] != nil)
        #expect(!snapshot.files.keys.contains { $0.hasPrefix("node_modules/") || $0.hasPrefix("faces/drafts/") || $0 == "banner.png" },
                "\(snapshot.files.keys.sorted())")
        let outside = try TemporaryFolder()
        let options = BuildOptions(content: folder.url, output: outside.url.appendingPathComponent("site"), cache: outside.url.appendingPathComponent("cache"))
        let first = try await SiteBuilder(options: options).build()
        #expect(!first.findings.hasErrors, "\(first.findings.map(\.formatted))")
        try folder.write("{\"version\": 2}", to: "node_modules/left-pad/package.json")
        try folder.write("x", to: "node_modules/new.js")
        #expect(try await SiteBuilder(options: options).build().upToDate)
    }

    @Test func patternsMatchPathsInTheContentFolder() {
        let excluded = ExcludedPaths(["docs", "*/drafts", "*.txt", "./art/", ""])
        #expect(excluded.contains("docs") && !excluded.contains("faces/docs"), "a name without a slash is at the top")
        #expect(excluded.contains("faces/drafts") && !excluded.contains("drafts"))
        #expect(excluded.contains("notes.txt") && !excluded.contains("faces/notes.txt"), "wildcards never cross a slash")
        #expect(excluded.contains("art"))
        #expect(!ExcludedPaths(["*"]).contains("site.md"), "site.md is always read")
        #expect(ExcludedPaths(["a/../..", "", "/"]).isEmpty)
    }

    /// `exclude: [météo]` typed on a keyboard (NFC) names a folder copied from a Mac (NFD), and the
    /// other way round: the excluded art was published.
    @Test func patternsMatchEitherUnicodeForm() {
        let composed = "m\u{E9}t\u{E9}o", decomposed = "me\u{301}te\u{301}o"
        #expect(ExcludedPaths([composed]).contains(decomposed))
        #expect(ExcludedPaths([decomposed]).contains(composed))
        #expect(ExcludedPaths(["*/brouillon-\u{E9}t\u{E9}"]).contains("p/brouillon-e\u{301}te\u{301}"))
        #expect(!ExcludedPaths([composed]).contains("meteo"))
    }
}
