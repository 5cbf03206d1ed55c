/// A sticker frame made ready for Tesseract: scaled so its letters are large enough, flattened to
/// grayscale over one background as dark text on light, then binarised one of two ways (`Preparation`).
struct ArtTextImage {
    /// The two ways a frame is flattened. Dark text vanishes over black and light text over white,
    /// so the frame is read both ways and the reading with more confidence wins.
    enum Background: String, CaseIterable, Sendable {
        /// Composited over white: dark text stays dark on light.
        case white
        /// Composited over black, then inverted, so light text becomes dark text on light.
        case black
    }

    /// How the flattened frame is binarised. Each finds words the other loses, so a frame is read both ways.
    enum Preparation: String, CaseIterable, Sendable {
        /// Its local background turned white (`BackgroundNormalizer`), then binarised without the shapes
        /// too large to be letters (`LargeShapeFilter`): dark words on a coloured shape.
        case normalized
        /// Only the ink a light halo separates from the art (`OutlinedTextFilter`): outlined words
        /// drawn over line art.
        case outlined
        /// Flattened only (ArtTextMeasurement compares it with the others).
        case flattened
    }

    /// The preparations a reader tries.
    static let read: [Preparation] = [.normalized, .outlined]

    let gray: [UInt8]
    let width: Int
    let height: Int

    /// The side Tesseract is given. Its LSTM reads best with an x-height of 20–30 px; a caption in a
    /// 300 px sticker has an x-height of about 12 px, so art is scaled to this side (twice for 300 px).
    /// Measured with ArtTextMeasurement: 600, 800, 1000 and 1400 px found the same words in the
    /// generated stickers, and 800 px already cost 1.6 times the time of 600 px.
    static let targetSide = 600

    /// `frame` scaled, flattened over `background` and prepared.
    init(_ frame: RGBAImage, over background: Background, side: Int = ArtTextImage.targetSide, preparation: Preparation = .normalized) {
        self = ArtTextImage(flattening: Self.scaled(frame, side: side), over: background).prepared(preparation)
    }

    /// `frame` scaled so its longer side is `side`; a reader scales a frame once for all its images.
    static func scaled(_ frame: RGBAImage, side: Int = ArtTextImage.targetSide) -> RGBAImage {
        let longer = max(frame.width, frame.height)
        guard longer > 0, longer != side else { return frame }
        return Resampler.resize(frame, width: max(1, frame.width * side / longer), height: max(1, frame.height * side / longer))
    }

    /// An already scaled frame flattened to grayscale over `background` (the `.flattened` preparation).
    init(flattening scaled: RGBAImage, over background: Background) {
        width = scaled.width
        height = scaled.height
        var gray = [UInt8](repeating: 0, count: width * height)
        scaled.pixels.withUnsafeBufferPointer { rgba in
            gray.withUnsafeMutableBufferPointer { out in
                for index in 0..<out.count {
                    let r = Int(rgba[index * 4]), g = Int(rgba[index * 4 + 1]), b = Int(rgba[index * 4 + 2])
                    let alpha = Int(rgba[index * 4 + 3])
                    // Rec. 601 luma in 1/256ths: close enough to tell ink from paper.
                    let luma = (77 * r + 150 * g + 29 * b) >> 8
                    let inked = luma * alpha / 255
                    switch background {
                    case .white: out[index] = UInt8(inked + 255 - alpha)
                    case .black: out[index] = UInt8(255 - inked)
                    }
                }
            }
        }
        self.gray = gray
    }

    private init(gray: [UInt8], width: Int, height: Int) {
        self.gray = gray
        self.width = width
        self.height = height
    }

    /// This flattened image, prepared.
    func prepared(_ preparation: Preparation) -> ArtTextImage {
        switch preparation {
        case .normalized:
            let flat = BackgroundNormalizer.normalized(gray, width: width, height: height, radius: max(width, height) / Self.backgroundRadiusShare)
            return ArtTextImage(gray: LargeShapeFilter.filtered(flat, width: width, height: height), width: width, height: height)
        case .outlined:
            return ArtTextImage(gray: OutlinedTextFilter.filtered(gray, width: width, height: height), width: width, height: height)
        case .flattened:
            return self
        }
    }

    /// True when the prepared image holds no ink at all, so Tesseract need not look.
    var isBlank: Bool { !gray.contains { $0 < LargeShapeFilter.inkLevel } }

    /// The background is the lightest pixel within a 16th of the image's side: wider than the strokes of
    /// the boldest lettering that fits a sticker (~4 % of its side), so letters stay solid.
    static let backgroundRadiusShare = 16
}
