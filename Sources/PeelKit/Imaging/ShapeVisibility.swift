import Foundation

/// How much of a sticker's shape a person can still see on each transcript background, in the
/// spirit of WCAG 1.4.11 (graphics that carry meaning need 3:1 against what is next to them).
///
/// Whether some pixels are low-contrast does not matter; whether the *shape* survives does. So:
/// - the real silhouette is every pixel at least half opaque (or, for art with none, at least
///   half as opaque as its most opaque pixel), with its holes filled;
/// - the visible silhouette is every such pixel whose colour, composited over the background,
///   has a WCAG contrast of at least 3:1 with it; a small morphological close joins what thin
///   low-contrast lines split, then its holes are filled too;
/// - the visible-shape share is area(visible ∩ real) / area(real).
///
/// The threshold (`threshold`) and the figures it was calibrated on are below and in the README
/// ("Visibility on the transcripts").
///
/// A yellow face with a black outline keeps its whole shape on white (the outline encloses the
/// fill, so filling the holes gives the disc back) and most of it on black (the fill is the disc
/// less the outline's width); a near-black bat on black keeps next to nothing, a white cloud on white too.
///
/// The masks are measured on a grid of cells at most `gridSize` wide: a cell counts when any of
/// its pixels does (so a 2-pixel outline at 618 pixels still counts), and one pass over the pixels
/// is the whole cost, about that of the one measure issue 20 had (the plain build computes this
/// for every sticker, for the light card, and must not get slower).
public struct ShapeVisibility: Codable, Sendable, Equatable {
    /// Visible-shape share on the light transcript, 0...1, two decimals (records and pages stay stable).
    public var light: Double
    /// Visible-shape share on the dark transcript.
    public var dark: Double
    /// The share of the shape that is perceptible at all on each transcript (`faintContrast`, or a
    /// hue: `faintChroma`): a pale blue snowflake or a teal whale fails 3:1 on white yet plainly
    /// shows; a #FAFAFA cloud or a #141414 bat does not.
    public var faintLight: Double
    public var faintDark: Double

    public init(light: Double, dark: Double, faintLight: Double? = nil, faintDark: Double? = nil) {
        self.light = light
        self.dark = dark
        self.faintLight = faintLight ?? light
        self.faintDark = faintDark ?? dark
    }

    public func share(on background: TranscriptBackground) -> Double {
        background == .light ? light : dark
    }

    public func faintShare(on background: TranscriptBackground) -> Double {
        background == .light ? faintLight : faintDark
    }

    /// Below this share the sticker is reported (`vanishes-on-light` / `vanishes-on-dark`) and,
    /// on the dark transcript, shown on a light card in dark mode.
    ///
    /// Calibrated on the generated cases of ShapeVisibilityTests and on all 50 images of the
    /// OpenMoji samples and content/ (`peel-image-benchmark --visibility FILE...` prints them):
    /// - what vanishes keeps under 0.1: a near-black bat on black (0.01), a white cloud with a
    ///   pale edge on white (0.0), black line art on black (0.0, OpenMoji's snowflake too);
    /// - real art keeps 0.35 or more: on white, 0.35 for OpenMoji's cat, whose outline is open at
    ///   the chin and whose orange fill is 2.1:1 against white (plainly visible, yet not 3:1),
    ///   0.40 for the unicorn and the thinking face, 1.0 for closed outlines; on black, 0.55–0.85
    ///   for black-outlined colour art, which loses only its outline (a grey-edged tornado 0.58).
    /// 0.25 sits between the two groups with room on both sides.
    public static let threshold = 0.25

    /// Art that keeps at least this share of its shape perceptible (`faintShare`) is not reported,
    /// whatever its 3:1 share: on 60 Noto emoji drawn without outlines, the pale ones (a light blue
    /// snowflake, a grey ghost, a white cup with grey shading, a pink blossom, a teal whale) keep
    /// 0–20 % at 3:1 on white but 60 % or more perceptible, and every one of them plainly shows;
    /// near-white and near-black art keeps under 10 % perceptible.
    public static let faintThreshold = 0.5

    /// True when most of the shape disappears on `background`: under 3:1 (`threshold`) and not even
    /// faintly perceptible (`faintThreshold`).
    public func vanishes(on background: TranscriptBackground) -> Bool {
        share(on: background) < Self.threshold && faintShare(on: background) < Self.faintThreshold
    }

