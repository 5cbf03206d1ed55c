import Foundation
import Testing

/// `peel build --shard`/`--packs`, `peel merge` and `PEEL_CACHE_DIR`, run as a CI job would.
@Suite struct ShardCommandTests {
    let cli = CLITests()

    @Test func shardsBuiltWithACacheFromTheEnvironmentMergeIntoTheSite() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let environment = ["CI": "true", "PEEL_CACHE_DIR": folder.url.appendingPathComponent("ci-cache").path]
        let first = try cli.run(["build", "content", "--shard", "1/2", "-o", "shards/1"], in: folder.url, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Built 1 pack, "))
        #expect(folder.exists("ci-cache/CACHEDIR.TAG"), "the cache is where PEEL_CACHE_DIR says")
        #expect(!folder.exists(".peel-cache"))
        // The content folder after --packs stays the content folder.
        let second = try cli.run(["build", "--packs", "xss", "content", "-o", "shards/2"], in: folder.url, environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        let merged = try cli.run(["merge", "content", "shards/1", "shards/2", "-o", "site"], in: folder.url, environment: environment)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("Merged 2 packs, 5 stickers, 0 warnings, 0 errors (4 silenced) in "), "\(merged.stdout)")
        #expect(folder.exists("site/index.html") && folder.exists("site/pets/cat/index.html") && !folder.exists("site/peel-shard.json"))
    }

    @Test func badShardOptionsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let both = try cli.run(["build", "content", "--shard", "1/2", "--packs", "pets"], in: folder.url, environment: ["CI": "true"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("give --packs or --shard, not both"))
        let bad = try cli.run(["build", "content", "--shard", "3/2"], in: folder.url, environment: ["CI": "true"])
        #expect(bad.status == 2)
        let unknown = try cli.run(["build", "content", "--packs", "dogs"], in: folder.url, environment: ["CI": "true"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--packs: error: the catalog has no pack 'dogs'"))
        // A CI matrix variable that came out empty built the whole catalog as a site.
        for empty in ["", ",", " , "] {
            let none = try cli.run(["build", "content", "--packs", empty, "-o", "shard"], in: folder.url, environment: ["CI": "true"])
            #expect(none.status == 2 && none.stderr.contains("--packs names no pack"), "'\(empty)': \(none.stderr)")
            #expect(!folder.exists("shard"))
        }
        let missing = try cli.run(["merge", "content", "nowhere"], in: folder.url, environment: ["CI": "true"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere/peel-shard.json: error: no shard manifest here"))
    }

    @Test func aShardReportsOnlyItsOwnPacksProblems() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        // A sidecar whose front matter cannot be read, in pets.
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("content/pets/cat.png"),
                                         to: folder.url.appendingPathComponent("content/pets/broken.png"))
        _ = try folder.write("---\nalt: [unclosed\n---\n", to: "content/pets/broken.md")
        let xss = try cli.run(["build", "content", "--packs", "xss", "-o", "shards/xss"], in: folder.url, environment: ["CI": "true"])
        #expect(!xss.stdout.contains("pets/broken.md") && !xss.stderr.contains("pets/broken.md"), "\(xss.stdout)")
        let pets = try cli.run(["build", "content", "--packs", "pets", "-o", "shards/pets"], in: folder.url, environment: ["CI": "true"])
        #expect((pets.stdout + pets.stderr).contains("pets/broken.md"), "\(pets.stdout)")
    }
}
