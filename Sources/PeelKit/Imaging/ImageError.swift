/// Why an image could not be read. The file is named by whoever reports it.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The header claims more pixels than the budget allows; refused before allocating.
    case overPixelBudget(width: Int, height: Int, budget: Int)
    /// An animation's frames together hold more pixels than the animation budget (`ImageAnalyzer.maxAnimationPixels`).
    case animationOverBudget(frames: Int, width: Int, height: Int, budget: Int)
    /// An animation of more frames than Peel reads (`ImageAnalyzer.maxFrames`), however small they are.
    case tooManyFrames(frames: Int, limit: Int)
    /// The bytes are damaged or not what the format says.
    case corrupt(String)
    /// The file became something else on its way here (`ImageFormat.transferDamage`): what it is.
    case damagedInTransfer(String)
    /// Not an image format Peel can read.
    case unsupported(ImageFormat)
    case outOfMemory

    /// The finding code a sticker or an art file that fails this way gets.
    public var findingCode: FindingCode {
        switch self {
        case .overPixelBudget, .animationOverBudget, .tooManyFrames: .imageTooLarge
        case .unsupported: .unsupportedFormat
        case .corrupt, .damagedInTransfer, .outOfMemory: .corruptImage
        }
    }

    /// 10,000 × 10,000: the largest art whose header Peel takes at its word (a poster at print size).
    static let plausibleArtPixels = 100_000_000

    /// As `description`, with icon art's own advice: art over the budget is to be exported at the
    /// App Store icon's 1024 px, not at a sticker's 618 px (which then is too small for the icon set).
    public var iconArtDescription: String {
        guard case .overPixelBudget(let width, let height, let budget) = self else { return description }
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue <= Self.plausibleArtPixels, max(width, height) > IconSet.artSide else { return description }
        return "image is \(width)×\(height) pixels, more than the budget of \(budget) pixels Peel decodes, so it was not read; "
            + "export it at \(IconSet.artSide) px a side (the App Store icon's size), or pass --max-pixels \(pixels.partialValue)"
    }

    public var description: String {
        switch self {
        case .overPixelBudget(let width, let height, let budget):
            // A print-size export (5000 px) is honest art with a next step; a header of a trillion
            // pixels is a damaged or hostile file, which no limit should be raised for.
            let pixels = width.multipliedReportingOverflow(by: height)
            guard !pixels.overflow, pixels.partialValue <= Self.plausibleArtPixels else {
                return "image claims \(width)×\(height) pixels, more than the budget of \(budget) pixels; it was not decoded"
            }
            // Art at sticker size over a budget set lower (--max-pixels 200000) needs the budget raised, nothing else.
            guard max(width, height) > SizeClass.maximumSide else {
                return "image is \(width)×\(height) pixels, more than the budget of \(budget) pixels Peel decodes, so it was not read; "
                    + "pass --max-pixels \(pixels.partialValue) or more"
            }
            return "image is \(width)×\(height) pixels, more than the budget of \(budget) pixels Peel decodes, so it was not read; "
                + "export it at sticker size (618 px a side at most), or pass --max-pixels \(pixels.partialValue) "
                + "(peel fit --max-pixels \(pixels.partialValue) writes a scaled copy into fitted/)"
        case .animationOverBudget(let frames, let width, let height, let budget):
            // --max-pixels N lets an animation's frames hold N × ImageAnalyzer.animationFactor pixels.
            let needed = (frames * width * height + ImageAnalyzer.animationFactor - 1) / ImageAnalyzer.animationFactor
            return "animation of \(frames) frames of \(width) × \(height) px holds more pixels than the \(budget) Peel decodes for one "
                + "animation; fewer frames, or --max-pixels \(needed) (check, build, serve) lets it through"
        case .tooManyFrames(let frames, let limit):
            return "animation has \(frames) frames, more than the \(limit) Peel reads of one animation; use fewer frames"
        case .corrupt(let reason):
            return "image is corrupt: \(reason)"
        case .damagedInTransfer(let what):
            return what
        case .unsupported(let format):
            // Met by content (a HEIC named .jpg, a WebP named .png): the name said nothing was wrong,
            // and "HEIF images are not supported" said nothing of what to do.
            return format == .unknown ? "file is not an image Peel can read"
                : "the file holds a \(format.rawValue.uppercased()) image, whatever its name says; Messages accepts PNG, APNG, GIF and JPEG stickers only, so convert it to PNG"
        case .outOfMemory:
            return "not enough memory to decode the image"
        }
    }
}
