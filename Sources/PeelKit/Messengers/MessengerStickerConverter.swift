import Foundation

/// One sticker as a messenger wants it, made to fit its byte budget by the same kind of ladder as
/// `peel fit`: the first encoding is the best one, and only when it is too large does the next
/// step give something up, in this order: quality (lossy encodings), then colours (a shared
/// palette, libimagequant), then frame rate (frames dropped, their time kept). Each sticker is
/// encoded once when it fits at once, which is most of them. What was given up is reported.
struct MessengerStickerConverter: Sendable {
    struct Converted: Sendable {
        var data: Data
        var fileExtension: String
        var isAnimated: Bool
        var width: Int
        var height: Int
        var frameCount: Int
        /// Seconds, for animations.
        var duration: Double?
        /// What the sticker lost to fit, in order, for the report: "WebP quality 70",
        /// "frame rate capped at 15 fps: 12 of 24 frames dropped", "sped up 4 → 3 s".
        var changes: [String]
        /// How the art was scaled onto the platform's canvas ("618 × 618 → 512 × 512 px"); nil when not.
        var scaling: String? = nil
        /// Animated art that goes as a still: its frames look the same once encoded.
        var stillFromAnimation = false

        /// The change that says speeding it up made it flash past WCAG 2.3.1's three a second (in
        /// `changes`, which the cache of conversions keeps); nil when it does not.
        var flashingChange: String? { changes.first { $0.contains(Converted.flashingWarning) } }
        static let flashingWarning = "WARNING: it now flashes"
    }

    enum Refusal: Error, Sendable {
        /// Longer than the platform plays, and no `--long-animations` setting.
        case tooLong(seconds: Double, limit: Double)
        /// Over the byte budget after every step of the ladder.
        case tooLarge(bytes: Int, limit: Int)
    }

    var format: MessengerFormat
    var longAnimations: MessengerExport.LongAnimationSetting = .refuse

    /// Converts decoded art; throws `Refusal` when the platform cannot take it. The timing is
    /// settled on the source frames first, so frames a setting cuts or merges away, and animations
    /// refused for their length, are never scaled.
    func convert(_ image: consuming DecodedImage) throws -> Converted {
        // No loop count (a GIF without the NETSCAPE extension) plays once, as browsers and Messages
        // play it; it was made to loop forever.
        let (width, height, loopCount) = (image.width, image.height, image.loopCount ?? 1)
        var (frames, changes) = try timed(image.frames)
        _ = consume image
        let delays = frames.map(\.delay)
        let placed = format.canvas.place(frames.map(\.image))
        frames = []   // the source's pixels go before the animation is encoded
        // Telegram's videos, Signal's and Discord's APNGs always loop: an animation made to play a
        // set number of times loses that, and report.md says what each sticker lost.
        if placed.count > 1, format.animated != .webp, loopCount != 0 {
            changes.append("plays \(loopCount == 1 ? "once" : "\(loopCount) times") in the original; \(format.platform.name) loops every animated sticker")
        }
        var converted = placed.count == 1
            ? try still(placed[0], changes: changes)
            : try animation(zip(placed, delays).map { DecodedImage.Frame(image: $0, delay: $1) },
                            loopCount: loopCount, changes: changes)
        // Frames that are all alike (or differ by a pixel lost to lossy coding) leave libwebp one
        // frame: a still WebP, or an animation of one frame when that frame does not cover the
        // canvas. WhatsApp refuses a whole pack marked animated when one of its stickers has a
        // frame or none (StickerPackValidator: "all stickers should animate"). What does not
        // animate goes as the still it is.
        if converted.isAnimated, format.animated == .webp, WebPContainer.frameCount(converted.data) <= 1 {
            converted = try still(placed[0], changes: changes + ["its frames look the same once encoded, so it is a still"])
            converted.stillFromAnimation = true
        }
        let art = format.canvas.artSize(width: width, height: height)
        let canvas = format.canvas.canvasSize(width: width, height: height)
        if art.width != width || art.height != height || canvas != art {
            converted.scaling = "\(width) × \(height) → \(art.width) × \(art.height) px" + (canvas != art ? " on \(canvas.width) × \(canvas.height)" : "")
        }
        return converted
    }

