import Foundation
import Testing
@testable import PeelKit

/// The art checks' pipeline: findings on generated art, the cache by content hash, and when they run.
@Suite struct ArtCheckTests {
    /// Counts the images it is shown: proves what the cache spares.
    final class SpyInspector: ArtInspector, @unchecked Sendable {
        let name = "spy"
        let version = 1
        private let lock = NSLock()
        private var seen: [Int] = []

        var count: Int { lock.lock(); defer { lock.unlock() }; return seen.count }

        func inspect(_ frames: ArtFrames, into facts: inout ArtFacts) throws {
            lock.lock()
            seen.append(frames.all.count)
            lock.unlock()
        }
    }

    /// A pack of generated art: a near-black bat, a white cloud, an outlined yellow face, black
    /// line art, and a copy of the face (the same bytes as another sticker).
    static func catalog(in folder: TemporaryFolder, siteMD: String = "---\ntitle: Art\n---\n") throws -> URL {
        try folder.write(siteMD, to: "content/site.md")
        try folder.write("---\ntitle: Sky\nsize: small\n---\n", to: "content/sky/pack.md")
        let art: [(String, RGBAImage, String)] = [
            ("bat", TestArt.nearBlackBat(), "A bat flying"),
            ("cloud", TestArt.whiteCloud(), "A fluffy cloud"),
            ("face", TestArt.outlinedFace(), "A smiling face"),
            ("lines", TestArt.lineArt(TestArt.black), "A crossed circle"),
            ("face-again", TestArt.outlinedFace(), "The same smiling face"),
        ]
        for (name, image, label) in art {
            try folder.write(try PNGCodec.encode(image), to: "content/sky/\(name).png")
            try folder.write("---\nalt: \(label)\n---\n", to: "content/sky/\(name).md")
        }
        return folder.url.appendingPathComponent("content")
    }

    static func checks(cache: URL?, spy: SpyInspector) -> ArtChecks {
        var checks = ArtChecks(cacheFolder: cache)
        checks.inspectors = ArtChecks.standardInspectors + [spy]
        return checks
    }

    static func art(_ findings: [Finding]) -> [String] {
        findings.filter { ArtChecks.codes.contains($0.code) && !$0.suppressed }.map { "\($0.file) \($0.code.rawValue)" }.sorted()
    }

