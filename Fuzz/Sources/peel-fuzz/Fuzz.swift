import Foundation
@testable import PeelKit

/// One libFuzzer entry point for every parser, chosen by PEEL_FUZZ_TARGET:
/// image (PNG, APNG, GIF, JPEG through ImageAnalyzer), frontmatter (front matter and Markdown).
/// Any input may be rejected with an error; none may crash, hang or read out of bounds.
nonisolated(unsafe) let target = ProcessInfo.processInfo.environment["PEEL_FUZZ_TARGET"] ?? "image"
let analyzer = ImageAnalyzer(maxPixels: 2_000_000)

/// libFuzzer's driver, for programs that keep their own main (SwiftPM owns an executable's main).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@main
enum PeelFuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
            fuzz(bytes, count)
        })
    }
}

func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    switch target {
    case "frontmatter":
        if let text = TextFile.decode(data) {
            let (frontMatter, _) = FrontMatter.parse(text, file: "fuzz.md")
            var reader = FrontMatterReader(frontMatter, file: "fuzz.md", knownKeys: KnownKeys.sticker)
            _ = reader.string("alt")
            _ = reader.strings("tags")
            _ = reader.integer("order")
            _ = Markdown.html(frontMatter.body)
        }
    default:
        if let image = try? analyzer.analyze(data) {
            _ = try? Thumbnailer.thumbnails(of: image.decoded, boxes: [32])
        }
    }
    return 0
}

/// libFuzzer's own main (linked in, unused) refers to this entry point; it fuzzes the same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    fuzz(start, count)
}
