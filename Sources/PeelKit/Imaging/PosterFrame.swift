/// Which frame of an animation stands for it where it does not move: the posters that reduced
/// motion, "Pause animations" and a flashing sticker's pages show. The first frame, unless it
/// shows less than a quarter of what the fullest frame shows: a sticker that pops or fades in
/// starts empty or faint, and its poster was a blank card (on every page, when it also flashed).
/// Then the first of the fullest frames. Decided as the frames arrive: only the first frame and
/// the fullest so far can be the poster, so a caller keeps at most those two.
struct PosterFrame {
    private var firstCoverage = 0
    private var fullestCoverage = -1
    /// The first frame showing the most.
    private(set) var fullestIndex = 0

    /// Considers frame `index` (frames in order, from 0): true when it is the fullest so far, the
    /// one to keep besides the first.
    mutating func consider(_ frame: RGBAImage, index: Int) -> Bool {
        let coverage = Self.coverage(of: frame)
        if index == 0 { firstCoverage = coverage }
        guard coverage > fullestCoverage else { return false }
        fullestCoverage = coverage
        fullestIndex = index
        return true
    }

    /// True when the first frame is the poster.
    var isFirst: Bool { firstCoverage * 4 >= fullestCoverage }
    /// The poster's frame.
    var index: Int { isFirst ? 0 : fullestIndex }

    /// The poster of frames decoded whole (icon and tray art), by the same rule.
    static func of(_ frames: [DecodedImage.Frame]) -> RGBAImage {
        var choice = PosterFrame()
        for (index, frame) in frames.enumerated() { _ = choice.consider(frame.image, index: index) }
        return frames[choice.index].image
    }

    /// How much a frame shows: the sum of its alpha values.
    static func coverage(of image: RGBAImage) -> Int {
        image.pixels.withUnsafeBufferPointer { pixels in
            var sum = 0
            var index = 3
            while index < pixels.count {
                sum += Int(pixels[index])
                index += 4
            }
            return sum
        }
    }
}
