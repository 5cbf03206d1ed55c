import Foundation
import Testing
@testable import PeelKit

/// While `peel serve` makes the site for the first time (seconds on a large catalog), a page asked
/// for got "Not found" with a link to a home page that was not there yet.
@Suite struct FirstBuildPageTests {
    private func get(_ path: String, _ handler: DevSiteHandler) async throws -> DevResponse {
        try await handler.respond(to: RequestHead.parse(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
    }

    private func text(_ response: DevResponse) -> String {
        if case .data(let data) = response.body { return String(decoding: data, as: UTF8.self) }
        return ""
    }

    @Test func aPageBeforeTheFirstBuildSaysItIsBuildingAndReloads() async throws {
        let folder = try TemporaryFolder()
        let hub = LiveReloadHub()
        let handler = DevSiteHandler(resolver: SiteFileResolver(root: folder.url), hub: hub)
        let waiting = try await get("/", handler)
        #expect(waiting.status.code == 503 && waiting.headers["Retry-After"] == "1")
        #expect(text(waiting).contains("Building the site") && text(waiting).contains(LiveReloadScript.path), "it reloads itself")

        // Built: a missing page is a 404 again.
        try folder.write("<!DOCTYPE html><title>Home</title>", to: "index.html")
        await hub.publishBuilt(findings: [], changed: nil)
        #expect(try await get("/", handler).status.code == 200)
        #expect(try await get("/nothing-here/", handler).status.code == 404)

        // A first build that failed is said by the overlay on the 404 page, as before.
        let failedHub = LiveReloadHub()
        await failedHub.publishFailed(PeelError.noPacks(path: "content"))
        let failed = try await get("/", DevSiteHandler(resolver: SiteFileResolver(root: try TemporaryFolder().url), hub: failedHub))
        #expect(failed.status.code == 404)
    }
}