    @Test func vanishingArtIsReportedAndOutlinedArtIsNot() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let review = try await Review.make(content: content, art: ArtChecks(cacheFolder: nil))
        #expect(Self.art(review.findings) == ["sky/bat.png vanishes-on-dark", "sky/cloud.png vanishes-on-light", "sky/lines.png vanishes-on-dark"])
        let bat = try #require(review.findings.first { $0.code == .vanishesOnDark && $0.file == "sky/bat.png" })
        #expect(bat.severity == .warning)
        #expect(bat.line == nil && bat.sticker == "sky/bat.png", "about the image file")
        #expect(bat.message.hasPrefix("most of this sticker's outline disappears on the dark transcript (visible shape "))
        #expect(bat.message.contains(" % of the real one); give it a light outline or fill that traces its shape"), "\(bat.message)")
        let share = try #require(review.artFacts["sky/bat.png"]?.visibility?.dark)
        #expect(bat.message.contains("visible shape \(Int((share * 100).rounded())) %"))
        let page = try #require(review.findings.first { $0.code == .vanishesOnLight })
        #expect(page.message.hasPrefix("most of this sticker's outline disappears on the light transcript"))
    }

    @Test func withoutArtChecksNoArtIsInspected() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let review = try await Review.make(content: content)
        #expect(Self.art(review.findings).isEmpty)
        #expect(review.artFacts.isEmpty)
    }

    @Test func eachArtIsInspectedOnceAndAChangedImageAgain() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let cache = folder.url.appendingPathComponent(".peel-cache/art-checks")
        let spy = SpyInspector()
        let first = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        #expect(spy.count == 4, "five stickers, four distinct images")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") && $0 != "index.json" }
        #expect(entries.count == 4)
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("index.json").path))
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("CACHEDIR.TAG").path))

        let second = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        #expect(spy.count == 4, "a warm run inspects nothing")
        #expect(second.findings == first.findings)
        #expect(second.artFacts == first.artFacts)

        try folder.write(try PNGCodec.encode(TestArt.outlinedFace()), to: "content/sky/bat.png")
        let third = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        #expect(spy.count == 4, "the bat is now the face's bytes, already inspected")
        #expect(!Self.art(third.findings).contains("sky/bat.png vanishes-on-dark"))
        try folder.write(try PNGCodec.encode(TestArt.whiteCloud(size: 320)), to: "content/sky/bat.png")
        let fourth = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        #expect(spy.count == 5, "new bytes are inspected, and only they")
        #expect(Self.art(fourth.findings).contains("sky/bat.png vanishes-on-light"))
    }

    @Test func aLabelEditRechecksThatStickerWithoutInspectingItsArt() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let cache = folder.url.appendingPathComponent("art-cache")
        let spy = SpyInspector()
        _ = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        try folder.write("---\nalt: A bat flying at night\nignore: [vanishes-on-dark]\n---\n", to: "content/sky/bat.md")
        let edited = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        #expect(spy.count == 4, "the art did not change")
        let bat = try #require(edited.findings.first { $0.code == .vanishesOnDark && $0.file == "sky/bat.png" })
        #expect(bat.suppressed, "the sidecar's new ignore list is applied to the cached facts")
        #expect(Self.art(edited.findings) == ["sky/cloud.png vanishes-on-light", "sky/lines.png vanishes-on-dark"])
    }

    @Test func aCorruptCacheEntryIsInspectedAgain() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let cache = folder.url.appendingPathComponent("art-cache")
        let spy = SpyInspector()
        let first = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") && $0 != "index.json" }.sorted()
        #expect(entries.count == 4)
        // A damaged index alone: the entries still serve, nothing is inspected.
        try Data("{\"0\": [".utf8).write(to: cache.appendingPathComponent("index.json"))
        let indexLost = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        #expect(spy.count == 4)
        #expect(indexLost.findings == first.findings)
        // Damaged entries and index: those entries are inspected again.
        try Data("{\"sampledFrames\": 1, \"visibility\": {\"li".utf8).write(to: cache.appendingPathComponent(entries[0]))
        try Data().write(to: cache.appendingPathComponent(entries[1]))
        try Data().write(to: cache.appendingPathComponent("index.json"))
        let second = try await Review.make(content: content, art: Self.checks(cache: cache, spy: spy))
        #expect(spy.count == 6, "the two damaged entries are inspected again")
        #expect(second.findings == first.findings)
        let repaired = try JSONDecoder().decode(ArtFacts.self, from: Data(contentsOf: cache.appendingPathComponent(entries[0])))
        #expect(first.artFacts.values.contains(repaired))
    }

    @Test func aCacheFolderThatIsNotPeelsIsRefused() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        try folder.write("my notes", to: "mine/notes.txt")
        await #expect(throws: PeelError.self) {
            _ = try await Review.make(content: content, art: ArtChecks(cacheFolder: folder.url.appendingPathComponent("mine")))
        }
        await #expect(throws: PeelError.self) {
            _ = try await Review.make(content: content, art: ArtChecks(cacheFolder: content.appendingPathComponent("sky")))
        }
        #expect(try folder.read("mine/notes.txt") == "my notes")
    }

    @Test func anAnimationIsJudgedOnItsWorstSampledFrame() throws {
        let face = TestArt.outlinedFace(size: 64), bat = TestArt.nearBlackBat(size: 64)
        let frames = (0..<8).map { DecodedImage.Frame(image: $0 == 4 ? bat : face, delay: 0.1) }
        let sampled = ArtFrames(DecodedImage(frames: frames, loopCount: 0))
        #expect(sampled.all.count == 4)
        #expect(sampled.all[0] == face && sampled.all[2] == bat, "frames 0, 2, 4 and 6: a quarter of the loop apart")
        var facts = ArtFacts(sampledFrames: sampled.all.count)
        try VisibilityInspector().inspect(sampled, into: &facts)
        let worst = try #require(facts.visibility)
        #expect(worst.vanishes(on: .dark), "the poster reads, but a quarter of the loop is a near-black bat")
        #expect(try #require(ShapeVisibility.measure(face)).vanishes(on: .dark) == false)
        let uneven = ArtFrames(DecodedImage(frames: [.init(image: face, delay: 3), .init(image: bat, delay: 0.5), .init(image: face, delay: 0.5)]))
        #expect(uneven.all == [face, bat], "time decides: the samples at 1 s and 2 s of 4 fall in the 3 s poster, the one at 3 s in the bat")
    }

    @Test func aWorkerPoolMakesResourcesLazilyAndReusesThem() throws {
        let pool = WorkerPool<Int> { 42 }
        #expect(pool.made == 0)
        for _ in 0..<5 { #expect(try pool.with { $0 } == 42) }
        #expect(pool.made == 1, "one at a time needs one")
    }

    // MARK: - peel build

    @Test func aPlainBuildDoesNoArtWork() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let output = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: content, output: output)).build()
        #expect(Self.art(report.findings).isEmpty)
        #expect(!folder.exists(".peel-cache/site/art-checks"))
        #expect(!folder.exists(".peel-cache/art-checks"))
        #expect(try !folder.read("site/sky/bat/index.html").contains("swatch-warning"))
        #expect(try !folder.read("site/review/index.html").contains("vanishes-on-dark"))
        #expect(try folder.read("site/sky/bat/index.html").contains("art-light"), "the light card needs no art checks")
        // "Clean" without the art checks says what it does not cover.
        #expect(try folder.read("site/review/index.html").contains("The art checks did not run, so “Clean” is about the labels"))
    }

    @Test func aSiteThatAsksForArtChecksShowsTheirFindings() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder, siteMD: "---\ntitle: Art\nart_checks: true\n---\n")
        let output = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: content, output: output)).build()
        #expect(Self.art(report.findings) == ["sky/bat.png vanishes-on-dark", "sky/cloud.png vanishes-on-light", "sky/lines.png vanishes-on-dark"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(".peel-cache/site/art-checks").path)
            .filter { $0.hasSuffix(".json") && $0 != "index.json" }.count == 4, "cached in the build's own cache")
        let bat = try folder.read("site/sky/bat/index.html")
        #expect(bat.contains("<span class=\"swatch-warning\"><span aria-hidden=\"true\">⚠ </span>Shape vanishes here: "))
        let black = try #require(bat.range(of: "swatch bg-black"))
        let marker = try #require(bat.range(of: "<span class=\"swatch-warning\">"))
        #expect(marker.lowerBound > black.upperBound && bat[black.upperBound..<marker.lowerBound].count < 600, "in the black swatch")
        #expect(bat.contains("vanishes-on-dark"), "listed with the sticker's findings")
        let cloud = try folder.read("site/sky/cloud/index.html")
        let white = try #require(cloud.range(of: "swatch bg-white"))
        let cloudMarker = try #require(cloud.range(of: "<span class=\"swatch-warning\">"))
        #expect(cloudMarker.lowerBound > white.upperBound && cloudMarker.upperBound < (cloud.range(of: "swatch bg-black")?.lowerBound ?? cloud.startIndex))
        #expect(try !folder.read("site/sky/face/index.html").contains("swatch-warning"))
        #expect(try folder.read("site/review/index.html").contains("vanishes-on-light"))
        #expect(try !folder.read("site/review/index.html").contains("The art checks did not run"))

        let flagged = try await SiteBuilder(options: BuildOptions(content: content, output: output)).build()
        #expect(flagged.upToDate && flagged.findings == report.findings, "a no-op rebuild keeps the art findings")
    }

    @Test func theArtChecksFlagTurnsThemOnForOneBuild() async throws {
        let folder = try TemporaryFolder()
        let content = try Self.catalog(in: folder)
        let output = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: content, output: output, artChecks: true)).build()
        #expect(Self.art(report.findings).count == 3)
        let checkedCSV = try folder.read("site/review/labels.csv")
        #expect(checkedCSV.contains(",clean,") && !checkedCSV.contains("art not checked"), "\(checkedCSV)")
        let plain = try await SiteBuilder(options: BuildOptions(content: content, output: output)).build()
        #expect(Self.art(plain.findings).isEmpty, "without the flag the next build is plain again")
        #expect(try !folder.read("site/sky/bat/index.html").contains("swatch-warning"))
        // labels.csv says what the review page says: "clean" is about the labels alone then.
        let plainCSV = try folder.read("site/review/labels.csv")
        #expect(plainCSV.contains(",clean (art not checked),") && !plainCSV.contains(",clean,"), "\(plainCSV)")
    }
}