    /// An animation's frames as the platform's timing rules want them (a still's unchanged), and
    /// what that changed: the platform's length, then its shortest frame.
    func timed(_ source: [DecodedImage.Frame]) throws -> (frames: [DecodedImage.Frame], changes: [String]) {
        var frames = source
        var changes: [String] = []
        guard frames.count > 1 else { return (frames, changes) }
        // Frames of 10 ms or less (a GIF's 0 s frames) play for 0.1 s in browsers and Messages:
        // that is the animation the artist saw, where 0 s left nothing to encode and 1 ms frames
        // merged into one still frame.
        let played = AnimationTiming.asPlayed(frames.map(\.delay))
        let quick = zip(frames, played).filter { $0.delay != $1 }.count
        if quick > 0 {
            // "No frame delays" only when there were none: 5 ms frames have delays, played longer.
            let none = quick == frames.count && frames.allSatisfy { $0.delay == 0 }
            frames = zip(frames, played).map { DecodedImage.Frame(image: $0.image, delay: $1) }
            let whole = PlatformChecks.number(AnimationTiming.duration(frames))
            changes.append(none ? "no frame delays: 0.1 s a frame, as browsers and Messages play it, so it lasts \(whole) s"
                : "\(quick) of \(frames.count) frames of 10 ms or less: 0.1 s each, as browsers and Messages play them, so it lasts \(whole) s")
        }
        let duration = AnimationTiming.duration(frames)
        if let limit = format.maximumSeconds, duration > limit + 0.0005 {
            switch longAnimations {
            case .refuse: throw Refusal.tooLong(seconds: duration, limit: limit)
            case .speedUp:
                let before = frames
                frames = AnimationTiming.spedUp(frames, toLast: limit)
                var change = "sped up \(PlatformChecks.number(duration)) → \(PlatformChecks.number(limit)) s (--long-animations speed-up)"
                // Faster, a slow blink that `peel check` passed can flash past WCAG 2.3.1's three a second.
                if let risk = Self.flashingIntroduced(from: before, to: frames) {
                    change += "; \(Converted.flashingWarning) \(PlatformChecks.number(risk.flashesPerSecond)) times a second over \(Int((risk.area * 100).rounded())) % of it, "
                        + "and more than three can trigger seizures (WCAG 2.3.1): use --long-animations cut, or make the animation shorter"
                }
                // A frame of 10 ms or less plays for 0.1 s (`asPlayed`): 12 s of 20 ms frames sped
                // up to 5 s made 8 ms frames, which play 12 times too long. None is under 20 ms.
                let (merged, count) = AnimationTiming.mergingShortFrames(frames, minimum: AnimationTiming.shortestSpedUp)
                if count > 0 {
                    frames = merged
                    change += ", \(count) of \(count + merged.count) frames merged into the next so none is under \(Int(AnimationTiming.shortestSpedUp * 1000)) ms"
                }
                changes.append(change)
            case .cut:
                let before = frames.count
                frames = AnimationTiming.cut(frames, after: limit)
                changes.append("cut at \(PlatformChecks.number(limit)) of \(PlatformChecks.number(duration)) s, \(before - frames.count) of \(before) frames left out (--long-animations cut)")
            }
        }
        if let minimum = format.minimumFrameSeconds {
            let (merged, count) = AnimationTiming.mergingShortFrames(frames, minimum: minimum)
            if count > 0 {
                frames = merged
                changes.append("\(count) frame\(count == 1 ? "" : "s") under \(Int((minimum * 1000).rounded())) ms merged into the next")
            }
        }
        return (frames, changes)
    }

    /// The flashing `after` has (the same frames, retimed) where `before` had none.
    static func flashingIntroduced(from before: [DecodedImage.Frame], to after: [DecodedImage.Frame]) -> FlashRisk? {
        guard before.count == after.count, after.count > 1 else { return nil }
        var meter = FlashMeter()
        for frame in before { meter.add(frame.image) }
        guard meter.risk(delays: before.map(\.delay), loopCount: 0) == nil else { return nil }
        return meter.risk(delays: after.map(\.delay), loopCount: 0)
    }

    // MARK: - Stills

    private func still(_ image: RGBAImage, changes: [String]) throws -> Converted {
        let budget = format.stillBytes
        var tried: Int = .max
        func result(_ data: Data, _ extra: [String]) -> Converted {
            Converted(data: data, fileExtension: format.still.fileExtension, isAnimated: false, width: image.width, height: image.height,
                      frameCount: 1, duration: nil, changes: changes + extra)
        }
        switch format.still {
        case .webp:
            // Lossy with exact alpha; quality steps down only while too large.
            for quality in Self.webpQualities {
                let data = try WebPCodec.encode(image, settings: Self.webpSettings(quality: quality))
                if data.count <= budget { return result(data, quality == Self.webpQualities[0] ? [] : ["WebP quality \(Int(quality))"]) }
                tried = min(tried, data.count)
            }
            // Then colours: a palette, losslessly (flat art compresses far better so).
            for colors in Self.paletteSizes {
                guard let palette = PaletteQuantizer.quantize([image], minimumQuality: 0, maximumColors: colors) else { break }
                let data = try WebPCodec.encode(palette.image(frame: 0, width: image.width, height: image.height),
                                                settings: Self.webpLossless)
                if data.count <= budget { return result(data, ["palette of \(palette.colorCount) colours, lossless WebP"]) }
                tried = min(tried, data.count)
            }
        case .png:
            let png = try Self.png(image, budget: budget)
            if png.data.count <= budget { return result(png.data, png.change.map { [$0] } ?? []) }
            tried = png.data.count
        case .webm:
            preconditionFailure("stills are never video")
        }
        throw Refusal.tooLarge(bytes: tried, limit: budget)
    }

