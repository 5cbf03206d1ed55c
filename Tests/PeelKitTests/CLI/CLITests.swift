import Foundation
import Testing
import PeelKit

/// Runs the built `peel` binary as a user would, from a folder that is not the package.
@Suite struct CLITests {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Fixtures.packageRoot.appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent("peel") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `peel` (or `executable`, for wrappers such as a shell that sets limits first).
    func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], executable: URL? = nil) throws -> Result {
        let binary = try #require(Self.binary, "build the peel product first")
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func versionAndHelp() throws {
        let folder = try TemporaryFolder()
        let version = try run(["--version"], in: folder.url)
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = try run(["build", "--help"], in: folder.url)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--templates"))
        #expect(help.stdout.contains("Examples:"))
    }

    @Test func buildsFromAnyDirectoryWithTheEmbeddedTheme() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let result = try run(["build"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Built 2 packs, 5 stickers, 0 warnings, 0 errors (4 silenced) in "))
        #expect(result.stderr.isEmpty, "quiet when all is well (silenced findings are only counted): \(result.stderr)")
        #expect(folder.exists("_site/index.html"))
        #expect(folder.exists("_site/assets/style.css"))
    }

    @Test func errorsArePrintedWithFileLineAndCodeAndExitOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: A cat\ncolour: orange\n---\n", to: "content/p/cat.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png")
        let result = try run(["build", "content", "-o", "out"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("p/cat.md:3: warning[unknown-key]: unknown key 'colour' is ignored"))
        #expect(result.stderr.contains("p/fox.png: error[missing-sidecar]: sticker has no sidecar; create p/fox.md"))
        #expect(!result.stderr.contains("\u{1B}["), "no colour when not on a terminal")
        #expect(result.stdout.contains("1 warning, 1 error"))
        #expect(folder.exists("out/p/index.html"), "the site is still written so problems can be seen")
    }

    @Test func jsonReportForMachines() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png")
        let result = try run(["build", "--format", "json"], in: folder.url)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings[0]["file"] as? String == "p/fox.png")
        #expect(findings[0]["sticker"] as? String == "p/fox.png")
        #expect(findings[0]["line"] is NSNull)
        #expect(findings[0]["code"] as? String == "missing-sidecar")
        #expect(findings[0]["severity"] as? String == "error")
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["stickers"] as? Int == 1)
    }

    /// site.md's front matter unreadable (here after a blank line, which published a site without
    /// its title and languages): the build stops, says so as a finding with its code, in JSON too.
    @Test func anUnreadableSiteFileStopsTheBuildWithItsFindingInEitherFormat() throws {
        let folder = try TemporaryFolder()
        try folder.write("\n---\ntitle: My stickers\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/p/fox.png")
        try folder.write("---\nalt: A fox\n---\n", to: "content/p/fox.md")
        let human = try run(["build", "content", "-o", "out"], in: folder.url, environment: ["CI": "true"])
        #expect(human.status == 1)
        #expect(human.stderr.contains("site.md:2: error[front-matter-not-first]:"), "\(human.stderr)")
        #expect(human.stderr.contains("no site was written"))
        #expect(!folder.exists("out"))
        let json = try run(["build", "content", "-o", "out", "--format", "json"], in: folder.url)
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.map { $0["code"] as? String } == ["front-matter-not-first"])
        #expect(findings.first?["file"] as? String == "site.md" && findings.first?["line"] as? Int == 2)
    }

    @Test func missingContentFolderAndBadUsageExitTwo() throws {
        let folder = try TemporaryFolder()
        let missing = try run(["build", "nowhere"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("nowhere: error: content folder not found"), "as given, not absolute: \(missing.stderr)")
        let check = try run(["check", "nowhere"], in: folder.url)
        #expect(check.status == 2 && check.stderr.hasPrefix("nowhere: error: content folder not found"), "\(check.stderr)")
        // A content file in a labels error is named as seen from here, as findings are.
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\ntitle: S\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        let xliff = try run(["labels", "export", "content", "--xliff", "x.xlf", "--lang", "de"], in: folder.url)
        #expect(xliff.status == 2 && xliff.stderr.hasPrefix("content/site.md: error: 'de' is not one of the languages declared"), "\(xliff.stderr)")
        let usage = try run(["build", "--format", "xml"], in: folder.url)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("xml"))
    }
}

