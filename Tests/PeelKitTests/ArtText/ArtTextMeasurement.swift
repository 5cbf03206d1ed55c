import Foundation
import Testing
@testable import PeelKit

/// The figures behind ArtTextWordFilter's thresholds, ArtTextImage.targetSide and the page
/// segmentation mode: run with `PEEL_MEASURE_ART_TEXT=1 swift test --filter ArtTextMeasurement`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["PEEL_MEASURE_ART_TEXT"] != nil))
struct ArtTextMeasurement {
    static var lineArt: [URL] {
        var files: [URL] = []
        let roots = [Fixtures.packageRoot.appendingPathComponent("content"), Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/samples/openmoji")]
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "png" && !url.path.contains("animated") && !url.path.contains("motion") {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func wordsAndConfidenceBySettings() throws {
        let folder = try #require(TesseractLanguage.dataFolder(for: "eng"))
        let texts = ArtTextReaderTests.cases.map { (name: $0.name, image: TextStickers.sticker(side: $0.side, lines: $0.lines, style: $0.style())) }
        let art = try Self.lineArt.map { (name: $0.lastPathComponent, image: try TextStickers.decoded($0)) }
        let modes = ProcessInfo.processInfo.environment["PEEL_MEASURE_PSM"].map { $0.split(separator: ",").compactMap { Int32($0) } } ?? [11]
        let sides = ProcessInfo.processInfo.environment["PEEL_MEASURE_SIDES"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? [600]
        let thresholds = ProcessInfo.processInfo.environment["PEEL_MEASURE_THRESHOLDING"].map { $0.split(separator: ",").map(String.init) } ?? ["0"]
        let preparations = ProcessInfo.processInfo.environment["PEEL_MEASURE_PREPARATION"].map {
            $0.split(separator: ",").compactMap { ArtTextImage.Preparation(rawValue: String($0)) }
        } ?? ArtTextImage.read
        for preparation in preparations {
        for mode in modes {
          for thresholding in thresholds {
            let settings = TesseractEngine.settings + [("thresholding_method", thresholding)]
            let engine = try TesseractEngine(code: "eng", folder: folder, language: "en", pageSegmentation: mode, settings: settings)
            for side in sides {
                var time = 0.0, images = 0
                print("== PSM \(mode), thresholding \(thresholding), side \(side), preparation \(preparation.rawValue)")
                for (name, image) in texts + art {
                    var line: [String] = []
                    for background in ArtTextImage.Background.allCases {
                        let start = Date()
                        let prepared = ArtTextImage(image, over: background, side: side, preparation: preparation)
                        let words = engine.words(gray: prepared.gray, width: prepared.width, height: prepared.height)
                        time += Date().timeIntervalSince(start)
                        line.append("\(background.rawValue): " + words.map {
                            "\($0.text)@\(Int($0.confidence))/h\(String(format: "%.3f", Double($0.height) / Double(side)))"
                        }.joined(separator: " "))
                    }
                    images += 1
                    print("  \(name): \(line.joined(separator: " | "))")
                }
                print("  mean time per image (both backgrounds): \(String(format: "%.0f", time / Double(images) * 1000)) ms")
            }
          }
        }
        }
    }

    @Test func timePerSticker() throws {
        let reader = try ArtTextReader(language: "en")
        let text = TextStickers.sticker(side: 618, lines: [("LOL", 150)], style: .darkOnTransparent)
        let art = try TextStickers.decoded(Fixtures.packageRoot.appendingPathComponent("content/faces/party.png"))
        let big = Resampler.resize(art, width: 618, height: 618)
        // CPU time of the process (Debian's Tesseract runs its LSTM on OpenMP threads, so this
        // thread's time is not all of it); wall time says little on a machine shared with other builds.
        func cpu() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        for (name, image) in [("618 px text", text), ("618 px line art", big)] {
            _ = try reader.read([image])
            var start = cpu()
            let wall = Date()
            for _ in 0..<5 { _ = try reader.read([image]) }
            let total = (cpu() - start) / 5
            let elapsed = Date().timeIntervalSince(wall) / 5
            start = cpu()
            for _ in 0..<5 {
                let scaled = ArtTextImage.scaled(image)
                for background in ArtTextImage.Background.allCases {
                    let flattened = ArtTextImage(flattening: scaled, over: background)
                    for preparation in ArtTextImage.read { _ = flattened.prepared(preparation) }
                }
            }
            let preparation = (cpu() - start) / 5
            print("\(name): \(String(format: "%.0f", total * 1000)) ms CPU (\(String(format: "%.0f", elapsed * 1000)) ms wall) per sticker, "
                  + "of which preparing the \(2 * ArtTextImage.read.count) images \(String(format: "%.0f", preparation * 1000)) ms")
        }
    }
}

extension ArtTextMeasurement {
    /// Writes what Tesseract is given for each generated sticker to $PEEL_MEASURE_DUMP, to look at.
    @Test func dumpPreparedImages() throws {
        guard let folder = ProcessInfo.processInfo.environment["PEEL_MEASURE_DUMP"] else { return }
        for (index, example) in ArtTextReaderTests.cases.enumerated() {
            let art = TextStickers.sticker(side: example.side, lines: example.lines, style: example.style())
            try PNGCodec.encode(art).write(to: URL(fileURLWithPath: "\(folder)/\(index)-art.png"))
            for background in ArtTextImage.Background.allCases {
                for preparation in ArtTextImage.read {
                    let image = ArtTextImage(art, over: background, preparation: preparation)
                    let rgba = RGBAImage(width: image.width, height: image.height, pixels: image.gray.flatMap { [$0, $0, $0, 255] })
                    try PNGCodec.encode(rgba).write(to: URL(fileURLWithPath: "\(folder)/\(index)-\(background.rawValue)-\(preparation.rawValue).png"))
                }
            }
        }
    }
}

extension ArtTextMeasurement {
    /// What Tesseract reads in each file of $PEEL_MEASURE_FILES (comma-separated PNG paths), per
    /// background and preparation, to see which preparation loses a word; with $PEEL_MEASURE_DUMP,
    /// the prepared images too.
    @Test func readsFilesPerPreparation() throws {
        guard let list = ProcessInfo.processInfo.environment["PEEL_MEASURE_FILES"] else { return }
        let folder = try #require(TesseractLanguage.dataFolder(for: "eng"))
        let engine = try TesseractEngine(code: "eng", folder: folder, language: "en")
        let dump = ProcessInfo.processInfo.environment["PEEL_MEASURE_DUMP"]
        for path in list.split(separator: ",").map(String.init) {
            let art = try TextStickers.decoded(URL(fileURLWithPath: path))
            for background in ArtTextImage.Background.allCases {
                for preparation in ArtTextImage.Preparation.allCases {
                    let image = ArtTextImage(art, over: background, preparation: preparation)
                    let words = engine.words(gray: image.gray, width: image.width, height: image.height)
                    print("\(URL(fileURLWithPath: path).lastPathComponent) \(background.rawValue) \(preparation.rawValue): "
                          + words.map { "\($0.text)@\(Int($0.confidence))" }.joined(separator: " "))
                    if let dump {
                        let rgba = RGBAImage(width: image.width, height: image.height, pixels: image.gray.flatMap { [$0, $0, $0, 255] })
                        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                        try PNGCodec.encode(rgba).write(to: URL(fileURLWithPath: "\(dump)/\(name)-\(background.rawValue)-\(preparation.rawValue).png"))
                    }
                }
            }
        }
    }
}

extension ArtTextMeasurement {
    /// The words the reader keeps in every still PNG under the folders of $PEEL_MEASURE_FOLDERS
    /// (comma-separated): on art without text, each line printed is a false alarm.
    @Test func keptWordsInFolders() throws {
        guard let list = ProcessInfo.processInfo.environment["PEEL_MEASURE_FOLDERS"] else { return }
        let reader = try ArtTextReader(language: "en")
        var files = 0, withWords = 0
        for root in list.split(separator: ",").map({ URL(fileURLWithPath: String($0)) }) {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "png" {
                guard let art = try? TextStickers.decoded(url) else { continue }
                let reading = try reader.read([art])
                files += 1
                if reading.hasText {
                    withWords += 1
                    print("kept in \(url.path): \(reading.words.map { "\($0.text)@\(Int($0.confidence))" }.joined(separator: " ")) (raw: \(reading.raw))")
                }
            }
        }
        print("\(withWords) of \(files) files with kept words")
    }
}
