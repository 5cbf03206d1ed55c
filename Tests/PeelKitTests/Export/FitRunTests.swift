import Foundation
import Testing
@testable import PeelKit

/// `peel fit`'s decisions, made in the library: what is fitted and written, what fits already,
/// and what is refused, and why.
@Suite struct FitRunTests {
    private func item(_ folder: TemporaryFolder, _ name: String, _ size: SizeClass) -> FitPlan.Item {
        FitPlan.Item(input: folder.url.appendingPathComponent("in/\(name)"), relativePath: "p/\(name)", sizeClass: size)
    }

    @Test func eachStickerIsFittedFoundToFitOrRefusedForItsReason() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "in/big.png")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "in/cat.png")
        try folder.write(try PNGCodec.encode(RGBAImage(width: 200, height: 200, pixels: [UInt8](repeating: 255, count: 200 * 200 * 4))), to: "in/tiny.png")
        try folder.write("not an image", to: "in/broken.png")
        // big.gif's result is p/big.png too, where big.png's was just written.
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "in/big.gif")
        let items = [item(folder, "big.png", .small), item(folder, "cat.png", .large), item(folder, "tiny.png", .small),
                     item(folder, "broken.png", .small), item(folder, "big.gif", .small)]
        let output = folder.url.appendingPathComponent("out")
        var seen: [String] = []
        let finished = FitRun(output: output, inPlace: false).run(items) { item, outcome in
            let name = item.input.lastPathComponent
            switch outcome {
            case .fitted(let report, let written): seen.append("\(name) fitted \(report.afterSize.width) \(written.lastPathComponent)")
            case .alreadyFits: seen.append("\(name) fits")
            case .refused(.underMinimumSide(let width, _)): seen.append("\(name) under \(width)")
            case .refused(.unreadable): seen.append("\(name) unreadable")
            case .refused(.samePathAs(let first, _)): seen.append("\(name) same as \(first.input.lastPathComponent)")
            case .refused(let other): seen.append("\(name) \(other)")
            }
        }
        #expect(finished)
        #expect(seen == ["big.png fitted 300 big.png", "cat.png fits", "tiny.png under 200", "broken.png unreadable", "big.gif same as big.png"], "\(seen)")
        #expect(folder.exists("out/p/big.png") && folder.exists("out/\(FitRecord.fileName)"))
        // Art under the minimum side does not fit Messages, whatever its bytes.
        let tiny = try StickerFitter(sizeClass: .small).fit(try Fixtures.data(folder.url.appendingPathComponent("in/tiny.png"))).report
        #expect(tiny.isUnderMinimumSide && !tiny.fits)
    }

    /// A PNG keeps its name as written (`IMG_0042.PNG`), so putting the result back under the same
    /// name replaces the original on any file system; a GIF's or JPEG's result is a `.png`.
    @Test func aFittedPNGKeepsItsNameAsWritten() {
        func path(_ name: String) -> String {
            FitPlan.outputPath(for: FitPlan.Item(input: URL(fileURLWithPath: "/in/\(name)"), relativePath: "art/\(name)", sizeClass: .regular))
        }
        #expect(path("IMG_0042.PNG") == "art/IMG_0042.PNG")
        #expect(path("sun.Png") == "art/sun.Png")
        #expect(path("sun.png") == "art/sun.png")
        #expect(path("photo.JPG") == "art/photo.png" && path("wave.gif") == "art/wave.png")
    }

    /// In place, a GIF's result (a PNG) cannot replace it; a stop asked for ends the run before the next sticker.
    @Test func inPlaceRefusesAFormatChangeAndAStopEndsTheRun() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "in/big.gif")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "in/other.png")
        var refusals: [String] = []
        let run = FitRun(output: folder.url.appendingPathComponent("unused"), inPlace: true)
        run.run([item(folder, "big.gif", .small)]) { _, outcome in
            if case .refused(.cannotReplaceInPlace(let isPNG)) = outcome { refusals.append("png \(isPNG)") }
        }
        #expect(refusals == ["png true"], "a PNG named .gif: its name is what cannot stay")
        var calls = 0
        let finished = run.run([item(folder, "other.png", .small)], shouldStop: { true }) { _, _ in calls += 1 }
        #expect(!finished && calls == 0)
    }
}
