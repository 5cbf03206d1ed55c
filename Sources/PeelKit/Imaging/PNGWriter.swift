import CLibDeflate
import Foundation

/// Writes still 8-bit RGBA or RGB PNGs quickly: every row gets the PNG "sub" filter and the image
/// data is compressed by libdeflate at level 5.
///
/// Why not libpng: on sticker thumbnails libpng's adaptive filtering with zlib level 6 took
/// 2.5–4× as long for files of the same size (−2 % to +7 %; measured on still, flat-colour and
/// photographic stickers, see BENCHMARKS.md). Flat-colour art, which most stickers are, compresses
/// best with "sub" anyway; trying every filter on every row cost more than it saved. Decoding
/// stays with libpng, which has to accept every PNG; this writer only ever writes one shape.
enum PNGWriter {
    /// libdeflate's level 5: on the sample catalog's thumbnails as small as zlib's level 6
    /// (778,255 bytes against 779,682) in a quarter of its time, and 18% faster than libdeflate's
    /// level 6 for 1.1% more bytes (measured on all 42; BENCHMARKS.md). Levels below 5 save
    /// little more time (level 1: another 20%) for 2–8% larger files.
    static let compressionLevel: Int32 = 5

    /// The PNG for `image`; with `alpha` false the alpha channel is dropped (colour type RGB).
    static func encode(_ image: RGBAImage, alpha: Bool) -> Data {
        let channels = alpha ? 4 : 3
        let rowBytes = image.width * channels
        let filteredCount = (rowBytes + 1) * image.height
        // Every byte is written by the filter (no zero-filling first).
        let filtered = [UInt8](unsafeUninitializedCapacity: filteredCount) { target, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for y in 0..<image.height {
                    filterRow(source + y * image.width * 4, width: image.width, channels: channels,
                              into: target + y * (rowBytes + 1))
                }
            }
            initialized = filteredCount
        }
        let compressed = DeflateCompressor.zlib(filtered)

        var header = [UInt8]()
        header += UInt32(image.width).bigEndianBytes + UInt32(image.height).bigEndianBytes
        header += [8, alpha ? 6 : 2, 0, 0, 0]  // bit depth 8, colour type RGBA or RGB, deflate, adaptive filtering, no interlace
        var file = Data(capacity: compressed.count + 57)
        file.append(contentsOf: PNGChunk.signature)
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", compressed, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// A palette PNG (colour type 3) of one frame of `palette`: rows unfiltered (the PNG
    /// specification's advice for palette images), libdeflate at level 9 (these are animation
    /// frames, where the bytes add up and the pixels are few), a `tRNS` chunk up to the last
    /// entry that is not opaque.
    static func encode(indices: [UInt8], width: Int, height: Int, palette: [UInt8], colorCount: Int) -> Data {
        precondition((1...256).contains(colorCount) && palette.count >= colorCount * 4, "a palette holds 1 to 256 RGBA colours")
        precondition(indices.count == width * height, "one index per pixel")
        var filtered = [UInt8](repeating: 0, count: (width + 1) * height)
        indices.withUnsafeBufferPointer { source in
            filtered.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    // Filter byte 0 (none), then the row as it is.
                    (target.baseAddress! + y * (width + 1) + 1).update(from: source.baseAddress! + y * width, count: width)
                }
            }
        }
        let compressed = DeflateCompressor.zlib(filtered, level: 9)
        var colours: [UInt8] = [], alphas: [UInt8] = []
        for index in 0..<colorCount {
            colours += palette[(index * 4)..<(index * 4 + 3)]
            alphas.append(palette[index * 4 + 3])
        }
        let translucentCount = (alphas.lastIndex { $0 != 255 } ?? -1) + 1

        var file = Data(capacity: compressed.count + colours.count + translucentCount + 81)
        file.append(contentsOf: PNGChunk.signature)
        appendChunk("IHDR", UInt32(width).bigEndianBytes + UInt32(height).bigEndianBytes + [8, 3, 0, 0, 0], to: &file)
        appendChunk("PLTE", colours, to: &file)
        if translucentCount > 0 { appendChunk("tRNS", Array(alphas.prefix(translucentCount)), to: &file) }
        appendChunk("IDAT", compressed, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Filter type 1 ("sub"): each byte minus the same channel of the pixel to its left.
    @inline(__always)
    private static func filterRow(_ row: UnsafePointer<UInt8>, width: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        out[0] = 1
        let bytes = out + 1
        if channels == 4 {
            let count = width * 4
            for index in 0..<min(4, count) { bytes[index] = row[index] }
            var index = 4
            while index < count {
                bytes[index] = row[index] &- row[index - 4]
                index += 1
            }
        } else {
            var previous: (UInt8, UInt8, UInt8) = (0, 0, 0)
            for x in 0..<width {
                let pixel = row + x * 4
                let target = bytes + x * 3
                target[0] = pixel[0] &- previous.0
                target[1] = pixel[1] &- previous.1
                target[2] = pixel[2] &- previous.2
                previous = (pixel[0], pixel[1], pixel[2])
            }
        }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout Data) {
        let typeBytes = Array(type.utf8)
        file.append(contentsOf: UInt32(data.count).bigEndianBytes)
        file.append(contentsOf: typeBytes)
        file.append(contentsOf: data)
        var crc = CRC32.checksum(typeBytes)
        crc = CRC32.checksum(data, startingWith: crc)
        file.append(contentsOf: crc.bigEndianBytes)
    }
}
