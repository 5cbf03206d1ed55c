import Foundation

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
    /// 3: frames measured in sRGB, converted from the art's colour profile. 4: frames under half the
    /// opacity of the most opaque (a fade-in) left out.
    let version = 4

    func inspect(_ frames: ArtFrames, into facts: inout ArtFacts) throws {
        // The read measured the same sampled frames (`ImageInfo.visibility`).
        if let measured = frames.measuredVisibility {
            facts.visibility = measured
            return
        }
        facts.visibility = ShapeVisibility.worstShown(frames.all.compactMap { frame in
            ShapeVisibility.measure(frame).map { (visibility: $0, peakAlpha: ShapeVisibility.peakAlpha(of: frame)) }
        })
    }
}

/// `label-misses-art-text`: the words drawn into the art, read with Tesseract in the catalog's
/// language. A Tesseract handle reads one page at a time, so each worker takes its own reader from
/// a pool (made lazily: at most one per core); the first is made up front, so a missing language
/// is known before any image is inspected.
struct TextInspector: ArtInspector {
    let language: String
    let name: String
    let version = ArtTextReading.version
    private let readers: WorkerPool<ArtTextReader>

    init(language: String) throws {
        try self.init(languages: [language])
    }

    /// A reader of art in any of `languages` (the packs' own, the default first).
    init(languages: [String]) throws {
        let first = try ArtTextReader(languages: languages)
        self.language = languages[0]
        // The Tesseract data and the dictionaries that keep words are part of the key: a catalog
        // that switches language (en-US to en-GB too: "Colour") is read again.
        name = "text \(first.code) \(first.dictionaryName)"
        let spare = LockedBox(first)
        readers = WorkerPool { try spare.take() ?? ArtTextReader(languages: languages) }
    }

    func inspect(_ frames: ArtFrames, into facts: inout ArtFacts) throws {
        facts.text = try readers.with { try $0.read(frames.all) }
    }
}

/// A value handed out once, under a lock (the text inspector's first reader).
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    init(_ value: Value) { self.value = value }

    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }
}
