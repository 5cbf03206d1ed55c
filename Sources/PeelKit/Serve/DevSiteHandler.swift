import Foundation

/// Answers the development server's requests: files of the built site (HTML with the live-reload
/// script added), the live-reload script and event stream, a redirect for folders asked for
/// without their slash, and a 404 page. Only GET and HEAD, and only for a loopback Host, so a
/// web page on another site cannot read the gallery through DNS rebinding.
struct DevSiteHandler: Sendable {
    let resolver: SiteFileResolver
    let hub: LiveReloadHub

    func respond(to request: RequestHead) async -> DevResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return Self.text(.methodNotAllowed, "Only GET and HEAD are served.\n", extra: ["Allow": "GET, HEAD"])
        }
        guard Self.isLoopback(host: request["host"]) else {
            return Self.text(.misdirectedRequest, "peel serve answers only requests for 127.0.0.1 or localhost.\n")
        }
        // The path as sent, decoded here (a trailing slash matters for folders).
        guard let path = request.path.removingPercentEncoding else {
            return Self.text(.badRequest, "The address is not valid percent-encoding.\n")
        }
        let response: DevResponse
        switch path {
        case LiveReloadScript.eventsPath:
            // HEAD learns the stream's type without subscribing to it.
            response = request.method == "HEAD" ? DevResponse(.ok, headers: Self.headers(type: Self.eventStreamType))
                                                : await events()
        case LiveReloadScript.path:
            response = DevResponse(.ok, headers: Self.headers(type: ContentType.forFile(named: "x.js")),
                                   body: .data(Data(LiveReloadScript.source.utf8)))
        default:
            response = await file(at: path)
        }
        if request.method == "HEAD" {
            var head = DevResponse(response.status, headers: response.headers)
            if let size = response.bodySize { head.headers["Content-Length"] = String(size) }
            return head
        }
        return response
    }

    private func events() async -> DevResponse {
        let stream = await hub.subscribe()
        var headers = Self.headers(type: Self.eventStreamType)
        headers["X-Accel-Buffering"] = "no"
        return DevResponse(.ok, headers: headers, body: .stream(stream))
    }

    private func file(at path: String) async -> DevResponse {
        // Read the generation first: if a build lands while the file is read, the page reloads once more.
        let status = await hub.status
        let generation = status.generation
        switch resolver.resolve(path) {
        case .redirect(let location):
            var headers = Self.headers(type: "text/plain; charset=utf-8")
            headers["Location"] = location
            return DevResponse(.movedPermanently, headers: headers, body: .data(Data("Moved to \(location)\n".utf8)))
        case .notFound where generation == 0 && status.state != .failed:
            // The first build is under way (on a large catalog, seconds): a 404 with a link to a
            // home page that is not there yet said the site had no such page.
            var headers = Self.headers(type: ContentType.forFile(named: "x.html"))
            headers["Retry-After"] = "1"
            return DevResponse(.serviceUnavailable, headers: headers,
                               body: .data(Data(LiveReloadScript.inject(into: Self.buildingPage, generation: generation).utf8)))
        case .notFound:
            return DevResponse(.notFound, headers: Self.headers(type: ContentType.forFile(named: "404.html")),
                               body: .data(Data(LiveReloadScript.inject(into: Self.notFoundPage(path), generation: generation).utf8)))
        case .file(let url):
            let type = ContentType.forFile(named: url.lastPathComponent)
            guard let data = try? Data(contentsOf: url) else {
                // Removed between the check and the read (a build swapping the site in).
                return Self.text(.serviceUnavailable, "The site is being rebuilt; reload in a moment.\n", extra: ["Retry-After": "1"])
            }
            guard ContentType.isHTML(type) else {
                return DevResponse(.ok, headers: Self.headers(type: type), body: .data(data))
            }
            let html = LiveReloadScript.inject(into: String(decoding: data, as: UTF8.self), generation: generation)
            return DevResponse(.ok, headers: Self.headers(type: type), body: .data(Data(html.utf8)))
        }
    }

    static let eventStreamType = "text/event-stream; charset=utf-8"

    static func headers(type: String) -> [String: String] {
        ["Content-Type": type, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"]
    }

    static func text(_ status: DevResponse.Status, _ message: String, extra: [String: String] = [:]) -> DevResponse {
        var headers = headers(type: "text/plain; charset=utf-8")
        for (name, value) in extra { headers[name] = value }
        return DevResponse(status, headers: headers, body: .data(Data(message.utf8)))
    }

    /// Accepts `127.0.0.1`, `localhost` and `[::1]`, with any port; a missing Host (HTTP/1.0) too.
    static func isLoopback(host: String?) -> Bool {
        guard let host, !host.isEmpty else { return true }
        var name = host.lowercased()
        if name.hasPrefix("[") {
            name = String(name.prefix { $0 != "]" }.dropFirst())
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        return name == "127.0.0.1" || name == "localhost" || name == "::1"
    }

    /// What a page asked for before the first build has finished shows; the live-reload script
    /// loads the page itself once the site is there.
    static let buildingPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Building – peel serve</title><meta name="color-scheme" content="light dark"></head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
        <main>
        <h1>Building the site…</h1>
        <p>peel serve is making the site for the first time. This page loads by itself when it is ready.</p>
        </main>
        </body>
        </html>
        """

    static func notFoundPage(_ path: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Not found – peel serve</title><meta name="color-scheme" content="light dark"></head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
        <main>
        <h1>Not found</h1>
        <p>The site has no file at <code>\(HTMLText.escape(path))</code>.</p>
        <p><a href="/index.html">Go to the home page</a></p>
        </main>
        </body>
        </html>
        """
    }
}
