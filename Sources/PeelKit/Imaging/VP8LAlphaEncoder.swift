/// Compresses an alpha plane into the payload of a WebP `ALPH` chunk: WebP lossless (VP8L, RFC 9649)
/// with the alpha values in the green channel, the form the WebP container specifies for lossy
/// images with alpha (RFC 9649 §5, "Alpha").
///
/// Why Peel has its own: libwebp compresses the alpha plane with its general lossless encoder,
/// which at its fastest setting still builds hash chains, palettes and several backward-reference
/// candidates for every thumbnail: half the encode time of a still thumbnail. A sticker's alpha is
/// runs of 0 and 255 with soft edges, so two kinds of copy (the pixel to the left repeated, the row
/// above) and one prefix code for the values do nearly as well in a fraction of the time
/// (BENCHMARKS.md, "Thumbnail alpha and animations"). libwebp still decodes every byte: the tests decode each
/// plane back with it, value for value.
enum VP8LAlphaEncoder {
    /// The ALPH payload for `alpha` (`width × height` values, rows top to bottom): a header byte
    /// (lossless, no filter, no pre-processing) and the VP8L image stream without its own header.
    static func payload(alpha: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8] {
        precondition(alpha.count == width * height && width > 0 && height > 0, "one alpha value per pixel")
        let tokens = tokenize(alpha, width: width)

        var greenCounts = Array(repeating: UInt32(0), count: 256 + lengthPrefixCount)
        var distanceCounts = Array(repeating: UInt32(0), count: distancePrefixCount)
        for token in tokens {
            if token & copyFlag == 0 {
                greenCounts[Int(token)] += 1
            } else {
                greenCounts[256 + prefix(of: Int(token & lengthMask) - 1).symbol] += 1
                distanceCounts[Int(token >> distanceShift & 3) - 1] += 1
            }
        }
        let green = PrefixCode(counts: greenCounts, maxLength: 15)
        let distance = PrefixCode(counts: distanceCounts, maxLength: 15)

        var writer = LSBBitWriter(reservingCapacity: alpha.count / 8 + 64)
        writer.write(0, count: 1)  // no transforms
        writer.write(0, count: 1)  // no colour cache
        writer.write(0, count: 1)  // one group of prefix codes for the whole image
        write(green, into: &writer)
        for _ in 0..<3 { writeSingleSymbol(0, into: &writer) }  // red, blue and alpha are always 0
        write(distance, into: &writer)
        for token in tokens {
            if token & copyFlag == 0 {
                let value = Int(token)
                writer.write(UInt32(green.codes[value]), count: Int(green.bitCounts[value]))
            } else {
                let length = prefix(of: Int(token & lengthMask) - 1)
                writer.write(UInt32(green.codes[256 + length.symbol]), count: Int(green.bitCounts[256 + length.symbol]))
                writer.write(UInt32(length.extra), count: length.extraBits)
                let symbol = Int(token >> distanceShift & 3) - 1  // distance codes 1 and 2 have no extra bits
                writer.write(UInt32(distance.codes[symbol]), count: Int(distance.bitCounts[symbol]))
            }
        }
        return [0x01] + writer.finish()
    }

    // MARK: Tokens

    /// A token is a literal alpha value (0–255), or a copy: `copyFlag`, its length and its distance code.
    private static let copyFlag: UInt32 = 1 << 31
    private static let lengthMask: UInt32 = 0xFFFF
    private static let distanceShift: UInt32 = 16
    /// VP8L's 2-D distance codes (RFC 9649 §4.2.2): code 1 is the pixel above, code 2 the pixel to the left.
    private static let fromAbove: UInt32 = 1
    private static let fromLeft: UInt32 = 2
    private static let maxCopyLength = 4096
    /// Shorter repeats cost more as a copy (a length and a distance) than as literals.
    private static let minCopyLength = 3
    private static let lengthPrefixCount = 24
    private static let distancePrefixCount = 40