    /// `image` as a PNG within `budget`: lossless (libdeflate, then libpng's smallest), then a
    /// palette of fewer and fewer colours. The first that fits and what it gave up, else the
    /// smallest tried (the caller decides what over budget means).
    static func png(_ image: RGBAImage, budget: Int) throws -> (data: Data, change: String?) {
        var smallest: (data: Data, change: String?)?
        func keep(_ data: Data, _ change: String?) {
            if data.count < smallest?.data.count ?? .max { smallest = (data, change) }
        }
        for compression in [PNGCompression.fast, .smallest] {
            let data = try PNGCodec.encode(image, compression: compression)
            if data.count <= budget { return (data, nil) }
            keep(data, nil)
        }
        for colors in paletteSizes {
            guard let palette = PaletteQuantizer.quantize([image], minimumQuality: 0, maximumColors: colors) else { break }
            let data = try PNGCodec.encode(palette: palette, frame: 0, width: image.width, height: image.height)
            let change = "palette of \(palette.colorCount) colours"
            if data.count <= budget { return (data, change) }
            keep(data, change)
        }
        return smallest!
    }

    // MARK: - Animations

    private func animation(_ frames: [DecodedImage.Frame], loopCount: Int, changes: [String]) throws -> Converted {
        let budget = format.animatedBytes
        let width = frames[0].image.width, height = frames[0].image.height
        var smallest: Int = .max
        // Frame rates to try: the animation's own (or the platform's cap), then lower ones.
        let rates = frameRateSteps(frames)
        for (step, rate) in rates.enumerated() {
            var stepFrames = frames
            var rateChange: [String] = []
            if step > 0 || format.animated != .webm, let cap = rate {
                let (capped, dropped) = AnimationTiming.cappingFrameRate(frames, framesPerSecond: Double(cap))
                if dropped > 0 {
                    stepFrames = capped
                    rateChange = [Self.frameRateChange(cap: cap, from: frames, to: capped)]
                }
            }
            if stepFrames.count == 1 {
                // Nothing left to animate at this rate; lower rates will not help.
                break
            }
            let lastRate = step == rates.count - 1
            switch format.animated {
            case .webp:
                for quality in Self.webpAnimationQualities {
                    let data = try WebPCodec.encodeAnimation(stepFrames, loopCount: loopCount, settings: Self.webpSettings(quality: quality))
                    if data.count <= budget {
                        return converted(data, stepFrames, changes + (quality == Self.webpAnimationQualities[0] ? [] : ["WebP quality \(Int(quality))"]) + rateChange)
                    }
                    smallest = min(smallest, data.count)
                }
                for colors in Self.paletteSizes {
                    guard let palette = PaletteQuantizer.quantize(stepFrames.map(\.image), minimumQuality: 0, maximumColors: colors) else { break }
                    let paletted = stepFrames.indices.map { DecodedImage.Frame(image: palette.image(frame: $0, width: width, height: height), delay: stepFrames[$0].delay) }
                    let data = try WebPCodec.encodeAnimation(paletted, loopCount: loopCount, settings: Self.webpLossless)
                    if data.count <= budget {
                        return converted(data, stepFrames, changes + ["palette of \(palette.colorCount) colours, lossless WebP"] + rateChange)
                    }
                    smallest = min(smallest, data.count)
                    if !lastRate { break }  // one palette try per frame rate before dropping frames
                }
            case .png:
                // Signal and Discord animations loop forever.
                let data = try APNGEncoder.encode(stepFrames, loopCount: 0, palette: nil, compression: .fast)
                if data.count <= budget { return converted(data, stepFrames, changes + rateChange) }
                smallest = min(smallest, data.count)
                for colors in Self.paletteSizes {
                    guard let palette = PaletteQuantizer.quantize(stepFrames.map(\.image), minimumQuality: 0, maximumColors: colors) else { break }
                    let data = try APNGEncoder.encode(stepFrames, loopCount: 0, palette: palette)
                    if data.count <= budget {
                        return converted(data, stepFrames, changes + ["palette of \(palette.colorCount) colours"] + rateChange)
                    }
                    smallest = min(smallest, data.count)
                    if !lastRate { break }
                }
            case .webm:
                let fps = rate ?? format.maximumFramesPerSecond ?? 30
                let (images, dropped) = AnimationTiming.sampled(frames, framesPerSecond: fps)
                let duration = AnimationTiming.duration(frames)
                var videoChange: [String] = []
                if dropped > 0 {
                    videoChange = ["\(fps) fps video: \(dropped) of \(frames.count) frames dropped, the \(PlatformChecks.number(duration)) s kept"]
                } else if !AnimationTiming.isWholeFrames(frames, framesPerSecond: fps) {
                    // Said, not hidden: some frames show a video frame longer than others.
                    videoChange = ["\(fps) fps video: frame times rounded to whole video frames of \(Int((1000 / Double(fps)).rounded())) ms, so evenly timed frames may show unevenly"]
                }
                for (index, quality) in Self.vp9Qualities.enumerated() {
                    let data = try WebMVideoEncoder.encode(images, framesPerSecond: fps, duration: duration,
                                                           settings: .init(quality: quality, alphaQuality: max(8, quality - 12)))
                    if data.count <= budget {
                        return Converted(data: data, fileExtension: "webm", isAnimated: true, width: width, height: height,
                                         frameCount: images.count, duration: duration,
                                         changes: changes + (index == 0 ? [] : ["VP9 quality level \(quality) of 63"]) + videoChange)
                    }
                    smallest = min(smallest, data.count)
                }
            }
        }
        throw Refusal.tooLarge(bytes: smallest, limit: budget)
    }

