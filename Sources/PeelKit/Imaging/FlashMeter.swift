import Foundation

/// How an animation flashes at its worst, by WCAG 2.2 success criterion 2.3.1 (Three Flashes or
/// Below Threshold, Level A): flashes can trigger seizures in people with photosensitive epilepsy.
public struct FlashRisk: Sendable, Equatable, Codable {
    /// The most flashes in any one second (a flash is a pair of opposing changes).
    public var flashesPerSecond: Double
    /// The share of the sticker's area that flashes that often at once, 0...1.
    public var area: Double
    /// A red flash (saturated red turning on and off), which WCAG counts on its own.
    public var isRed: Bool
    /// The background it is measured on (a transparent sticker flashes differently on each).
    public var background: TranscriptBackground
}

/// Measures an animation's flashes frame by frame as it is decoded, following WCAG 2.2's
/// definitions of "general flash and red flash thresholds":
/// - a general flash is a pair of opposing changes in relative luminance of 10 % or more of the
///   maximum, where the darker state is below 0.80;
/// - a red flash is a pair of opposing transitions involving a saturated red: the colour's
///   R/(R+G+B) is 0.8 or more, and (R−G−B)×320 (linear RGB, negatives as 0) changes by more than 20;
/// - more than three flashes in any one second fail, when they cover a large enough area at once.
///   WCAG's area is a quarter of a 10° visual field (about 341 × 256 px of a 1024 × 768 screen);
///   a sticker fills much of a phone's transcript at its full size, so Peel takes a quarter of the
///   sticker's own canvas, measured on 16 × 16 cells.
/// A transparent sticker is measured composited on Messages' light and dark transcripts.
struct FlashMeter {
    static let cellsPerSide = 16
    /// More than three flashes in a second: seven opposing transitions (three and a half flashes).
    static let failingTransitions = 7
    static let failingArea = 0.25

    /// Per frame, per cell: relative luminance on white, on black, and the red measure.
    private var onWhite: [[Float]] = []
    private var onBlack: [[Float]] = []
    private var redValue: [[Float]] = []
    private var isSaturatedRed: [[Bool]] = []

