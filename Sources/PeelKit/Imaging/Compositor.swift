/// Draws animation frames onto a canvas of straight-alpha RGBA bytes.
enum Compositor {
    /// Draws `frame` at (x, y), clipped to the canvas. `blendOver` composites with alpha ("over");
    /// otherwise the frame's pixels replace the canvas's ("source").
    static func draw(_ frame: RGBAImage, onto canvas: inout [UInt8], canvasWidth: Int, x: Int, y: Int, blendOver: Bool) {
        let canvasHeight = canvas.count / (canvasWidth * 4)
        frame.pixels.withUnsafeBufferPointer { source in
            canvas.withUnsafeMutableBufferPointer { target in
                for row in 0..<frame.height {
                    let targetY = y + row
                    guard targetY >= 0, targetY < canvasHeight else { continue }
                    for column in 0..<frame.width {
                        let targetX = x + column
                        guard targetX >= 0, targetX < canvasWidth else { continue }
                        let from = (row * frame.width + column) * 4
                        let to = (targetY * canvasWidth + targetX) * 4
                        let alpha = Int(source[from + 3])
                        if !blendOver || alpha == 255 {
                            for channel in 0..<4 { target[to + channel] = source[from + channel] }
                        } else if alpha > 0 {
                            over(source, from, target, to)
                        }
                    }
                }
            }
        }
    }

    /// Porter-Duff "over" of one straight-alpha pixel onto another.
    @inline(__always)
    static func over(_ source: UnsafeBufferPointer<UInt8>, _ from: Int, _ target: UnsafeMutableBufferPointer<UInt8>, _ to: Int) {
        let sourceAlpha = Int(source[from + 3])
        let targetAlpha = Int(target[to + 3])
        let outAlpha = sourceAlpha * 255 + targetAlpha * (255 - sourceAlpha)   // scaled by 255
        guard outAlpha > 0 else { return }
        for channel in 0..<3 {
            let value = Int(source[from + channel]) * sourceAlpha * 255
                + Int(target[to + channel]) * targetAlpha * (255 - sourceAlpha)
            target[to + channel] = UInt8((value + outAlpha / 2) / outAlpha)
        }
        target[to + 3] = UInt8((outAlpha + 127) / 255)
    }

    /// Makes a rectangle fully transparent (dispose to background), clipped to the canvas: a GIF
    /// frame may lie partly or wholly outside it.
    static func clear(_ canvas: inout [UInt8], canvasWidth: Int, x: Int, y: Int, width: Int, height: Int) {
        let canvasHeight = canvas.count / (canvasWidth * 4)
        let top = max(0, y), bottom = min(canvasHeight, y + height)
        let left = max(0, x), right = min(canvasWidth, x + width)
        guard top < bottom, left < right else { return }
        // Through the buffer: replaceSubrange with repeated zeros went element by element, 4 % of
        // an animated sticker's work.
        canvas.withUnsafeMutableBufferPointer { pixels in
            for row in top..<bottom {
                let start = (row * canvasWidth + left) * 4
                (pixels.baseAddress! + start).update(repeating: 0, count: (right - left) * 4)
            }
        }
    }
}
