import Foundation
@testable import PeelKit

extension Fixtures {
    /// An APNG of 14 frames of noise at 300 px (a fixed seed): no palette brings it under
    /// Messages' 500,000 bytes, so `peel fit` cannot fit it. Four frames of half a second are
    /// enough for a messenger's 300 KiB at 512 px, at one frame rate (quicker to refuse).
    static func noiseAnimation(frames count: Int = 14, delay: Double = 0.1) throws -> Data {
        var seed: UInt32 = 12345
        let frames = (0..<count).map { _ in
            DecodedImage.Frame(image: RGBAImage(width: 300, height: 300, pixels: (0..<(300 * 300 * 4)).map { index in
                seed = seed &* 1_664_525 &+ 1_013_904_223
                return index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 24)
            }), delay: delay)
        }
        return try APNGEncoder.encode(frames, loopCount: 0, palette: nil)
    }
}
