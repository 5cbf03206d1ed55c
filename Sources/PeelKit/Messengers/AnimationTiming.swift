/// The changes to an animation's timing a messenger export may make, each keeping what the artist
/// made as far as the platform allows: frames too short merged into the next, the frame rate
/// capped by dropping frames (the time each covered goes to the frame kept before it), and, only
/// when the exporter asks, a long animation sped up or cut. The total duration never changes
/// except by those two explicit settings.
enum AnimationTiming {
    /// Frames shown for less than `minimum` seconds merged into the next (the last into the one
    /// before it); returns the frames and how many were merged away.
    static func mergingShortFrames(_ frames: [DecodedImage.Frame], minimum: Double) -> (frames: [DecodedImage.Frame], merged: Int) {
        var result: [DecodedImage.Frame] = []
        var carried = 0.0
        var merged = 0
        for frame in frames {
            let delay = frame.delay + carried
            if delay < minimum - 1e-9 {
                carried = delay
                merged += 1
                continue
            }
            carried = 0
            result.append(DecodedImage.Frame(image: frame.image, delay: delay))
        }
        if result.isEmpty, let last = frames.last {
            // Every frame was short (or all of them 0 s long): one frame for the whole time, never none.
            result.append(DecodedImage.Frame(image: last.image, delay: max(carried, minimum)))
            merged -= 1
        } else if carried > 0 {
            result[result.count - 1].delay += carried
        }
        return (result, merged)
    }

    /// At most `framesPerSecond` frames a second: a frame is kept only once the frames kept before
    /// it have been shown for 1/`framesPerSecond` s; a dropped frame's time goes to the frame
    /// kept before it. Returns the frames and how many were dropped.
    static func cappingFrameRate(_ frames: [DecodedImage.Frame], framesPerSecond: Double) -> (frames: [DecodedImage.Frame], dropped: Int) {
        let step = 1 / framesPerSecond
        var result: [DecodedImage.Frame] = []
        var dropped = 0
        for frame in frames {
            if let last = result.last, last.delay < step - 1e-9 {
                result[result.count - 1].delay += frame.delay
                dropped += 1
            } else {
                result.append(frame)
            }
        }
        return (result, dropped)
    }

    /// The animation sampled at a constant `framesPerSecond` (video): frame k shows what was on
    /// screen at k / `framesPerSecond` s. Returns the images, and how many of the source frames
    /// never show (fewer samples than frames).
    static func sampled(_ frames: [DecodedImage.Frame], framesPerSecond: Int) -> (images: [RGBAImage], dropped: Int) {
        let samples = sampledFrames(delays: frames.map(\.delay), framesPerSecond: framesPerSecond)
        return (samples.map { frames[$0].image }, frames.count - Set(samples).count)
    }

    /// Which frame (by index) each video frame at `framesPerSecond` shows, from the frames' delays
    /// alone: what `sampled` keeps, and what `peel check` predicts of it without the pixels.
    static func sampledFrames(delays: [Double], framesPerSecond: Int) -> [Int] {
        let duration = delays.reduce(0, +)
        let count = max(1, Int((duration * Double(framesPerSecond)).rounded()))
        var samples: [Int] = []
        samples.reserveCapacity(count)
        var index = 0, start = 0.0
        for sample in 0..<count {
            // The frame showing in the middle of the video frame's time, not at its start: 80 ms
            // frames at 13 fps sampled at each start showed the first twice and never the last.
            let time = (Double(sample) + 0.5) / Double(framesPerSecond)
            while index < delays.count - 1 && start + delays[index] <= time {
                start += delays[index]
                index += 1
            }
            samples.append(index)
        }
        return samples
    }

    /// How many frames a video at the frame rate the export picks (`videoFrameRate`, at most
    /// `maximum`) never shows: a burst of 20 ms frames in a slow animation loses some, though its
    /// average rate is low.
    static func framesDroppedInVideo(delays: [Double], maximum: Int) -> (framesPerSecond: Int, dropped: Int) {
        let fps = videoFrameRate(delays: delays, maximum: maximum)
        return (fps, delays.count - Set(sampledFrames(delays: delays, framesPerSecond: fps)).count)
    }

    /// The frame rate a video of these frames needs to show each of them, at most `maximum`: the
    /// lowest whole rate from the shortest frame's up at which every frame lasts whole video frames
    /// (400 ms frames: 5 fps, each shown for two), else the shortest frame's rate rounded up. That
    /// rate alone showed evenly timed frames unevenly: four of 400 ms at 3 fps played A, B, C, C, D.
    static func videoFrameRate(_ frames: [DecodedImage.Frame], maximum: Int) -> Int {
        videoFrameRate(delays: frames.map(\.delay), maximum: maximum)
    }

    static func videoFrameRate(delays: [Double], maximum: Int) -> Int {
        guard let shortest = delays.filter({ $0 > 0 }).min() else { return maximum }
        let least = max(1, min(maximum, Int((1 / shortest - 1e-6).rounded(.up))))
        return (least...max(least, maximum)).first { isWholeFrames(delays: delays, framesPerSecond: $0) } ?? least
    }

    /// True when every frame lasts a whole number of video frames at `framesPerSecond`, within a
    /// hundredth of one (75 ms frames are 2.025 frames at 27 fps: their drift made one frame of each
    /// loop show a third time).
    static func isWholeFrames(_ frames: [DecodedImage.Frame], framesPerSecond: Int) -> Bool {
        isWholeFrames(delays: frames.map(\.delay), framesPerSecond: framesPerSecond)
    }

    static func isWholeFrames(delays: [Double], framesPerSecond: Int) -> Bool {
        let rate = Double(framesPerSecond)
        return delays.allSatisfy { delay in
            let count = delay * rate
            return count.rounded() >= 1 && abs(count - count.rounded()) < 0.01
        }
    }

    /// Delays as browsers and Apple's ImageIO play them: a frame of 10 ms or less (0 s, a GIF's
    /// 1/100 s, an APNG's 1/1000 s) shows for 0.1 s. That is the animation the artist saw.
    static func asPlayed(_ delays: [Double]) -> [Double] {
        delays.map { $0 <= shortestPlayed + 1e-9 ? playedInstead : $0 }
    }

    /// The longest delay players show as `playedInstead`, and what they show instead.
    static let shortestPlayed = 0.010
    static let playedInstead = 0.1
    /// The shortest frame a speed-up leaves: twice `shortestPlayed`, as a GIF's shortest frame
    /// that every player shows as written (2/100 s).
    static let shortestSpedUp = 0.020

    /// Every delay scaled so the animation lasts `seconds`.
    static func spedUp(_ frames: [DecodedImage.Frame], toLast seconds: Double) -> [DecodedImage.Frame] {
        let duration = frames.reduce(0) { $0 + $1.delay }
        guard duration > seconds else { return frames }
        let factor = seconds / duration
        return frames.map { DecodedImage.Frame(image: $0.image, delay: $0.delay * factor) }
    }

    /// The animation stopped after `seconds`: later frames left out, the last kept one shortened.
    static func cut(_ frames: [DecodedImage.Frame], after seconds: Double) -> [DecodedImage.Frame] {
        var result: [DecodedImage.Frame] = []
        var elapsed = 0.0
        for frame in frames where elapsed < seconds - 1e-9 {
            result.append(DecodedImage.Frame(image: frame.image, delay: min(frame.delay, seconds - elapsed)))
            elapsed += frame.delay
        }
        return result
    }

    static func duration(_ frames: [DecodedImage.Frame]) -> Double { frames.reduce(0) { $0 + $1.delay } }
}