    /// "frame rate capped at 42 fps: 30 of 60 frames dropped, 31.25 fps now, the 0.96 s kept". A
    /// frame is kept once the last one kept has shown for 1/cap s, so what plays is often slower
    /// than the cap (16 ms frames under a 42 fps cap: every other one): the report gives both.
    static func frameRateChange(cap: Int, from frames: [DecodedImage.Frame], to capped: [DecodedImage.Frame]) -> String {
        let duration = AnimationTiming.duration(frames)
        let played = PlatformChecks.number(Double(capped.count) / duration)
        return "frame rate capped at \(cap) fps: \(frames.count - capped.count) of \(frames.count) frames dropped, \(played) fps now, the \(PlatformChecks.number(duration)) s kept"
    }

    private func converted(_ data: Data, _ frames: [DecodedImage.Frame], _ changes: [String]) -> Converted {
        Converted(data: data, fileExtension: format.animated.fileExtension, isAnimated: true,
                  width: frames[0].image.width, height: frames[0].image.height, frameCount: frames.count,
                  duration: AnimationTiming.duration(frames), changes: changes)
    }

    /// The frame rates to try: the animation's own (capped by the platform), then 2/3, 1/2, 1/3,
    /// 1/4 and 1/6 of it, then 5 fps, never under 5 fps. Stopping at a third left a 50 fps
    /// animation at 17 fps, refused as too heavy, though the same frames at 10 fps fit.
    static func frameRateSteps(own: Int, maximum: Int?) -> [Int?] {
        var rates: [Int?] = [maximum.map { min($0, own) }]
        for fraction in [2.0 / 3, 0.5, 1.0 / 3, 0.25, 1.0 / 6] {
            let rate = Int((Double(own) * fraction).rounded())
            if rate >= 5, rate < (rates.last.flatMap { $0 } ?? own) { rates.append(rate) }
        }
        if 5 < (rates.last.flatMap { $0 } ?? own) { rates.append(5) }
        return rates
    }

    private func frameRateSteps(_ frames: [DecodedImage.Frame]) -> [Int?] {
        Self.frameRateSteps(own: AnimationTiming.videoFrameRate(frames, maximum: format.maximumFramesPerSecond ?? 1000),
                            maximum: format.maximumFramesPerSecond)
    }

    // MARK: - Settings

    /// WebP quality steps: 90 first (sticker art at 512 px is 20–60 KB there), then lower.
    static let webpQualities: [Float] = [90, 80, 70, 60, 50, 40, 30]
    static let webpAnimationQualities: [Float] = [80, 65, 50, 35]
    static let paletteSizes = [256, 128, 64, 32]
    /// VP9 constant-quality levels (0 best, 63 worst).
    static let vp9Qualities = [24, 32, 40, 48, 56]

    static func webpSettings(quality: Float) -> WebPCodec.Settings {
        // method 4: libwebp's default trade-off; exact alpha (sticker edges are what people see).
        WebPCodec.Settings(quality: quality, method: 4, alphaQuality: 100, alphaFiltering: 1)
    }

    static let webpLossless = WebPCodec.Settings(quality: 75, method: 4, alphaQuality: 100, alphaFiltering: 1, lossless: true)

}
