/// Flattens the background behind text before Tesseract binarises it. Tesseract thresholds the
/// whole image at one level (Otsu), so dark letters on a mid-tone shape (black "HELLO" on an orange
/// disc) fall on the same side as the shape and vanish; its adaptive modes lost plain text instead
/// (measured in ArtTextMeasurement). Dividing each pixel by the lightest pixel near it (a max filter
/// wider than a letter's stroke) turns any local paper, white or orange, to white and keeps ink dark.
enum BackgroundNormalizer {
    /// `gray` (width × height) divided by its local maximum over a square of side 2 × radius + 1.
    static func normalized(_ gray: [UInt8], width: Int, height: Int, radius: Int) -> [UInt8] {
        guard width > 0, height > 0, radius > 0 else { return gray }
        var background = gray
        // Rows, then columns: a square max filter is separable.
        var line = [UInt8](repeating: 0, count: max(width, height))
        for y in 0..<height {
            for x in 0..<width { line[x] = background[y * width + x] }
            let maxima = slidingMaximum(line, count: width, radius: radius)
            for x in 0..<width { background[y * width + x] = maxima[x] }
        }
        for x in 0..<width {
            for y in 0..<height { line[y] = background[y * width + x] }
            let maxima = slidingMaximum(line, count: height, radius: radius)
            for y in 0..<height { background[y * width + x] = maxima[y] }
        }
        var out = gray
        for index in 0..<out.count {
            let paper = Int(background[index])
            out[index] = paper == 0 ? 255 : UInt8(min(255, Int(gray[index]) * 255 / paper))
        }
        return out
    }

    /// The maximum of `values[i - radius ... i + radius]` (clamped to the line) for each i, in
    /// constant time per value (van Herk / Gil–Werman: running maxima within blocks of the window's size).
    static func slidingMaximum(_ values: [UInt8], count: Int, radius: Int) -> [UInt8] {
        let window = 2 * radius + 1
        var forward = [UInt8](repeating: 0, count: count), backward = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            forward[index] = index % window == 0 ? values[index] : max(forward[index - 1], values[index])
        }
        for index in stride(from: count - 1, through: 0, by: -1) {
            backward[index] = (index == count - 1 || (index + 1) % window == 0) ? values[index] : max(backward[index + 1], values[index])
        }
        var out = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            let low = max(0, index - radius), high = min(count - 1, index + radius)
            out[index] = max(backward[low], forward[high])
        }
        return out
    }
}