    /// The lower share on each background: the worst of an animation's frames.
    public static func worst(_ measures: [ShapeVisibility]) -> ShapeVisibility? {
        guard let first = measures.first else { return nil }
        return measures.dropFirst().reduce(first) { ShapeVisibility(light: min($0.light, $1.light), dark: min($0.dark, $1.dark)) }
    }

    /// The worst of an animation's frames that show the sticker at full strength: a frame whose
    /// most opaque pixel is under half as opaque as the most opaque of the frames' (`peakAlpha`)
    /// is a fade on its way in or out, not art that vanishes (art that darkens to black mid-loop,
    /// or changes shape, keeps its opacity and is still judged). A sticker fading in from
    /// transparent was "visible shape 0 % in the worst of 4 frames" on both transcripts, with the
    /// advice to add the outline it had: its sampled frames at 28 % opacity read as nothing.
    static func worstShown(_ frames: [(visibility: ShapeVisibility, peakAlpha: UInt8)]) -> ShapeVisibility? {
        let strongest = Int(frames.map(\.peakAlpha).max() ?? 0)
        return worst(frames.filter { Int($0.peakAlpha) * 2 >= strongest }.map(\.visibility))
    }

    /// The most opaque pixel's alpha.
    static func peakAlpha(of image: RGBAImage) -> UInt8 {
        image.pixels.withUnsafeBufferPointer { pixels in
            var peak: UInt8 = 0
            var index = 3
            while index < pixels.count && peak < 255 {
                peak = max(peak, pixels[index])
                index += 4
            }
            return peak
        }
    }

    /// Cells across the longer side of the grid the masks are measured on: 618-pixel stickers get
    /// 4-pixel cells. Fine enough for the shape, small enough to stay cheap.
    static let gridSize = 160
    /// Radius in cells of the close that joins visible parts split by thin low-contrast lines
    /// (2 cells: 8 px at 618 px, under 3 pt as Messages shows it). Radius 1 gave the same
    /// verdicts on the survey below with slightly lower shares; 3 starts to bridge real gaps.
    static let closeRadius = 2
    /// WCAG 1.4.11's contrast for graphical objects.
    static let contrast = 3.0

    /// Colour carries a shape too: a saturated yellow or orange fill stands out plainly from the
    /// white transcript at 1.2–2:1 luminance contrast, and emoji drawn without outlines (Noto's,
    /// Apple's) are shapes of such fills. So a pixel also counts as visible when its CIELAB chroma
    /// C*ab is at least `visibleChroma` (a hue nobody mistakes for white, grey or black; pastel
    /// pinks and blues, C* 15–25, stay below it) and, on the dark transcript, its lightness L* is at
    /// least `visibleLightnessOnDark` (dark navy or purple on black is hard to see however
    /// saturated). Near-white, near-black and grey art has almost no chroma, so it is judged by
    /// luminance contrast alone. Without this rule 29 of 60 Noto emoji with ordinary colours were
    /// reported as vanishing on white (visible shape 0–23 %).
    static let visibleChroma = 40.0
    static let visibleLightnessOnDark = 30.0
    /// What is still perceptible, if faint: 1.5:1 (#C4C4C4 on white, #383838 on black), or a tint
    /// of chroma 15 (pastels) that is not lost in black (L* 20).
    static let faintContrast = 1.5
    static let faintChroma = 15.0
    static let faintLightnessOnDark = 20.0

    private static let tintedOnLight: [Bool] = colourTable { lightness, chroma in chroma >= faintChroma }
    private static let tintedOnDark: [Bool] = colourTable { lightness, chroma in
        chroma >= faintChroma && lightness >= faintLightnessOnDark
    }

    /// Whether a colour is visible against a transcript by its hue (see `visibleChroma`), or faintly
    /// by a tint (`faintChroma`): tables of 32 levels a channel, made once, read as `colourFlags`.
    private static let colourfulOnLight: [Bool] = colourTable { lightness, chroma in chroma >= visibleChroma }
    private static let colourfulOnDark: [Bool] = colourTable { lightness, chroma in
        chroma >= visibleChroma && lightness >= visibleLightnessOnDark
    }

