import Foundation
import Testing
@testable import PeelKit

/// How much of a sticker's shape stays visible on the light and dark transcripts, on art the tests paint.
@Suite struct ShapeVisibilityTests {
    /// The word-parallel hole filling against a cell-by-cell flood fill from the same corner, on
    /// random walls (mazes with pockets reachable only by going up and down again, and rows
    /// of one to four words) and on a spiral whose inside is reached the long way round.
    @Test(arguments: [5, 63, 64, 65, 130, 166, 250])
    func holeFillingMatchesAFloodFill(columns: Int) {
        var random = SplitMix(UInt64(columns))
        let rows = 40
        let grid = ShapeVisibility.Grid(columns: columns, rows: rows)
        var masks: [[Bool]] = []
        for density in [0.2, 0.45, 0.6] {
            masks.append((0..<columns * rows).map { index in
                let x = index % columns, y = index / columns
                // The outermost ring stays clear, as the margin keeps it.
                return x > 0 && y > 0 && x < columns - 1 && y < rows - 1 && Double(random.next() % 1000) / 1000 < density
            })
        }
        // A spiral wall with one opening: its inner end is reached only by going round.
        var spiral = [Bool](repeating: false, count: columns * rows)
        var (left, top, right, bottom) = (2, 2, columns - 3, rows - 3)
        while left < right && top < bottom {
            for x in left...right { spiral[top * columns + x] = true }
            for y in top...bottom { spiral[y * columns + right] = true }
            for x in left...right { spiral[bottom * columns + x] = true }
            if top + 2 <= bottom { for y in (top + 2)...bottom { spiral[y * columns + left] = true } }
            (left, top, right, bottom) = (left + 2, top + 2, right - 2, bottom - 2)
        }
        masks.append(spiral)
        for (number, cells) in masks.enumerated() {
            var words = [UInt64](repeating: 0, count: rows * grid.wordsPerRow)
            for (index, set) in cells.enumerated() where set {
                words[index / columns * grid.wordsPerRow + (index % columns) / 64] |= 1 << UInt64(index % columns % 64)
            }
            // Reference: breadth-first from cell 0 through clear cells; what it cannot reach is the shape.
            var reached = [Bool](repeating: false, count: cells.count)
            var queue = [0]
            reached[0] = true
            while let index = queue.popLast() {
                let x = index % columns
                for next in [x > 0 ? index - 1 : -1, x + 1 < columns ? index + 1 : -1, index - columns, index + columns]
                where next >= 0 && next < cells.count && !cells[next] && !reached[next] {
                    reached[next] = true
                    queue.append(next)
                }
            }
            let filled = grid.filled(words)
            var differences = 0
            for index in cells.indices {
                let inShape = filled[index / columns * grid.wordsPerRow + (index % columns) / 64] >> UInt64(index % columns % 64) & 1 != 0
                if inShape == reached[index] { differences += 1 }
            }
            #expect(differences == 0, "mask \(number) at \(columns) columns: \(differences) cells differ")
            #expect(grid.count(filled) == reached.filter { !$0 }.count)
        }
    }

    /// The verdict at its edges: under a quarter of the shape at 3:1 and under half of it faintly
    /// perceptible vanishes; a quarter or half is enough. The measured cases sit near 0 or near 1,
    /// so a threshold of 0.10 went unseen.
    @Test func theVerdictTurnsAtAQuarterVisibleAndHalfFaint() {
        #expect(ShapeVisibility(light: 0.24, dark: 1, faintLight: 0.49, faintDark: 1).vanishes(on: .light))
        #expect(ShapeVisibility(light: 0.15, dark: 1, faintLight: 0.2, faintDark: 1).vanishes(on: .light))
        #expect(!ShapeVisibility(light: 0.25, dark: 1, faintLight: 0.3, faintDark: 1).vanishes(on: .light), "a quarter at 3:1")
        #expect(!ShapeVisibility(light: 0.2, dark: 1, faintLight: 0.5, faintDark: 1).vanishes(on: .light), "half faintly perceptible")
        #expect(ShapeVisibility(light: 1, dark: 0.2, faintLight: 1, faintDark: 0.4).vanishes(on: .dark))
        #expect(!ShapeVisibility(light: 1, dark: 0.2, faintLight: 1, faintDark: 0.4).vanishes(on: .light))
    }

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

    @Test func artWithNothingVisibleHasNoMeasure() {
        #expect(ShapeVisibility.measure(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64))) == nil)
    }

    /// Art with transparency whose filled shape is the whole canvas is judged: it was taken for
    /// opaque art (left to `no-transparency`, which does not report it), so a near-black bat in a
    /// thin frame, or a veil over the canvas, vanished on black unreported.
    @Test func artWithTransparencyFillingTheCanvasIsJudged() throws {
        var veil = TestArt(size: 8)
        veil.paint(TestArt.black, alpha: 100) { _, _ in true }
        let veiled = try #require(ShapeVisibility.measure(veil.image))
        #expect(veiled.vanishes(on: .dark) && !veiled.vanishes(on: .light), "\(veiled)")
        var framed = TestArt(size: 80)
        framed.paint(TestArt.black) { x, y in x < 3 || y < 3 || x >= 77 || y >= 77 }
        framed.disc(TestArt.black, centre: (40, 40), radius: 20)
        let bat = try #require(ShapeVisibility.measure(framed.image))
        #expect(bat.vanishes(on: .dark) && !bat.vanishes(on: .light), "\(bat)")
    }

    /// Art with no pixel half opaque was never measured: 43 % white over white is white, as gone as
    /// its 55 % twin, and a disc at alpha 1 shows nowhere. It is measured on the pixels at least
    /// half as opaque as its most opaque one.
    @Test func translucentArtIsMeasuredOnItsOwnOpacity() throws {
        for alpha: UInt8 in [110, 140] {
            var white = TestArt(size: 60)
            white.paint(TestArt.white, alpha: alpha) { x, y in (x - 30) * (x - 30) + (y - 30) * (y - 30) <= 400 }
            let light = try #require(ShapeVisibility.measure(white.image), "white at \(alpha)")
            #expect(light.vanishes(on: .light) && !light.vanishes(on: .dark), "white at \(alpha): \(light)")
            var black = TestArt(size: 60)
            black.paint(TestArt.black, alpha: alpha) { x, y in (x - 30) * (x - 30) + (y - 30) * (y - 30) <= 400 }
            let dark = try #require(ShapeVisibility.measure(black.image), "black at \(alpha)")
            #expect(dark.vanishes(on: .dark) && !dark.vanishes(on: .light), "black at \(alpha): \(dark)")
        }
        var ghost = TestArt(size: 60)
        ghost.paint(TestArt.black, alpha: 1) { x, y in (x - 30) * (x - 30) + (y - 30) * (y - 30) <= 400 }
        let measure = try #require(ShapeVisibility.measure(ghost.image))
        #expect(measure.vanishes(on: .light) && measure.vanishes(on: .dark), "\(measure)")
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
