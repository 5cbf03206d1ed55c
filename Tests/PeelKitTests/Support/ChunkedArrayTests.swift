import Testing
@testable import PeelKit

@Suite struct ChunkedArrayTests {
    /// Across many chunks it holds what an array holds, read and changed in place.
    @Test func holdsWhatAnArrayHolds() {
        var chunked = ChunkedArray<Int>()
        var model: [Int] = []
        #expect(chunked.isEmpty)
        var generator = SplitMix(41)
        for _ in 0..<30_000 {
            let value = Int(truncatingIfNeeded: generator.next())
            chunked.append(value)
            model.append(value)
        }
        for _ in 0..<2_000 {
            let index = Int.random(in: 0..<model.count, using: &generator)
            chunked[index] &+= 7
            model[index] &+= 7
        }
        #expect(chunked.count == model.count && chunked.indices == model.indices)
        #expect(chunked.indices.allSatisfy { chunked[$0] == model[$0] })
    }
}