    /// The four colour tables above as one byte a bin (`ColourFlag` bits), for `measure`'s pass.
    private static let colourFlags: [UInt8] = (0..<32 * 32 * 32).map { index in
        (colourfulOnLight[index] ? ColourFlag.colourfulOnLight : 0) | (colourfulOnDark[index] ? ColourFlag.colourfulOnDark : 0)
            | (tintedOnLight[index] ? ColourFlag.tintedOnLight : 0) | (tintedOnDark[index] ? ColourFlag.tintedOnDark : 0)
    }

    private enum ColourFlag {
        static let colourfulOnLight: UInt8 = 1
        static let colourfulOnDark: UInt8 = 2
        static let tintedOnLight: UInt8 = 4
        static let tintedOnDark: UInt8 = 8
    }

    /// A cell's bits in `measure`'s pass: some pixel of it is at least half opaque (`real`), or
    /// visible (or faintly visible) on a light or a dark transcript.
    private enum Mask {
        static let real: UInt8 = 1
        static let onLight: UInt8 = 2
        static let onDark: UInt8 = 4
        static let faintOnLight: UInt8 = 8
        static let faintOnDark: UInt8 = 16
    }

    /// CIELAB lightness and chroma (D65) at the centre of each 8-level bin of each channel.
    private static func colourTable(_ visible: (Double, Double) -> Bool) -> [Bool] {
        var table = [Bool](repeating: false, count: 32 * 32 * 32)
        func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
        for index in 0..<table.count {
            let r = linear[min(255, (index >> 10) * 8 + 4)], g = linear[min(255, (index >> 5 & 31) * 8 + 4)]
            let b = linear[min(255, (index & 31) * 8 + 4)]
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
            let lightness = 116 * f(y) - 16
            let a = 500 * (f(x) - f(y)), bStar = 200 * (f(y) - f(z))
            table[index] = visible(lightness, (a * a + bStar * bStar).squareRoot())
        }
        return table
    }

    /// The shares for `image`, or nil for art with nothing visible, or with no transparent part
    /// (its silhouette fills the canvas).
    ///
    /// Art with no pixel at least half opaque (a white disc at 43 %, a glow) is measured on the
    /// pixels at least half as opaque as its most opaque one: it passed unmeasured, though 43 %
    /// white over white is white, gone as surely as its 55 % twin that was reported.
    public static func measure(_ image: RGBAImage) -> ShapeVisibility? {
        guard image.width > 0, image.height > 0 else { return nil }
        if let measured = measure(image, minimumAlpha: 128) { return measured }
        var mostOpaque: UInt8 = 0
        image.pixels.withUnsafeBufferPointer { buffer in
            var offset = 3
            while offset < buffer.count {
                mostOpaque = max(mostOpaque, buffer[offset])
                if mostOpaque >= 128 { return }   // nil above for another reason: the art is opaque
                offset += 4
            }
        }
        guard mostOpaque > 0, mostOpaque < 128 else { return nil }
        return measure(image, minimumAlpha: (mostOpaque + 1) / 2)
    }

