/// What a GIF's block structure says, read without decoding pixels: canvas size, frame count,
/// whether any frame has a transparent colour, and the NETSCAPE loop count.
/// (Full GIF decoding through giflib belongs to the image engine.)
struct GIFHeader: Equatable {
    var width: Int
    var height: Int
    var frameCount: Int
    var hasTransparency: Bool
    /// How many times the animation plays, as APNG's `num_plays` and WebP's loop count say it:
    /// 0 forever; nil when the file has no NETSCAPE2.0 extension (plays once). The extension's
    /// own number counts the repeats after the first play (browsers, giflib and ImageMagick read
    /// it so), so a GIF that says 1 plays twice: `loopCount` 2.
    var loopCount: Int?
    /// The sum of every frame's width × height: what giflib allocates to decode the file.
    var totalFramePixels = 0
    /// Where the blocks end: the offset of the trailer (`;`), or of what stands in its place in a
    /// file cut short after its last block or followed by bytes GIF does not have.
    var endOfBlocks = 0
    /// The blocks end with the trailer, as GIF says they must.
    var hasTrailer = false

    /// The application extensions that carry the loop count: Netscape's, and `ANIMEXTS1.0`, the
    /// same sub-block under the name some encoders write, which browsers, GDI+ and FreeImage read
    /// alike (it was "plays once" here, and its thumbnails stopped after one play).
    static let loopExtensions: Set<String> = ["NETSCAPE2.0", "ANIMEXTS1.0"]

    init(_ bytes: [UInt8]) throws {
        var reader = ByteReader(bytes, offset: 6)
        width = try reader.uint16LE()
        height = try reader.uint16LE()
        let packed = try reader.byte()
        try reader.skip(2)
        if packed & 0x80 != 0 { try reader.skip(3 << (Int(packed & 0x07) + 1)) }
        frameCount = 0
        hasTransparency = false
        loopCount = nil
        blocks: while true {
            endOfBlocks = reader.offset
            // A file that ends after complete frames, without its trailer, shows in browsers.
            if reader.offset == bytes.count, frameCount > 0 { break blocks }
            switch try reader.byte() {
            case 0x21: // extension
                let label = try reader.byte()
                var applicationIdentifier = ""
                var first = true
                while true {
                    let size = Int(try reader.byte())
                    if size == 0 { break }
                    let start = reader.offset
                    try reader.skip(size)
                    let block = bytes[start..<(start + size)]
                    if first && label == 0xF9 && size >= 4 && block[start] & 0x01 != 0 {
                        hasTransparency = true
                    } else if first && label == 0xFF {
                        applicationIdentifier = String(decoding: block, as: UTF8.self)
                    } else if label == 0xFF && Self.loopExtensions.contains(applicationIdentifier ?? "") && size >= 3 && block[start] == 0x01 {
                        let repeats = Int(block[start + 1]) | Int(block[start + 2]) << 8
                        loopCount = repeats == 0 ? 0 : min(repeats + 1, Int(UInt16.max))
                    }
                    first = false
                }
            case 0x2C: // image descriptor
                try reader.skip(4)
                let frameWidth = try reader.uint16LE(), frameHeight = try reader.uint16LE()
                totalFramePixels += frameWidth * frameHeight
                let local = try reader.byte()
                if local & 0x80 != 0 { try reader.skip(3 << (Int(local & 0x07) + 1)) }
                _ = try reader.byte() // LZW minimum code size
                while true {
                    let size = Int(try reader.byte())
                    if size == 0 { break }
                    try reader.skip(size)
                }
                frameCount += 1
            case 0x3B: // trailer
                hasTrailer = true
                break blocks
            default:
                if frameCount > 0 { break blocks } // trailing garbage after complete frames is tolerated, as browsers do
                throw ImageError.corrupt("unknown GIF block")
            }
        }
        if frameCount == 0 { throw ImageError.corrupt("GIF has no image") }
        if width == 0 || height == 0 { throw ImageError.corrupt("GIF canvas is 0 pixels wide or high") }
    }
}
