import Foundation
import Testing
@testable import PeelKit

/// A catalog built in shards (`peel build --packs`/`--shard`) and merged (`peel merge`) is the
/// site one build makes, byte for byte, and the merge reads no image.
@Suite struct ShardMergeTests {
    /// The sample catalog (four packs, an icon set, animations) with one image copied into another
    /// pack, so a duplicate-image finding spans two shards.
    struct Workspace {
        let folder: TemporaryFolder
        var content: URL { folder.url.appendingPathComponent("content") }

        init() throws {
            folder = try TemporaryFolder()
            try folder.copy(Fixtures.packageRoot.appendingPathComponent("content"), to: "content")
            try folder.copy(content.appendingPathComponent("faces/cool.png"), to: "content/animals/cool-copy.png")
            try folder.write("---\nalt: A cool face, once more\n---\n", to: "content/animals/cool-copy.md")
            // A GIF lighter than its animated thumbnails: the original stands in for them, and the
            // posters keep their own sizes (the merge described them by the original's).
            try folder.copy(Fixtures.root.appendingPathComponent("animated/cat-turning.gif"), to: "content/animals/turning.gif")
            try folder.write("---\nalt: A cat face turning round\n---\n", to: "content/animals/turning.md")
        }

        func url(_ name: String) -> URL { folder.url.appendingPathComponent(name) }

        func build(_ output: String, packs: PackSelection? = nil, maxPixels: Int = ImageAnalyzer.defaultMaxPixels) async throws -> BuildReport {
            try await SiteBuilder(options: BuildOptions(content: content, output: url(output), maxPixels: maxPixels,
                                                        cache: url(".cache-\(output)"), packs: packs)).build()
        }

        func merge(_ shards: [String], into output: String = "merged") async throws -> BuildReport {
            try await SiteBuilder(options: BuildOptions(content: content, output: url(output), useCache: false))
                .merge(shards: shards.map(url))
        }
    }

    @Test func mergedShardsAreTheSingleBuildByteForByte() async throws {
        let workspace = try Workspace()
        let single = try await workspace.build("single")
        #expect(single.findings.contains { $0.code == .duplicateImage && $0.file == "animals/cool-copy.png" })
        let first = try await workspace.build("shard-1", packs: .shard(index: 1, count: 2))
        let second = try await workspace.build("shard-2", packs: .shard(index: 2, count: 2))
        #expect(first.packCount + second.packCount == single.packCount)
        // Neither shard holds both copies, so neither saw the duplicate: the merge must find it.
        #expect(!(first.findings + second.findings).contains { $0.code == .duplicateImage })

        let merged = try await workspace.merge(["shard-1", "shard-2"])
        #expect(merged.findings == single.findings)
        #expect(merged.packCount == single.packCount && merged.stickerCount == single.stickerCount)
        #expect(SiteBuilderTests.snapshot(workspace.url("merged")) == SiteBuilderTests.snapshot(workspace.url("single")))
        let page = try workspace.folder.read("merged/animals/cool-copy/index.html")
        #expect(page.contains("duplicate-image"), "the sticker page shows the finding only the whole catalog has")
    }