extension ArtCheckTests {
    /// An animation bright on its first frame and near-black after: the art checks warn that it
    /// vanishes on the dark transcript (the worst of its sampled frames), and its card is light in
    /// dark mode to match; it was measured on the first frame alone, and stayed dark.
    @Test func anAnimationThatDarkensAfterItsFirstFrameGetsTheLightCardItsWarningAsksFor() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Art\nart_checks: true\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Night\nsize: small\n---\n", to: "content/night/pack.md")
        let bright = FlashMeterTests.frame((250, 250, 250)), dark = FlashMeterTests.frame((12, 12, 12))
        let frames = [bright, dark, dark, dark].map { DecodedImage.Frame(image: $0, delay: 0.5) }
        try folder.write(try APNGEncoder.encode(frames, loopCount: 0, palette: nil), to: "content/night/fade.png")
        try folder.write("---\nalt: Square fading to black\n---\n", to: "content/night/fade.md")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        #expect(report.findings.contains { $0.code == .vanishesOnDark && $0.file == "night/fade.png" })
        #expect(try folder.read("site/night/index.html").contains("class=\"sticker-art art-card art-light\""))
        // Without the art checks too: the image step measures the frames they would sample.
        try folder.write("---\ntitle: Art\n---\n", to: "content/site.md")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                        output: folder.url.appendingPathComponent("plain"))).build()
        #expect(try folder.read("plain/night/index.html").contains("class=\"sticker-art art-card art-light\""))
    }

    /// A sticker fading in from transparent was "visible shape 0 %" on both transcripts (its first
    /// frame), with the advice to add the outline it had; the same art as a still had no finding.
    @Test func aFadeInIsNotArtThatVanishes() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Art\nart_checks: true\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Night\nsize: small\n---\n", to: "content/night/pack.md")
        // An orange square with a black border, as a tester drew it.
        let side = 204
        let square = RGBAImage(width: side, height: side, pixels: (0..<(side * side)).flatMap { index -> [UInt8] in
            let (x, y) = (index % side, index / side)
            guard (30..<174).contains(x), (30..<174).contains(y) else { return [0, 0, 0, 0] }
            return x < 36 || x >= 168 || y < 36 || y >= 168 ? [0, 0, 0, 255] : [255, 120, 0, 255]
        })
        let frames = [0.04, 0.28, 0.28, 0.28, 1, 1].map { opacity in
            var image = square
            for index in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[index] = UInt8(Double(image.pixels[index]) * opacity) }
            return DecodedImage.Frame(image: image, delay: 0.5)
        }
        try folder.write(try APNGEncoder.encode(frames, loopCount: 0, palette: nil), to: "content/night/fade-in.png")
        try folder.write("---\nalt: A smiling face fading in\n---\n", to: "content/night/fade-in.md")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"),
                                                                 output: folder.url.appendingPathComponent("site"))).build()
        #expect(Self.art(report.findings).isEmpty, "\(report.findings.map(\.formatted))")
        // Measured on its faint second frame alone (28 %), it vanishes: the rule is what changed.
        let faint = try #require(ShapeVisibility.measure(frames[1].image))
        #expect(faint.vanishes(on: .light) || faint.vanishes(on: .dark))
    }
}