    /// sRGB component to linear light.
    private static let linear: [Float] = (0..<256).map { value in
        let c = Double(value) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// Adds the next frame (a whole canvas), sampling about 96 × 96 of its pixels.
    mutating func add(_ frame: RGBAImage) {
        let cells = Self.cellsPerSide, count = cells * cells
        var white = [Float](repeating: 0, count: count), black = white, red = white
        var sumR = white, sumG = white, sumB = white, samples = white
        let step = max(1, min(frame.width, frame.height) / 96)
        frame.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: 0, to: frame.height, by: step) {
                let cellRow = y * cells / frame.height * cells
                for x in stride(from: 0, to: frame.width, by: step) {
                    let offset = (y * frame.width + x) * 4
                    let alpha = Float(pixels[offset + 3]) / 255
                    let r = Self.linear[Int(pixels[offset])] * alpha, g = Self.linear[Int(pixels[offset + 1])] * alpha
                    let b = Self.linear[Int(pixels[offset + 2])] * alpha
                    let luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
                    let cell = cellRow + x * cells / frame.width
                    black[cell] += luminance
                    white[cell] += luminance + (1 - alpha)
                    red[cell] += max(0, r - g - b) * 320
                    sumR[cell] += r
                    sumG[cell] += g
                    sumB[cell] += b
                    samples[cell] += 1
                }
            }
        }
        var saturated = [Bool](repeating: false, count: count)
        for cell in 0..<count where samples[cell] > 0 {
            white[cell] /= samples[cell]
            black[cell] /= samples[cell]
            red[cell] /= samples[cell]
            let total = sumR[cell] + sumG[cell] + sumB[cell]
            saturated[cell] = total > 0 && sumR[cell] / total >= 0.8
        }
        onWhite.append(white)
        onBlack.append(black)
        redValue.append(red)
        isSaturatedRed.append(saturated)
    }

    /// One second in the playback clock's microseconds.
    static let second = 1_000_000

    /// The worst flashing of the frames added, shown for `delays` seconds each (as played: see
    /// `AnimationTiming.asPlayed`) and looping `loopCount` times (0: forever; nil or 1: once);
    /// nil when it stays within the thresholds.
    func risk(delays: [Double], loopCount: Int?) -> FlashRisk? {
        guard onWhite.count > 1, delays.count == onWhite.count else { return nil }
        let times = Self.playback(delays: delays, loopCount: loopCount)
        var worst: FlashRisk?
        func consider(_ values: [[Float]], background: TranscriptBackground, isRed: Bool) {
            guard let found = Self.worstWindow(times: times, values: values, isRed: isRed, saturated: isSaturatedRed) else { return }
            let risk = FlashRisk(flashesPerSecond: found.flashes, area: found.area, isRed: isRed, background: background)
            if worst == nil || (risk.area, risk.flashesPerSecond) > (worst!.area, worst!.flashesPerSecond) { worst = risk }
        }
        consider(onWhite, background: .light, isRed: false)
        consider(onBlack, background: .dark, isRed: false)
        consider(redValue, background: .dark, isRed: true)
        return worst
    }

    /// The frames as they play: (frame index, start time in microseconds), over two loops or a
    /// second past one (so flashes across the loop's end count), but never more passes than the
    /// animation plays (one for one that plays once). Whole microseconds, so a window of exactly one second is exact: frames of
    /// 1/6 s added up in floating point put the seventh a hair under one second after the first,
    /// and 3 flashes a second, which WCAG allows, were counted as 3.5.
    static func playback(delays: [Double], loopCount: Int?) -> [(frame: Int, start: Int)] {
        let played = AnimationTiming.asPlayed(delays)
        let cycle = played.reduce(0, +)
        // Looping forever: enough passes to fill a second past the first. Played a few times: no
        // more passes than it plays (a lamp that blinks twice and stops was measured as if it went on).
        let forever = max(2, Int((1 / max(cycle, 0.01)).rounded(.up)) + 1)
        let loops = switch loopCount {
        case nil, 1: 1
        case 0: forever
        case let plays?: min(max(plays, 1), forever)
        }
        var times: [(frame: Int, start: Int)] = []
        var clock = 0.0
        for _ in 0..<min(loops, max(2, 4000 / played.count)) {
            for (frame, delay) in played.enumerated() {
                times.append((frame, Int((clock * Double(Self.second)).rounded())))
                clock += delay
            }
        }
        return times
    }

    /// The one-second window with the most cells flashing more than three times, and how often
    /// the worst of them flashes; nil when no window reaches `failingArea`. The flashes must also
    /// be one flashing area: the mean of some quarter of the canvas (8 × 8 cells) must itself
    /// flash more than three times in that second, or a quarter's worth of cells must flash in
    /// step (a reversing pattern, `inStep`). A shape turning or bouncing fast on a
    /// transparent canvas, or a palette that dithers differently frame to frame, makes cells
    /// change one way where their neighbours change the other, and no quarter's mean flashes; a
    /// strobe, a blinking fill or a flashing background changes them together.
    private static func worstWindow(times: [(frame: Int, start: Int)], values: [[Float]], isRed: Bool,
                                    saturated: [[Bool]]) -> (flashes: Double, area: Double)? {
        let count = cellsPerSide * cellsPerSide
        let starts = times.map(\.start)
        let transitions = (0..<count).map { cell in
            transitionTimes(times.map { values[$0.frame][cell] }, saturated: times.map { saturated[$0.frame][cell] },
                            starts: starts, isRed: isRed)
        }
        var quarters: [[Int]]?  // each quarter's transitions, made when first needed
        var best: (flashes: Double, area: Double)?
        // Windows start at transitions; each cell's transitions are in time order, so two
        // indices per cell slide forward with the window.
        var first = [Int](repeating: 0, count: count), end = first
        for start in Set(transitions.flatMap { $0 }).sorted() {
            var flashing = 0, most = 0
            for cell in 0..<count {
                let times = transitions[cell]
                while first[cell] < times.count, times[first[cell]] < start { first[cell] += 1 }
                end[cell] = max(end[cell], first[cell])
                while end[cell] < times.count, times[end[cell]] < start + Self.second { end[cell] += 1 }
                let inWindow = end[cell] - first[cell]
                if inWindow >= failingTransitions { flashing += 1; most = max(most, inWindow) }
            }
            let area = Double(flashing) / Double(count)
            guard area >= failingArea, best == nil || area > best!.area else { continue }
            if quarters == nil { quarters = quarterTransitions(times: times, values: values, isRed: isRed, saturated: saturated) }
            if quarters!.contains(where: { $0.filter { $0 >= start && $0 < start + Self.second }.count >= failingTransitions })
                || inStep(transitions, first: first, end: end) {
                best = (Double(most) / 2, area)
            }
        }
        return best
    }

    /// Whether cells covering `failingArea` of the canvas make the same transitions at the same
    /// times in the window (`first..<end` of each cell's): a pattern reversing as a whole (a
    /// checkerboard or stripes whose squares swap light and dark), which no quarter's mean shows,
    /// since half of it turns light as the other half turns dark. WCAG counts such a reversal as
    /// flashing. A shape turning or bouncing changes its cells at staggered times.
    private static func inStep(_ transitions: [[Int]], first: [Int], end: [Int]) -> Bool {
        var cells: [[Int]: Int] = [:]
        for cell in transitions.indices where end[cell] - first[cell] >= failingTransitions {
            cells[Array(transitions[cell][first[cell]..<end[cell]]), default: 0] += 1
        }
        return Double(cells.values.max() ?? 0) / Double(transitions.count) >= failingArea
    }

    /// The transitions of the mean of every quarter of the canvas: 8 × 8 cells, at each cell offset.
    private static func quarterTransitions(times: [(frame: Int, start: Int)], values: [[Float]], isRed: Bool,
                                           saturated: [[Bool]]) -> [[Int]] {
        let side = cellsPerSide, size = cellsPerSide / 2, positions = cellsPerSide - size + 1
        // Per frame: each quarter's mean and whether most of it is a saturated red.
        let means: [[(value: Float, red: Bool)]] = values.indices.map { frame in
            (0..<positions * positions).map { position in
                let left = position % positions, top = position / positions
                var sum: Float = 0, reds = 0
                for y in top..<top + size {
                    for x in left..<left + size {
                        sum += values[frame][y * side + x]
                        if saturated[frame][y * side + x] { reds += 1 }
                    }
                }
                return (sum / Float(size * size), reds * 2 >= size * size)
            }
        }
        let starts = times.map(\.start)
        return (0..<positions * positions).map { position in
            transitionTimes(times.map { means[$0.frame][position].value }, saturated: times.map { means[$0.frame][position].red },
                            starts: starts, isRed: isRed)
        }
    }

    /// When a cell's value makes an opposing transition: for luminance, a change of 0.1 or more
    /// whose darker end is below 0.8; for red, a change of more than 20 whose redder end is a
    /// saturated red. Each transition runs from the last extreme, so a slow fade counts once.
    private static func transitionTimes(_ values: [Float], saturated: [Bool], starts: [Int], isRed: Bool) -> [Int] {
        func isTransition(from a: Float, _ aRed: Bool, to b: Float, _ bRed: Bool) -> Bool {
            if isRed { return abs(b - a) > 20 && (a > b ? aRed : bRed) }
            return abs(b - a) >= 0.1 && min(a, b) < 0.8
        }
        guard var low = values.first else { return [] }
        var high = low, lowRed = saturated[0], highRed = saturated[0]
        var trend = 0  // +1 after a rise, -1 after a fall, 0 before the first transition
        var found: [Int] = []
        for index in values.indices.dropFirst() {
            let value = values[index], red = saturated[index]
            if trend >= 0, isTransition(from: high, highRed, to: value, red), value < high {
                found.append(starts[index]); trend = -1; low = value; lowRed = red; high = value; highRed = red
            } else if trend <= 0, isTransition(from: low, lowRed, to: value, red), value > low {
                found.append(starts[index]); trend = 1; high = value; highRed = red; low = value; lowRed = red
            } else {
                if value > high { high = value; highRed = red }
                if value < low { low = value; lowRed = red }
            }
        }
        return found
    }
}
