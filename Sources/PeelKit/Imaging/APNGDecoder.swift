import Foundation

/// Decodes animated PNGs. Debian's libpng has no APNG patch, so the animation chunks (`acTL`,
/// `fcTL`, `fdAT`) are parsed here; each frame's data is wrapped into a standalone PNG and decoded
/// by libpng, then composed onto the canvas honouring offsets, `dispose_op` and `blend_op`
/// (APNG specification 1.0). Sequence numbers and frame bounds are validated: a malformed file is
/// an error, never an out-of-bounds read.
enum APNGDecoder {
    struct FrameControl {
        var width: Int, height: Int, x: Int, y: Int
        var delay: Double
        var dispose: UInt8, blend: UInt8
    }

    /// An APNG's structure, read and validated without decoding a pixel: its canvas, its frames'
    /// placement, timing and compressed data. `compose` then decodes the frames one at a time.
    struct Animation {
        let canvasWidth: Int, canvasHeight: Int
        /// 0 loops forever.
        let loopCount: Int
        /// The colour type has alpha or a tRNS chunk gives transparency.
        let hasAlphaChannel: Bool
        /// Each frame's display time, in seconds.
        var delays: [Double] { frames.map(\.control.delay) }
        private let ihdr: [UInt8]
        /// Chunks every frame's standalone PNG needs besides its image data.
        private let shared: [PNGChunk]
        private let frames: [(control: FrameControl, data: [[UInt8]])]
        private let maxPixels: Int

        /// `maxPixels` bounds the canvas; the canvas times the frame count is bounded by
        /// `maxAnimationPixels`, both checked before decoding.
        init(_ bytes: [UInt8], maxPixels: Int, maxAnimationPixels: Int) throws {
            let chunks = try PNGChunk.read(bytes)
            guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
                throw ImageError.corrupt("PNG does not start with an IHDR chunk")
            }
            let canvasWidth = Int(UInt32(bigEndianBytes: ihdr.data[0..<4]))
            let canvasHeight = Int(UInt32(bigEndianBytes: ihdr.data[4..<8]))
            guard canvasWidth > 0, canvasHeight > 0 else { throw ImageError.corrupt("image is 0 pixels wide or high") }
            // Each side is up to 2^32 − 1 in IHDR, so the product can overflow Int: overflow is over budget.
            let (canvasPixels, overflowed) = canvasWidth.multipliedReportingOverflow(by: canvasHeight)
            guard !overflowed, canvasPixels <= maxPixels else {
                throw ImageError.overPixelBudget(width: canvasWidth, height: canvasHeight, budget: maxPixels)
            }
            guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8 else {
                throw ImageError.corrupt("animated PNG has no valid acTL chunk")
            }
            let declaredFrames = Int(UInt32(bigEndianBytes: actl.data[0..<4]))
            let plays = Int(UInt32(bigEndianBytes: actl.data[4..<8]))
            guard declaredFrames > 0 else { throw ImageError.corrupt("acTL declares 0 frames") }
            guard declaredFrames <= ImageAnalyzer.maxFrames else {
                throw ImageError.tooManyFrames(frames: declaredFrames, limit: ImageAnalyzer.maxFrames)
            }
            guard declaredFrames <= maxAnimationPixels / canvasPixels else {
                throw ImageError.animationOverBudget(frames: declaredFrames, width: canvasWidth, height: canvasHeight, budget: maxAnimationPixels)
            }

            let shared = chunks.filter { ["PLTE", "tRNS"].contains($0.type) }
            var frames: [(control: FrameControl, data: [[UInt8]])] = []
            var expectedSequence: UInt32 = 0
            var pending: FrameControl?
            var pendingData: [[UInt8]] = []
            var sawIDAT = false
            var defaultImageIsFrame = false

            func finishFrame() {
                if let control = pending { frames.append((control, pendingData)) }
                pending = nil
                pendingData = []
            }

