// Per-sticker image figures: decode (read + SHA-256 + decode every frame), thumbnails (resample
// to the 160 and 320 px boxes and encode, APNG for animations) and the bytes written, for each file
// given. Run by Benchmarks/run.sh with a release build.
//
// usage: peel-image-benchmark [--iterations N] FILE...
//        peel-image-benchmark --thumbnail-each BOX OUTPUT_FOLDER FILE...
//        peel-image-benchmark --visibility FILE...
//
// The second form is the like-for-like comparison with `vipsthumbnail -s BOX`: one thread reads
// each file, decodes it, makes one thumbnail fitting BOX×BOX and writes it as PNG to
// OUTPUT_FOLDER; it prints the total seconds and milliseconds per thumbnail.
import Foundation
import PeelKit

var arguments = Array(CommandLine.arguments.dropFirst())
// The third form is the visibility survey behind ShapeVisibility.threshold: each file's visible-shape
// share on the light and dark transcripts (the worst of the frames the art checks sample) and
// the milliseconds one measure of its poster takes.
if arguments.first == "--visibility" {
    let analyzer = ImageAnalyzer()
    print("light\tdark\tms\tfile")
    for path in arguments.dropFirst() {
        guard let decoded = try? analyzer.analyze(try Data(contentsOf: URL(fileURLWithPath: path))).decoded else {
            print("-\t-\t-\t\(path) (cannot be decoded)")
            continue
        }
        let start = DispatchTime.now().uptimeNanoseconds
        _ = ShapeVisibility.measure(decoded.frames[0].image)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let measure = ShapeVisibility.worst(ArtFrames(decoded).all.compactMap(ShapeVisibility.measure))
        print(measure.map { String(format: "%.2f\t%.2f\t%.2f\t", $0.light, $0.dark, milliseconds) } ?? "-\t-\t-\t", path, separator: "")
    }
    exit(0)
}
if arguments.first == "--thumbnail-each", arguments.count >= 4, let box = Int(arguments[1]) {
    let output = URL(fileURLWithPath: arguments[2])
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let files = Array(arguments.dropFirst(3))
    let analyzer = ImageAnalyzer()
    let start = DispatchTime.now().uptimeNanoseconds
    for path in files {
        let url = URL(fileURLWithPath: path)
        let decoded = try analyzer.analyze(try Data(contentsOf: url)).decoded
        let thumbnail = try Thumbnailer.thumbnails(of: decoded, boxes: [box])[0]
        try thumbnail.data.write(to: output.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".png"))
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "%d thumbnails in %.3f s: %.2f ms per thumbnail", files.count, seconds, 1000 * seconds / Double(files.count)))
    exit(0)
}
var iterations = 20
if let index = arguments.firstIndex(of: "--iterations"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
    iterations = value
    arguments.removeSubrange(index...(index + 1))
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: peel-image-benchmark [--iterations N] FILE...\n".utf8))
    exit(2)
}

func milliseconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let analyzer = ImageAnalyzer()
print("file | format | size | frames | file bytes | decode ms | thumbnails ms | thumbnail bytes")
print("---|---|---|---|---|---|---|---")
for path in arguments {
    let url = URL(fileURLWithPath: path)
    let data = try Data(contentsOf: url)
    var analyzed = try analyzer.analyze(data)
    var decodeTimes: [Double] = [], thumbnailTimes: [Double] = []
    var thumbnailBytes = 0
    for _ in 0..<iterations {
        decodeTimes.append(try milliseconds { analyzed = try analyzer.analyze(data) })
        var outputs: [Thumbnailer.Output] = []
        thumbnailTimes.append(try milliseconds { outputs = try Thumbnailer.thumbnails(of: analyzed.decoded, boxes: [160, 320]) })
        thumbnailBytes = outputs.reduce(0) { $0 + $1.data.count + ($1.poster?.count ?? 0) }
    }
    let info = analyzed.info
    print("\(url.lastPathComponent) | \(info.format.rawValue) | \(info.width)×\(info.height) | \(info.frameCount) | \(info.bytes) | "
        + String(format: "%.2f | %.2f", median(decodeTimes), median(thumbnailTimes)) + " | \(thumbnailBytes)")
}