    /// `measure` with the real silhouette made of the pixels at least `minimumAlpha` opaque; nil
    /// when there is none, or when it fills the canvas.
    private static func measure(_ image: RGBAImage, minimumAlpha: UInt8) -> ShapeVisibility? {
        let cell = max(1, (max(image.width, image.height) + gridSize - 1) / gridSize)
        // One cell of margin on each side beyond the close's reach, so the close and the hole
        // filling never meet the grid's edge.
        let margin = closeRadius + 1
        let columns = (image.width + cell - 1) / cell + 2 * margin
        let rows = (image.height + cell - 1) / cell + 2 * margin
        // One byte a cell, one bit a mask (see `Mask`); split into the masks after the pass. The
        // pass reads every pixel of every sticker in every cold build, so it works on raw buffers
        // and one table of colour flags, not on five arrays and four tables through accessors.
        var cells = [UInt8](repeating: 0, count: columns * rows)
        // Relative luminance bounds for 3:1: against white (L + 0.05) ≤ 1.05 / 3, against black
        // (L + 0.05) ≥ 3 × 0.05.
        let lightLimit = 1.05 / contrast - 0.05
        let darkLimit = contrast * 0.05 - 0.05
        let faintLightLimit = 1.05 / faintContrast - 0.05
        let faintDarkLimit = faintContrast * 0.05 - 0.05
        let cellOfColumn = (0..<image.width).map { $0 / cell }
        let linear = Self.linear, colourFlags = Self.colourFlags
        var opaque = true
        cells.withUnsafeMutableBufferPointer { cells in
            linear.withUnsafeBufferPointer { linear in
                colourFlags.withUnsafeBufferPointer { colourFlags in
                    image.pixels.withUnsafeBufferPointer { buffer in
                        func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
                            0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)]
                        }
                        func flags(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
                            colourFlags[Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)]
                        }
                        for y in 0..<image.height {
                            let rowStart = (y / cell + margin) * columns + margin
                            var offset = y * image.width * 4
                            for x in 0..<image.width {
                                let alpha = buffer[offset + 3]
                                opaque = opaque && alpha == 255
                                if alpha >= minimumAlpha {
                                    let r = buffer[offset], g = buffer[offset + 1], b = buffer[offset + 2]
                                    // Composited over white and over black (the same colour when opaque).
                                    let overWhite: Double, overBlack: Double, onWhite: UInt8, onBlack: UInt8
                                    if alpha == 255 {
                                        overWhite = luminance(r, g, b)
                                        overBlack = overWhite
                                        onWhite = flags(r, g, b)
                                        onBlack = onWhite
                                    } else {
                                        let a = Int(alpha), rest = 255 - Int(alpha)
                                        let wr = UInt8((Int(r) * a + 255 * rest) / 255), wg = UInt8((Int(g) * a + 255 * rest) / 255)
                                        let wb = UInt8((Int(b) * a + 255 * rest) / 255)
                                        let br = UInt8(Int(r) * a / 255), bg = UInt8(Int(g) * a / 255), bb = UInt8(Int(b) * a / 255)
                                        overWhite = luminance(wr, wg, wb)
                                        overBlack = luminance(br, bg, bb)
                                        onWhite = flags(wr, wg, wb)
                                        onBlack = flags(br, bg, bb)
                                    }
                                    var cellBits = Mask.real
                                    if overWhite <= lightLimit || onWhite & ColourFlag.colourfulOnLight != 0 { cellBits |= Mask.onLight }
                                    if overBlack >= darkLimit || onBlack & ColourFlag.colourfulOnDark != 0 { cellBits |= Mask.onDark }
                                    if overWhite <= faintLightLimit || onWhite & ColourFlag.tintedOnLight != 0 { cellBits |= Mask.faintOnLight }
                                    if overBlack >= faintDarkLimit || onBlack & ColourFlag.tintedOnDark != 0 { cellBits |= Mask.faintOnDark }
                                    cells[rowStart + cellOfColumn[x]] |= cellBits
                                }
                                offset += 4
                            }
                        }
                    }
                }
            }
        }
        // Opaque art has no silhouette of its own: its shape is the canvas, which tells nothing of
        // what it shows (a cat on a white square is no less visible on white), and
        // `no-transparency` already reports it. Art with any transparency is measured, even when
        // its filled shape is the whole canvas: a near-black bat inside a thin frame, or art all at
        // 1 % opacity, passed unmeasured and unreported (neither `no-transparency` nor vanishing).
        guard !opaque, cells.contains(where: { $0 != 0 }) else { return nil }
        let grid = Grid(columns: columns, rows: rows)
        let realShape = grid.filled(grid.mask(of: cells, bit: Mask.real))
        let area = grid.count(realShape)
        func share(_ bit: UInt8) -> Double {
            let shape = grid.filled(grid.closed(grid.mask(of: cells, bit: bit), radius: closeRadius))
            let kept = grid.count(shape, and: realShape)
            return (Double(kept) / Double(area) * 100).rounded() / 100
        }
        return ShapeVisibility(light: share(Mask.onLight), dark: share(Mask.onDark),
                               faintLight: share(Mask.faintOnLight), faintDark: share(Mask.faintOnDark))
    }

    /// A boolean mask's shape operations, on a grid with a margin of empty cells. A mask is a row
    /// of 64-bit words per grid row (cell x of a row is bit x % 64 of word x / 64, the bits past
    /// the last column always clear), so a dilation or an erosion moves 64 cells per instruction:
    /// the four masks of every sticker and every animation frame are closed in every cold build.
    struct Grid {
        let columns: Int
        let rows: Int
        let wordsPerRow: Int
        /// The bits of a row's last word that are cells.
        private let lastWordCells: UInt64

        init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
            wordsPerRow = (columns + 63) / 64
            let used = columns - (wordsPerRow - 1) * 64
            lastWordCells = used == 64 ? ~0 : (1 << UInt64(used)) - 1
        }

        /// The cells whose byte in `cells` (one a cell, row by row) has `bit` set.
        func mask(of cells: [UInt8], bit: UInt8) -> [UInt64] {
            var mask = [UInt64](repeating: 0, count: rows * wordsPerRow)
            for y in 0..<rows {
                for x in 0..<columns where cells[y * columns + x] & bit != 0 {
                    mask[y * wordsPerRow + x >> 6] |= 1 << UInt64(x & 63)
                }
            }
            return mask
        }

        /// Cells set in `mask` (and in `other`, when given).
        func count(_ mask: [UInt64], and other: [UInt64]? = nil) -> Int {
            var total = 0
            for index in mask.indices { total += (other.map { mask[index] & $0[index] } ?? mask[index]).nonzeroBitCount }
            return total
        }

        /// Dilation then erosion by a square of `radius` cells: gaps narrower than the square close.
        func closed(_ mask: [UInt64], radius: Int) -> [UInt64] {
            spread(spread(mask, radius: radius, keep: true), radius: radius, keep: false)
        }

        /// `keep` true: a cell is set when any cell in its square is (dilation); false: a cell
        /// stays set only when every cell in its square is (erosion). Cells outside the grid count
        /// as clear. Separable: rows (shifts of the words), then columns (whole rows at once).
        private func spread(_ mask: [UInt64], radius: Int, keep: Bool) -> [UInt64] {
            precondition(radius < 64, "a shift stays within one neighbouring word")
            let words = wordsPerRow
            var horizontal = mask
            mask.withUnsafeBufferPointer { source in
                horizontal.withUnsafeMutableBufferPointer { target in
                    for y in 0..<rows {
                        let row = y * words
                        for w in 0..<words {
                            var value = source[row + w]
                            let previous = w > 0 ? source[row + w - 1] : 0, next = w + 1 < words ? source[row + w + 1] : 0
                            for d in 1...radius {
                                let shift = UInt64(d)
                                // Cell x takes cell x + d's value, and cell x - d's.
                                let fromRight = source[row + w] >> shift | next << (64 - shift)
                                let fromLeft = source[row + w] << shift | previous >> (64 - shift)
                                value = keep ? value | fromRight | fromLeft : value & fromRight & fromLeft
                            }
                            target[row + w] = w == words - 1 ? value & lastWordCells : value
                        }
                    }
                }
            }
            var result = [UInt64](repeating: 0, count: mask.count)
            horizontal.withUnsafeBufferPointer { source in
                result.withUnsafeMutableBufferPointer { target in
                    for y in 0..<rows {
                        let low = y - radius, high = y + radius
                        // Erosion: a square reaching past the grid's edge meets clear cells.
                        if !keep && (low < 0 || high >= rows) { continue }
                        for w in 0..<words {
                            var value: UInt64 = keep ? 0 : ~0
                            for ny in max(0, low)...min(rows - 1, high) {
                                value = keep ? value | source[ny * words + w] : value & source[ny * words + w]
                            }
                            target[y * words + w] = value
                        }
                    }
                }
            }
            return result
        }

        /// The mask with its holes filled: every cell the outside cannot reach through clear
        /// cells (4-connected) is part of the shape.
        ///
        /// Word-parallel: the outside grows from the grid's first row (margin, so clear) row by
        /// row, down then up, until a pair of sweeps adds nothing. Within a row it spreads through
        /// the clear cells both ways with Kogge–Stone doubling (a run of any length in
        /// log2(columns) shifts), and only rows given new cells by their neighbour are spread.
        /// Half the time of a cell-by-cell flood fill on the varied catalog (BENCHMARKS.md).
        func filled(_ mask: [UInt64]) -> [UInt64] {
            let words = wordsPerRow, rows = rows, columns = columns, lastWordCells = lastWordCells
            var free = [UInt64](repeating: 0, count: mask.count)
            for index in mask.indices { free[index] = ~mask[index] & (index % words == words - 1 ? lastWordCells : ~0) }
            var outside = [UInt64](repeating: 0, count: mask.count)
            for w in 0..<words { outside[w] = free[w] }  // the first row is margin, all outside
            var scratch = [UInt64](repeating: 0, count: 4 * words)
            free.withUnsafeBufferPointer { free in
                outside.withUnsafeMutableBufferPointer { outside in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        var changed = true
                        while changed {
                            changed = false
                            for pass in 0..<2 {
                                let downwards = pass == 0
                                for step in 0..<rows {
                                    let y = downwards ? step : rows - 1 - step
                                    let from = downwards ? y - 1 : y + 1
                                    let row = y * words
                                    // A row's outside is kept spread, so only new seeds from the
                                    // row before need spreading.
                                    var new: UInt64 = 0
                                    for w in 0..<words {
                                        var seed = outside[row + w]
                                        if from >= 0 && from < rows { seed |= outside[from * words + w] & free[row + w] }
                                        scratch[w] = seed
                                        new |= seed & ~outside[row + w]
                                    }
                                    guard new != 0 else { continue }
                                    Self.spreadAlongRow(scratch, free: UnsafeBufferPointer(rebasing: free[row..<row + words]),
                                                        words: words, columns: columns)
                                    for w in 0..<words where scratch[w] != outside[row + w] {
                                        outside[row + w] = scratch[w]
                                        changed = true
                                    }
                                }
                            }
                        }
                    }
                }
            }
            var shape = [UInt64](repeating: 0, count: mask.count)
            for index in mask.indices { shape[index] = ~outside[index] & (index % words == words - 1 ? lastWordCells : ~0) }
            return shape
        }

        /// Spreads the seeds in `buffer[0..<words]` through the free cells of their row, both ways
        /// (occluded fill); `buffer[words..<4 * words]` is scratch.
        private static func spreadAlongRow(_ buffer: UnsafeMutableBufferPointer<UInt64>, free: UnsafeBufferPointer<UInt64>,
                                           words: Int, columns: Int) {
            for pass in 0..<2 {
                let upwards = pass == 0
                // g: cells reached; p: cells from which a run of free cells `distance` long goes on.
                for w in 0..<words {
                    buffer[words + w] = buffer[w]
                    buffer[2 * words + w] = free[w]
                }
                var distance = 1
                while distance < columns {
                    shift(buffer, from: words, to: 3 * words, words: words, by: distance, upwards: upwards)
                    for w in 0..<words { buffer[words + w] |= buffer[2 * words + w] & buffer[3 * words + w] }
                    shift(buffer, from: 2 * words, to: 3 * words, words: words, by: distance, upwards: upwards)
                    for w in 0..<words { buffer[2 * words + w] &= buffer[3 * words + w] }
                    distance *= 2
                }
                for w in 0..<words { buffer[w] |= buffer[words + w] }
            }
        }

        /// `buffer[to..<to + words] = buffer[from..<from + words]` shifted `distance` cells towards
        /// higher columns (`upwards`) or lower ones, zeros shifted in.
        @inline(__always)
        private static func shift(_ buffer: UnsafeMutableBufferPointer<UInt64>, from: Int, to: Int, words: Int, by distance: Int,
                                  upwards: Bool) {
            let wordShift = distance / 64, bitShift = UInt64(distance % 64)
            for w in 0..<words {
                let source = upwards ? w - wordShift : w + wordShift
                func word(_ index: Int) -> UInt64 { index >= 0 && index < words ? buffer[from + index] : 0 }
                var value: UInt64
                if upwards {
                    value = word(source) << bitShift
                    if bitShift > 0 { value |= word(source - 1) >> (64 - bitShift) }
                } else {
                    value = word(source) >> bitShift
                    if bitShift > 0 { value |= word(source + 1) << (64 - bitShift) }
                }
                buffer[to + w] = value
            }
        }
    }

    /// WCAG relative luminance of an sRGB colour.
    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)]
    }

    private static let linear: [Double] = (0...255).map { value in
        let channel = Double(value) / 255
        return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
}
