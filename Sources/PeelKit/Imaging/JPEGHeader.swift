/// A JPEG's pixel size from its start-of-frame marker, read without decoding.
/// (Full decoding with EXIF orientation belongs to the image engine.)
struct JPEGHeader: Equatable {
    var width: Int
    var height: Int

    init(_ bytes: [UInt8]) throws {
        var reader = ByteReader(bytes, offset: 2)
        while true {
            var marker = try reader.byte()
            guard marker == 0xFF else { throw ImageError.corrupt("JPEG marker expected") }
            while marker == 0xFF { marker = try reader.byte() }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            if marker == 0xD9 || marker == 0xDA { throw ImageError.corrupt("JPEG has no frame header") }
            let length = try reader.uint16BE()
            guard length >= 2 else { throw ImageError.corrupt("JPEG segment length is invalid") }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                _ = try reader.byte() // precision
                height = try reader.uint16BE()
                width = try reader.uint16BE()
                if width == 0 || height == 0 { throw ImageError.corrupt("JPEG is 0 pixels wide or high") }
                return
            }
            try reader.skip(length - 2)
        }
    }
}