    /// Greedy LZ77 with the two copies that matter for alpha: a run of the previous value, or the
    /// same values as the row above, whichever is longer.
    private static func tokenize(_ alpha: UnsafeBufferPointer<UInt8>, width: Int) -> [UInt32] {
        var tokens: [UInt32] = []
        tokens.reserveCapacity(alpha.count / 4 + 16)
        let count = alpha.count
        var index = 0
        while index < count {
            let limit = min(count - index, maxCopyLength)
            var run = 0
            if index > 0 {
                let previous = alpha[index - 1]
                while run < limit, alpha[index + run] == previous { run += 1 }
            }
            var above = 0
            if index >= width {
                while above < limit, alpha[index + above] == alpha[index + above - width] { above += 1 }
            }
            let length = max(run, above)
            if length >= minCopyLength {
                let code = run >= above ? fromLeft : fromAbove
                tokens.append(copyFlag | code << distanceShift | UInt32(length))
                index += length
            } else {
                tokens.append(UInt32(alpha[index]))
                index += 1
            }
        }
        return tokens
    }

    /// VP8L's prefix coding of a length or distance value minus one (RFC 9649 §3.5.2.2): a symbol,
    /// then `extraBits` raw bits.
    private static func prefix(of value: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
        if value < 4 { return (value, 0, 0) }
        let highest = Int.bitWidth - 1 - value.leadingZeroBitCount
        let second = (value >> (highest - 1)) & 1
        let extraBits = highest - 1
        return (2 * highest + second, extraBits, value & ((1 << extraBits) - 1))
    }

    // MARK: Prefix codes in the stream (RFC 9649 §3.7.2)

    private static func write(_ code: PrefixCode, into writer: inout LSBBitWriter) {
        if code.usedSymbols.count <= 1, (code.usedSymbols.first ?? 0) < 256 {
            writeSingleSymbol(code.usedSymbols.first ?? 0, into: &writer)
            return
        }
        writer.write(0, count: 1)  // a normal code: its lengths, themselves prefix-coded
        // The lengths as code-length symbols: 0–15 as they are, runs of zeros as 17 (3–10) and 18 (11–138).
        var symbols: [(symbol: Int, extra: Int)] = []
        let lengths = code.lengths
        var index = 0
        while index < lengths.count {
            if lengths[index] == 0 {
                var run = 1
                while index + run < lengths.count, lengths[index + run] == 0, run < 138 { run += 1 }
                if run >= 11 {
                    symbols.append((18, run - 11))
                } else if run >= 3 {
                    symbols.append((17, run - 3))
                } else {
                    for _ in 0..<run { symbols.append((0, 0)) }
                }
                index += run
            } else {
                symbols.append((Int(lengths[index]), 0))
                index += 1
            }
        }
        var counts = Array(repeating: UInt32(0), count: 19)
        for entry in symbols { counts[entry.symbol] += 1 }
        let lengthCode = PrefixCode(counts: counts, maxLength: 7)
        var declared = 19
        while declared > 4, lengthCode.lengths[codeLengthOrder[declared - 1]] == 0 { declared -= 1 }
        writer.write(UInt32(declared - 4), count: 4)
        for position in 0..<declared { writer.write(UInt32(lengthCode.lengths[codeLengthOrder[position]]), count: 3) }
        writer.write(0, count: 1)  // every symbol's length follows (no max_symbol)
        for entry in symbols {
            writer.write(UInt32(lengthCode.codes[entry.symbol]), count: Int(lengthCode.bitCounts[entry.symbol]))
            switch entry.symbol {
            case 17: writer.write(UInt32(entry.extra), count: 3)
            case 18: writer.write(UInt32(entry.extra), count: 7)
            default: break
            }
        }
    }

    /// A "simple" code of one symbol below 256, which takes no bits in the data.
    private static func writeSingleSymbol(_ symbol: Int, into writer: inout LSBBitWriter) {
        writer.write(1, count: 1)  // simple code
        writer.write(0, count: 1)  // one symbol
        if symbol < 2 {
            writer.write(0, count: 1)
            writer.write(UInt32(symbol), count: 1)
        } else {
            writer.write(1, count: 1)
            writer.write(UInt32(symbol), count: 8)
        }
    }

    /// The order code-length code lengths are stored in (RFC 9649 §3.7.2.1.2).
    private static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
}
