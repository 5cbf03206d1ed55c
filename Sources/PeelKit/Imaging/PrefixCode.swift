/// A canonical prefix (Huffman) code for one alphabet, with code lengths limited to `maxLength`,
/// in the form WebP lossless (VP8L, RFC 9649 §3.7) writes: codes bit-reversed for an LSB-first
/// writer, and a code of a single symbol that takes no bits at all.
struct PrefixCode {
    /// The code length of each symbol as the stream declares it (0: the symbol is not used).
    private(set) var lengths: [UInt8]
    /// The bits written for each symbol, reversed (VP8L reads codes bit by bit from the low end).
    private(set) var codes: [UInt16]
    /// How many bits each symbol takes in the data: its length, or 0 when it is the only symbol.
    private(set) var bitCounts: [UInt8]
    /// The symbols in use, in increasing order.
    private(set) var usedSymbols: [Int]

    /// The code for symbol frequencies `counts`. Lengths come from Huffman's construction; when one
    /// would pass `maxLength`, small counts are raised and the code is built again (libwebp's and
    /// zlib's way), so the code stays complete, as decoders require.
    init(counts: [UInt32], maxLength: Int) {
        let size = counts.count
        lengths = Array(repeating: 0, count: size)
        codes = Array(repeating: 0, count: size)
        bitCounts = Array(repeating: 0, count: size)
        usedSymbols = counts.indices.filter { counts[$0] > 0 }
        if usedSymbols.count == 1 {
            lengths[usedSymbols[0]] = 1  // declared, but read as zero bits
            return
        }
        if usedSymbols.isEmpty { return }

        var floor: UInt32 = 1
        while true {
            let depths = Self.huffmanDepths(usedSymbols.map { max(counts[$0], floor) })
            if depths.max()! <= maxLength {
                for (symbol, depth) in zip(usedSymbols, depths) { lengths[symbol] = UInt8(depth) }
                break
            }
            floor *= 2
        }
        // Canonical codes (RFC 1951 §3.2.2, which VP8L follows): shorter codes first, then by symbol.
        var countOfLength = Array(repeating: 0, count: maxLength + 1)
        for symbol in usedSymbols { countOfLength[Int(lengths[symbol])] += 1 }
        var next = Array(repeating: 0, count: maxLength + 2)
        var code = 0
        for length in 1...maxLength {
            code = (code + countOfLength[length - 1]) << 1
            next[length] = code
        }
        for symbol in usedSymbols {
            let length = Int(lengths[symbol])
            codes[symbol] = Self.reversed(UInt16(next[length]), bits: length)
            bitCounts[symbol] = UInt8(length)
            next[length] += 1
        }
    }

    /// The depth of each leaf in a Huffman tree of `weights` (two queues over the sorted leaves;
    /// ties broken by position, so the result is deterministic).
    private static func huffmanDepths(_ weights: [UInt32]) -> [Int] {
        let leafCount = weights.count
        let order = weights.indices.sorted { (weights[$0], $0) < (weights[$1], $1) }
        var weight = Array(repeating: UInt64(0), count: 2 * leafCount - 1)
        var parent = Array(repeating: 0, count: 2 * leafCount - 1)
        for (rank, leaf) in order.enumerated() { weight[rank] = UInt64(weights[leaf]) }
        var nextLeaf = 0, nextInner = leafCount, made = leafCount
        func takeLightest() -> Int {
            if nextLeaf < leafCount, nextInner >= made || weight[nextLeaf] <= weight[nextInner] {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInner += 1
            return nextInner - 1
        }
        while made < 2 * leafCount - 1 {
            let first = takeLightest(), second = takeLightest()
            weight[made] = weight[first] + weight[second]
            parent[first] = made
            parent[second] = made
            made += 1
        }
        // Parents are made after their children, so one pass from the root down gives every depth.
        var depth = Array(repeating: 0, count: 2 * leafCount - 1)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var result = Array(repeating: 0, count: leafCount)
        for (rank, leaf) in order.enumerated() { result[leaf] = depth[rank] }
        return result
    }

    private static func reversed(_ code: UInt16, bits: Int) -> UInt16 {
        var result: UInt16 = 0
        var rest = code
        for _ in 0..<bits {
            result = result << 1 | (rest & 1)
            rest >>= 1
        }
        return result
    }
}
