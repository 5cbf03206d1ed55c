/// A decoded image: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the image size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA bytes of the pixel at (x, y).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// At least one pixel is not fully transparent: the image shows something.
    public var hasVisiblePixels: Bool { anyAlpha { $0 != 0 } }

    /// At least one pixel is not fully opaque.
    public var hasTransparentPixels: Bool { anyAlpha { $0 != 255 } }

    /// Whether some pixel's alpha passes `test`, stopping at the first.
    @inline(__always)
    private func anyAlpha(_ test: (UInt8) -> Bool) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if test(buffer[index]) { return true }
                index += 4
            }
            return false
        }
    }
}

extension RGBAImage {
    /// The rectangle's pixels as an image of their own; the rectangle lies inside the image.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height,
                     "the crop lies inside the image")
        if width == self.width, height == self.height { return self }
        var cropped: [UInt8] = []
        cropped.reserveCapacity(width * height * 4)
        for row in y..<y + height {
            let start = (row * self.width + x) * 4
            cropped += pixels[start..<start + width * 4]
        }
        return RGBAImage(width: width, height: height, pixels: cropped)
    }
}
