import CImageQuant
#if canImport(Glibc)
import Glibc
#endif

/// Reduces RGBA frames to one shared palette of at most 256 colours with libimagequant, so
/// thumbnails are small 8-bit PNGs. One palette for all frames of an animation keeps colours
/// steady from frame to frame (and lets every APNG frame share one PLTE).
enum PaletteQuantizer {
    struct Result {
        /// RGBA entries, straight alpha.
        var palette: [UInt8]
        var colorCount: Int
        /// One index per pixel, per frame.
        var indices: [[UInt8]]

        /// Frame `frame` back as RGBA (for encoders that take RGBA: lossless WebP).
        func image(frame: Int, width: Int, height: Int) -> RGBAImage {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for (offset, index) in indices[frame].enumerated() {
                let entry = Int(index) * 4
                pixels[offset * 4] = palette[entry]
                pixels[offset * 4 + 1] = palette[entry + 1]
                pixels[offset * 4 + 2] = palette[entry + 2]
                pixels[offset * 4 + 3] = palette[entry + 3]
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    /// Nil when the frames cannot be quantized to at least `minimumQuality` (0–100, libimagequant's
    /// scale): the caller keeps full RGBA then.
    static func quantize(_ frames: [RGBAImage], minimumQuality: Int = 80, maximumColors: Int = 256) -> Result? {
        guard let first = frames.first, let attributes = liq_attr_create() else { return nil }
        OpenMP.useOneThreadHere()
        defer { liq_attr_destroy(attributes) }
        liq_set_quality(attributes, Int32(minimumQuality), 100)
        liq_set_max_colors(attributes, Int32(max(2, min(256, maximumColors))))
        liq_set_speed(attributes, 4)
        guard let histogram = liq_histogram_create(attributes) else { return nil }
        defer { liq_histogram_destroy(histogram) }

        // One frame at a time, twice: into the histogram, then remapped. A liq_image holds the
        // frame as floats (16 bytes a pixel): keeping every frame's until remapping ended made a
        // 300-frame animation at 512 px hold 1.26 GB. Each lives only while its frame is read, on
        // the frame's own pixels (liq_image keeps a pointer to them, valid in this scope).
        func withImage<T>(_ frame: RGBAImage, _ body: (OpaquePointer) -> T?) -> T? {
            frame.pixels.withUnsafeBufferPointer { pixels -> T? in
                guard let image = liq_image_create_rgba(attributes, pixels.baseAddress!, Int32(first.width), Int32(first.height), 0) else {
                    return nil
                }
                defer { liq_image_destroy(image) }
                return body(image)
            }
        }
        for frame in frames {
            guard frame.width == first.width, frame.height == first.height,
                  withImage(frame, { liq_histogram_add_image(histogram, attributes, $0) == LIQ_OK ? true : nil }) != nil else { return nil }
        }
        var result: OpaquePointer?
        guard liq_histogram_quantize(histogram, attributes, &result) == LIQ_OK, let result else { return nil }
        defer { liq_result_destroy(result) }
        liq_set_dithering_level(result, 1.0)

        var indices: [[UInt8]] = []
        for frame in frames {
            let remapped = withImage(frame) { image -> [UInt8]? in
                // Adding the frame to a histogram makes its contrast maps, which dithering uses
                // (as it did when the same liq_image served both passes): a throwaway one here.
                guard let again = liq_histogram_create(attributes) else { return nil }
                defer { liq_histogram_destroy(again) }
                guard liq_histogram_add_image(again, attributes, image) == LIQ_OK else { return nil }
                var remapped = [UInt8](repeating: 0, count: first.width * first.height)
                let status = remapped.withUnsafeMutableBytes { raw in
                    liq_write_remapped_image(result, image, raw.baseAddress!, raw.count)
                }
                return status == LIQ_OK ? remapped : nil
            }
            guard let remapped else { return nil }
            indices.append(remapped)
        }
        guard let palette = liq_get_palette(result)?.pointee else { return nil }
        let count = Int(palette.count)
        var entries: [UInt8] = []
        withUnsafeBytes(of: palette.entries) { raw in
            let colors = raw.bindMemory(to: liq_color.self)
            for index in 0..<count {
                entries += [colors[index].r, colors[index].g, colors[index].b, colors[index].a]
            }
        }
        return Result(palette: entries, colorCount: count, indices: indices)
    }
}

/// libimagequant parallelises with OpenMP, whose idle threads spin waiting for work. Peel already
/// runs one sticker per core, so those extra threads only fought the other stickers for the cores
/// (an 8-frame GIF's thumbnails took 2× as long in a busy build). Each calling thread asks for
/// one OpenMP thread; libgomp is found at run time, so nothing breaks where it is absent.
enum OpenMP {
    private typealias SetNumThreads = @convention(c) (Int32) -> Void
    private static let setNumThreads: SetNumThreads? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_set_num_threads") else { return nil }
        return unsafeBitCast(symbol, to: SetNumThreads.self)
        #else
        return nil
        #endif
    }()

    static func useOneThreadHere() {
        setNumThreads?(1)
    }
}
