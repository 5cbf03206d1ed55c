import ArgumentParser
import PeelKit

/// `--max-pixels`, shared by the commands that decode images: a positive number of pixels. 0 or
/// less is a usage error, because libpng and libjpeg read 0 as "no limit" (the guard against
/// decompression bombs switched off) while a zero budget refuses every image.
enum PixelBudget {
    static func validate(_ maxPixels: Int) throws {
        guard maxPixels > 0 else {
            throw ValidationError("--max-pixels must be a positive number of pixels (the default is \(ImageAnalyzer.defaultMaxPixels)); '\(maxPixels)' would switch off the guard against decompression bombs or refuse every image")
        }
    }
}
