import Foundation
import Testing
@testable import PeelKit

@Suite struct DecodedPixelBudgetTests {
    /// A counter of what the bodies hold at once, as the bodies themselves see it.
    final class Holding: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var most = 0
        func change(by bytes: Int) {
            lock.lock()
            now += bytes
            most = max(most, now)
            lock.unlock()
        }
    }

    @Test func reservationsNeverExceedTheBudgetAndALargerOneRunsAlone() {
        let budget = DecodedPixelBudget(bytes: 100)
        let holding = Holding()
        // Eight workers of 40 bytes: at most two at once; then one of 1,000 bytes: alone.
        let sizes = Array(repeating: 40, count: 8) + [1_000] + Array(repeating: 40, count: 8)
        DispatchQueue.concurrentPerform(iterations: sizes.count) { index in
            budget.withReservation(of: sizes[index]) {
                let held = min(sizes[index], 100)
                holding.change(by: held)
                Thread.sleep(forTimeInterval: 0.01)
                holding.change(by: -held)
            }
        }
        #expect(holding.most <= 100, "the bodies never held more than the budget together")
        #expect(budget.peakReserved == 100, "the oversized image took the whole budget, so it ran alone")
    }

    @Test func theEstimateIsAFewCanvasesWhateverTheFrameCount() throws {
        let analyzer = ImageAnalyzer()
        let apng = try Fixtures.data(Fixtures.apng)
        let size = try #require(PNGChunks.declaredSize(in: apng))
        #expect(try #require(PNGChunks.animation(in: apng)).frameCount > 8)
        #expect(analyzer.estimatedWorkingBytes(of: apng) == size.width * size.height * 4 * (4 + ArtFrames.sampledFrames))
        let still = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        let stillSize = try #require(PNGChunks.declaredSize(in: still))
        #expect(analyzer.estimatedWorkingBytes(of: still) == stillSize.width * stillSize.height * 4 * 3)
        let jpeg = try Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/dog.jpg"))
        let decoded = try analyzer.analyze(jpeg).decoded
        #expect(JPEGDecoder.declaredSize(in: jpeg).map { [$0.width, $0.height] } == [decoded.width, decoded.height])
        let gif = try Fixtures.data(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"))
        let gifFrames = try analyzer.analyze(gif).decoded
        // giflib holds every frame's colour indices, a byte a pixel, besides the canvases.
        let indices = try GIFHeader([UInt8](gif)).totalFramePixels
        #expect(indices >= gifFrames.width * gifFrames.height)
        #expect(analyzer.estimatedWorkingBytes(of: gif) == gifFrames.width * gifFrames.height * 4 * (4 + ArtFrames.sampledFrames) + indices)
        #expect(analyzer.estimatedWorkingBytes(of: Data("not an image".utf8)) == 0)
    }
}
