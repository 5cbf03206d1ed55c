import CGIF
import Foundation

/// Decodes GIFs with giflib: every frame, its delay, disposal method and transparent colour,
/// local and global colour tables, interlacing (giflib de-interlaces) and the loop count.
/// Frames are composed onto a transparent canvas the way browsers show them.
enum GIFDecoder {
    /// A GIF read by giflib (its frames' colour indices, 1 byte a pixel) whose frames `compose`
    /// turns into RGBA canvases one at a time.
    final class Animation {
        let width: Int, height: Int
        /// Each frame's display time, in seconds.
        let delays: [Double]
        /// 0 loops forever; nil for a single frame, or when the file has no loop extension (plays once).
        let loopCount: Int?
        /// A frame declares a transparent colour.
        let hasTransparency: Bool
        /// Each frame's graphics control (delay, disposal, transparent colour), read once.
        private let controls: [GraphicsControlBlock]
        /// Open until deinit; giflib has read the whole file by then (`DGifSlurp`).
        private let gif: UnsafeMutablePointer<GifFileType>

        /// `maxPixels` bounds the canvas, `maxAnimationPixels` the sum of all frames; both are
        /// checked from the block structure before giflib allocates anything.
        init(_ bytes: [UInt8], maxPixels: Int, maxAnimationPixels: Int) throws {
            let header = try GIFHeader(bytes)
            guard header.width * header.height <= maxPixels else {
                throw ImageError.overPixelBudget(width: header.width, height: header.height, budget: maxPixels)
            }
            guard header.frameCount <= ImageAnalyzer.maxFrames else {
                throw ImageError.tooManyFrames(frames: header.frameCount, limit: ImageAnalyzer.maxFrames)
            }
            guard header.totalFramePixels <= maxAnimationPixels,
                  header.frameCount <= maxAnimationPixels / (header.width * header.height) else {
                throw ImageError.animationOverBudget(frames: header.frameCount, width: header.width, height: header.height, budget: maxAnimationPixels)
            }

            // giflib refuses a file without its trailer, or with bytes after the frames that are
            // not a GIF block; browsers show the frames, and so does Peel: giflib reads them with
            // the trailer in place.
            let reader = MemoryReader(bytes: header.hasTrailer ? bytes : Array(bytes[..<header.endOfBlocks]) + [0x3B])
            var openError: Int32 = 0
            let context = Unmanaged.passUnretained(reader).toOpaque()
            guard let gif = DGifOpen(context, { file, buffer, count in
                guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
                return Unmanaged<MemoryReader>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(count))
            }, &openError) else {
                throw ImageError.corrupt("GIF: \(message(openError))")
            }
            func close() {
                var closeError: Int32 = 0
                DGifCloseFile(gif, &closeError)
            }
            let slurped = withExtendedLifetime(reader) { DGifSlurp(gif) }
            guard slurped == GIF_OK else {
                let error = gif.pointee.Error
                close()
                throw ImageError.corrupt("GIF: \(message(error))")
            }
            let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
            guard width > 0, height > 0, gif.pointee.ImageCount > 0, gif.pointee.SavedImages != nil else {
                close()
                throw ImageError.corrupt("GIF has no image")
            }
            let frameCount = Int(gif.pointee.ImageCount)
            controls = (0..<frameCount).map { index in
                var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                                                   TransparentColor: NO_TRANSPARENT_COLOR)
                _ = DGifSavedExtensionToGCB(gif, Int32(index), &control)
                return control
            }
            delays = controls.map { Double($0.DelayTime) / 100 }
            self.width = width
            self.height = height
            self.loopCount = frameCount > 1 ? header.loopCount : nil
            self.hasTransparency = header.hasTransparency
            self.gif = gif
        }

        deinit {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }

        /// Composes the frames in order onto a transparent canvas the way browsers show them, and
        /// hands `body` each whole canvas. Only that canvas (and a saved copy for "restore to
        /// previous") lives at once; a canvas `body` keeps is copied when the next frame draws.
        func compose(_ body: (_ index: Int, _ canvas: RGBAImage) throws -> Void) throws {
            let saved = gif.pointee.SavedImages!
            var canvas = [UInt8](repeating: 0, count: width * height * 4)
            for index in delays.indices {
                let image = saved[index]
                let descriptor = image.ImageDesc
                guard let colorMap = descriptor.ColorMap ?? gif.pointee.SColorMap, let colors = colorMap.pointee.Colors else {
                    throw ImageError.corrupt("GIF frame \(index + 1) has no colour table")
                }
                let colorCount = Int(colorMap.pointee.ColorCount)
                let control = controls[index]
                let left = Int(descriptor.Left), top = Int(descriptor.Top)
                let frameWidth = Int(descriptor.Width), frameHeight = Int(descriptor.Height)
                guard let raster = image.RasterBits else { throw ImageError.corrupt("GIF frame \(index + 1) has no pixels") }

                let previous = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
                for row in 0..<frameHeight {
                    let y = top + row
                    guard y < height else { break }
                    for column in 0..<frameWidth {
                        let x = left + column
                        guard x < width else { break }
                        let colorIndex = Int(raster[row * frameWidth + column])
                        if colorIndex == Int(control.TransparentColor) { continue }
                        guard colorIndex < colorCount else {
                            throw ImageError.corrupt("GIF frame \(index + 1) uses colour \(colorIndex) of a \(colorCount)-colour table")
                        }
                        let color = colors[colorIndex]
                        let offset = (y * width + x) * 4
                        canvas[offset] = color.Red
                        canvas[offset + 1] = color.Green
                        canvas[offset + 2] = color.Blue
                        canvas[offset + 3] = 255
                    }
                }
                try body(index, RGBAImage(width: width, height: height, pixels: canvas))
                switch control.DisposalMode {
                case DISPOSE_BACKGROUND:
                    Compositor.clear(&canvas, canvasWidth: width, x: left, y: top, width: frameWidth, height: frameHeight)
                case DISPOSE_PREVIOUS:
                    if let previous { canvas = previous }
                default:
                    break
                }
            }
        }
    }

    /// giflib's error codes (gif_lib.h, D_GIF_ERR_*) in words. DGifSlurp also fails without
    /// setting a code (0), when a frame is empty (0 px wide or high) or its size overflows.
    static func message(_ code: Int32) -> String {
        switch code {
        case 0: return "a frame is empty (0 px wide or high) or its image data is missing"
        case 101, 102, 111: return "the file cannot be read"
        case 103: return "not a GIF file (the header is wrong)"
        case 104: return "the screen descriptor is missing or cut short"
        case 105: return "a frame's image descriptor is missing or cut short"
        case 106: return "a frame has neither its own colour table nor a global one"
        case 107: return "the file holds a record GIF does not have (it is corrupt)"
        case 108: return "a frame holds more image data than its size allows"
        case 109: return "not enough memory to decode it"
        case 112: return "the image data is corrupt (a bad LZW code)"
        case 113: return "the file ends too soon (it is cut short)"
        default: return GifErrorString(code).map { String(cString: $0) }?.lowercased() ?? "giflib error \(code)"
        }
    }

    /// Feeds giflib from memory.
    final class MemoryReader {
        let bytes: [UInt8]
        var offset = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func read(into buffer: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
            let available = min(count, bytes.count - offset)
            guard available > 0 else { return 0 }
            bytes.withUnsafeBufferPointer { source in
                buffer.update(from: source.baseAddress! + offset, count: available)
            }
            offset += available
            return Int32(available)
        }
    }
}