extension CLITests {
    @Test func theSampleCatalogBuildsCleanly() throws {
        let folder = try TemporaryFolder()
        let content = Fixtures.packageRoot.appendingPathComponent("content").path
        let result = try run(["build", content, "-o", "site"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        // The warnings are the sample's missing (37) and stale (1) French and Arabic translations.
        #expect(result.stdout.hasPrefix("Built 5 packs, 36 stickers, 38 warnings, 0 errors"))
        #expect(folder.exists("site/fr/weather/sun/index.html") && folder.exists("site/ar/weather/sun/index.html"))
        let home = try folder.read("site/index.html")
        #expect(home.contains("All emojis designed by") || home.contains("all emojis designed by"), "OpenMoji attribution is shown")
        #expect(folder.exists("site/motion/weather-cycle-apng/weather-cycle-apng.png"))
    }

    /// Ctrl-C (SIGINT) or a CI runner's SIGTERM: the previous site stays, and the exit status is
    /// what shells report for that signal (130, 143).
    @Test(arguments: [SIGINT, SIGTERM])
    func interruptingABuildLeavesThePreviousSite(signal: Int32) throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Many\n---\n", to: "content/many/pack.md")
        // 200 different images (identical ones would share one cache entry and build too fast to interrupt).
        let art = try PNGCodec.decode(Fixtures.data(Fixtures.catalog.appendingPathComponent("pets/cat.png")), maxPixels: 1 << 22).0
        for index in 0..<200 {
            var image = art
            image.pixels[0] = UInt8(index % 256)
            image.pixels[3] = UInt8(255 - index % 256)
            try folder.write(try PNGCodec.encode(image, alpha: true), to: "content/many/cat-\(index).png")
            try folder.write("---\nalt: Cat number \(index)\n---\n", to: "content/many/cat-\(index).md")
        }
        try folder.write("---\ntitle: Old\n---\n", to: "old/p/pack.md")
        let first = try run(["build", "old/", "-o", "site"], in: folder.url, environment: ["CI": "true"])
        #expect(first.status == 0)
        let before = try folder.read("site/index.html")

        let binary = try #require(Self.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["build", "content", "-o", "site"]
        process.currentDirectoryURL = folder.url
        process.standardOutput = Pipe()
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait until the build has started writing its staging folder, then press Ctrl-C.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).contains { $0.contains("peel-staging") }) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        Thread.sleep(forTimeInterval: 0.05)
        if signal == SIGINT { process.interrupt() } else { process.terminate() }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 128 + signal, "\(stderr)")
        #expect(stderr.contains("Interrupted; the previous site is unchanged."))
        #expect(try folder.read("site/index.html") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") && $0 != ".peel-cache" }
        #expect(leftovers.isEmpty, "left behind: \(leftovers)")
        // The cache keeps only complete entries: nothing half-written in its scratch folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(".peel-cache/site/entries").path)
            .filter { $0.hasPrefix("tmp-") || $0.hasPrefix(".peel-tmp-") }.isEmpty, "half-written cache files left behind")
    }
}

