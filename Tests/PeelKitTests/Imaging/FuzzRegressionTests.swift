import Foundation
import Testing
@testable import PeelKit

/// Inputs the fuzzer (Fuzz/run.sh) found crashing Peel, kept so the crashes never come back.
/// Images must decode or be refused with an ImageError; Markdown files (`.md`, from the
/// frontmatter target) must be read into front matter and findings. Nothing may trap.
@Suite struct FuzzRegressionTests {
    static let files: [String] = {
        let folder = Fixtures.root.appendingPathComponent("fuzz")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test func thereAreRegressionInputs() {
        #expect(Self.files.contains("gif-frame-outside-canvas.gif"))
    }

    @Test(arguments: files)
    func decodesOrRefusesWithoutCrashing(file: String) throws {
        let data = try Fixtures.data(Fixtures.root.appendingPathComponent("fuzz/\(file)"))
        if file.hasSuffix(".md") {
            guard let text = TextFile.decode(data) else { return }
            let (frontMatter, findings) = FrontMatter.parse(text, file: file)
            var reader = FrontMatterReader(frontMatter, file: file, knownKeys: KnownKeys.sticker + KnownKeys.pack)
            _ = (reader.string("alt"), reader.string("title"), reader.strings("tags"), reader.strings("contexts"), reader.integer("order"))
            _ = Markdown.html(frontMatter.body)
            #expect((findings + reader.findings).allSatisfy { $0.file == file && $0.formatted.hasPrefix(file) })
            return
        }
        do {
            let image = try ImageAnalyzer(maxPixels: 2_000_000).analyze(data)
            _ = try Thumbnailer.thumbnails(of: image.decoded, boxes: [32])
        } catch let error as ImageError {
            #expect(!error.description.isEmpty, "refused with a clear error")
        }
    }

    /// A 387-byte PNG whose iTXt chunk declares 1.2 GB: libpng allocated the declared length before
    /// reading (found with -malloc_limit_mb). It is refused by the chunk walk, before libpng runs.
    @Test func aChunkLongerThanTheFileIsRefusedBeforeLibpngAllocatesIt() throws {
        let data = try Fixtures.data(Fixtures.root.appendingPathComponent("fuzz/png-text-chunk-claims-1.2GB.png"))
        #expect(data.count < 400)
        #expect(throws: ImageError.corrupt("chunk 'iTXt' claims 1233256505 bytes, more than the file holds")) {
            try PNGCodec.decode(data, maxPixels: 0)
        }
    }

    @Test func disposingAFrameOutsideTheCanvasClearsNothing() {
        var canvas = [UInt8](repeating: 7, count: 4 * 4 * 4)
        Compositor.clear(&canvas, canvasWidth: 4, x: 10, y: 10, width: 3, height: 3)
        Compositor.clear(&canvas, canvasWidth: 4, x: -5, y: 1, width: 2, height: 2)
        #expect(canvas.allSatisfy { $0 == 7 })
        Compositor.clear(&canvas, canvasWidth: 4, x: 3, y: 3, width: 5, height: 5)
        #expect(canvas[(3 * 4 + 3) * 4] == 0 && canvas.filter { $0 == 0 }.count == 4, "only the overlapping pixel is cleared")
    }
}
