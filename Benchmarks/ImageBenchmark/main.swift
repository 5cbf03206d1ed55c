// Per-sticker image figures: decode (read + SHA-256 + decode every frame), thumbnails (resample
// to the 160 and 320 px boxes and encode, APNG for animations) and the bytes written, for each file
// given. Run by Benchmarks/run.sh with a release build.
//
// usage: peel-image-benchmark [--iterations N] FILE...
//        peel-image-benchmark --thumbnail-each BOX OUTPUT_FOLDER FILE...
//        peel-image-benchmark --visibility FILE...
//
// The second form is the comparison with `vipsthumbnail -s BOX`: one thread reads
// each file, decodes it, makes one thumbnail fitting BOX×BOX and writes it as Peel does (WebP; vipsthumbnail writes PNG) to
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
        try thumbnail.data.write(to: output.appendingPathComponent(url.deletingPathExtension().lastPathComponent + "." + thumbnail.format.rawValue))
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "%d thumbnails in %.3f s: %.2f ms per thumbnail", files.count, seconds, 1000 * seconds / Double(files.count)))
    exit(0)
}
// The fourth form is the quality and cost of WebP thumbnails against PNG ones: for each still file
// and each box (160, 320), the exact resampled pixels are encoded both ways; the WebP is decoded
// again and compared with SSIM (8×8 windows, luma, the art composited over white and over black,
// the worse of the two) and the alpha plane's SSIM. Prints the means and totals.
if arguments.first == "--webp-quality" {
    // WEBP=quality,method,alpha_quality,alpha_filtering tries other settings than the thumbnails'.
    var settings = WebPCodec.Settings.thumbnails
    if let values = ProcessInfo.processInfo.environment["WEBP"]?.split(separator: ",").compactMap({ Double($0) }), values.count == 4 {
        settings = .init(quality: Float(values[0]), method: Int32(values[1]), alphaQuality: Int32(values[2]), alphaFiltering: Int32(values[3]))
    }
    let analyzer = ImageAnalyzer()
    var colour: [Double] = [], alpha: [Double] = []
    var pngBytes = 0, webpBytes = 0
    var pngTime = 0.0, webpTime = 0.0
    for path in arguments.dropFirst() {
        let decoded = try analyzer.analyze(try Data(contentsOf: URL(fileURLWithPath: path))).decoded
        guard !decoded.isAnimated else { continue }
        let sizes = [160, 320].map { Resampler.fittedSize(width: decoded.width, height: decoded.height, box: $0) }
        for exact in Resampler.resize(decoded.frames[0].image, to: sizes) {
            var png = Data(), webp = Data()
            pngTime += try milliseconds { png = try PNGCodec.encode(exact) }
            webpTime += try milliseconds { webp = try WebPCodec.encode(exact, settings: settings) }
            pngBytes += png.count
            webpBytes += webp.count
            let lossy = try WebPCodec.decode(webp)
            colour.append(min(SSIM.luma(exact, lossy, over: 255), SSIM.luma(exact, lossy, over: 0)))
            alpha.append(SSIM.alpha(exact, lossy))
        }
    }
    let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(1, values.count)) }
    print(String(format: "%d thumbnails: SSIM colour mean %.4f (worst %.4f), alpha mean %.4f (worst %.4f)", colour.count,
                 mean(colour), colour.min() ?? 0, mean(alpha), alpha.min() ?? 0))
    print(String(format: "PNG %d bytes, %.2f ms each; WebP %d bytes (%.0f %%), %.2f ms each", pngBytes, pngTime / Double(max(1, colour.count)),
                 webpBytes, 100 * Double(webpBytes) / Double(max(1, pngBytes)), webpTime / Double(max(1, colour.count))))
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

/// Structural similarity (Wang et al. 2004) over 8×8 windows with a stride of 4, the standard
/// constants for 8-bit samples; 1 is identical.
enum SSIM {
    static func luma(_ a: RGBAImage, _ b: RGBAImage, over background: Double) -> Double {
        compare(a, b) { image, offset in
            let alpha = Double(image.pixels[offset + 3]) / 255
            let y = 0.299 * Double(image.pixels[offset]) + 0.587 * Double(image.pixels[offset + 1]) + 0.114 * Double(image.pixels[offset + 2])
            return y * alpha + background * (1 - alpha)
        }
    }

    static func alpha(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        compare(a, b) { image, offset in Double(image.pixels[offset + 3]) }
    }

    private static func compare(_ a: RGBAImage, _ b: RGBAImage, sample: (RGBAImage, Int) -> Double) -> Double {
        let c1: Double = (0.01 * 255) * (0.01 * 255), c2: Double = (0.03 * 255) * (0.03 * 255)
        var total = 0.0, windows = 0
        for top in stride(from: 0, through: a.height - 8, by: 4) {
            for left in stride(from: 0, through: a.width - 8, by: 4) {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for y in top..<top + 8 {
                    for x in left..<left + 8 {
                        let offset = (y * a.width + x) * 4
                        let va = sample(a, offset), vb = sample(b, offset)
                        sa += va; sb += vb; saa += va * va; sbb += vb * vb; sab += va * vb
                    }
                }
                let n = 64.0
                let ma = sa / n, mb = sb / n
                let va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                windows += 1
            }
        }
        return windows == 0 ? 1 : total / Double(windows)
    }
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
