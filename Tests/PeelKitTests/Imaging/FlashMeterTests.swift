import Foundation
import Testing
@testable import PeelKit

/// WCAG 2.3.1's flash thresholds on animations (`FlashMeter`): what fails is more than three
/// flashes in a second over a quarter or more of the sticker; blinks, fades, small lights and
/// animations that stop in time pass.
@Suite struct FlashMeterTests {
    /// A 300 × 300 canvas: `colour` in the square from `inset` to the far side minus `inset`, transparent around it.
    static func frame(_ colour: (UInt8, UInt8, UInt8), inset: Int = 20, alpha: UInt8 = 255) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 300 * 300 * 4)
        for y in inset..<(300 - inset) {
            for x in inset..<(300 - inset) {
                let offset = (y * 300 + x) * 4
                pixels[offset] = colour.0; pixels[offset + 1] = colour.1; pixels[offset + 2] = colour.2; pixels[offset + 3] = alpha
            }
        }
        return RGBAImage(width: 300, height: 300, pixels: pixels)
    }

    /// Alternates `first` and `second` for `count` frames of `delay` seconds.
    static func risk(_ first: RGBAImage, _ second: RGBAImage, count: Int = 2, delay: Double, loopCount: Int? = 0) -> FlashRisk? {
        var meter = FlashMeter()
        for index in 0..<count { meter.add(index % 2 == 0 ? first : second) }
        return meter.risk(delays: Array(repeating: delay, count: count), loopCount: loopCount)
    }

    static let white = frame((255, 255, 255)), black = frame((0, 0, 0))

    @Test func aBlackAndWhiteStrobeFiveTimesASecondFailsOnBothTranscripts() throws {
        let risk = try #require(Self.risk(Self.white, Self.black, delay: 0.1))
        #expect(risk.flashesPerSecond == 5 && risk.area > 0.7 && !risk.isRed, "ten changes in a second, not eleven")
    }

    /// Frames of 1/6 s (an APNG's delay 1/6) added up in floating point put the seventh change a
    /// hair under a second after the first: exactly 3 flashes a second, which WCAG allows, were
    /// "3.5 times a second", and the site showed the sticker still.
    @Test func exactlyThreeFlashesASecondPassWhateverTheDelaysAddUpTo() throws {
        #expect(Self.risk(Self.white, Self.black, delay: 1.0 / 6) == nil, "3 flashes a second")
        #expect(Self.risk(Self.white, Self.black, count: 6, delay: 1.0 / 6) == nil, "the same over six frames")
        #expect(try #require(Self.risk(Self.white, Self.black, delay: 1.0 / 7)).flashesPerSecond == 3.5, "7 changes a second fail")
        #expect(try #require(Self.risk(Self.white, Self.black, delay: 1.0 / 8)).flashesPerSecond == 4)
    }

    /// A lamp that blinks twice and stops (two 150 ms frames played twice: dark, light, dark,
    /// light) changes three times, 1.5 flashes: it was measured as if it looped on (3.5 a second),
    /// and the site froze it. Looping forever, or played often enough, it does fail.
    @Test func anAnimationIsMeasuredOverNoMorePassesThanItPlays() {
        #expect(Self.risk(Self.black, Self.white, delay: 0.15, loopCount: 2) == nil, "played twice")
        #expect(Self.risk(Self.black, Self.white, delay: 0.15, loopCount: 1) == nil, "played once")
        #expect(Self.risk(Self.black, Self.white, delay: 0.15, loopCount: 0) != nil, "forever")
        #expect(Self.risk(Self.black, Self.white, delay: 0.15, loopCount: 5) != nil, "five times: over three flashes in a second")
    }

    @Test func threeFlashesASecondPassAndJustOverThreeFail() {
        #expect(Self.risk(Self.white, Self.black, delay: 0.25) == nil, "two flashes a second")
        #expect(Self.risk(Self.white, Self.black, delay: 0.17) == nil, "a GIF's 17 cs: 2.9 flashes a second")
        #expect(Self.risk(Self.white, Self.black, delay: 0.15) != nil, "15 cs: 3.3 flashes a second")
    }

    /// An opaque grey 300 px canvas whose top-left `width` × `height` px is `value`.
    static func corner(_ value: UInt8, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 300 * 300 * 4)
        for y in 0..<300 {
            for x in 0..<300 {
                let offset = (y * 300 + x) * 4, inside = x < width && y < height
                pixels[offset] = inside ? value : 128; pixels[offset + 1] = inside ? value : 128; pixels[offset + 2] = inside ? value : 128
                pixels[offset + 3] = 255
            }
        }
        return RGBAImage(width: 300, height: 300, pixels: pixels)
    }

    /// The area that fails is a quarter of the canvas (64 of the 16 × 16 cells): a strobe on 63
    /// cells passes and one on 72 fails. Only the whole canvas and a small light were tried, so
    /// a quarter read as 40 % went unseen.
    @Test func aStrobeOnAQuarterOfTheCanvasFailsAndJustUnderPasses() throws {
        // 168 px wide is 9 cells (of 18.75 px); 131 px high is 7 rows, 150 px is 8.
        #expect(Self.risk(Self.corner(255, width: 168, height: 131), Self.corner(0, width: 168, height: 131), delay: 0.1) == nil, "63 cells, 24.6 %")
        let risk = try #require(Self.risk(Self.corner(255, width: 168, height: 150), Self.corner(0, width: 168, height: 150), delay: 0.1))
        #expect(abs(risk.area - 72.0 / 256) < 0.001 && risk.flashesPerSecond == 5, "72 cells, 28 %: \(risk)")
    }

    @Test func aSmallLightMayBlinkFast() {
        // A 60 × 60 px light in a 300 px sticker: 4 % of its area.
        #expect(Self.risk(Self.frame((255, 255, 255), inset: 120), Self.frame((0, 0, 0), inset: 120), delay: 0.1) == nil)
    }

    @Test func aSmallChangeInBrightnessIsNoFlash() {
        // Grey 128 and 140: relative luminance 0.216 and 0.262, a change under 0.1.
        #expect(Self.risk(Self.frame((128, 128, 128)), Self.frame((140, 140, 140)), delay: 0.1) == nil)
        // Light greys above 0.8: the darker state is not dark enough to flash.
        #expect(Self.risk(Self.frame((250, 250, 250)), Self.frame((235, 235, 235)), delay: 0.1) == nil)
    }

    @Test func aFadeCountsOnceEachWay() {
        // Up and down over 20 frames of 0.05 s: one rise and one fall a second.
        var meter = FlashMeter()
        let rising: [UInt8] = (0..<10).map { step in UInt8(step * 28) }
        let steps: [UInt8] = rising + rising.reversed()
        for value in steps { meter.add(Self.frame((value, value, value))) }
        #expect(meter.risk(delays: Array(repeating: 0.05, count: 20), loopCount: 0) == nil)
    }

    @Test func aWhiteShapeAppearingOnATransparentCanvasFlashesOnTheDarkTranscriptOnly() throws {
        let shape = Self.frame((255, 255, 255)), empty = Self.frame((255, 255, 255), alpha: 0)
        let risk = try #require(Self.risk(shape, empty, delay: 0.1))
        #expect(risk.background == .dark)
    }

    @Test func aRedFlashFailsWhereItsBrightnessChangeIsSmall() throws {
        // Red 200 and red 120: relative luminance 0.123 and 0.040 (a change under 0.1), but a saturated red flashing.
        #expect(Self.risk(Self.frame((200, 0, 0)), Self.frame((120, 0, 0)), delay: 0.1)?.isRed == true)
        // The same change in grey-blue is no red flash.
        #expect(Self.risk(Self.frame((0, 0, 200)), Self.frame((0, 0, 120)), delay: 0.1) == nil)
    }

    @Test func anAnimationThatPlaysOnceIsMeasuredOverItsOnePass() {
        #expect(Self.risk(Self.white, Self.black, count: 4, delay: 0.1, loopCount: 1) == nil, "three changes, then it stops")
        #expect(Self.risk(Self.white, Self.black, count: 8, delay: 0.1, loopCount: 1) != nil, "seven changes in 0.8 s")
        #expect(Self.risk(Self.white, Self.black, count: 4, delay: 0.1, loopCount: 0) != nil, "looping, the same four frames flash on")
    }

    /// Blocks that change each on its own, as a palette that dithers differently from frame to
    /// frame does (a benchmark sticker's APNG): every block changes by more than 10 % five times a
    /// second, but no quarter of the sticker changes as a whole, so nothing flashes.
    @Test func blocksFlickeringEachOnTheirOwnAreNoFlash() {
        var random = SplitMix(7)
        var meter = FlashMeter()
        for _ in 0..<10 {
            var pixels = [UInt8](repeating: 255, count: 300 * 300 * 4)
            let blocks = (0..<256).map { _ in UInt8(random.next() % 2 == 0 ? 70 : 170) }
            for y in 0..<300 {
                for x in 0..<300 {
                    let value = blocks[(y * 16 / 300) * 16 + x * 16 / 300], offset = (y * 300 + x) * 4
                    pixels[offset] = value; pixels[offset + 1] = value; pixels[offset + 2] = value
                }
            }
            meter.add(RGBAImage(width: 300, height: 300, pixels: pixels))
        }
        #expect(meter.risk(delays: Array(repeating: 0.09, count: 10), loopCount: 0) == nil)
        // The same blocks changing together do flash.
        var together = FlashMeter()
        for frame in 0..<10 { together.add(Self.frame(frame % 2 == 0 ? (70, 70, 70) : (170, 170, 170), inset: 0)) }
        #expect(together.risk(delays: Array(repeating: 0.09, count: 10), loopCount: 0) != nil)
    }

    /// A checkerboard whose squares swap black and white five times a second over the whole
    /// sticker: no quarter's mean changes (half turns light as half turns dark), so it passed, and
    /// the site autoplayed it. WCAG counts a pattern reversal as flashing; its cells flash in step.
    @Test(arguments: [4, 8]) func aReversingCheckerboardFlashes(squares: Int) {
        func board(_ inverted: Bool) -> RGBAImage {
            var pixels = [UInt8](repeating: 255, count: 300 * 300 * 4)
            for y in 0..<300 {
                for x in 0..<300 {
                    let dark = ((x * squares / 300) + (y * squares / 300)) % 2 == 0
                    let value: UInt8 = dark != inverted ? 0 : 255, offset = (y * 300 + x) * 4
                    pixels[offset] = value; pixels[offset + 1] = value; pixels[offset + 2] = value
                }
            }
            return RGBAImage(width: 300, height: 300, pixels: pixels)
        }
        let risk = Self.risk(board(false), board(true), count: 10, delay: 0.1, loopCount: 0)
        #expect(risk != nil && (risk?.area ?? 0) > 0.9, "\(String(describing: risk))")
        // Swapping twice a second stays under three flashes a second.
        #expect(Self.risk(board(false), board(true), count: 4, delay: 0.5, loopCount: 0) == nil)
    }

    @Test func framesOf10MillisecondsPlayAsATenthOfASecond() {
        // 0.01 s frames play at 0.1 s (browsers, Messages): five flashes a second, not fifty, and still failing.
        #expect(Self.risk(Self.white, Self.black, delay: 0.01) != nil)
        #expect(Self.risk(Self.white, Self.black, count: 2, delay: 0.3) == nil)
    }
}
