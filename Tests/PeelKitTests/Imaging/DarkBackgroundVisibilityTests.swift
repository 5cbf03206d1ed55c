import Foundation
import Testing
@testable import PeelKit

/// How much of the art vanishes on the dark theme's card, and the light card the site gives it.
@Suite struct DarkBackgroundVisibilityTests {
    /// A square of `size` px: a ring of `line` colour (2 px wide) around `fill` (nil: transparent).
    static func art(size: Int = 40, line: (UInt8, UInt8, UInt8), fill: (UInt8, UInt8, UInt8)?) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let edge = x < 2 || y < 2 || x >= size - 2 || y >= size - 2
                guard let colour = edge ? line : fill else { continue }
                let offset = (y * size + x) * 4
                pixels[offset] = colour.0; pixels[offset + 1] = colour.1; pixels[offset + 2] = colour.2; pixels[offset + 3] = 255
            }
        }
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    @Test func blackLineArtVanishesWhollyAndWhiteArtNotAtAll() {
        #expect(DarkBackgroundVisibility.vanishingShare(of: Self.art(line: (0, 0, 0), fill: nil)) == 1)
        #expect(DarkBackgroundVisibility.vanishingShare(of: Self.art(line: (255, 255, 255), fill: (250, 200, 40))) == 0)
    }

    @Test func thinBlackOutlinesAroundColourStayUnderTheLightCardShare() throws {
        let share = try #require(DarkBackgroundVisibility.vanishingShare(of: Self.art(line: (0, 0, 0), fill: (250, 200, 40))))
        #expect(share == 0.19, "a 2 px ring is 304 of 1,600 pixels")
        #expect(share < DarkBackgroundVisibility.lightCardShare)
    }

    @Test func fullyTransparentArtHasNoShare() {
        #expect(DarkBackgroundVisibility.vanishingShare(of: RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64))) == nil)
    }

    @Test func theSiteGivesBlackLineArtALightCardAndLeavesColourfulArtAlone() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Lines\nsize: small\n---\n", to: "content/lines/pack.md")
        try folder.write(try PNGCodec.encode(Self.art(size: 300, line: (0, 0, 0), fill: nil)), to: "content/lines/outline.png")
        try folder.write("---\nalt: An empty black frame\n---\n", to: "content/lines/outline.md")
        try folder.write(try PNGCodec.encode(Self.art(size: 300, line: (0, 0, 0), fill: (250, 200, 40))), to: "content/lines/sun.png")
        try folder.write("---\nalt: A yellow square\n---\n", to: "content/lines/sun.md")
        let output = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: output)).build()
        let grid = try folder.read("site/lines/index.html")
        let outline = try #require(grid.range(of: "href=\"outline/index.html\"")).upperBound
        let sun = try #require(grid.range(of: "href=\"sun/index.html\"")).upperBound
        #expect(grid[outline..<sun].contains("class=\"sticker-art art-card art-light\""))
        #expect(!grid[sun...].contains("art-light\""))
        #expect(try folder.read("site/lines/outline/index.html").contains("class=\"sticker-preview art-card art-light\""))
        #expect(try folder.read("site/index.html").contains("class=\"art-card art-light\""), "the pack's cover is the outline")
    }
}
