/// What was read in one sticker's art: the words kept as text (see `ArtTextWordFilter`) and,
/// for a reviewer, everything Tesseract read. Cached by the art's content hash (with `version`).
public struct ArtTextReading: Codable, Sendable, Equatable {
    /// A word kept from the art, as Tesseract read it ("LOL", "Hello"), with its confidence (0–100).
    public struct Word: Codable, Sendable, Equatable {
        public var text: String
        public var confidence: Double

        public init(text: String, confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    /// Bump whenever the same pixels could give other words: image preparation, Tesseract's settings,
    /// the keep rules or their thresholds. It is part of the cache key of a reading.
    public static let version = 4

    /// The words kept, in reading order, each once (an animation shows a word in several frames).
    public var words: [Word]
    /// Everything Tesseract read in the reading that was kept, frame by frame, words separated by
    /// spaces and frames by " / "; empty when nothing was read. For display only.
    public var raw: String

    public init(words: [Word], raw: String) {
        self.words = words
        self.raw = raw
    }

    /// A reading of art without text.
    public static let empty = ArtTextReading(words: [], raw: "")

    /// True when the art holds words the label should say.
    public var hasText: Bool { !words.isEmpty }
}
