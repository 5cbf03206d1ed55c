/// The shape a messenger wants its stickers in, and art put into it: scaled with Peel's resampler
/// (Lanczos-3 on premultiplied alpha, up or down) until it touches the box, then either centred
/// on a transparent square canvas (WhatsApp, Signal, Discord) or left at its own aspect ratio with
/// the longer side exactly the box (Telegram: "one side exactly 512 px").
public struct MessengerCanvas: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// A `side` × `side` canvas, the art centred on transparency.
        case square
        /// The longer side exactly `side`; with `evenSides`, the other rounded to an even number
        /// (VP9's 4:2:0 video wants even sides).
        case longerSide(evenSides: Bool)
    }

    public var side: Int
    public var shape: Shape

    public init(side: Int, shape: Shape) {
        self.side = side
        self.shape = shape
    }

    /// The art's size inside the canvas, keeping its aspect ratio, the longer side `side`.
    public func artSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = Double(side) / Double(max(width, height))
        var size = (width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
        if width >= height { size.width = side } else { size.height = side }
        if case .longerSide(evenSides: true) = shape {
            size.width += size.width % 2
            size.height += size.height % 2
            size = (min(size.width, side), min(size.height, side))
        }
        return size
    }

    /// The canvas size for art of this size.
    public func canvasSize(width: Int, height: Int) -> (width: Int, height: Int) {
        switch shape {
        case .square: (side, side)
        case .longerSide: artSize(width: width, height: height)
        }
    }

    /// Every frame of `frames` put into the canvas (the frames share one size).
    public func place(_ frames: [RGBAImage]) -> [RGBAImage] {
        guard let first = frames.first else { return [] }
        let art = artSize(width: first.width, height: first.height)
        let canvas = canvasSize(width: first.width, height: first.height)
        return frames.map { frame in
            let scaled = frame.width == art.width && frame.height == art.height ? frame : Resampler.resize(frame, width: art.width, height: art.height)
            guard canvas != art else { return scaled }
            return Self.centre(scaled, onWidth: canvas.width, height: canvas.height)
        }
    }

    /// `image` in the middle of a transparent canvas.
    static func centre(_ image: RGBAImage, onWidth width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let left = (width - image.width) / 2, top = (height - image.height) / 2
        let rowBytes = image.width * 4
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    let from = source.baseAddress! + y * rowBytes
                    let to = target.baseAddress! + ((top + y) * width + left) * 4
                    to.update(from: from, count: rowBytes)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