    /// A shard build leaves other shards' entries in a shared cache, but not forever: what no build
    /// has used for two weeks goes (a shard's CI cache only grew, each art change adding to it).
    @Test func aShardBuildRemovesOnlyEntriesNoBuildUsedForTwoWeeks() async throws {
        let workspace = try Workspace()
        let cache = workspace.url("shared-cache")
        func build(_ output: String, _ packs: PackSelection) async throws {
            _ = try await SiteBuilder(options: BuildOptions(content: workspace.content, output: workspace.url(output), cache: cache, packs: packs)).build()
        }
        try await build("one", .shard(index: 1, count: 2))
        try await build("two", .shard(index: 2, count: 2))
        let entries = cache.appendingPathComponent("entries")
        func records() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: entries.path).filter { $0.hasSuffix(".record.json") }.sorted()
        }
        func age(_ key: String, days: Double) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: entries.path) where name.hasPrefix(key) {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -days * 86_400)],
                                                      ofItemAtPath: entries.appendingPathComponent(name).path)
            }
        }
        let all = try records()
        // Age every entry a month: shard 1 builds again (into a new folder, so it is no no-op).
        for record in all { try age(String(record.prefix(64)), days: 30) }
        try await build("one-again", .shard(index: 1, count: 2))
        let kept = try records()
        #expect(!kept.isEmpty && kept.count < all.count, "shard 2's month-old entries went, shard 1's stayed: \(kept.count) of \(all.count)")
        // The ones it used are stamped as used now, so shard 2 building next keeps them.
        for record in kept {
            let modified = try #require(try FileManager.default.attributesOfItem(atPath: entries.appendingPathComponent(record).path)[.modificationDate] as? Date)
            #expect(modified.timeIntervalSinceNow > -3600, "\(record)")
        }
        try await build("two-again", .shard(index: 2, count: 2))
        #expect(Set(try records()).isSuperset(of: kept), "used an instant ago, so kept")
        // A whole build still removes every entry it did not use.
        _ = try await SiteBuilder(options: BuildOptions(content: workspace.content, output: workspace.url("whole"), cache: cache)).build()
        #expect(try records().count <= all.count)
    }

    /// The merge's output replaces its folder whole: never one of the shards it reads.
    @Test func aMergeIntoOneOfItsShardsIsRefused() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("shard-1", packs: .shard(index: 1, count: 2))
        _ = try await workspace.build("shard-2", packs: .shard(index: 2, count: 2))
        for output in ["shard-1", "shard-2/site", "."] {
            await #expect(throws: PeelError.self, "\(output)") { try await workspace.merge(["shard-1", "shard-2"], into: output) }
        }
        #expect(workspace.folder.exists("shard-1/peel-shard.json") && workspace.folder.exists("shard-2/peel-shard.json"))
        _ = try await workspace.merge(["shard-1", "shard-2"])
    }

    @Test func packsNamedBySlugMakeAShard() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("single")
        _ = try await workspace.build("a", packs: .slugs(["faces", "animals"]))
        _ = try await workspace.build("b", packs: .slugs(["motion"]))
        _ = try await workspace.build("c", packs: .slugs(["weather", "sundaes"]))
        #expect(!workspace.folder.exists("a/motion/index.html"))
        _ = try await workspace.merge(["c", "a", "b"])
        #expect(SiteBuilderTests.snapshot(workspace.url("merged")) == SiteBuilderTests.snapshot(workspace.url("single")))
        // A shard built into a whole site's folder ("just rebuild one pack") replaced every other
        // pack of it; it is refused, and the site stays. A shard folder is rebuilt as before.
        let whole = SiteBuilderTests.snapshot(workspace.url("single"))
        for selection in [PackSelection.slugs(["faces"]), .shard(index: 1, count: 2)] {
            await #expect {
                try await workspace.build("single", packs: selection)
            } throws: { error in
                "\(error)".contains("it holds a whole site, and a build with \(selection.option) writes one shard for peel merge")
            }
        }
        #expect(SiteBuilderTests.snapshot(workspace.url("single")) == whole)
        _ = try await workspace.build("b", packs: .slugs(["motion", "faces"]))
        #expect(workspace.folder.exists("b/faces/index.html"))
    }

    /// Every image of the content is replaced by garbage after the shards are built: a merge that
    /// decoded any of them would fail or differ. Only the layers of a parts pack stay: the catalog's
    /// stickers are composed from them (which combinations exist, and their art). The merge does
    /// hash every file to find a shard older than the content, so the shards' record of what they
    /// were built from is made to match the garbage.
    @Test func theMergeDecodesNoImage() async throws {
        let workspace = try Workspace()
        let single = try await workspace.build("single")
        _ = try await workspace.build("shard-1", packs: .shard(index: 1, count: 2))
        _ = try await workspace.build("shard-2", packs: .shard(index: 2, count: 2))
        let enumerator = FileManager.default.enumerator(at: workspace.content, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if ["png", "gif", "jpg"].contains(url.pathExtension), !url.path.contains("/sundaes/") {
                try Data("not an image".utf8).write(to: url)
            }
        }
        let catalog = try CatalogLoader(contentFolder: workspace.content).load().0
        for shard in ["shard-1", "shard-2"] {
            var manifest = try ShardManifest.read(shard: workspace.url(shard))
            let packs = catalog.packs.filter { manifest.packs.contains($0.slug) }
            manifest.inputs = try ShardInputs.hashes(content: workspace.content, packs: packs,
                                                     from: ContentHashes(root: workspace.content, previous: PathMap()))
            try manifest.encoded().write(to: workspace.url(shard).appendingPathComponent(ShardManifest.fileName))
        }
        let merged = try await workspace.merge(["shard-1", "shard-2"])
        #expect(merged.findings == single.findings)
        #expect(SiteBuilderTests.snapshot(workspace.url("merged")) == SiteBuilderTests.snapshot(workspace.url("single")))
    }

    /// Shards are CI artifacts another job made: a file of one swapped for a symlink (to
    /// /etc/passwd) or for other bytes is refused, never published in the merged site.
    @Test func aShardFileSwappedSinceItWasBuiltIsRefused() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("shard-1", packs: .shard(index: 1, count: 2))
        _ = try await workspace.build("shard-2", packs: .shard(index: 2, count: 2))
        let manifest = try ShardManifest.read(shard: workspace.url("shard-1"))
        let thumbnail = try #require(manifest.files.keys.sorted().first { $0.hasSuffix("-160w.webp") })
        let file = workspace.url("shard-1").appendingPathComponent(thumbnail)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/passwd")
        await #expect(throws: PeelError.self) { _ = try await workspace.merge(["shard-1", "shard-2"]) }
        #expect(!FileManager.default.fileExists(atPath: workspace.url("merged").appendingPathComponent(thumbnail).path))

        try FileManager.default.removeItem(at: file)
        try Data("other bytes".utf8).write(to: file)
        await #expect(throws: PeelError.self) { _ = try await workspace.merge(["shard-1", "shard-2"]) }
    }

    /// Damage that keeps a file's size (a flipped byte in a zip, a zeroed thumbnail) is refused by
    /// its SHA-256, which the manifest records for every file; a page cut short or edited is not
    /// published but rendered again; a file gone from the shard, or a manifest cut short, says so.
    @Test func aShardFileWithOtherBytesOfItsSizeIsRefusedAndADamagedPageRenderedAgain() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("single")
        _ = try await workspace.build("shard-1", packs: .shard(index: 1, count: 2))
        _ = try await workspace.build("shard-2", packs: .shard(index: 2, count: 2))
        let manifest = try ShardManifest.read(shard: workspace.url("shard-1"))
        #expect(manifest.files.values.allSatisfy { $0.sha256 != nil }, "every file's hash is recorded")
        func damage(_ path: String, _ change: (inout Data) -> Void) throws -> Data {
            let file = workspace.url("shard-1").appendingPathComponent(path)
            let original = try Data(contentsOf: file)
            var bytes = original
            change(&bytes)
            try FileManager.default.removeItem(at: file)   // not through the hard link into the cache
            try bytes.write(to: file)
            return original
        }
        for suffix in [".zip", "-320w.webp"] {
            let path = try #require(manifest.files.keys.sorted().first { $0.hasSuffix(suffix) })
            let original = try damage(path) { $0[$0.count / 2] ^= 0x01 }
            await #expect(throws: PeelError.shards(path: workspace.url("shard-1").appendingPathComponent(path).path,
                                                   reason: "is not the file its build wrote (a symlink, or other bytes than peel-shard.json records); build it again")) {
                _ = try await workspace.merge(["shard-1", "shard-2"])
            }
            try FileManager.default.removeItem(at: workspace.url("shard-1").appendingPathComponent(path))
            await #expect(throws: PeelError.shards(path: workspace.url("shard-1").appendingPathComponent(path).path,
                                                   reason: "is missing from its shard, whose peel-shard.json lists it; keep every file of the shard's folder (or build it again)")) {
                _ = try await workspace.merge(["shard-1", "shard-2"])
            }
            try original.write(to: workspace.url("shard-1").appendingPathComponent(path))
        }
        let page = try #require(manifest.files.keys.sorted().first { $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 3 })
        _ = try damage(page) { $0 = $0.prefix(200) }
        _ = try await workspace.merge(["shard-1", "shard-2"])
        #expect(SiteBuilderTests.snapshot(workspace.url("merged")) == SiteBuilderTests.snapshot(workspace.url("single")))

        let manifestFile = workspace.url("shard-1").appendingPathComponent(ShardManifest.fileName)
        let whole = try Data(contentsOf: manifestFile)
        try whole.prefix(whole.count / 2).write(to: manifestFile)
        await #expect(throws: PeelError.shards(path: manifestFile.path,
                                               reason: "cannot be read as a shard manifest (cut short, or not JSON); copy the shard again, or build it again")) {
            _ = try await workspace.merge(["shard-1", "shard-2"], into: "merged-2")
        }
    }

    @Test func aPackNoShardBuiltIsAnErrorNamingIt() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("a", packs: .slugs(["faces", "animals", "motion", "sundaes"]))
        await #expect(throws: PeelError.shards(path: workspace.content.appendingPathComponent("weather").path,
                                               reason: "no shard built pack 'weather'; give every pack to a shard (peel build --packs or --shard)")) {
            try await workspace.merge(["a"])
        }
        #expect(!workspace.folder.exists("merged"), "nothing is published")
        _ = try await workspace.build("b", packs: .slugs(["faces", "animals"]))
        await #expect(throws: PeelError.shards(path: workspace.content.path,
                                               reason: "no shard built 3 packs: 'weather', 'motion', 'sundaes'; give every pack to a shard (peel build --packs or --shard)")) {
            try await workspace.merge(["b"])
        }
    }

    @Test func aShardOlderThanTheContentIsRefusedNamingWhatChanged() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("a", packs: .slugs(["faces", "animals"]))
        _ = try await workspace.build("b", packs: .slugs(["motion", "weather", "sundaes"]))
        _ = try await workspace.merge(["a", "b"], into: "before")
        func refusal() async throws -> String {
            do {
                _ = try await workspace.merge(["a", "b"])
                Issue.record("a stale shard was merged")
                return ""
            } catch let error as PeelError {
                return error.description
            }
        }
        // A sticker added after the shards were built: its image is in no shard.
        try workspace.folder.copy(workspace.content.appendingPathComponent("faces/cool.png"), to: "content/faces/new.png")
        try workspace.folder.write("---\nalt: A new face\n---\n", to: "content/faces/new.md")
        #expect(try await refusal().contains("a/peel-shard.json: error: this shard is older than the content (faces/new.md was added since it was built); build it again"))
        try FileManager.default.removeItem(at: workspace.content.appendingPathComponent("faces/new.png"))
        try FileManager.default.removeItem(at: workspace.content.appendingPathComponent("faces/new.md"))
        // A label edited: the shard's zip has the old one.
        let label = workspace.content.appendingPathComponent("weather/pack.md")
        let original = try Data(contentsOf: label)
        try (String(decoding: original, as: UTF8.self) + "\nMore words.\n").write(to: label, atomically: true, encoding: .utf8)
        #expect(try await refusal().contains("b/peel-shard.json: error: this shard is older than the content (weather/pack.md changed since it was built)"))
        try original.write(to: label)
        #expect(!workspace.folder.exists("merged"), "nothing was published")
        // The content as the shards saw it: merged as before.
        _ = try await workspace.merge(["a", "b"])
        #expect(SiteBuilderTests.snapshot(workspace.url("merged")) == SiteBuilderTests.snapshot(workspace.url("before")))
    }

    /// A sticker linked from another pack, and a pack folder that is a link, are inputs of their
    /// shard like any file: a shard built before the linked image or a label behind the link
    /// changed was merged, with the old image and a zip with the old label.
    @Test func symlinkedStickersAndPackFoldersAreInputsOfTheirShard() async throws {
        let workspace = try Workspace()
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: workspace.content.appendingPathComponent("weather/cool-again.png").path,
                                       withDestinationPath: "../faces/cool.png")
        try workspace.folder.write("---\nalt: Cool once more\n---\n", to: "content/weather/cool-again.md")
        try manager.moveItem(at: workspace.content.appendingPathComponent("animals"), to: workspace.content.appendingPathComponent(".animals-art"))
        try manager.createSymbolicLink(atPath: workspace.content.appendingPathComponent("animals").path, withDestinationPath: ".animals-art")
        _ = try await workspace.build("a", packs: .slugs(["faces", "animals"]))
        _ = try await workspace.build("b", packs: .slugs(["motion", "weather", "sundaes"]))
        let inputs = try ShardManifest.read(shard: workspace.url("a")).inputs
        #expect(inputs["animals/cat.md"] != nil && inputs["animals/cat.png"] != nil, "\(inputs.keys.sorted().prefix(8))")
        #expect(try ShardManifest.read(shard: workspace.url("b")).inputs["weather/cool-again.png"] != nil)
        _ = try await workspace.merge(["a", "b"])

        try manager.removeItem(at: workspace.content.appendingPathComponent("faces/cool.png"))
        try workspace.folder.copy(workspace.content.appendingPathComponent("faces/party.png"), to: "content/faces/cool.png")
        await #expect(throws: PeelError.self) { _ = try await workspace.merge(["a", "b"], into: "merged-2") }
        _ = try await workspace.build("a", packs: .slugs(["faces", "animals"]))
        await #expect(throws: PeelError.shards(path: workspace.url("b").appendingPathComponent(ShardManifest.fileName).path,
                                               reason: "this shard is older than the content (weather/cool-again.png changed since it was built); build it again")) {
            _ = try await workspace.merge(["a", "b"], into: "merged-2")
        }
        try workspace.folder.write("---\nalt: A different cat\n---\n", to: "content/.animals-art/cat.md")
        await #expect(throws: PeelError.self) { _ = try await workspace.merge(["a", "b"], into: "merged-3") }
    }

    /// A pack's icon art can live outside its folder (another pack's, a hidden one): it is an input
    /// of the shard that makes the icon set, and the merge published the old set when it changed.
    @Test func iconArtOutsideThePackFolderIsAnInputOfItsShard() async throws {
        let workspace = try Workspace()
        try workspace.folder.copy(workspace.content.appendingPathComponent("animals/icon.png"), to: "content/.art/faces-icon.png")
        let pack = workspace.content.appendingPathComponent("faces/pack.md")
        try String(contentsOf: pack, encoding: .utf8).replacingOccurrences(of: "\ntitle:", with: "\nicon: ../.art/faces-icon.png\ntitle:")
            .write(to: pack, atomically: true, encoding: .utf8)
        _ = try await workspace.build("a", packs: .slugs(["faces"]))
        _ = try await workspace.build("b", packs: .slugs(["animals", "motion", "weather", "sundaes"]))
        _ = try await workspace.merge(["a", "b"], into: "before")
        try Data(contentsOf: workspace.content.appendingPathComponent("faces/cool.png"))
            .write(to: workspace.content.appendingPathComponent(".art/faces-icon.png"))
        do {
            _ = try await workspace.merge(["a", "b"])
            Issue.record("a shard with an old icon set was merged")
        } catch let error as PeelError {
            #expect(error.description.contains("a/peel-shard.json: error: this shard is older than the content (.art/faces-icon.png changed since it was built)"),
                    "\(error.description)")
        }
    }

    /// A shard's manifest recorded the hash of every file it encoded but of none it linked from
    /// the cache: the same shard made two artifacts, warm or cold.
    @Test func aShardsManifestIsTheSameWithAColdOrAWarmCache() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("s", packs: .shard(index: 1, count: 2))
        let cold = try Data(contentsOf: workspace.url("s/\(ShardManifest.fileName)"))
        try FileManager.default.removeItem(at: workspace.url("s"))
        _ = try await workspace.build("s", packs: .shard(index: 1, count: 2))
        let warm = try Data(contentsOf: workspace.url("s/\(ShardManifest.fileName)"))
        #expect(cold == warm)
    }

    @Test func aShardGivenTwiceIsSaidSo() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("a", packs: .slugs(["faces", "animals"]))
        await #expect { try await workspace.merge(["a", "a"]) } throws: { error in
            "\(error)".contains("this shard is given twice")
        }
    }

    @Test func aPackInTwoShardsIsAnError() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("a", packs: .slugs(["faces", "animals"]))
        _ = try await workspace.build("b", packs: .slugs(["faces", "motion", "weather"]))
        await #expect(throws: PeelError.self) { try await workspace.merge(["a", "b"]) }
    }

    @Test func aShardBuiltWithOtherOptionsIsRefused() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("a", packs: .shard(index: 1, count: 2))
        _ = try await workspace.build("b", packs: .shard(index: 2, count: 2), maxPixels: 20_000_000)
        do {
            _ = try await workspace.merge(["a", "b"])
            Issue.record("a shard of other options was merged")
        } catch let error as PeelError {
            #expect(error.description.contains("b/peel-shard.json: error: this shard does not fit the merge: it was built with --max-pixels 20000000, the merge with --max-pixels \(ImageAnalyzer.defaultMaxPixels); build every shard and the merge with the same ones"),
                    "names the option that differs: \(error.description)")
        }
    }

    /// The rules' version is part of what a site is built with: a Peel whose rules find something
    /// else is not "Up to date" with the old findings, and its shards do not merge with older ones.
    @Test func theRulesVersionIsPartOfWhatASiteIsBuiltWith() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("a", packs: .shard(index: 1, count: 2))
        let manifest = try String(contentsOf: workspace.url("a/peel-shard.json"), encoding: .utf8)
        #expect(manifest.contains("rules=\(Checker.rulesVersion)"), "\(manifest.prefix(400))")
    }

    @Test func aFolderThatIsNoShardIsAnErrorNamingIt() async throws {
        let workspace = try Workspace()
        _ = try await workspace.build("single")
        do {
            _ = try await workspace.merge(["single"])
            Issue.record("a whole site was taken for a shard")
        } catch let error as PeelError {
            #expect(error.description.hasPrefix(workspace.url("single/peel-shard.json").path + ": error: no shard manifest here"))
        }
    }

    @Test func anUnknownPackSlugIsAnError() async throws {
        let workspace = try Workspace()
        await #expect(throws: PeelError.shards(path: "--packs", reason: "the catalog has no pack 'nope'; name a pack by its folder or its slug (its packs: faces, weather, motion, animals, sundaes)")) {
            try await workspace.build("a", packs: .slugs(["faces", "nope"]))
        }
    }

    @Test func shardsSplitThePacksInCatalogOrder() throws {
        #expect(PackSelection.parsing(shard: "2/3") == .shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", "-1/2"] { #expect(PackSelection.parsing(shard: bad) == nil, "\(bad)") }
        var catalog = Catalog(site: SiteInfo(), packs: [])
        catalog.packs = (0..<5).map { Pack(slug: "p\($0)", folder: "p\($0)", title: "P\($0)") }
        #expect(try PackSelection.shard(index: 2, count: 2).apply(to: catalog).packs.map(\.slug) == ["p1", "p3"])
        #expect(try PackSelection.shard(index: 1, count: 2).apply(to: catalog).packs.map(\.slug) == ["p0", "p2", "p4"])
    }

    /// `--packs` takes what the user sees in the content folder: the folder name, completed by the
    /// shell with its slash, typed in the other Unicode normalization than the file system's.
    @Test func packsAreNamedByFolderOrSlug() throws {
        var catalog = Catalog(site: SiteInfo(), packs: [])
        catalog.packs = [Pack(slug: "ete", folder: "E\u{301}te\u{301}", title: "Été"), Pack(slug: "my-faces", folder: "My Faces", title: "F"),
                         Pack(slug: "z", folder: "z", title: "Z")]
        #expect(try PackSelection.slugs(["\u{C9}t\u{E9}"]).apply(to: catalog).packs.map(\.slug) == ["ete"])
        #expect(try PackSelection.slugs(["My Faces/", "ete"]).apply(to: catalog).packs.map(\.slug) == ["ete", "my-faces"])
        #expect(throws: PeelError.shards(path: "--packs", reason: "the catalog has no pack 'faces'; name a pack by its folder or its slug (its packs: ete, my-faces, z)")) {
            try PackSelection.slugs(["faces"]).apply(to: catalog)
        }
    }

    /// `Happy Cats` (slug `happy-cats`) beside a folder `happy-cats` (slug `happy-cats-2`):
    /// `--packs happy-cats` took both packs, and so did the site's Telegram download of the first.
    /// A name that is one pack's slug and another's folder is an error saying so, and naming the
    /// way to each: the first's folder, the second's slug.
    @Test func aNameThatIsOnePacksSlugAndAnothersFolderIsAnError() throws {
        var catalog = Catalog(site: SiteInfo(), packs: [])
        catalog.packs = [Pack(slug: "happy-cats", folder: "Happy Cats", title: "A"), Pack(slug: "happy-cats-2", folder: "happy-cats", title: "B")]
        let message = "'happy-cats' is the slug of the pack in the folder 'Happy Cats' and the folder of the pack 'happy-cats-2'; name the first by its folder ('Happy Cats') or the second by its slug (happy-cats-2)"
        #expect(throws: PeelError.shards(path: "--packs", reason: message)) { try PackSelection.slugs(["happy-cats"]).apply(to: catalog) }
        #expect(try PackSelection.slugs(["happy-cats-2"]).apply(to: catalog).packs.map(\.folder) == ["happy-cats"])
        #expect(try PackSelection.slugs(["Happy Cats/"]).apply(to: catalog).packs.map(\.slug) == ["happy-cats"])
    }
}
