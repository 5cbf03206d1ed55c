import Foundation
@testable import PeelKit

/// One libFuzzer binary for every parser Peel runs on downloaded files, the target chosen by
/// PEEL_FUZZ_TARGET:
///   png          PNG and APNG (libpng, Peel's acTL/fcTL/fdAT parser, the compositor)
///   gif          GIF (giflib, the frame compositor)
///   jpeg         JPEG (libjpeg-turbo, EXIF orientation)
///   frontmatter  UTF-8 decoding, front matter (YAML), the typed readers and Markdown
///   markdown     a sidecar body alone through Markdown, pipe tables and their size guard included
///   image        all three image formats at once
///   request      `peel serve`'s request head reader and parser (the first byte picks the read size)
/// Image inputs that decode are also thumbnailed. Any input may be refused with an error; none may
/// crash, hang or read out of bounds.
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
        guard ["png", "gif", "jpeg", "frontmatter", "markdown", "image", "request"].contains(target) else {
            FileHandle.standardError.write(Data("peel-fuzz: unknown PEEL_FUZZ_TARGET '\(target)'; use png, gif, jpeg, frontmatter, markdown, image or request\n".utf8))
            exit(2)
        }
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
    case "frontmatter": fuzzFrontMatter(data)
    case "markdown": fuzzMarkdown(data)
    case "png": fuzzImage(data, formats: [.png])
    case "gif": fuzzImage(data, formats: [.gif])
    case "jpeg": fuzzImage(data, formats: [.jpeg])
    case "request": fuzzRequest(data)
    default: fuzzImage(data, formats: [.png, .gif, .jpeg])
    }
    return 0
}

/// Decodes and thumbnails `data` when its bytes are one of `formats`; others are skipped so each
/// target spends its time in its own decoder.
func fuzzImage(_ data: Data, formats: Set<ImageFormat>) {
    guard formats.contains(ImageFormat.sniff([UInt8](data.prefix(16)))) else { return }
    if let image = try? analyzer.analyze(data) {
        _ = try? Thumbnailer.thumbnails(of: image.decoded, boxes: [32])
    }
}

/// Reads `data` the way a sidecar, pack.md or site.md is read.
func fuzzFrontMatter(_ data: Data) {
    guard let text = TextFile.decode(data) else { return }
    let (frontMatter, _) = FrontMatter.parse(text, file: "fuzz.md")
    var reader = FrontMatterReader(frontMatter, file: "fuzz.md", knownKeys: KnownKeys.sticker + KnownKeys.pack)
    _ = reader.string("alt")
    _ = reader.string("title")
    _ = reader.strings("tags")
    _ = reader.strings("contexts")
    _ = reader.integer("order")
    _ = Markdown.html(frontMatter.body)
}

/// Feeds a connection's bytes to `peel serve`'s head reader in reads of 1–64 bytes (the first byte
/// says how many) and parses each head it finds. Besides crashes, a broken bound is a finding: the
/// reader may never hold more than a head's limit plus one read, and a parsed target starts with /.
func fuzzRequest(_ data: Data) {
    guard let first = data.first else { return }
    let chunk = Int(first % 64) + 1
    let bytes = [UInt8](data.dropFirst())
    var reader = RequestHeadReader()
    var offset = 0
    do {
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            _ = try reader.append(bytes[offset..<end])
            offset = end
            precondition(reader.buffer.count <= RequestHeadReader.Limits.head + chunk, "the head reader outgrew its limit")
            while let head = try reader.takeHead() {
                guard let request = try? RequestHead.parse(head) else { continue }
                precondition(request.target.hasPrefix("/"), "a parsed target must start with /")
                _ = (request.keepAlive, request.hasBody, request["host"])
                if let path = request.path.removingPercentEncoding {
                    precondition(SiteFileResolver.folderLocation(path.split(separator: "/")).hasPrefix("/")
                                 && !SiteFileResolver.folderLocation(path.split(separator: "/")).hasPrefix("//"),
                                 "a redirect must start with one slash")
                }
            }
        }
    } catch {}
}

/// Renders `data` as a Markdown body, the way a sidecar's text below its front matter is rendered:
/// tables (a quadratic path in cmark-gfm 0.29) pass through the table-size guard first.
func fuzzMarkdown(_ data: Data) {
    guard let text = TextFile.decode(data) else { return }
    _ = Markdown.html(text)
}

/// libFuzzer's own main (linked in, unused) refers to this entry point; it fuzzes the same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    fuzz(start, count)
}
