import Testing
@testable import PeelKit

/// Timing changes keep the animation's length (except the two explicit settings) and say how many
/// frames they dropped.
@Suite struct AnimationTimingTests {
    private func frames(_ delays: [Double]) -> [DecodedImage.Frame] {
        delays.enumerated().map { index, delay in
            DecodedImage.Frame(image: RGBAImage(width: 1, height: 1, pixels: [UInt8(index), 0, 0, 255]), delay: delay)
        }
    }

    private func total(_ frames: [DecodedImage.Frame]) -> Double { frames.reduce(0) { $0 + $1.delay } }

    @Test func shortFramesMergeIntoTheNextKeepingTheDuration() {
        let source = frames([0.005, 0.095, 0.005, 0.095, 0.1, 0.004])
        let (merged, count) = AnimationTiming.mergingShortFrames(source, minimum: 0.008)
        #expect(count == 3)
        #expect(merged.allSatisfy { $0.delay >= 0.008 })
        #expect(abs(total(merged) - total(source)) < 1e-9)
        // The frame kept is the one that was on screen longer: the next.
        #expect(merged.map { $0.image.pixels[0] } == [1, 3, 4])
    }

    @Test func framesThatAreAllTooShortOrZeroLongLeaveOneFrameNeverNone() {
        // A GIF whose every delay is 0 (browsers play it at 10 fps) crashed the WhatsApp export.
        for delays in [[0.0, 0.0, 0.0], [0.002, 0.003], [0.0]] {
            let (merged, count) = AnimationTiming.mergingShortFrames(frames(delays), minimum: 0.008)
            #expect(merged.count == 1, "\(delays)")
            #expect(count == delays.count - 1)
            #expect(merged.first?.delay ?? 0 >= 0.008)
            #expect(merged.first?.image.pixels[0] == UInt8(delays.count - 1), "the last frame stays on screen")
        }
    }

    @Test func cappingTheFrameRateDropsFramesAndKeepsTheTime() {
        let source = frames(Array(repeating: 0.02, count: 50))   // 50 fps for 1 s
        let (capped, dropped) = AnimationTiming.cappingFrameRate(source, framesPerSecond: 25)
        #expect(capped.count == 25 && dropped == 25)
        #expect(abs(total(capped) - 1) < 1e-9)
        let (same, none) = AnimationTiming.cappingFrameRate(frames([0.1, 0.1]), framesPerSecond: 30)
        #expect(same.count == 2 && none == 0)
    }

    /// What `peel check` predicts the video drops, from the delays alone: a burst of 20 ms frames
    /// in a slow animation loses frames though its average rate is 2 fps (the check said nothing).
    @Test func framesDroppedInVideoFollowTheSamplingNotTheAverage() {
        let burst = Array(repeating: 0.02, count: 10) + [4.8]   // 11 frames in 5 s
        let video = AnimationTiming.framesDroppedInVideo(delays: burst, maximum: 30)
        let (_, dropped) = AnimationTiming.sampled(frames(burst), framesPerSecond: video.framesPerSecond)
        #expect(video.framesPerSecond == 30 && video.dropped == dropped && dropped > 0)
        #expect(AnimationTiming.framesDroppedInVideo(delays: [0.1, 0.2, 0.1], maximum: 30).dropped == 0)
    }

    /// The ladder of frame rates for a file over its budget reaches 5 fps: it stopped at a third of
    /// the animation's own, so 50 fps art was refused at 17 fps though it fitted at 10.
    @Test func frameRateStepsGoDownToFive() {
        #expect(MessengerStickerConverter.frameRateSteps(own: 50, maximum: nil) == [nil, 33, 25, 17, 13, 8, 5])
        #expect(MessengerStickerConverter.frameRateSteps(own: 50, maximum: 30) == [30, 25, 17, 13, 8, 5])
        #expect(MessengerStickerConverter.frameRateSteps(own: 10, maximum: nil) == [nil, 7, 5])
        #expect(MessengerStickerConverter.frameRateSteps(own: 5, maximum: nil) == [nil])
    }

