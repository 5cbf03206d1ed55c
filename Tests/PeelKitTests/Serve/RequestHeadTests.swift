import Foundation
import Testing
@testable import PeelKit

@Suite struct RequestHeadTests {
    /// Feeds `text` to a reader in chunks of `chunk` bytes, as a socket would deliver it.
    private func read(_ bytes: [UInt8], chunk: Int = 4096) throws(RequestHead.Refusal) -> RequestHead? {
        var reader = RequestHeadReader()
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            _ = try reader.append(bytes[offset..<end])
            offset = end
            if let head = try reader.takeHead() { return try RequestHead.parse(head) }
        }
        return nil
    }

    private func refusal(_ text: String, chunk: Int = 4096) -> RequestHead.Refusal? {
        do {
            _ = try read(Array(text.utf8), chunk: chunk)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsABrowsersRequest() throws {
        let text = "GET /pets/cat/index.html?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: test\r\n"
            + "Accept: text/html,  */*\t\r\nConnection: keep-alive\r\n\r\n"
        for chunk in [1, 7, 4096] {
            let head = try #require(try read(Array(text.utf8), chunk: chunk))
            #expect(head.method == "GET")
            #expect(head.target == "/pets/cat/index.html?x=1")
            #expect(head.path == "/pets/cat/index.html")
            #expect(head.version == "HTTP/1.1")
            #expect(head["host"] == "127.0.0.1:8080")
            #expect(head["accept"] == "text/html,  */*", "optional whitespace around a value is trimmed")
            #expect(head.keepAlive && !head.hasBody)
        }
        let bareLF = try #require(try read(Array("\r\n\nHEAD / HTTP/1.0\nConnection: close\n\n".utf8)))
        #expect(bareLF.method == "HEAD" && !bareLF.keepAlive, "bare LF line ends and leading empty lines are accepted")
        let absolute = try #require(try read(Array("GET http://127.0.0.1:8080/a?b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)))
        #expect(absolute.target == "/a?b")
        #expect(absolute["host"] == "127.0.0.1:8080", "an absolute target's authority replaces the Host field")
        let elsewhere = try #require(try read(Array("GET http://evil.example HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
        #expect(elsewhere.target == "/" && elsewhere["host"] == "evil.example")
        #expect(try read(Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n".utf8))?.hasBody == true)
    }

    @Test func keepsWhatFollowsAHeadForTheNextRequest() throws {
        var reader = RequestHeadReader()
        let two = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nGET /c"
        #expect(try reader.append(Array(two.utf8)))
        #expect(try RequestHead.parse(try #require(try reader.takeHead())).target == "/a")
        #expect(try RequestHead.parse(try #require(try reader.takeHead())).target == "/b")
        #expect(try reader.takeHead() == nil)
        #expect(try !reader.append(Array(" HTTP/1.1\r\nHost: x\r\n".utf8)))
        #expect(try reader.append(Array("\r\n".utf8)))
        #expect(try RequestHead.parse(try #require(try reader.takeHead())).target == "/c")
    }

    @Test func refusesOverLongRequestLinesAndFieldsBeforeTheyEnd() {
        let long = String(repeating: "a", count: RequestHeadReader.Limits.requestLine)
        #expect(refusal("GET /\(long) HTTP/1.1\r\nHost: x\r\n\r\n") == .requestLineTooLong)
        #expect(refusal("GET /\(long)", chunk: 100) == .requestLineTooLong, "refused before the line ends")
        #expect(refusal(String(repeating: "\r\n", count: RequestHeadReader.Limits.head)) == .requestLineTooLong)
        let field = "X-Big: " + String(repeating: "b", count: RequestHeadReader.Limits.head) + "\r\n"
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n" + field + "\r\n") == .fieldsTooLarge)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n" + field, chunk: 100) == .fieldsTooLarge, "refused before the head ends")
        let many = (0...RequestHeadReader.Limits.fieldCount).map { "X-\($0): y\r\n" }.joined()
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n" + many + "\r\n") == .fieldsTooLarge)
        // Just within the limits.
        let fits = String(repeating: "a", count: RequestHeadReader.Limits.requestLine - "GET / HTTP/1.1".utf8.count)
        #expect(refusal("GET /\(fits) HTTP/1.1\r\nHost: x\r\n\r\n") == nil)
    }

    @Test func refusesMalformedHeads() {
        for text in ["GET  / HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", "GET /\u{1}x HTTP/1.1\r\nHost: x\r\n\r\n",
                     "GET /é HTTP/1.1\r\nHost: x\r\n\r\n", "GET x HTTP/1.1\r\nHost: x\r\n\r\n", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
                     "GET / FTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost : x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: x\r\nNo colon\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\rInjected: y\r\n\r\n"] {
            guard case .malformed? = refusal(text) else {
                Issue.record("accepted: \(text.debugDescription)")
                continue
            }
        }
        #expect(refusal("GET / HTTP/2.0\r\nHost: x\r\n\r\n") == .versionNotSupported)
        #expect(RequestHead.Refusal.requestLineTooLong.status == 414)
        #expect(RequestHead.Refusal.fieldsTooLarge.status == 431)
    }

    /// A megabyte request line (about 4 s per 100 KB with FlyingFox's reader) is refused after the
    /// first 8 KiB, however it is cut into reads: the work is bounded by the limits.
    @Test func aHostileRequestCostsLinearTime() {
        let hostile = Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let clock = ContinuousClock()
        for chunk in [1, 4096] {
            let elapsed = clock.measure {
                var reader = RequestHeadReader()
                var refused = false
                var offset = 0
                while offset < hostile.count && !refused {
                    let end = min(offset + chunk, hostile.count)
                    do { _ = try reader.append(hostile[offset..<end]) } catch { refused = true }
                    offset = end
                }
                #expect(refused && offset <= RequestHeadReader.Limits.requestLine + chunk + 5)
            }
            #expect(elapsed < .milliseconds(200), "\(elapsed) with reads of \(chunk) bytes")
        }
    }
}