extension CLITests {
    /// Ctrl-C stops `peel fit` after the sticker under way, and the record of what it wrote is
    /// saved: killed outright, it later refused its own results as "peel fit did not write".
    @Test func interruptingFitKeepsTheRecordOfWhatItWrote() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Big\nsize: large\n---\n", to: "content/big/pack.md")
        // 16 different 700 px stickers, each fitted to 618 px.
        func art(_ index: Int) -> RGBAImage {
            var pixels = [UInt8](repeating: 255, count: 700 * 700 * 4)
            for pixel in 0..<(700 * 700) { pixels[pixel * 4] = UInt8(truncatingIfNeeded: pixel % 700 * (pixel / 700) + index) }
            return RGBAImage(width: 700, height: 700, pixels: pixels)
        }
        for index in 0..<16 {
            try folder.write(try PNGCodec.encode(art(index), alpha: true), to: "content/big/s\(index).png")
            try folder.write("---\nalt: Sticker \(index)\n---\n", to: "content/big/s\(index).md")
        }
        let binary = try #require(Self.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["fit", "content", "-o", "fitted"]
        process.currentDirectoryURL = folder.url
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "true"]) { $1 }
        process.standardOutput = Pipe()
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("fitted/big").path)) ?? []).isEmpty {
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.interrupt()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("Interrupted; the stickers fitted so far are written and recorded"), "\(stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("fitted/big").path)
        #expect(!written.isEmpty && written.count < 16, "\(written.count) fitted")
        let record = try folder.read("fitted/.peel-fit")
        for name in written { #expect(record.contains("big/\(name)"), "\(name) is recorded") }
        // The artist changes a sticker that was fitted and fits again: its result is replaced.
        let changed = try #require(written.first)
        try folder.write(try PNGCodec.encode(art(99), alpha: true), to: "content/big/\(changed)")
        let again = try run(["fit", "content", "-o", "fitted"], in: folder.url, environment: ["CI": "true"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func iconsCommandWritesTheSetAndRefusesBadInput() throws {
        let folder = try TemporaryFolder()
        let art = Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png").path
        let result = try run(["icons", art, "-o", "out", "--background", "#FFD60A"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Wrote 13 icons and Contents.json to "))
        #expect(result.stderr.contains("warning[icon-too-small]: art is 618 × 618 px"), "618 px art is upscaled for the App Store icons")
        #expect(folder.exists("out/iMessage App Icon.stickersiconset/Contents.json"))
        #expect(try cli(["icons", art, "--background", "teal"], folder).status == 2)
        let missing = try run(["icons", "nowhere.png"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nowhere.png: error: cannot read file"))
        // Every command shows paths as seen from the current folder (icons printed the absolute one).
        #expect(!missing.stderr.contains(folder.url.path), "\(missing.stderr)")
        // Art over the pixel budget is refused; --max-pixels raises it, as check and build's does.
        let small = try run(["icons", art, "-o", "tight", "--max-pixels", "100000"], in: folder.url, environment: ["CI": "true"])
        #expect(small.status == 1 && small.stderr.contains("more than the budget of 100000 pixels Peel decodes"), "\(small.stderr)")
        #expect(try run(["icons", art, "-o", "roomy", "--max-pixels", "400000"], in: folder.url, environment: ["CI": "true"]).status == 0)
    }

    /// The exports read art under the same pixel guard as check and build, and take --max-pixels
    /// to raise it: the fixture's 300 px stickers (90,000 pixels) are refused under 50,000.
    @Test func exportsTakeMaxPixels() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        try folder.write("---\nalt: Orange cat face with whiskers\ntitle: Cat\nemoji: [🐱]\n---\n", to: "content/pets/cat.md")
        let environment = ["CI": "true"]
        let tight = try run(["export", "xcode", "content", "-o", "tight", "--max-pixels", "50000"], in: folder.url, environment: environment)
        #expect(tight.status == 1 && tight.stderr.contains("image-too-large"), "\(tight.stderr)")
        #expect(try run(["export", "xcode", "content", "-o", "roomy", "--max-pixels", "400000"], in: folder.url, environment: environment).status == 0)
        let signal = try run(["export", "signal", "content", "-o", "signal", "--pack", "pets", "--skip-invalid", "--max-pixels", "50000"],
                             in: folder.url, environment: environment)
        #expect(signal.status == 1 && signal.stderr.contains("pets/cat.png"), "\(signal.stderr)")
        #expect(try run(["export", "signal", "content", "-o", "bad", "--max-pixels", "0"], in: folder.url).status == 2)
    }

    private func cli(_ arguments: [String], _ folder: TemporaryFolder) throws -> Result {
        try run(arguments, in: folder.url)
    }
}

extension CLITests {
    /// A report that cannot be written is a failed run: `peel check --format sarif > peel.sarif` on
    /// a full disk exited 0 with an empty file, and a failed write to the terminal crashed Peel
    /// (exit 132, a backtrace). Standard error that cannot be written is no reason to stop.
    @Test func outputThatCannotBeWrittenFailsTheRunWithoutACrash() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let binary = try #require(Self.binary).path
        for format in ["json", "sarif", "github", "human"] {
            let full = try run(["-c", "exec \"$0\" check content --format \(format) > /dev/full", binary], in: folder.url,
                               environment: ["CI": "true"], executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(full.status == 2 && full.stderr.contains("error: cannot write the output: "), "\(format): \(full.status) \(full.stderr.suffix(300))")
        }
        let quiet = try run(["-c", "exec \"$0\" check nosuch 2>/dev/full", binary], in: folder.url,
                            environment: ["CI": "true"], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(quiet.status == 2, "\(quiet.status): a missing folder, said nowhere, is still exit 2")
    }

    /// A mistyped option is a failed run to say in the machine format asked for: it printed
    /// nothing, and `jq -e '.summary.errors == 0'` on the empty output is no check at all.
    @Test func aUsageErrorIsSaidInTheMachineFormat() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let json = try run(["check", "content", "--format", "json", "--platform", "imesage"], in: folder.url, environment: ["CI": "true"])
        #expect(json.status == 2, "\(json.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let findings = document?["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 1 && findings.first?["code"] as? String == "run-failed" && (findings.first?["message"] as? String)?.contains("imesage") == true,
                "\(json.stdout)")
        let sarif = try run(["check", "content", "--format=sarif", "--max-pixels", "0"], in: folder.url, environment: ["CI": "true"])
        #expect(sarif.status == 2 && sarif.stdout.contains("run-failed") && sarif.stdout.contains("\"version\""), "\(sarif.stdout)")
        let human = try run(["check", "content", "--platform", "imesage"], in: folder.url, environment: ["CI": "true"])
        #expect(human.status == 2 && human.stdout.isEmpty)
    }

    /// What keeps a sticker out of the export is listed, counted as it is listed: a silenced
    /// Messages rule (`ignore: [size-out-of-range]`) kept its sticker out with "1 sticker has
    /// errors:" above an empty list, and an image the catalog cannot use (a `.webp`) was listed
    /// under "Left out 0 stickers".
    @Test func exportXcodeNamesWhatItLeavesOut() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let small = RGBAImage(width: 200, height: 200, pixels: (0..<200 * 200 * 4).map { $0 % 4 == 3 ? ($0 / 4 % 7 == 0 ? 0 : 255) : 90 })
        try folder.write(try PNGCodec.encode(small), to: "content/pets/small.png")
        try folder.write("---\nalt: Small grey square\nignore: [size-out-of-range]\n---\n", to: "content/pets/small.md")
        try folder.write(try WebPCodec.encode(small), to: "content/pets/photo.webp")
        let failed = try run(["export", "xcode", "-o", "app"], in: folder.url, environment: ["CI": "true"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("2 stickers have errors"), "\(failed.stderr)")
        #expect(failed.stderr.contains("content/pets/small.png: error[size-out-of-range] (silenced):"), "\(failed.stderr)")
        #expect(failed.stderr.contains("content/pets/photo.webp: error[unsupported-format]"), "\(failed.stderr)")
        let skipped = try run(["export", "xcode", "-o", "app", "--skip-invalid"], in: folder.url, environment: ["CI": "true"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("Left out 2 stickers with errors:\n"), "\(skipped.stderr)")
        #expect(skipped.stderr.contains("content/pets/small.png: error[size-out-of-range] (silenced):"), "\(skipped.stderr)")
        #expect(!folder.exists("app/Stickers.xcstickers/pets.stickerpack/small.sticker"))
    }

    @Test func exportXcodeCommand() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let result = try run(["export", "xcode", "-o", "app"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Exported 2 packs, 5 stickers to "))
        #expect(folder.exists("app/Stickers.xcstickers/pets.stickerpack/dog.sticker/dog.jpg"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/pets/cat.md"))
        let failed = try run(["export", "xcode", "-o", "app2"], in: folder.url, environment: ["CI": "true"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("\ncontent/pets/cat.png: error[missing-sidecar]"), "paths as every command prints them: \(failed.stderr)")
        #expect(!folder.exists("app2/Stickers.xcstickers"))
        let skipped = try run(["export", "xcode", "-o", "app2", "--skip-invalid"], in: folder.url, environment: ["CI": "true"])
        #expect(skipped.status == 0)
        #expect(skipped.stderr.contains("Left out 1 sticker with errors:\ncontent/pets/cat.png: error[missing-sidecar]"), "\(skipped.stderr)")
        #expect(skipped.stdout.hasPrefix("Exported 2 packs, 4 stickers"))
        // With every sticker left out there is nothing to export: an error, and no empty catalog.
        let content = folder.url.appendingPathComponent("content")
        for pack in ["pets", "xss"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent(pack).path)
            where name.hasSuffix(".md") && name != "pack.md" {
                try FileManager.default.removeItem(at: content.appendingPathComponent("\(pack)/\(name)"))
            }
        }
        let none = try run(["export", "xcode", "-o", "app3", "--skip-invalid"], in: folder.url, environment: ["CI": "true"])
        #expect(none.status == 1, "\(none.stdout)")
        #expect(none.stderr.hasPrefix("error: every sticker has errors (5 stickers left out), so nothing was exported"), "\(none.stderr)")
        #expect(!folder.exists("app3/Stickers.xcstickers"))
    }
}

extension CLITests {
    /// A `small` pack holding content/'s 618 px grinning face as `p/big.png`, with its sidecar.
    static func smallPackWithALargeSticker() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "content/p/big.png")
        try folder.write("---\nalt: Grinning face\n---\n", to: "content/p/big.md")
        return folder
    }

    @Test func fitCommandWritesResultsAsideAndReports() throws {
        let folder = try Self.smallPackWithALargeSticker()
        try folder.copy(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"), to: "content/p/cycle.gif")
        try folder.write("---\nalt: Weather cycle\n---\n", to: "content/p/cycle.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Cat\n---\n", to: "content/p/cat.md")
        let original = try Data(contentsOf: folder.url.appendingPathComponent("content/p/big.png"))

        let result = try run(["fit"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("content/p/big.png: 27,787 → "), "paths as every command prints them: \(result.stdout)")
        #expect(result.stdout.contains("scaled to 300 × 300 px (small), re-encoded as PNG"))
        #expect(result.stdout.contains(" → fitted/p/big.png\n"), "the result as seen from here, as the README shows it: \(result.stdout)")
        #expect(result.stdout.contains("p/cycle.gif: 86,639 → "))
        #expect(result.stdout.contains("Fitted 2 of 3 stickers; 1 already fit.\n"))
        // What to do with the results, and the original a GIF fitted as an APNG leaves behind.
        #expect(result.stdout.hasSuffix("Next: put each fitted file in place of its original (same folder, same name), then run peel check. "
            + "One changed format, so delete the original too (a GIF and a PNG of one name are two images of one sticker): content/p/cycle.gif (now fitted/p/cycle.png)\n"),
            "\(result.stdout)")
        #expect(folder.exists("fitted/p/big.png") && folder.exists("fitted/p/cycle.png"), "a GIF becomes an APNG")
        #expect(!folder.exists("fitted/p/cat.png"), "stickers that fit are not copied")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("content/p/big.png")) == original, "art is never touched without --in-place")

        // Art over the pixel budget is refused naming --max-pixels, which lets it through.
        try PNGCodec.encode(RGBAImage(width: 4200, height: 4200, pixels: [UInt8](repeating: 255, count: 4200 * 4200 * 4))).write(to: folder.url.appendingPathComponent("huge.png"))
        let huge = try run(["fit", "huge.png", "--size", "small", "-o", "big-out"], in: folder.url, environment: ["CI": "true"])
        #expect(huge.status == 1 && huge.stderr.contains("image is 4200×4200 pixels, more than the budget of 16777216 pixels Peel decodes, so it was not read; export it at sticker size (618 px a side at most), or pass --max-pixels 17640000 (peel fit --max-pixels 17640000 writes a scaled copy into fitted/)"), "\(huge.stderr)")
        let raised = try run(["fit", "huge.png", "--size", "small", "-o", "big-out", "--max-pixels", "20000000"], in: folder.url, environment: ["CI": "true"])
        #expect(raised.status == 0 && folder.exists("big-out/huge.png"), "\(raised.stderr)")

        // -o with --in-place was ignored, the originals replaced: a usage error, nothing written.
        let both = try run(["fit", "--in-place", "-o", "elsewhere"], in: folder.url, environment: ["CI": "true"])
        #expect(both.status == 2 && both.stderr.contains("--in-place replaces the original files, so it takes no -o"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("content/p/big.png")) == original)

        let inPlace = try run(["fit", "--in-place"], in: folder.url, environment: ["CI": "true"])
        #expect(inPlace.status == 1, "the GIF cannot be replaced in place")
        #expect(inPlace.stderr.contains("p/cycle.gif: error: fitting makes it a PNG, so it is not replaced in place"))
        #expect(inPlace.stdout.hasSuffix("Fitted 1 of 3 stickers; 1 already fit; 1 could not be fitted (above).\n"), "the GIF refused is not counted as fitted")
        let fitted = try ImageAnalyzer().analyze(Data(contentsOf: folder.url.appendingPathComponent("content/p/big.png")))
        #expect(fitted.info.width == 300, "the PNG was replaced in place")
    }

    /// Fit never loses art: what it cannot bring under the limit is written nowhere (not over the
    /// original with --in-place), and a file in the output folder it did not write stays.
    @Test func fitWritesNothingItCannotFitAndNeverOverAFileItDidNotWrite() throws {
        let folder = try Self.smallPackWithALargeSticker()
        let noise = try Fixtures.noiseAnimation()
        try folder.write(noise, to: "content/p/noise.png")
        try folder.write("---\nalt: Static\n---\n", to: "content/p/noise.md")
        let inPlace = try run(["fit", "--in-place"], in: folder.url, environment: ["CI": "true"])
        #expect(inPlace.status == 1)
        #expect(inPlace.stderr.contains("content/p/noise.png: error: still "), "\(inPlace.stderr)")
        #expect(inPlace.stderr.contains("nothing was written"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("content/p/noise.png")) == noise, "the original is as it was")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/p/noise.png"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/p/noise.md"))

        // A file of yours where a result would go is kept; fit's own results are replaced on the next run.
        // (The run above fitted big.png in place: it is the 618 px original again.)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/p/big.png"))
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "content/p/big.png")
        try folder.write(Data("mine".utf8), to: "mine/p/big.png")
        let refused = try run(["fit", "-o", "mine"], in: folder.url, environment: ["CI": "true"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("mine/p/big.png: error: a file is already there that peel fit did not write"), "\(refused.stderr)")
        #expect(try folder.read("mine/p/big.png") == "mine")
        let first = try run(["fit", "-o", "fitted"], in: folder.url, environment: ["CI": "true"])
        #expect(first.status == 0 && folder.exists("fitted/p/big.png") && folder.exists("fitted/.peel-fit"), "\(first.stderr)")
        let again = try run(["fit", "-o", "fitted"], in: folder.url, environment: ["CI": "true"])
        #expect(again.status == 0, "its own result is replaced: \(again.stderr)")
        // A run stopped before it saved its record (Ctrl-C, a kill) left results it cannot vouch
        // for: the next run makes the same bytes, so nothing is lost and it finishes the job.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("fitted/.peel-fit"))
        let resumed = try run(["fit", "-o", "fitted"], in: folder.url, environment: ["CI": "true"])
        #expect(resumed.status == 0 && folder.exists("fitted/.peel-fit"), "\(resumed.stderr)")
        try folder.write(Data("edited".utf8), to: "fitted/p/big.png")
        let edited = try run(["fit", "-o", "fitted"], in: folder.url, environment: ["CI": "true"])
        #expect(edited.status == 1, "a result edited since is kept")
        #expect(try folder.read("fitted/p/big.png") == "edited")
    }

    @Test func aPNGNamedGIFIsToldItsNameIsTheProblem() throws {
        let folder = try Self.smallPackWithALargeSticker()
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("content/p/big.png"),
                                         to: folder.url.appendingPathComponent("content/p/big.gif"))
        let result = try run(["fit", "--in-place"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("content/p/big.gif: error: is a PNG named .gif, and its result is a PNG too, so it is not replaced in place; rename it to .png, or use -o"),
                "\(result.stderr)")
    }

    @Test func twoStickersWhoseResultsShareAPathAreNotBothWritten() throws {
        let folder = try Self.smallPackWithALargeSticker()
        try folder.copy(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"), to: "content/p/big.gif")
        let result = try run(["fit"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("content/p/big.png: error: its result would be fitted/p/big.png, which content/p/big.gif was just written to; rename one of them"),
                "\(result.stderr)")
        let kept = try ImageAnalyzer().analyze(Data(contentsOf: folder.url.appendingPathComponent("fitted/p/big.png")))
        #expect(kept.info.isAnimated, "the first result (the GIF's) is not replaced")
    }

    @Test func fittingOneStickerFileUsesItsPacksSizeClass() throws {
        let folder = try Self.smallPackWithALargeSticker()
        let pack = try run(["fit", "content/p/big.png"], in: folder.url, environment: ["CI": "true"])
        #expect(pack.status == 0, "\(pack.stderr)")
        #expect(pack.stdout.contains("scaled to 300 × 300 px (small)"), "as `peel fit content` would: \(pack.stdout)")
        try folder.copy(Fixtures.packageRoot.appendingPathComponent("content/faces/grinning.png"), to: "loose.png")
        let loose = try run(["fit", "loose.png", "-o", "out"], in: folder.url, environment: ["CI": "true"])
        #expect(loose.stdout.contains("Fitted 0 of 1 sticker; 1 already fit."), "a file outside a catalog fits large: \(loose.stdout)")
        let given = try run(["fit", "content/p/big.png", "--size", "regular", "-o", "out2"], in: folder.url, environment: ["CI": "true"])
        #expect(given.stdout.contains("scaled to 408 × 408 px (regular)"), "\(given.stdout)")
        // Art under 300 px does not "already fit": fit cannot enlarge it, and says so.
        try folder.write(try Data(contentsOf: Fixtures.root.appendingPathComponent("pngsuite/basn6a08.png")), to: "tiny.png")
        let tiny = try run(["fit", "tiny.png", "-o", "out"], in: folder.url, environment: ["CI": "true"])
        #expect(tiny.status == 1)
        #expect(tiny.stderr.contains("tiny.png: error: 32 × 32 px: every side is under Messages' 300 px minimum, and fit never enlarges art; export it at 618 × 618 px"),
                "\(tiny.stderr)")
    }
}

extension CLITests {
    /// Leptonica, loaded with Tesseract for the art checks, prints "Error in boxClipToRectangle"
    /// and the like on stderr for noisy art: lines in no file's name and no finding's form.
    @Test func theTextReadersLibrariesPrintNothingOfTheirOwn() throws {
        let folder = try TemporaryFolder()
        var state: UInt32 = 12345
        var pixels = [UInt8](repeating: 255, count: 408 * 408 * 4)
        for index in pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            if index % 4 != 3 { pixels[index] = UInt8(truncatingIfNeeded: state >> 24) }
        }
        try folder.write(try PNGCodec.encode(RGBAImage(width: 408, height: 408, pixels: pixels)), to: "content/p/noise.png")
        try folder.write("---\nalt: Random coloured noise\n---\n", to: "content/p/noise.md")
        try folder.write("---\ntitle: P\n---\n", to: "content/p/pack.md")
        let result = try run(["check", "content", "--no-cache"], in: folder.url, environment: ["CI": "true"])
        #expect(result.stdout.contains("Checked 1 pack, 1 sticker"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("Error in") && !result.stdout.contains("Error in"), "\(result.stderr)")
    }
}

extension CLITests {
    /// In a catalog's own folder, `peel build` finds no `content/` and suggests building `.`, with
    /// an output outside it: the default `_site` would sit inside the content and be refused.
    @Test func buildingInsideACatalogSuggestsACommandThatWorks() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "stickers")
        let catalog = folder.url.appendingPathComponent("stickers")
        let missing = try run(["build"], in: catalog, environment: ["CI": "true"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("run: peel build . -o ../_site"), "\(missing.stderr)")
        let suggested = try run(["build", ".", "-o", "../_site"], in: catalog, environment: ["CI": "true"])
        #expect(folder.exists("_site/index.html"), "the suggestion builds: \(suggested.stderr)")
    }
}

extension CLITests {
    @Test func fittingInPlaceKeepsTheFilesPermissions() throws {
        let folder = try Self.smallPackWithALargeSticker()
        let path = folder.url.appendingPathComponent("content/p/big.png").path
        try FileManager.default.setAttributes([.posixPermissions: 0o440], ofItemAtPath: path)
        let result = try run(["fit", "--in-place"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ImageAnalyzer().analyze(Data(contentsOf: URL(fileURLWithPath: path))).info.width == 300)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o440, "not reset to 0644")
    }

    /// The dictionary a `spelling-dictionary-missing` warning asks for, put where it says: the next
    /// build checks the labels with it, not "Up to date" with the warning still on the site.
    @Test func aDictionaryInstalledSinceIsUsedByTheNextBuild() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Kalaallisut\nlanguage: kl\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: P\nsize: small\n---\n", to: "content/p/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/p/cat.png")
        try folder.write("---\nalt: Qimmeq\n---\n", to: "content/p/cat.md")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("dictionaries"), withIntermediateDirectories: true)
        let environment = ["CI": "true", "DICPATH": folder.url.appendingPathComponent("dictionaries").path]
        let first = try run(["build", "content", "-o", "site"], in: folder.url, environment: environment)
        try #require(first.stderr.contains("spelling-dictionary-missing"), "no kl dictionary here: \(first.stderr)")

        try folder.write("SET UTF-8\n", to: "dictionaries/kl.aff")
        try folder.write("1\nqimmeq\n", to: "dictionaries/kl.dic")
        let second = try run(["build", "content", "-o", "site"], in: folder.url, environment: environment)
        #expect(!second.stdout.contains("Up to date"), "\(second.stdout)")
        #expect(!second.stderr.contains("spelling-dictionary-missing"), "\(second.stderr)")
        #expect(!(try folder.read("site/review/index.html")).contains("spelling-dictionary-missing"))
        #expect(try run(["build", "content", "-o", "site"], in: folder.url, environment: environment).stdout.contains("Up to date"))

        // A word added to the dictionary in place (the folder's stamp stays): the label is checked again.
        try folder.write("---\nalt: Qimmeq nanoq\n---\n", to: "content/p/cat.md")
        let unknownWord = try run(["build", "content", "-o", "site"], in: folder.url, environment: environment)
        try #require(unknownWord.stderr.contains("nanoq"), "\(unknownWord.stderr)")
        let dictionary = try FileHandle(forWritingTo: folder.url.appendingPathComponent("dictionaries/kl.dic"))
        try dictionary.seekToEnd()
        try dictionary.write(contentsOf: Data("nanoq\n".utf8))
        try dictionary.close()
        let edited = try run(["build", "content", "-o", "site"], in: folder.url, environment: environment)
        #expect(!edited.stdout.contains("Up to date") && !edited.stderr.contains("nanoq"), "\(edited.stdout)\(edited.stderr)")
    }

    /// `.peel-cache/` beside the content holds `peel check`'s art checks and the parts packs' art:
    /// an output folder named like them keeps its build cache under another name, so neither
    /// command refuses the other's folder as not Peel's.
    @Test func anOutputNamedLikeACacheFolderWorksWithCheck() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        for output in ["art-checks", "parts"] {
            let build = try run(["build", "content", "-o", output], in: folder.url, environment: ["CI": "true"])
            #expect(build.status != 2, "\(output): \(build.stderr)")
            let check = try run(["check", "content"], in: folder.url, environment: ["CI": "true"])
            #expect(check.status != 2 && !check.stderr.contains("not made by Peel"), "\(output): \(check.stderr)")
            let again = try run(["build", "content", "-o", output], in: folder.url, environment: ["CI": "true"])
            #expect(again.status != 2 && again.stdout.contains("Up to date"), "\(output): \(again.stderr)")
        }
    }

    /// One `--cache-dir` given to both commands (a CI step caching one folder): check refused the
    /// build's cache as "not made by Peel", and a build refused the folder when check ran first,
    /// for good once CI saved it. Whichever runs first, both use it: the art checks in its
    /// `art-checks/`, where a build with art checks keeps them, and parts packs' art in `parts/`.
    @Test func oneCacheFolderServesBuildAndCheckWhicheverRunsFirst() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let ci = ["CI": "true"]
        // The build first.
        let build = try run(["build", "content", "-o", "site", "--cache-dir", "ci-cache"], in: folder.url, environment: ci)
        try #require(build.status != 2, "\(build.stderr)")
        let check = try run(["check", "content", "--cache-dir", "ci-cache"], in: folder.url, environment: ci)
        #expect(check.status != 2 && !check.stderr.contains("not made by Peel"), "\(check.stderr)")
        #expect(folder.exists("ci-cache/art-checks/index.json"))
        let again = try run(["build", "content", "-o", "site", "--cache-dir", "ci-cache"], in: folder.url, environment: ci)
        #expect(again.status != 2 && again.stdout.contains("Up to date"), "\(again.stderr)")

        // The check first, on a new folder named by PEEL_CACHE_DIR, as a CI job sets it for every step.
        let shared = ci.merging(["PEEL_CACHE_DIR": "shared"]) { $1 }
        let first = try run(["check", "content"], in: folder.url, environment: shared)
        #expect(first.status != 2, "\(first.stderr)")
        #expect(folder.exists("shared/art-checks/index.json"), "check keeps its art checks in PEEL_CACHE_DIR")
        #expect((try? folder.read("shared/.gitignore")) == "# Made by Peel: its caches are no part of the repository.\n*\n",
                "Git leaves a cache only check used out of commits, as a build's")
        #expect(!folder.exists(".peel-cache"), "nothing beside the content when the cache folder is given")
        let then = try run(["build", "content", "-o", "site2"], in: folder.url, environment: shared)
        #expect(then.status != 2 && !then.stderr.contains("not made by Peel"), "\(then.stderr)")
        #expect(folder.exists("shared/entries"))

        // .peel-cache beside the content, which check and a default build made, given to a build.
        let beside = try TemporaryFolder()
        try beside.copy(Fixtures.catalog, to: "content")
        _ = try run(["check", "content"], in: beside.url, environment: ci)
        _ = try run(["build", "content", "-o", "default-site"], in: beside.url, environment: ci)
        try #require(beside.exists(".peel-cache/art-checks") && beside.exists(".peel-cache/default-site/entries"))
        let intoIt = try run(["build", "content", "-o", "site", "--cache-dir", ".peel-cache"], in: beside.url, environment: ci)
        #expect(intoIt.status != 2, "\(intoIt.stderr)")

        // An art-only cache made by an earlier peel check (its marker and entries at the top) is
        // moved into art-checks/, by whichever command meets it first, and then serves both.
        let marker = "Signature: 8a477f597d28d172789f06886806bc55\n# This folder is Peel's cache of art checks (peel check, peel build with art_checks); delete it at any time.\n"
        let entry = String(repeating: "ab", count: 32) + ".json"
        for (name, first) in [("old-1", "check"), ("old-2", "build")] {
            try folder.write(marker, to: "\(name)/CACHEDIR.TAG")
            try folder.write("{}", to: "\(name)/\(entry)")
            let arguments = first == "check" ? ["check", "content", "--cache-dir", name] : ["build", "content", "-o", "site-\(name)", "--cache-dir", name]
            let result = try run(arguments, in: folder.url, environment: ci)
            #expect(result.status != 2, "\(name): \(result.stderr)")
            #expect(folder.exists("\(name)/art-checks/CACHEDIR.TAG") && folder.exists("\(name)/art-checks/\(entry)") && !folder.exists("\(name)/\(entry)"), "\(name)")
            let other = first == "check" ? ["build", "content", "-o", "site-\(name)", "--cache-dir", name] : ["check", "content", "--cache-dir", name]
            let then = try run(other, in: folder.url, environment: ci)
            #expect(then.status != 2, "\(name): \(then.stderr)")
        }
        // A folder of someone else's files is still refused by both.
        try folder.write("mine", to: "mine/notes.txt")
        let foreign = try run(["check", "content", "--cache-dir", "mine"], in: folder.url, environment: ci)
        #expect(foreign.status == 2 && foreign.stderr.contains("not made by Peel"), "\(foreign.stderr)")
        #expect(!folder.exists("mine/.gitignore"), "someone else's folder is left as it is")
    }
}

