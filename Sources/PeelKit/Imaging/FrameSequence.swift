/// An image's frames, made one at a time: a still's one image, or an animation's canvases
/// composed in order. Walking them once instead of decoding them all keeps an animation to a few
/// canvases of memory whatever its length: fifteen 48-frame animations (618 × 618 px, 73 MB of
/// canvases each) took a 300-sticker build to 257 MB of resident memory when decoded whole.
struct FrameSequence {
    private enum Source {
        case still(RGBAImage)
        case apng(APNGDecoder.Animation)
        case gif(GIFDecoder.Animation)
    }

    private let source: Source
    let width: Int
    let height: Int
    /// Each frame's display time in seconds; `[0]` for a still.
    let delays: [Double]
    /// 0 loops forever; nil for a still, or a GIF without a loop extension (it plays once).
    let loopCount: Int?

    var frameCount: Int { delays.count }
    var isAnimated: Bool { frameCount > 1 }

    private init(_ source: Source, width: Int, height: Int, delays: [Double], loopCount: Int?) {
        self.source = source
        self.width = width
        self.height = height
        self.delays = delays
        self.loopCount = loopCount
    }

    init(still image: RGBAImage) {
        self.init(.still(image), width: image.width, height: image.height, delays: [0], loopCount: nil)
    }

    init(_ apng: APNGDecoder.Animation) {
        self.init(.apng(apng), width: apng.canvasWidth, height: apng.canvasHeight, delays: apng.delays, loopCount: apng.loopCount)
    }

    init(_ gif: GIFDecoder.Animation) {
        self.init(.gif(gif), width: gif.width, height: gif.height, delays: gif.delays, loopCount: gif.loopCount)
    }

    /// Hands `body` every frame in order, each the whole canvas as it shows. A frame `body` keeps
    /// stays as it was (the next one is drawn on a copy).
    func forEach(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        switch source {
        case .still(let image): try body(0, image)
        case .apng(let apng): try apng.compose(body)
        case .gif(let gif): try gif.compose(body)
        }
    }
}
