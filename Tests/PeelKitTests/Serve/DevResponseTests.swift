import Foundation
import Testing
@testable import PeelKit

/// What `peel serve` writes before and around a body: a whole body has its length, a stream is
/// sent in chunks (RFC 9112 7.1) that a browser's EventSource decodes.
@Suite struct DevResponseTests {
    @Test func aStreamIsFramedInChunksAndEndsWithTheLastChunk() throws {
        let event = Data("event: status\ndata: {}\n\n".utf8)
        #expect(event.count == 24)
        #expect(DevResponse.chunk(event) == Data("18\r\n".utf8) + event + Data("\r\n".utf8))
        let large = Data(repeating: 0x61, count: 4096)
        #expect(DevResponse.chunk(large)?.prefix(6) == Data("1000\r\n".utf8))
        #expect(DevResponse.chunk(Data()) == nil, "an empty chunk would end the body")
        #expect(DevResponse.lastChunk == Data("0\r\n\r\n".utf8))
    }

    @Test func theHeadSaysTheLengthOrChunkedInNameOrder() throws {
        let whole = DevResponse(.ok, headers: ["X-Content-Type-Options": "nosniff", "Content-Type": "text/html"],
                                body: .data(Data("hello".utf8)))
        let head = String(decoding: ResponseHead.encode(whole, closing: true, announceKeepAlive: false), as: UTF8.self)
        #expect(head == "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 5\r\nContent-Type: text/html\r\n"
                + "X-Content-Type-Options: nosniff\r\n\r\n")

        let stream = DevResponse(.ok, headers: ["Content-Type": "text/event-stream"], body: .stream(AsyncStream { $0.finish() }))
        let streamHead = String(decoding: ResponseHead.encode(stream, closing: false, announceKeepAlive: false), as: UTF8.self)
        #expect(streamHead.contains("Transfer-Encoding: chunked\r\n"))
        #expect(!streamHead.contains("Content-Length"))

        let unsafe = DevResponse(.movedPermanently, headers: ["Location": "/a\r\nSet-Cookie: x=1"])
        let unsafeHead = String(decoding: ResponseHead.encode(unsafe, closing: false, announceKeepAlive: true), as: UTF8.self)
        #expect(unsafeHead == "HTTP/1.1 301 Moved Permanently\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")
    }
}