extension CLITests {
    /// Asking for what is not there is bad usage (exit 2), said as such: `peel help nosuch` printed
    /// the overview and exited 0, `export whatsapp --pack nosuch` exited 1 like a failed
    /// conversion, and `build --no-cache --cache-dir DIR` quietly used no cache at DIR.
    @Test func askingForWhatIsNotThereIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let environment = ["CI": "true"]

        let help = try run(["help", "biuld"], in: folder.url, environment: environment)
        #expect(help.status == 2, "\(help.stdout)")
        #expect(help.stderr.contains("'biuld' is not a command of 'peel'") && help.stderr.contains("build"), "\(help.stderr)")
        let nested = try run(["help", "export", "whatsap"], in: folder.url, environment: environment)
        #expect(nested.status == 2 && nested.stderr.contains("'whatsap' is not a command of 'peel export'"), "\(nested.stderr)")
        let known = try run(["help", "export", "whatsapp"], in: folder.url, environment: environment)
        #expect(known.status == 0 && known.stdout.contains("WhatsApp"), "\(known.stderr)")

        let pack = try run(["export", "whatsapp", "content", "--pack", "nosuch", "-o", "wa"], in: folder.url, environment: environment)
        #expect(pack.status == 2, "\(pack.stderr)")
        #expect(pack.stderr.contains("no pack named 'nosuch'; the catalog's packs are"), "\(pack.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("wa").path))

        let both = try run(["build", "content", "--no-cache", "--cache-dir", "ci-cache"], in: folder.url, environment: environment)
        #expect(both.status == 2 && both.stderr.contains("give --no-cache or --cache-dir, not both"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("_site").path), "nothing built")
    }
}
