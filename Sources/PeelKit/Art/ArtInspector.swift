/// One way of looking at a sticker's art, run once per image (the results are cached). Its
/// `name` and `version` are part of the cache key: bump `version` whenever what it records
/// changes, so facts from an older inspector are not reused.
protocol ArtInspector: Sendable {
    var name: String { get }
    var version: Int { get }
    func inspect(_ frames: ArtFrames, into facts: inout ArtFacts) throws
}

/// `vanishes-on-dark` / `vanishes-on-light`: the shape's visibility on both transcripts, the
/// worst of the sampled frames (a poster that reads well can still fade to black mid-loop).
struct VisibilityInspector: ArtInspector {
    let name = "visibility"
    let version = 1

    func inspect(_ frames: ArtFrames, into facts: inout ArtFacts) throws {
        facts.visibility = ShapeVisibility.worst(frames.all.compactMap(ShapeVisibility.measure))
    }
}
