import Foundation
import Testing
@testable import PeelKit

/// APNGEncoder writes each frame after the first as the rectangle that changed, and every reader
/// composes them back into exactly the source frames.
@Suite struct APNGEncoderTests {
    /// A 64 × 48 canvas with a square moving right and a still corner mark; frame 3 repeats frame 2.
    private func frames() -> [DecodedImage.Frame] {
        let positions = [4, 12, 20, 20, 36, 44]
        return positions.map { left in
            var pixels = [UInt8](repeating: 0, count: 64 * 48 * 4)
            for y in 0..<48 {
                for x in 0..<64 {
                    let offset = (y * 64 + x) * 4
                    if x >= left && x < left + 10 && y >= 20 && y < 30 { pixels.replaceSubrange(offset..<offset + 4, with: [255, UInt8(left * 4), 0, 255]) }
                    if x < 3 && y < 3 { pixels.replaceSubrange(offset..<offset + 4, with: [0, 0, 200, 128]) }
                }
            }
            return DecodedImage.Frame(image: RGBAImage(width: 64, height: 48, pixels: pixels), delay: 0.1)
        }
    }

    /// Each fcTL's (width, height, x, y).
    private func rects(_ data: Data) throws -> [[Int]] {
        try PNGChunk.read([UInt8](data)).filter { $0.type == "fcTL" }.map { chunk in
            stride(from: 4, to: 20, by: 4).map { Int(UInt32(bigEndianBytes: chunk.data[$0..<($0 + 4)])) }
        }
    }

    @Test func laterFramesAreTheChangedRectangleAndDecodeExactly() throws {
        let source = frames()
        let data = try APNGEncoder.encode(source, loopCount: 0, palette: nil)
        let decoded = try ImageAnalyzer().analyze(data).decoded
        #expect(decoded.frames.map(\.image) == source.map(\.image))
        let rects = try rects(data)
        #expect(rects[0] == [64, 48, 0, 0], "the first frame is the whole canvas")
        #expect(rects[1] == [18, 10, 4, 20], "the square's old and new places: x 4–21, y 20–29")
        #expect(rects[3] == [1, 1, 0, 0], "a repeated frame is one unchanged pixel")
        let whole = source.count * 64 * 48
        #expect(rects.map { $0[0] * $0[1] }.reduce(0, +) < whole / 3)
    }

    @Test func paletteFramesAreDeltasToo() throws {
        let source = frames()
        let palette = try #require(PaletteQuantizer.quantize(source.map(\.image), minimumQuality: 0, maximumColors: 16))
        let data = try APNGEncoder.encode(source, loopCount: 2, palette: palette)
        let decoded = try ImageAnalyzer().analyze(data)
        #expect(decoded.info.loopCount == 2)
        #expect(decoded.decoded.frames.map(\.image) == source.indices.map { palette.image(frame: $0, width: 64, height: 48) })
        #expect(try rects(data)[2][0] < 64)
    }

    @Test func changedRectFindsEveryEdge() {
        var before = [UInt8](repeating: 0, count: 10 * 8)
        var after = before
        #expect(APNGEncoder.changedRect(width: 10, height: 8, bytesPerPixel: 1, previous: before, current: after) == .init(x: 0, y: 0, width: 1, height: 1))
        after[2 * 10 + 9] = 1   // (9, 2)
        after[7 * 10 + 0] = 1   // (0, 7)
        #expect(APNGEncoder.changedRect(width: 10, height: 8, bytesPerPixel: 1, previous: before, current: after) == .init(x: 0, y: 2, width: 10, height: 6))
        before = after
        after[4 * 10 + 5] = 9
        #expect(APNGEncoder.changedRect(width: 10, height: 8, bytesPerPixel: 1, previous: before, current: after) == .init(x: 5, y: 4, width: 1, height: 1))
    }
}
