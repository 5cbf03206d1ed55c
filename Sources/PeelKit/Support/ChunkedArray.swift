/// An array grown in chunks of a fixed size: appending never copies what is there. A Swift array
/// doubles when full, holding its old and new storage at once and keeping up to half its room
/// unused; for the build's largest bookkeeping (120,000 entries) that was megabytes at its peak.
struct ChunkedArray<Element: Sendable>: Sendable {
    private static var shift: Int { 13 }
    private static var chunkCount: Int { 1 << shift }
    private var chunks: [[Element]] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    mutating func append(_ element: Element) {
        if count & (Self.chunkCount - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkCount)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    subscript(index: Int) -> Element {
        get { chunks[index >> Self.shift][index & (Self.chunkCount - 1)] }
        set { chunks[index >> Self.shift][index & (Self.chunkCount - 1)] = newValue }
    }
}
