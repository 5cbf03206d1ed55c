/// What the art inspectors look at: a sticker's poster frame (its first, the one Messages and the
/// site show still) and, for an animation, a few more frames spread over its loop. Every frame
/// is the whole composited canvas as it shows, RGBA.
public struct ArtFrames: Sendable {
    /// The poster first, then the other sampled frames in loop order.
    public let all: [RGBAImage]

    public var poster: RGBAImage { all[0] }
    /// The sampled frames' visibility (their worst) when the read already measured it
    /// (`ImageInfo.visibility`, itself nil for art without a silhouette), so it is not measured
    /// twice; nil when not known.
    public let measuredVisibility: ShapeVisibility??

    /// Frames sampled from an animation: four show what a loop does (a face that turns, a word
    /// that appears) at a quarter of the work of eight; OCR at 0.1 s a frame is the cost that counts.
    public static let sampledFrames = 4

    /// The poster and, for an animation, `sampledFrames - 1` more, evenly spaced over the loop's time.
    public init(_ decoded: DecodedImage, measuredVisibility: ShapeVisibility?? = nil) {
        let indices = decoded.isAnimated ? Self.sampledIndices(delays: decoded.frames.map(\.delay)) : [0]
        self.init(frames: indices.map { decoded.frames[$0].image }, measuredVisibility: measuredVisibility)
    }

    /// Which frames of an animation with these display times (seconds) are inspected: the poster
    /// (0), then the frame showing at each further `1/sampledFrames` of the loop's time, each once,
    /// in increasing order.
    static func sampledIndices(delays: [Double]) -> [Int] {
        guard delays.count > 1 else { return [0] }
        let total = delays.reduce(0) { $0 + max(0, $1) }
        var chosen: [Int] = [0]
        for step in 1..<Self.sampledFrames {
            let index: Int
            if total > 0 {
                // The frame showing at step/n of the loop's time: the last to start by then (a
                // nanosecond of slack, so equal delays summed in floating point land on the frame
                // that starts exactly there).
                let moment = total * Double(step) / Double(Self.sampledFrames) + 1e-9
                var start = 0.0
                var found = 0
                for (candidate, delay) in delays.enumerated() {
                    if start > moment { break }
                    found = candidate
                    start += max(0, delay)
                }
                index = found
            } else {
                index = delays.count * step / Self.sampledFrames
            }
            if !chosen.contains(index) { chosen.append(index) }
        }
        return chosen
    }

    /// `frames`: the poster first, then any others in loop order.
    public init(frames: [RGBAImage], measuredVisibility: ShapeVisibility?? = nil) {
        precondition(!frames.isEmpty, "art has at least one frame")
        all = frames
        self.measuredVisibility = measuredVisibility
    }
}
