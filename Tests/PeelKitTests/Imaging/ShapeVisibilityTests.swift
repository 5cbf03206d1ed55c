import Foundation
import Testing
@testable import PeelKit

/// How much of a sticker's shape stays visible on the light and dark transcripts, on art the tests paint.
@Suite struct ShapeVisibilityTests {
    @Test func aYellowFaceWithABlackOutlineKeepsItsShapeOnWhiteAndOnBlack() throws {
        let measure = try #require(ShapeVisibility.measure(TestArt.outlinedFace()))
        #expect(measure.light >= 0.95, "the outline encloses the fill: its holes filled, it is the whole face")
        #expect(measure.dark >= 0.85, "the fill is the face less its outline")
        #expect(!measure.vanishes(on: .light))
        #expect(!measure.vanishes(on: .dark))
    }

    @Test func aNearBlackBatVanishesOnTheDarkTranscriptOnly() throws {
        let measure = try #require(ShapeVisibility.measure(TestArt.nearBlackBat()))
        #expect(measure.dark < 0.1, "only its eyes show")
        #expect(measure.vanishes(on: .dark))
        #expect(measure.light >= 0.95)
    }

    @Test func aWhiteCloudVanishesOnTheLightTranscriptOnly() throws {
        let measure = try #require(ShapeVisibility.measure(TestArt.whiteCloud()))
        #expect(measure.light < 0.1, "its pale outline is 1.3:1 against white")
        #expect(measure.vanishes(on: .light))
        #expect(measure.dark >= 0.95)
    }

    @Test func lineArtVanishesOnTheBackgroundOfItsOwnColour() throws {
        let black = try #require(ShapeVisibility.measure(TestArt.lineArt(TestArt.black)))
        #expect(black.light >= 0.95, "a closed 3 px ring carries the whole disc")
        #expect(black.dark == 0)
        let white = try #require(ShapeVisibility.measure(TestArt.lineArt(TestArt.white)))
        #expect(white.light == 0)
        #expect(white.dark >= 0.95)
    }

    @Test func halfTransparentBlackIsCompositedOverEachBackground() throws {
        var art = TestArt(size: 40)
        art.disc(TestArt.black, centre: (20, 20), radius: 15)
        art.paint(TestArt.black, alpha: 160) { x, y in (x - 20) * (x - 20) + (y - 20) * (y - 20) <= 225 }
        let measure = try #require(ShapeVisibility.measure(art.image))
        #expect(measure.light == 1, "black at 63 % over white is a mid grey, 4:1 against white")
        #expect(measure.dark == 0)
    }

    @Test func artWithNothingOpaqueHasNoMeasure() {
        #expect(ShapeVisibility.measure(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64))) == nil)
        var faint = TestArt(size: 8)
        faint.paint(TestArt.black, alpha: 100) { _, _ in true }
        #expect(ShapeVisibility.measure(faint.image) == nil, "under half opacity a pixel barely shows anywhere")
    }

    @Test func opaqueArtHasNoSilhouetteToJudge() {
        var square = TestArt(size: 60)
        square.paint(TestArt.white) { _, _ in true }
        square.disc(TestArt.black, centre: (30, 30), radius: 10)
        #expect(ShapeVisibility.measure(square.image) == nil, "a black dot on a white square reads on white; no-transparency reports the square")
        var framed = TestArt(size: 60)
        framed.paint(TestArt.white) { x, _ in x > 1 }
        #expect(ShapeVisibility.measure(framed.image)?.vanishes(on: .light) == true, "with any transparent part the silhouette is judged")
    }

    @Test func theWorstOfSeveralFramesIsTheLowestShareOnEachBackground() {
        let worst = ShapeVisibility.worst([ShapeVisibility(light: 0.9, dark: 0.2), ShapeVisibility(light: 0.4, dark: 0.8)])
        #expect(worst == ShapeVisibility(light: 0.4, dark: 0.2))
        #expect(ShapeVisibility.worst([]) == nil)
    }

    /// The light card needs no art checks: the image step measures the poster of every sticker.
    @Test func theSiteGivesArtThatVanishesOnDarkALightCard() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Night\nsize: small\n---\n", to: "content/night/pack.md")
        try folder.write(try PNGCodec.encode(TestArt.nearBlackBat()), to: "content/night/bat.png")
        try folder.write("---\nalt: A bat\n---\n", to: "content/night/bat.md")
        try folder.write(try PNGCodec.encode(TestArt.outlinedFace()), to: "content/night/face.png")
        try folder.write("---\nalt: A smiling face\n---\n", to: "content/night/face.md")
        let output = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: output)).build()
        let grid = try folder.read("site/night/index.html")
        let bat = try #require(grid.range(of: "href=\"bat/index.html\"")).upperBound
        let face = try #require(grid.range(of: "href=\"face/index.html\"")).upperBound
        #expect(grid[bat..<face].contains("class=\"sticker-art art-card art-light\""))
        #expect(!grid[face...].contains("art-light\""))
        #expect(try folder.read("site/night/bat/index.html").contains("class=\"sticker-preview art-card art-light\""))
        #expect(try folder.read("site/index.html").contains("class=\"art-card art-light\""), "the pack's cover is the bat")
        #expect(!report.findings.contains { $0.code == .vanishesOnDark }, "the warning is the art checks' (ArtCheckTests)")
    }
}
