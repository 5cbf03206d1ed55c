import FlyingSocks
import Foundation

/// Adapts a stream of byte chunks (Server-Sent Events) to the buffered byte sequence FlyingFox
/// sends as a chunked response body; each chunk is written to the socket as soon as it arrives.
struct EventStreamBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let chunks: AsyncStream<Data>

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var chunks: AsyncStream<Data>.Iterator
        var pending: [UInt8] = []

        mutating func next() async -> UInt8? {
            guard let buffer = await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async -> [UInt8]? {
            while pending.isEmpty {
                guard let chunk = await chunks.next() else { return nil }
                pending = Array(chunk)
            }
            let taken = Array(pending.prefix(Swift.max(count, 1)))
            pending.removeFirst(taken.count)
            return taken
        }
    }
}
