/// What the art inspectors learnt about one image, cached by the image's content hash: facts
/// about the art alone, never about a label (label comparisons are made every run from these).
public struct ArtFacts: Codable, Sendable, Equatable {
    /// How many frames were inspected: 1 for a still, up to `ArtFrames.sampledFrames` for an animation.
    public var sampledFrames: Int
    /// The worst visible-shape share over the sampled frames; nil when nothing is visible.
    public var visibility: ShapeVisibility?
    /// The words read in the art (poster and sampled frames); nil when the text reader did not run
    /// (no Tesseract data or dictionary for the catalog's language).
    public var text: ArtTextReading?

    public init(sampledFrames: Int, visibility: ShapeVisibility? = nil, text: ArtTextReading? = nil) {
        self.sampledFrames = sampledFrames
        self.visibility = visibility
        self.text = text
    }
}
