import Testing
@testable import PeelKit

@Suite struct AcceptTroubleTests {
    @Test func tellsOncePerEpisodeAndWhenItEnds() {
        var trouble = AcceptTrouble()
        let start = ContinuousClock.now
        var told = trouble.accepted(at: start)
        #expect(!told, "nothing to recover from")
        told = trouble.failed(at: start)
        #expect(told, "the first failure is told")
        #expect(trouble.backoff == .milliseconds(10))
        for step in 1...20 {
            told = trouble.failed(at: start + .milliseconds(100 * step))
            #expect(!told, "only once per episode")
        }
        #expect(trouble.backoff == AcceptTrouble.maximumBackoff)
        let lastFailure = start + .milliseconds(2000)
        told = trouble.accepted(at: lastFailure + .milliseconds(500))
        #expect(!told, "still within the episode")
        #expect(trouble.backoff == .milliseconds(5), "a success resets the pause")
        told = trouble.accepted(at: lastFailure + .seconds(3))
        #expect(told, "quiet for longer than the quiet period: told it works again")
        told = trouble.accepted(at: lastFailure + .seconds(4))
        #expect(!told)
        told = trouble.failed(at: lastFailure + .seconds(10))
        #expect(told, "a new episode is told again")
    }
}
