import Foundation
import Testing
@testable import PeelKit

/// VP9 with alpha in WebM, through libvpx and libwebm: a real Matroska file, the same bytes for
/// the same frames. (Tests/suites/40-messengers checks the files with ffprobe too.)
@Suite struct WebMVideoEncoderTests {
    private func frames(_ count: Int, width: Int = 64, height: Int = 48) -> [RGBAImage] {
        (0..<count).map { index in
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width where (x - index * 3 - 10) * (x - index * 3 - 10) + (y - 24) * (y - 24) < 200 {
                    let offset = (y * width + x) * 4
                    pixels[offset] = 220; pixels[offset + 1] = UInt8(x * 3); pixels[offset + 2] = 40; pixels[offset + 3] = 255
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    private func contains(_ data: Data, _ bytes: [UInt8]) -> Bool {
        data.withUnsafeBytes { raw in
            let haystack = Array(raw.bindMemory(to: UInt8.self))
            guard haystack.count >= bytes.count else { return false }
            return (0...(haystack.count - bytes.count)).contains { Array(haystack[$0..<$0 + bytes.count]) == bytes }
        }
    }

    @Test func writesAWebMFileWithVP9AndAlpha() throws {
        let data = try WebMVideoEncoder.encode(frames(10), framesPerSecond: 10, duration: 1, settings: .init(quality: 30, alphaQuality: 20))
        #expect(Array(data.prefix(4)) == [0x1A, 0x45, 0xDF, 0xA3], "an EBML header")
        #expect(contains(data, Array("webm".utf8)), "DocType webm")
        #expect(contains(data, Array("V_VP9".utf8)), "the VP9 codec id")
        #expect(contains(data, [0x53, 0xC0, 0x81, 0x01]), "AlphaMode 1 on the video track")
        #expect(contains(data, [0x75, 0xA1]), "BlockAdditions carry the alpha frames")
        let again = try WebMVideoEncoder.encode(frames(10), framesPerSecond: 10, duration: 1, settings: .init(quality: 30, alphaQuality: 20))
        #expect(again == data, "deterministic")
    }

    @Test func lowerQualityIsSmaller() throws {
        let best = try WebMVideoEncoder.encode(frames(12), framesPerSecond: 12, duration: 1, settings: .init(quality: 10, alphaQuality: 8))
        let worst = try WebMVideoEncoder.encode(frames(12), framesPerSecond: 12, duration: 1, settings: .init(quality: 60, alphaQuality: 48))
        #expect(worst.count < best.count, "\(worst.count) vs \(best.count)")
    }
}