    @Test func videoSamplesAtAConstantRate() {
        let source = frames([0.1, 0.2, 0.1])                      // 0.4 s
        let (images, dropped) = AnimationTiming.sampled(source, framesPerSecond: 10)
        #expect(images.map { $0.pixels[0] } == [0, 1, 1, 2])
        #expect(dropped == 0)
        let fast = frames(Array(repeating: 0.01, count: 10))      // 100 fps for 0.1 s
        let (few, lost) = AnimationTiming.sampled(fast, framesPerSecond: 30)
        #expect(few.count == 3 && lost == 7)
        #expect(AnimationTiming.videoFrameRate(source, maximum: 30) == 10)
        #expect(AnimationTiming.videoFrameRate(fast, maximum: 30) == 30)
        // 12.5 fps (80 ms frames) in a 25 fps video: every frame shows for two video frames, evenly.
        let slide = frames(Array(repeating: 0.08, count: 8))
        #expect(AnimationTiming.videoFrameRate(slide, maximum: 30) == 25)
        let (even, none) = AnimationTiming.sampled(slide, framesPerSecond: 25)
        #expect(even.map { $0.pixels[0] } == (0..<8).flatMap { [UInt8($0), UInt8($0)] } && none == 0)
        // Four frames of 400 ms at 5 fps, not 3 (which played A, B, C, C, D); 300 ms at 10 fps.
        let four = frames(Array(repeating: 0.4, count: 4))
        #expect(AnimationTiming.videoFrameRate(four, maximum: 30) == 5)
        #expect(AnimationTiming.sampled(four, framesPerSecond: 5).images.map { $0.pixels[0] } == [0, 0, 1, 1, 2, 2, 3, 3])
        #expect(AnimationTiming.videoFrameRate(frames([0.3, 0.3, 0.3]), maximum: 30) == 10)
        // 75 ms frames fit no rate up to 30 (40 fps would): the shortest frame's rate, said as rounded.
        #expect(AnimationTiming.videoFrameRate(frames(Array(repeating: 0.075, count: 20)), maximum: 30) == 14)
        #expect(!AnimationTiming.isWholeFrames(frames(Array(repeating: 0.075, count: 20)), framesPerSecond: 14))
        let (video, gone) = AnimationTiming.sampled(slide, framesPerSecond: 13)
        #expect(video.map { $0.pixels[0] } == [0, 1, 2, 3, 4, 5, 6, 7] && gone == 0)
        // 120 ms frames at 9 fps: all 8 shown (one twice: 9 video frames for 0.96 s).
        let (slower, lostNone) = AnimationTiming.sampled(frames(Array(repeating: 0.12, count: 8)), framesPerSecond: 9)
        #expect(Set(slower.map { $0.pixels[0] }) == Set(0...7) && lostNone == 0)
    }

    /// APNG delays: whole milliseconds as they are, anything else as the closest 16-bit fraction,
    /// so an animation sped up to a limit is not written longer than it.
    @Test func apngDelaysKeepTheirTime() {
        #expect(APNGEncoder.delayFraction(0.1) == (100, 1000))
        #expect(APNGEncoder.delayFraction(0.25) == (250, 1000))
        #expect(APNGEncoder.delayFraction(1.0 / 24) == (1, 24))
        #expect(APNGEncoder.delayFraction(5.0 / 119) == (5, 119))
        #expect(APNGEncoder.delayFraction(0) == (0, 1000))
        #expect(APNGEncoder.delayFraction(100) == (10000, 100), "too long for milliseconds: hundredths")
        let (numerator, denominator) = APNGEncoder.delayFraction(0.123456789)
        #expect(abs(Double(numerator) / Double(denominator) - 0.123456789) < 1e-8)
    }

    @Test func speedingUpAndCuttingAreExact() {
        let source = frames(Array(repeating: 0.5, count: 18))     // 9 s
        let fast = AnimationTiming.spedUp(source, toLast: 3)
        #expect(fast.count == 18 && abs(total(fast) - 3) < 1e-9)
        let cut = AnimationTiming.cut(source, after: 3)
        #expect(cut.count == 6 && abs(total(cut) - 3) < 1e-9)
        let uneven = AnimationTiming.cut(frames([1, 1.5, 1]), after: 2)
        #expect(uneven.map(\.delay) == [1, 1])
    }

    @Test func canvasesSquareOrLongerSide() {
        let square = MessengerCanvas(side: 512, shape: .square)
        #expect(square.artSize(width: 408, height: 320) == (512, 402) || square.artSize(width: 408, height: 320).width == 512)
        #expect(square.canvasSize(width: 408, height: 320) == (512, 512))
        let image = RGBAImage(width: 4, height: 2, pixels: Array(repeating: 255, count: 32))
        let placed = MessengerCanvas(side: 8, shape: .square).place([image])[0]
        #expect(placed.width == 8 && placed.height == 8)
        #expect(placed.pixels[3] == 0, "the corner is transparent padding")
        #expect(placed.pixels[(4 * 8 + 4) * 4 + 3] == 255, "the art is in the middle")
        let video = MessengerCanvas(side: 512, shape: .longerSide(evenSides: true))
        let size = video.artSize(width: 300, height: 181)
        #expect(size.width == 512 && size.height % 2 == 0 && size.height <= 512)
    }
}
