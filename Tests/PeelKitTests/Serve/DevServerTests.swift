import Foundation
import Testing
@testable import PeelKit

/// `peel serve` as a user runs it: the real binary on a free port, a temporary copy of a catalog,
/// requests sent over a plain socket.
@Suite(.serialized) struct DevServerTests {
    /// Reads `event: status` lines from the event stream until one satisfies `until`, or the deadline.
    private func nextStatus(_ stream: RawHTTPClient, before deadline: Date, until: (BuildStatus) -> Bool) throws -> BuildStatus {
        while let line = try stream.readLine(before: deadline) {
            guard line.hasPrefix("data: ") else { continue }
            let status = try JSONDecoder().decode(BuildStatus.self, from: Data(line.dropFirst(6).utf8))
            if until(status) { return status }
        }
        throw RawHTTPClient.Failure.timeout("a status event")
    }

    private func openEvents(port: UInt16) throws -> RawHTTPClient {
        let stream = try RawHTTPClient(port: port)
        stream.request("GET", "/__peel/events")
        return stream
    }

    /// A theme that does not parse from the start: no build has succeeded, so serve must not claim
    /// to serve "the last good site".
    @Test func aFirstBuildThatFailsDoesNotClaimALastGoodSite() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("{{#page}}unclosed\n", to: "theme/pack.mustache")
        let server = try ServeProcess(["content", "--templates", "theme", "--no-art-checks"], in: folder.url)
        #expect(server.errors(contain: "No site was built yet, so there is none to serve"), "\(server.errors)")
        #expect(!server.errors.contains("The last good site is still served"))
        server.stop()
    }

    /// Ctrl-C (here SIGTERM, as a CI runner's timeout sends) while the first build runs: nothing
    /// was ever served, so serve must not print an address, only that it stopped.
    @Test func stoppingDuringTheFirstBuildGivesNoAddress() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        // Noise animations of different lengths: slow to thumbnail, and no two alike.
        for count in 10..<18 {
            try folder.write(try Fixtures.noiseAnimation(frames: count), to: "content/pets/noise-\(count).png")
            try folder.write("---\nalt: Noise \(count)\n---\n", to: "content/pets/noise-\(count).md")
        }
        let binary = try #require(CLITests.binary, "build the peel product first")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "content", "--port", "0", "--no-art-checks"]
        process.currentDirectoryURL = folder.url
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "true", "NO_COLOR": "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The workspace appears once serve runs (its signal handlers are set by then).
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("peel-serve-\(process.processIdentifier)")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: workspace.path) && process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        Thread.sleep(forTimeInterval: 0.05)
        process.terminate()
        process.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!printed.contains("Built "), "the first build finished before the signal; the test needs slower art: \(printed)")
        #expect(!printed.contains("Serving at"), "\(printed)")
        #expect(printed.contains("Stopped."), "\(printed)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path), "the workspace is removed")
    }

    /// Closing the terminal (SIGHUP) stops serve as Ctrl-C does, removing its workspace: it left the
    /// whole site and its cache in the temporary folder, one more each time. A workspace left by a
    /// server that is gone (kill -9) is removed by the next serve.
    @Test func closingTheTerminalRemovesTheWorkspaceAndAbandonedOnesGo() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        // A workspace whose server is gone: the id of a process that has exited.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let abandoned = FileManager.default.temporaryDirectory.appendingPathComponent("peel-serve-\(gone.processIdentifier)")
        try FileManager.default.createDirectory(at: abandoned.appendingPathComponent("site"), withIntermediateDirectories: true)
        // The server inherits an ignored SIGHUP (a test run under nohup) and would rightly keep running.
        let inherited = signal(SIGHUP, SIG_DFL)
        let server = try ServeProcess(["content", "--no-art-checks"], in: folder.url)
        signal(SIGHUP, inherited)
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("peel-serve-\(server.process.processIdentifier)")
        #expect(FileManager.default.fileExists(atPath: workspace.path))
        #expect(!FileManager.default.fileExists(atPath: abandoned.path), "the abandoned workspace is removed")
        kill(server.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(20)
        while server.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.stop() == 0 && server.output.contains("Stopped."), "SIGHUP stops serve as Ctrl-C does: \(server.errors)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path), "the workspace is removed")
    }

    /// site.md's front matter that cannot be read stops serve's build as it stops `peel build`,
    /// said the same way: the finding with its file, line and code (serve said "cannot read file").
    @Test func anUnreadableSiteFileIsSaidWithItsCode() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("\n---\ntitle: Late\n---\n", to: "content/site.md")
        let server = try ServeProcess(["content", "--no-art-checks"], in: folder.url)
        #expect(server.errors(contain: "No site was built yet"), "\(server.errors)")
        #expect(server.errors.contains("site.md:2: error[front-matter-not-first]:"), "\(server.errors)")
        #expect(server.errors.contains("Not built: site.md's front matter cannot be read"))
        server.stop()
    }

    /// A save prints the findings it changed, not every finding of the catalog again (one label
    /// edit wrote 600 lines, the new YAML error sorted among unchanged warnings).
    @Test func aSavePrintsOnlyTheFindingsItChanged() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\nalt: IMG_1234\n---\n", to: "content/pets/cat.md")
        let server = try ServeProcess(["content", "--no-art-checks"], in: folder.url)
        defer { server.stop() }
        #expect(server.errors(contain: "placeholder-label"), "\(server.errors)")
        let before = server.errors
        try folder.write("---\nalt: [unclosed\n---\n", to: "content/pets/fox.md")
        #expect(server.errors(contain: "pets/fox.md:2: error[yaml-syntax]", within: 60), "\(server.errors)")
        let deadline = Date().addingTimeInterval(30)
        while !server.output.contains("as before, not repeated") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let after = String(server.errors.dropFirst(before.count))
        #expect(!after.contains("placeholder-label"), "the cat's error, unchanged, is not printed again: \(after)")
        #expect(server.output.contains("as before, not repeated (peel check lists them all)"), "\(server.output)")
        #expect(BuildStatus.failed(generation: 0, error: PeelError.noPacks(path: "x")).title == "Build failed; no site has been built yet")
        #expect(BuildStatus.failed(generation: 2, error: PeelError.noPacks(path: "x")).title == "Build failed; still showing the last site that built")
    }

    /// Speed is measured by Benchmarks/serve-latency.sh, not here: a loaded CI machine must not fail a test.
    @Test func savingASidecarReloadsOpenPagesWithTheNewLabel() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let server = try ServeProcess(["content"], in: folder.url)

        let stream = try openEvents(port: server.port)
        let first = try nextStatus(stream, before: Date().addingTimeInterval(10)) { _ in true }
        #expect(first.state == .ok)
        let before = try RawHTTPClient.get("/pets/cat/index.html", port: server.port)
        #expect(before.status == 200)
        #expect(!before.text.contains("A grey cat napping on a warm windowsill"))

        let sidecar = folder.url.appendingPathComponent("content/pets/cat.md")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #"(?m)^alt:.*$"#, with: "alt: A grey cat napping on a warm windowsill",
                                               options: .regularExpression)
        #expect(edited != text, "the fixture has an alt: line to edit")
        let saved = Date()
        try edited.write(to: sidecar, atomically: true, encoding: .utf8)
        let reload = try nextStatus(stream, before: saved.addingTimeInterval(30)) { $0.generation > first.generation }
        #expect(reload.state == .ok)

        let after = try RawHTTPClient.get("/pets/cat/index.html", port: server.port)
        #expect(after.text.contains("A grey cat napping on a warm windowsill"), "the new label is served at once")
        #expect(after.text.contains(#"<script src="/__peel/live-reload.js" data-generation="\#(reload.generation)"></script>"#))
        #expect(server.output.contains("Changed: cat.md"))

        // The script is added by the server only: the built files stay as `peel build` writes them.
        let built = FileManager.default.temporaryDirectory
            .appendingPathComponent("peel-serve-\(server.process.processIdentifier)/site/pets/cat/index.html")
        let builtText = try String(contentsOf: built, encoding: .utf8)
        #expect(builtText.contains("A grey cat napping on a warm windowsill"))
        #expect(!builtText.contains("live-reload"))

        let script = try RawHTTPClient.get("/__peel/live-reload.js", port: server.port)
        #expect(script.status == 200)
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("EventSource"))

        #expect(server.stop() == 0, "Ctrl-C (SIGTERM) stops cleanly: \(server.errors)")
        #expect(server.output.contains("Stopped."))
        #expect(!FileManager.default.fileExists(atPath: built.deletingLastPathComponent().path), "the private site is removed")
    }

    /// Fixing a typo keeps a label's length: five edits of the same size, each made as soon as the
    /// one before is served (a fraction of a second), are each served (one such edit was once lost: "Changed", "Built",
    /// and the old label served for good).
    @Test func sameSizeEditsWithinASecondAreEachServed() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let server = try ServeProcess(["content"], in: folder.url)
        let stream = try openEvents(port: server.port)
        _ = try nextStatus(stream, before: Date().addingTimeInterval(10)) { _ in true }
        let sidecar = folder.url.appendingPathComponent("content/pets/cat.md")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        for label in ["Label 5001", "Label 5002", "Label 5003", "Label 5004", "Label 5005"] {
            let edited = text.replacingOccurrences(of: #"(?m)^alt:.*$"#, with: "alt: \(label)", options: .regularExpression)
            try Data(edited.utf8).write(to: sidecar)
            let deadline = Date().addingTimeInterval(10)
            var served = false
            while !served && Date() < deadline {
                served = (try? RawHTTPClient.get("/pets/cat/index.html", port: server.port))?.text.contains(label) ?? false
                if !served { Thread.sleep(forTimeInterval: 0.005) }
            }
            #expect(served, "\(label) is served (\(server.output))")
        }
        #expect(server.stop() == 0)
    }

    /// A label edit is answered at once with its own pages (`SidecarRefresh`), which open pages
    /// are told by name; the whole build that follows tells only the files it changed after that
    /// (the review page, the pack zip...), so the sticker's page is not reloaded twice, and leaves
    /// the served site as a build from scratch would.
    @Test func aLabelEditIsAnsweredAtOnceThenTheWholeBuildNamesOnlyWhatItChanged() async throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let server = try ServeProcess(["content", "--no-art-checks"], in: folder.url)
        let stream = try openEvents(port: server.port)
        let first = try nextStatus(stream, before: Date().addingTimeInterval(10)) { _ in true }
        let sidecar = folder.url.appendingPathComponent("content/pets/cat.md")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #"(?m)^alt:.*$"#, with: "alt: A ginger cat asleep in the sun",
                                           options: .regularExpression).utf8).write(to: sidecar)
        let quick = try nextStatus(stream, before: Date().addingTimeInterval(30)) { $0.generation > first.generation }
        let quickFiles = try #require(quick.changed, "a quick answer names its pages")
        #expect(quickFiles.contains("pets/cat/index.html"))
        #expect(quickFiles.contains("pets/index.html"))
        #expect(!quickFiles.contains("review/index.html"), "the review page is the whole build's")
        #expect(try RawHTTPClient.get("/pets/cat/index.html", port: server.port).text.contains("A ginger cat asleep in the sun"))

        let whole = try nextStatus(stream, before: Date().addingTimeInterval(30)) { $0.generation > quick.generation }
        let wholeFiles = try #require(whole.changed, "the build after a quick answer names what it changed")
        #expect(!wholeFiles.contains("pets/cat/index.html"), "the sticker's page was already right")
        #expect(wholeFiles.contains("review/index.html"))
        #expect(wholeFiles.contains("catalog.json"))
        #expect(server.output.contains("Refreshed"))
        #expect(server.output.contains("Built"))

        let built = FileManager.default.temporaryDirectory.appendingPathComponent("peel-serve-\(server.process.processIdentifier)/site")
        let fresh = folder.url.appendingPathComponent("fresh")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: fresh,
                                                        useCache: false)).build()
        let expected = SiteBuilderTests.snapshot(fresh).filter { !$0.key.hasPrefix(".peel") }
        #expect(SiteBuilderTests.snapshot(built).filter { !$0.key.hasPrefix(".peel") } == expected,
                "the served site is a build from scratch of the edited content")
        #expect(server.stop() == 0)
    }

    @Test func buildFailuresAndContentErrorsReachThePageAndTheServerKeepsRunning() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("theme"), withIntermediateDirectories: true)
        let server = try ServeProcess(["content", "--templates", "theme"], in: folder.url)
        let stream = try openEvents(port: server.port)
        let first = try nextStatus(stream, before: Date().addingTimeInterval(10)) { _ in true }

        // A broken template: the build fails, the last site stays up, the overlay says where.
        try folder.write("{{#page}}\n{{title}\n", to: "theme/pack.mustache")
        let failed = try nextStatus(stream, before: Date().addingTimeInterval(10)) { $0.state != .ok }
        #expect(failed.state == .failed)
        #expect(failed.generation == first.generation, "no new site")
        #expect(failed.messages.joined().contains("pack.mustache:2"), "\(failed.messages)")
        #expect(try RawHTTPClient.get("/pets/index.html", port: server.port).status == 200)
        #expect(server.errors(contain: "Build failed"), "\(server.errors)")

        // A page opened now is told at once.
        let late = try openEvents(port: server.port)
        #expect(try nextStatus(late, before: Date().addingTimeInterval(5)) { _ in true }.state == .failed)

        // Fixed template, but a sticker without its label: built, with the error listed.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("theme/pack.mustache"))
        try folder.write("---\ntitle: Cat\n---\n", to: "content/pets/cat.md")
        let errors = try nextStatus(stream, before: Date().addingTimeInterval(10)) { $0.generation > first.generation }
        #expect(errors.state == .errors)
        #expect(errors.messages.contains { $0.hasPrefix("pets/cat.md") && $0.contains("error[missing-label]") }, "\(errors.messages)")
        #expect(server.stop() == 0)
    }

    @Test func theArtChecksRunInTheBackgroundAndPagesReloadWithTheirFindings() throws {
        let folder = try TemporaryFolder()
        _ = try ArtCheckTests.catalog(in: folder)
        let server = try ServeProcess(["content"], in: folder.url)
        let stream = try openEvents(port: server.port)
        let first = try nextStatus(stream, before: Date().addingTimeInterval(10)) { _ in true }
        #expect(first.state == .ok)
        // The quick site first, then the one with the art checks' findings, which open pages reload to.
        let deadline = Date().addingTimeInterval(30)
        var page = ""
        while Date() < deadline {
            page = try RawHTTPClient.get("/sky/bat/index.html", port: server.port).text
            if page.contains("swatch-warning"), server.output.contains("Art checked") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(page.contains("<span class=\"swatch-warning\">"), "the bat's black swatch is marked once the art checks ran")
        #expect(page.contains("vanishes-on-dark"))
        #expect(server.output.contains("Art checked: 3 warnings on the art; pages reloaded"), "\(server.output)")
        #expect(server.errors.contains("warning[vanishes-on-dark]"), "\(server.errors)")
        #expect(folder.exists(".peel-cache/art-checks/CACHEDIR.TAG"), "cached beside the content, as peel check does")
        if first.generation < 2 { // else the art run had already published when the page connected
            let reloaded = try nextStatus(stream, before: Date().addingTimeInterval(10)) { $0.generation > first.generation }
            #expect(reloaded.state == .ok, "open pages are told to reload")
        }

        // Once they have run, an edit elsewhere keeps their findings: the build that follows the
        // quick answer took them off the bat's page (and every page with one) until the art build
        // put them back, so those pages reloaded twice.
        let events = try openEvents(port: server.port)   // a page opened now is told where things are
        let now = try nextStatus(events, before: Date().addingTimeInterval(10)) { _ in true }
        try folder.write("---\nalt: A fluffy white cloud drifting\n---\n", to: "content/sky/cloud.md")
        let quick = try nextStatus(events, before: Date().addingTimeInterval(30)) { $0.generation > now.generation }
        #expect(quick.changed?.contains("sky/cloud/index.html") == true)
        let whole = try nextStatus(events, before: Date().addingTimeInterval(30)) { $0.generation > quick.generation }
        #expect(whole.changed?.contains("sky/bat/index.html") == false, "\(whole.changed ?? [])")
        #expect(try RawHTTPClient.get("/sky/bat/index.html", port: server.port).text.contains("vanishes-on-dark"))
        Thread.sleep(forTimeInterval: 1)
        #expect(try RawHTTPClient.get("/sky/bat/index.html", port: server.port).text.contains("vanishes-on-dark"))
        #expect(server.output.components(separatedBy: "Art checked").count == 2, "the art checks' own build runs once: \(server.output)")
        #expect(server.stop() == 0)

        let quiet = try ServeProcess(["content", "--no-art-checks"], in: folder.url)
        Thread.sleep(forTimeInterval: 1)
        #expect(try !RawHTTPClient.get("/sky/bat/index.html", port: quiet.port).text.contains("swatch-warning"))
        #expect(!quiet.output.contains("Art checked"))
        #expect(quiet.stop() == 0)
    }

    @Test func servesOnlyTheSiteOnlyOnLoopbackWithTheRightTypes() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("top secret\n", to: "secret.txt")
        let server = try ServeProcess(["content"], in: folder.url)
        let port = server.port

        for target in ["/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/pets/..%2f..%2f..%2fsecret.txt",
                       "/pets/%2e%2e/%2e%2e/secret.txt", "/.peel-manifest", "/pets%5c..%5c..%5csecret.txt", "/index.html%00.png",
                       "//etc/passwd"] {
            let response = try RawHTTPClient.get(target, port: port)
            #expect(response.status == 404 || response.status == 400, "\(target) → \(response.status)")
            #expect(!response.text.contains("top secret") && !response.text.contains("root:"), "\(target) leaked a file")
        }

        let expectations = [
            ("/", "text/html; charset=utf-8"), ("/pets/index.html", "text/html; charset=utf-8"),
            ("/assets/style.css", "text/css; charset=utf-8"), ("/catalog.json", "application/json; charset=utf-8"),
            ("/pets/cat/cat.png", "image/png"), ("/pets/turtle/turtle.gif", "image/gif"), ("/pets/dog/dog.jpg", "image/jpeg"),
            ("/review/labels.csv", "text/csv; charset=utf-8"), ("/pets/pets.zip", "application/zip"),
        ]
        for (target, type) in expectations {
            let response = try RawHTTPClient.get(target, port: port)
            #expect(response.status == 200, "\(target)")
            #expect(response.headers["content-type"] == type, "\(target): \(response.headers["content-type"] ?? "none")")
            #expect(response.headers["x-content-type-options"] == "nosniff")
        }
        let image = try RawHTTPClient.get("/pets/cat/cat.png", port: port)
        #expect(image.body == (try Data(contentsOf: folder.url.appendingPathComponent("content/pets/cat.png"))), "bytes as built")
        #expect(!image.text.contains("live-reload"), "only HTML gets the script")

        let folderWithoutSlash = try RawHTTPClient.get("/pets", port: port)
        #expect(folderWithoutSlash.status == 301)
        #expect(folderWithoutSlash.headers["location"] == "/pets/")
        // `Location: //pets/` would send the browser to http://pets/: a redirect starts with one slash.
        for target in ["//pets", "///pets", "/%2Fpets", "//pets//", "/.//pets"] {
            let response = try RawHTTPClient.get(target, port: port)
            if response.status == 301 {
                #expect(response.headers["location"] == "/pets/", "\(target) → \(response.headers["location"] ?? "none")")
            }
            let location = response.headers["location"] ?? "/"
            #expect(location.hasPrefix("/") && !location.hasPrefix("//") && !location.hasPrefix("/\\"), "\(target) → \(location)")
        }
        #expect(try RawHTTPClient.get("//pets", port: port).status == 301)
        #expect(try RawHTTPClient.get("/pets/", port: port).text.contains("<h1 dir=\"auto\">"))

        let missing = try RawHTTPClient.get("/no-such-pack/%3Cscript%3Ealert(1)%3C/script%3E", port: port)
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
        #expect(missing.text.contains("Not found"))
        #expect(missing.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the path is escaped in the 404 page")
        #expect(!missing.text.contains("<script>alert(1)"))

        #expect(try RawHTTPClient.get("/", port: port, method: "POST").status == 405)
        let head = try RawHTTPClient.get("/assets/style.css", port: port, method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(try RawHTTPClient.get("/", port: port, host: "attacker.example:\(port)").status == 421, "DNS rebinding is refused")
        #expect(try RawHTTPClient.get("/", port: port, host: "localhost:\(port)").status == 200)

        #if os(Linux)
        // Listening on 127.0.0.1 only: the kernel's socket table shows the address it is bound to.
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let portHex = String(format: "%04X", port)
        let listening = table.split(separator: "\n").filter { $0.contains(":\(portHex) ") && $0.contains(" 0A ") }
        #expect(!listening.isEmpty)
        #expect(listening.allSatisfy { $0.contains("0100007F:\(portHex)") }, "bound to 127.0.0.1: \(listening)")
        let table6 = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
        #expect(!table6.split(separator: "\n").contains { $0.contains(":\(portHex) ") && $0.contains(" 0A ") }, "not on IPv6")
        #endif
        #expect(server.stop() == 0)
    }

    /// A megabyte request line (it pinned a core for minutes in FlyingFox's reader, and SIGTERM was
    /// ignored) is refused with 414 after 8 KiB, oversized fields with 431, while an ordinary
    /// request on another connection is answered at once; SIGTERM still stops the server promptly.
    @Test func hostileRequestsAreRefusedQuicklyAndDoNotStallOthers() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let server = try ServeProcess(["content"], in: folder.url)
        let port = server.port

        let hostile = Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000) + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let started = Date()
        let attackers = (0..<3).map { _ in ThreadResult { () -> (Int, TimeInterval)? in
            guard let client = try? RawHTTPClient(port: port) else { return nil }
            client.write(raw: hostile)
            guard let response = try? client.readResponse(timeout: 10) else { return nil }
            return (response.status, Date().timeIntervalSince(started))
        } }
        let normalStart = Date()
        let normal = try RawHTTPClient.get("/pets/index.html", port: port)
        let normalTime = Date().timeIntervalSince(normalStart)
        #expect(normal.status == 200)
        // Not a speed figure: a server stuck on the hostile lines would wait for their 10 s timeouts.
        #expect(normalTime < 5, "an ordinary request took \(normalTime) s beside three 1 MB request lines")
        for attacker in attackers {
            let result = attacker.value
            #expect(result?.0 == 414, "\(String(describing: result))")
            #expect((result?.1 ?? 99) < 5, "414 after \(String(describing: result?.1)) s")
        }

        let fields = (0..<40).map { "X-Padding-\($0): \(String(repeating: "p", count: 1000))" }
        let big = try RawHTTPClient(port: port)
        big.request("GET", "/", headers: fields)
        #expect(try big.readResponse().status == 431)
        let noHost = try RawHTTPClient(port: port)
        noHost.write(raw: Array("GET / HTTP/1.1\r\n\r\n".utf8))
        #expect(try noHost.readResponse().status == 400)
        let dribble = try RawHTTPClient(port: port)
        dribble.write(raw: Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 4000))
        #expect(try RawHTTPClient.get("/", port: port).status == 200)

        // A server that waited for the half-sent request would outlive the 5 s and be killed (non-zero).
        #expect(server.stop(timeout: 5) == 0, "SIGTERM with a request half sent: \(server.errors)")
    }

    #if os(Linux)
    /// With few file descriptors left (as under macOS's `ulimit -n 256`), idle connections past the
    /// limit made accept() fail with EMFILE and the server stopped accepting for good. Then it let
    /// idle connections go only once accept() failed, and on a busy machine libdispatch, unable to
    /// open `/proc/<pid>/stat` at that moment, aborted the process. Now connections never take the
    /// last descriptors, whatever the limit becomes while it serves, and the user is told once.
    @Test func runningOutOfFileDescriptorsDoesNotStopTheServer() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let server = try ServeProcess(["content"], in: folder.url)
        let port = server.port
        let pid = server.process.processIdentifier
        // Lowered after start, far below the connection cap the server started with.
        let limit = 64
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", String(pid), "--nofile=\(limit):\(limit)"]
        try prlimit.run()
        prlimit.waitUntilExit()
        #expect(prlimit.terminationStatus == 0)
        var peak = 0
        func sampleOpenFiles() {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
            peak = max(peak, open)
        }

        // More idle connections than descriptors, and more coming for two seconds.
        var idle: [RawHTTPClient] = []
        for _ in 0..<150 { idle.append(try RawHTTPClient(port: port)); sampleOpenFiles() }
        let during = try RawHTTPClient.get("/pets/index.html", port: port)
        #expect(during.status == 200, "answered while 150 idle connections wait")
        for _ in 0..<20 {
            for _ in 0..<10 { idle.append(try RawHTTPClient(port: port)); sampleOpenFiles() }
            Thread.sleep(forTimeInterval: 0.1)
            sampleOpenFiles()
        }
        #expect(peak < limit - 4, "the server had \(peak) of its \(limit) files open")
        #expect(server.errors(contain: "Too many open connections"), "the user is told: \(server.errors)")
        #expect(server.errors.contains("still serving"))
        #expect(server.errors.components(separatedBy: "Too many open connections").count == 2, "once: \(server.errors)")

        idle.removeAll()
        for _ in 0..<5 { #expect(try RawHTTPClient.get("/assets/style.css", port: port).status == 200) }
        #expect(server.stop(timeout: 5) == 0)
    }
    #endif

    @Test func aPortInUseAndAMissingFolderGetClearErrors() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let first = try ServeProcess(["content"], in: folder.url)
        let second = try CLITests().run(["serve", "content", "--port", String(first.port)], in: folder.url, environment: ["CI": "true"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("port \(first.port) is already in use; pick another with --port"), "\(second.stderr)")
        #expect(!second.stdout.contains("Built ") && !second.stderr.contains("Built "), "said before building anything")
        first.stop()

        let missing = try CLITests().run(["serve", "nowhere", "--port", "0"], in: folder.url, environment: ["CI": "true"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere: error: content folder not found"))
        #expect(!missing.stderr.contains(folder.url.appendingPathComponent("nowhere").path), "said as given, as build and check say it: \(missing.stderr)")
        #expect(missing.stderr.contains("peel init nowhere"))
    }
}