            for chunk in chunks {
                switch chunk.type {
                case "fcTL":
                    guard chunk.data.count == 26 else { throw ImageError.corrupt("fcTL chunk has the wrong length") }
                    let sequence = UInt32(bigEndianBytes: chunk.data[0..<4])
                    guard sequence == expectedSequence else {
                        throw ImageError.corrupt("APNG sequence number \(sequence) where \(expectedSequence) was expected")
                    }
                    expectedSequence += 1
                    finishFrame()
                    let control = try frameControl(chunk.data, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
                    if !sawIDAT {
                        guard control.x == 0, control.y == 0, control.width == canvasWidth, control.height == canvasHeight else {
                            throw ImageError.corrupt("the first APNG frame must cover the whole canvas")
                        }
                        defaultImageIsFrame = true
                    }
                    pending = control
                case "IDAT":
                    if !sawIDAT && !defaultImageIsFrame { finishFrame() } // the default image is hidden
                    sawIDAT = true
                    if defaultImageIsFrame { pendingData.append(chunk.data) }
                case "fdAT":
                    guard chunk.data.count >= 4 else { throw ImageError.corrupt("fdAT chunk is too short") }
                    let sequence = UInt32(bigEndianBytes: chunk.data[0..<4])
                    guard sequence == expectedSequence else {
                        throw ImageError.corrupt("APNG sequence number \(sequence) where \(expectedSequence) was expected")
                    }
                    expectedSequence += 1
                    guard pending != nil, sawIDAT else { throw ImageError.corrupt("fdAT chunk without a frame control chunk before it") }
                    pendingData.append(Array(chunk.data[4...]))
                default:
                    break
                }
            }
            finishFrame()
            guard frames.count == declaredFrames else {
                throw ImageError.corrupt("acTL declares \(declaredFrames) frames but the file has \(frames.count)")
            }
            for (index, frame) in frames.enumerated() where frame.data.isEmpty {
                throw ImageError.corrupt("APNG frame \(index + 1) has no image data")
            }
            self.canvasWidth = canvasWidth
            self.canvasHeight = canvasHeight
            self.loopCount = plays
            self.hasAlphaChannel = ihdr.data[9] & 4 != 0 || shared.contains { $0.type == "tRNS" }
            self.ihdr = ihdr.data
            self.shared = shared
            self.frames = frames
            self.maxPixels = maxPixels
        }

        /// Decodes the frames in order, each through libpng, composing them onto one canvas, and
        /// hands `body` each whole canvas as it shows. Only that canvas (and a saved copy for
        /// `dispose_op` PREVIOUS) lives at once, whatever the frame count; a canvas `body` keeps
        /// is copied when the next frame draws.
        func compose(_ body: (_ index: Int, _ canvas: RGBAImage) throws -> Void) throws {
            var canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
            for (index, (control, data)) in frames.enumerated() {
                var frameIHDR = ihdr
                frameIHDR.replaceSubrange(0..<8, with: UInt32(control.width).bigEndianBytes + UInt32(control.height).bigEndianBytes)
                var png = PNGChunk.signature + PNGChunk(type: "IHDR", data: frameIHDR).encoded
                for chunk in shared { png += chunk.encoded }
                for part in data { png += PNGChunk(type: "IDAT", data: part).encoded }
                png += PNGChunk(type: "IEND", data: []).encoded
                let pixels: RGBAImage
                do {
                    pixels = try PNGCodec.decode(Data(png), maxPixels: maxPixels).0
                } catch let error as ImageError {
                    throw ImageError.corrupt("APNG frame \(index + 1): \(error.description)")
                }

                // dispose_op PREVIOUS on the first frame is treated as BACKGROUND (APNG spec).
                let dispose = index == 0 && control.dispose == 2 ? 1 : control.dispose
                let saved = dispose == 2 ? canvas : nil
                Compositor.draw(pixels, onto: &canvas, canvasWidth: canvasWidth, x: control.x, y: control.y,
                                blendOver: control.blend == 1)
                try body(index, RGBAImage(width: canvasWidth, height: canvasHeight, pixels: canvas))
                switch dispose {
                case 1: Compositor.clear(&canvas, canvasWidth: canvasWidth, x: control.x, y: control.y,
                                         width: control.width, height: control.height)
                case 2: if let saved { canvas = saved }
                default: break
                }
            }
        }
    }

    static func frameControl(_ data: [UInt8], canvasWidth: Int, canvasHeight: Int) throws -> FrameControl {
        func value(_ offset: Int) -> Int { Int(UInt32(bigEndianBytes: data[offset..<(offset + 4)])) }
        let width = value(4), height = value(8), x = value(12), y = value(16)
        let numerator = Int(UInt16(data[20]) << 8 | UInt16(data[21]))
        let denominator = Int(UInt16(data[22]) << 8 | UInt16(data[23]))
        guard width > 0, height > 0, x + width <= canvasWidth, y + height <= canvasHeight else {
            throw ImageError.corrupt("APNG frame \(width) × \(height) at (\(x), \(y)) lies outside the \(canvasWidth) × \(canvasHeight) canvas")
        }
        guard data[24] <= 2, data[25] <= 1 else { throw ImageError.corrupt("APNG frame has an unknown dispose or blend operation") }
        // A 0 denominator means 1/100 s (APNG spec).
        let delay = Double(numerator) / Double(denominator == 0 ? 100 : denominator)
        return FrameControl(width: width, height: height, x: x, y: y, delay: delay, dispose: data[24], blend: data[25])
    }
}
