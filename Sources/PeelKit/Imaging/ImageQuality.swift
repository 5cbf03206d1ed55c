import Foundation

/// How close two images are, for reporting what a lossy step cost.
public enum ImageQuality {
    /// PSNR in dB over premultiplied RGBA, so colour under full transparency does not count;
    /// infinity for identical images. Both images must have the same size.
    public static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "PSNR compares images of one size")
        var squared = 0.0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            let alphaA = Double(a.pixels[index + 3]) / 255, alphaB = Double(b.pixels[index + 3]) / 255
            for channel in 0..<3 {
                let difference = Double(a.pixels[index + channel]) * alphaA - Double(b.pixels[index + channel]) * alphaB
                squared += difference * difference
            }
            let alpha = Double(a.pixels[index + 3]) - Double(b.pixels[index + 3])
            squared += alpha * alpha
        }
        let mse = squared / Double(max(1, a.pixels.count))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
