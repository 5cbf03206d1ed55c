import Foundation
import Testing
@testable import PeelKit
import ZIPFoundation

/// The pack page's readiness table and catalog.json's `platforms`: a row per platform of site.md's
/// `platforms:` (Messages alone by default), ready, ready with changes (counted), or blocked with
/// the reasons.
@Suite struct PlatformReadinessTests {
    private func build(platforms: String?) async throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Ready\n" + (platforms.map { "platforms: \($0)\n" } ?? "") + "---\n", to: "content/site.md")
        try folder.write("---\ntitle: Pets\n---\n", to: "content/pets/pack.md")
        for name in ["cat", "fox"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/\(name).png"), to: "content/pets/\(name).png")
        }
        try folder.write("---\nalt: Orange cat face\nemoji: [🐱]\n---\n", to: "content/pets/cat.md")
        try folder.write("---\nalt: Fox face\n---\n", to: "content/pets/fox.md")
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        return (folder, site)
    }

    /// The cat and the fox, each with a label and an emoji, for `platforms`.
    private func catalogWithEmoji(platforms: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Ready\nplatforms: \(platforms)\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Pets\n---\n", to: "content/pets/pack.md")
        for name in ["cat", "fox"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/\(name).png"), to: "content/pets/\(name).png")
            try folder.write("---\nalt: \(name) face\nemoji: [🐱]\n---\n", to: "content/pets/\(name).md")
        }
        return folder
    }

    private func platforms(_ site: URL) throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("catalog.json"))) as? [String: Any]
        let pack = try #require((object?["packs"] as? [[String: Any]])?.first)
        return try #require(pack["platforms"] as? [String: [String: Any]])
    }

    /// A label edit zips the pack's downloads again, and every sticker of the pack was converted
    /// again with them (a one-word edit took as long as a cold build). Each conversion is kept
    /// in the build cache by the image it was made from.
    @Test func aLabelEditConvertsNoStickerAgain() async throws {
        let folder = try catalogWithEmoji(platforms: "[imessage, discord]")
        let content = folder.url.appendingPathComponent("content"), site = folder.url.appendingPathComponent("site")
        let cache = folder.url.appendingPathComponent("cache")
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: site, cache: cache)).build()
        // Every kept conversion made unlike any Peel makes: a download holding these bytes took them from the cache.
        let entries = cache.appendingPathComponent("entries")
        var marked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: entries.path) where name.hasSuffix(".sticker") {
            try markCacheFile(entries.appendingPathComponent(name), with: "kept conversion")
            marked += 1
        }
        #expect(marked == 2)
        try folder.write("---\nalt: cat face, edited\nemoji: [🐱]\n---\n", to: "content/pets/cat.md")
        _ = try await SiteBuilder(options: BuildOptions(content: content, output: site, cache: cache)).build()
        let archive = try Archive(url: site.appendingPathComponent("pets/pets-discord.zip"), accessMode: .read)
        var stickers = 0
        for entry in archive where entry.path.hasSuffix(".png") && !entry.path.contains("icon") {
            var bytes = Data()
            _ = try archive.extract(entry) { bytes.append($0) }
            #expect(bytes.starts(with: Data("kept conversion".utf8)), "\(entry.path) was converted again")
            stickers += 1
        }
        #expect(stickers == 2)
    }

    @Test func messagesAloneByDefault() async throws {
        let (folder, site) = try await build(platforms: nil)
        defer { withExtendedLifetime(folder) {} }
        let rows = try platforms(site)
        #expect(Array(rows.keys) == ["imessage"])
        #expect(rows["imessage"]?["state"] as? String == "ready")
        let page = try String(contentsOf: site.appendingPathComponent("pets/index.html"), encoding: .utf8)
        #expect(page.contains("<th scope=\"row\">iMessage</th>"))
        #expect(!page.contains("WhatsApp"))
    }

    /// A sticker whose image cannot be read makes `peel export` refuse the pack: the table says so.
    @Test func anUnreadableStickerBlocksEveryMessenger() async throws {
        let folder = try catalogWithEmoji(platforms: "[imessage, signal, discord]")
        let fox = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/fox.png"))
        try folder.write(fox.prefix(fox.count / 2), to: "content/pets/broken.png")
        try folder.write("---\nalt: Broken face\nemoji: [🐱]\n---\n", to: "content/pets/broken.md")
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        let rows = try platforms(site)
        for platform in ["signal", "discord"] {
            #expect(rows[platform]?["state"] as? String == "blocked", "\(platform): \(rows[platform] ?? [:])")
            #expect((rows[platform]?["reasons"] as? [String])?.contains { $0.hasPrefix("broken.png: the image cannot be read") } == true,
                    "each reason names its sticker's file")
        }
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        let export = try await MessengerExport(platform: .signal).write(review, content: folder.url.appendingPathComponent("content"),
                                                                        into: folder.url.appendingPathComponent("signal"))
        #expect(export.refused.contains { $0.file == "pets/broken.png" && $0.message.contains("cannot export it: image is corrupt") },
                "the export's refusal keeps the image's own words: \(export.refused.map(\.message))")
    }

    /// What blocks a messenger of site.md's `platforms:` is an error of the build, as of `peel
    /// check`: the build said 0 errors (exit 0, catalog.json's summary) while the row said Blocked.
    @Test func aBlockedPlatformsErrorsAreTheBuildsErrors() async throws {
        let folder = try catalogWithEmoji(platforms: "[imessage, whatsapp]")
        let site = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        #expect(report.findings.contains { $0.code == .packTooSmall && $0.severity == .error }, "\(report.findings.map(\.code))")
        #expect(report.findings.hasErrors)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("catalog.json"))) as? [String: Any])
        #expect((object["summary"] as? [String: Any])?["errors"] as? Int == report.findings.errorCount)
        #expect((object["findings"] as? [[String: Any]])?.contains { $0["code"] as? String == "pack-too-small" } == true)
        #expect(try platforms(site)["whatsapp"]?["state"] as? String == "blocked")
        // The review page counts and lists what the build reports (it said 0 errors), and the
        // messenger's error does not block Messages' row.
        let review = try String(contentsOf: site.appendingPathComponent("review/index.html"), encoding: .utf8)
        #expect(review.contains("1 pack, 2 stickers: \(report.findings.errorCount) error"), "\(report.findings.errorCount)")
        #expect(review.contains("<code>pack-too-small</code>"))
        #expect(try platforms(site)["imessage"]?["state"] as? String == "ready")
        // A messenger's error keeps a sticker out of that messenger's download, not out of the
        // pack zip's Stickers.xcstickers: the summary named the fox as left out of it.
        try folder.write("---\nalt: fox face\n---\n", to: "content/pets/fox.md")
        let noEmoji = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        #expect(noEmoji.findings.contains { $0.code == .emojiMissing && $0.platform == .whatsapp && $0.severity == .error })
        #expect(noEmoji.archiveOmissions.isEmpty, "\(noEmoji.archiveOmissions)")
        let fox = try String(contentsOf: site.appendingPathComponent("pets/fox/index.html"), encoding: .utf8)
        #expect(fox.contains("<code>emoji-missing</code>"), "the sticker's page lists the build's finding about it")
        // Without platforms: no such finding, and the same catalog builds clean.
        try folder.write("---\ntitle: Ready\n---\n", to: "content/site.md")
        let plain = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        #expect(!plain.findings.hasErrors, "\(plain.findings)")
    }

    /// base_url added to site.md gives WhatsApp's publisher_website: an incremental build kept the
    /// cached zip with an empty one (site.md was not part of the zips' cache key).
    @Test func aSiteSettingTheDownloadsCarryRemakesThemIncrementally() async throws {
        let folder = try catalogWithEmoji(platforms: "[imessage, whatsapp]")
        // WhatsApp takes packs of three stickers or more.
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/pets/dog.png")
        try folder.write("---\nalt: dog face\nemoji: [🐶]\n---\n", to: "content/pets/dog.md")
        let site = folder.url.appendingPathComponent("site")
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)
        func website() throws -> String? {
            let zip = try #require(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("pets").path).first { $0.hasSuffix("-whatsapp.zip") })
            let archive = try Archive(url: site.appendingPathComponent("pets/\(zip)"), accessMode: .read)
            let entry = try #require(archive.first { $0.path.hasSuffix("contents.json") })
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return ((object?["sticker_packs"] as? [[String: Any]])?.first?["publisher_website"] as? String)
        }
        _ = try await SiteBuilder(options: options).build()
        #expect(try website() == "")
        try folder.write("---\ntitle: Ready\nplatforms: [imessage, whatsapp]\nbase_url: https://stickers.example/\n---\n", to: "content/site.md")
        _ = try await SiteBuilder(options: options).build()
        #expect(try website()?.hasPrefix("https://stickers.example") == true, "\(String(describing: try? website()))")
    }

    /// Two packs of one WhatsApp identifier: the site published a download of each, which
    /// WhatsApp installs as one pack, and called both ready. The second is blocked, with no download.
    @Test func aPackWhoseNameAnotherHasIsBlockedWithoutADownload() async throws {
        let folder = try catalogWithEmoji(platforms: "[imessage, whatsapp]")
        try folder.write("---\ntitle: Pets\nidentifier: animals\n---\n", to: "content/pets/pack.md")
        try folder.write("---\ntitle: Zoo\nidentifier: animals\n---\n", to: "content/zoo/pack.md")
        for name in ["cat", "fox", "dog"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent(name == "dog" ? "pets/cat.png" : "pets/\(name).png"), to: "content/zoo/\(name).png")
            try folder.write("---\nalt: A \(name)\nemoji: [🐱]\n---\n", to: "content/zoo/\(name).md")
        }
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/pets/owl.png")
        try folder.write("---\nalt: An owl\nemoji: [🦉]\n---\n", to: "content/pets/owl.md")
        let site = folder.url.appendingPathComponent("site")
        let report = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        #expect(report.findings.contains { $0.code == .packRefused && $0.file == "zoo/pack.md" && $0.line == 3 }, "\(report.findings.map(\.message))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("catalog.json"))) as? [String: Any])
        let packs = try #require(object["packs"] as? [[String: Any]])
        let rows = Dictionary(uniqueKeysWithValues: packs.map { ($0["slug"] as? String ?? "", ($0["platforms"] as? [String: [String: Any]])?["whatsapp"]) })
        #expect(rows["pets"]??["state"] as? String != "blocked")
        #expect(rows["zoo"]??["state"] as? String == "blocked")
        #expect((rows["zoo"]??["reasons"] as? [String])?.contains { $0.contains("its name 'animals' is also the pack pets's") } == true)
        let zips = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("zoo").path).filter { $0.hasSuffix("-whatsapp.zip") }
        #expect(zips.isEmpty, "\(zips)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("pets").path).contains { $0.hasSuffix("-whatsapp.zip") })

        // Incremental builds: the clash is decided by the other pack's pack.md, so the cached
        // download follows it both ways (it stayed away once the name was given back, and a
        // download appeared for a pack that had just become a clash).
        let whatsAppZip = { (pack: String) in
            try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(pack).path).contains { $0.hasSuffix("-whatsapp.zip") }
        }
        let options = BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)
        try folder.write("---\ntitle: Pets\nidentifier: pets\n---\n", to: "content/pets/pack.md")
        _ = try await SiteBuilder(options: options).build()
        #expect(try whatsAppZip("zoo") && whatsAppZip("pets"), "the name given back: zoo gets its download")
        try folder.write("---\ntitle: Pets\nidentifier: animals\n---\n", to: "content/pets/pack.md")
        _ = try await SiteBuilder(options: options).build()
        #expect(try !whatsAppZip("zoo") && whatsAppZip("pets"), "the name taken again: zoo's download goes")
    }

    @Test func everyDeclaredPlatformWithItsStateAndReasons() async throws {
        let (folder, site) = try await build(platforms: "[imessage, whatsapp, telegram, signal, discord]")
        defer { withExtendedLifetime(folder) {} }
        let rows = try platforms(site)
        #expect(Set(rows.keys) == ["imessage", "whatsapp", "telegram", "signal", "discord"])
        // Two stickers, the fox without emoji: too few for WhatsApp, and no emoji where every messenger wants one.
        let whatsapp = try #require(rows["whatsapp"])
        #expect(whatsapp["state"] as? String == "blocked")
        let reasons = try #require(whatsapp["reasons"] as? [String])
        #expect(reasons.contains { $0.hasPrefix("pack.md: ") && $0.contains("WhatsApp packs hold 3–30") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("no emoji") })
        #expect(!reasons.contains { $0.hasPrefix("WhatsApp:") }, "the row names the platform already")
        #expect(rows["telegram"]?["state"] as? String == "blocked", "no telegram_bot: in site.md, and the fox has no emoji")
        #expect(rows["imessage"]?["state"] as? String == "ready")
        let page = try String(contentsOf: site.appendingPathComponent("pets/index.html"), encoding: .utf8)
        for name in ["iMessage", "WhatsApp", "Telegram", "Signal", "Discord"] {
            #expect(page.contains("<th scope=\"row\">\(name)</th>"), "\(name)")
        }
        #expect(page.contains("class=\"badge badge-readiness-blocked\">Blocked</span>"))
        #expect(page.contains("WhatsApp packs hold 3–30"))
    }

    /// With iMessage alone (site.md names no other platform), its row does not offer the pack's zip
    /// a second time, and the table follows the stickers, which come first on the page.
    @Test func iMessageAloneDoesNotOfferThePackTwiceAndTheStickersComeFirst() async throws {
        let (folder, site) = try await build(platforms: nil)
        defer { withExtendedLifetime(folder) {} }
        let page = try String(contentsOf: site.appendingPathComponent("pets/index.html"), encoding: .utf8)
        #expect(page.contains("<th scope=\"row\">iMessage</th>") && page.contains("badge-readiness-ready"))
        #expect(page.components(separatedBy: "href=\"pets.zip\"").count - 1 == 1, "one link to the zip")
        #expect(!page.contains("readiness-download"))
        let grid = try #require(page.range(of: "id=\"sticker-grid\""))
        let readiness = try #require(page.range(of: "class=\"readiness\""))
        #expect(grid.lowerBound < readiness.lowerBound)
    }

    @Test func eachRowLinksToThePackAsThatPlatformTakesIt() async throws {
        let (folder, site) = try await build(platforms: "[imessage, whatsapp, signal, discord]")
        defer { withExtendedLifetime(folder) {} }
        let rows = try platforms(site)
        // Signal and Discord take the cat (the fox, without emoji, is left out); WhatsApp takes neither
        // (one sticker is too few), so it has no download.
        #expect(rows["signal"]?["download"] as? String == "pets/pets-signal.zip")
        #expect(rows["discord"]?["download"] as? String == "pets/pets-discord.zip")
        #expect(rows["imessage"]?["download"] as? String == "pets/pets.zip")
        #expect(rows["whatsapp"]?["download"] == nil)
        let page = try String(contentsOf: site.appendingPathComponent("pets/index.html"), encoding: .utf8)
        #expect(page.contains("<a class=\"readiness-download\" href=\"pets-signal.zip\" download>Download for Signal ("))
        #expect(page.contains("href=\"pets.zip\" download>Download for iMessage ("))
        #expect(!page.contains("pets-whatsapp.zip"))
        let zip = try Data(contentsOf: site.appendingPathComponent("pets/pets-signal.zip"))
        #expect(Array(zip.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        let text = String(decoding: zip, as: UTF8.self)
        #expect(text.contains("pets/manifest.json") && text.contains("pets/001.png") && !text.contains("pets/002.png"))
    }

    /// Folders `Happy Cats` (slug `happy-cats`) and `happy-cats` (slug `happy-cats-2`): the first
    /// pack's Signal download held both packs, because it asked for the pack by a name that is also
    /// the second's folder. Each download holds its own pack.
    @Test func eachPacksDownloadHoldsThatPackAlone() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Ready\nplatforms: [signal]\n---\n", to: "content/site.md")
        for (pack, name) in [("Happy Cats", "cat"), ("happy-cats", "fox")] {
            try folder.write("---\ntitle: \(pack)\n---\n", to: "content/\(pack)/pack.md")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/\(name).png"), to: "content/\(pack)/\(name).png")
            try folder.write("---\nalt: \(name) face\nemoji: [🐱]\n---\n", to: "content/\(pack)/\(name).md")
        }
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuilder(options: BuildOptions(content: folder.url.appendingPathComponent("content"), output: site)).build()
        for (slug, other) in [("happy-cats", "happy-cats-2/"), ("happy-cats-2", "happy-cats/")] {
            let zip = String(decoding: try Data(contentsOf: site.appendingPathComponent("\(slug)/\(slug)-signal.zip")), as: UTF8.self)
            #expect(zip.contains("\(slug)/manifest.json") && !zip.contains(other), "\(slug)")
        }
    }

    /// A sticker only converting can refuse (no palette or frame rate brings it under Signal's
    /// 300 KiB) is left out of the download: the row says so, and not "Ready" beside a zip that
    /// lacks it. A build that reuses the cached download says the same.
    @Test func whatConvertingLeftOutBlocksTheRow() async throws {
        let folder = try catalogWithEmoji(platforms: "[imessage, signal]")
        try folder.write(try Fixtures.noiseAnimation(frames: 4, delay: 0.5), to: "content/pets/noise.png")
        try folder.write("---\nalt: Coloured noise\nemoji: [📺]\n---\n", to: "content/pets/noise.md")
        let content = folder.url.appendingPathComponent("content")
        for output in ["site", "again"] {
            let site = folder.url.appendingPathComponent(output)
            _ = try await SiteBuilder(options: BuildOptions(content: content, output: site)).build()
            let signal = try #require(try platforms(site)["signal"])
            #expect(signal["state"] as? String == "blocked", "\(output): \(signal)")
            let reasons = try #require(signal["reasons"] as? [String])
            #expect(reasons.contains { $0.hasPrefix("noise.png: still ") && $0.contains("307,200") }, "\(output): \(reasons)")
            #expect(signal["download"] as? String == "pets/pets-signal.zip", "the cat and the fox still go")
            let page = try String(contentsOf: site.appendingPathComponent("pets/index.html"), encoding: .utf8)
            let row = try #require(page.range(of: "<th scope=\"row\">Signal</th>").map { String(page[$0.lowerBound...].prefix(1500)) })
            #expect(row.contains("Blocked") && row.contains("noise.png: still "), "\(output): \(row)")
        }
    }

    @Test func changesAreCountedWhenNothingBlocks() throws {
        var pack = Pack(slug: "pets", folder: "pets", title: "Pets")
        var assets: [String: StickerAssets] = [:]
        for name in ["a", "b", "c"] {
            var sticker = Sticker(slug: name, source: "pets/\(name).png", title: name)
            sticker.emoji = ["🐱", "😺"]
            pack.stickers.append(sticker)
            assets[sticker.source] = StickerAssets(info: ImageInfo(format: .png, width: 408, height: 408, hasAlpha: true, frameCount: 1,
                                                                   bytes: 1000, sha256: ""), thumbnails: [], findings: [])
        }
        var site = SiteInfo()
        site.platforms = [.signal]
        let review = Review(catalog: Catalog(site: site, packs: [pack]), assets: assets, findings: [])
        let rows = PlatformReadiness.of(pack, in: review)
        #expect(rows.count == 1 && rows[0].state == .changes)
        #expect(rows[0].changes == 4, "three stickers lose their second emoji, and the pack is re-encoded")
    }
}

/// A catalog that does not go to Messages (site.md's `platforms:` without `imessage`): Messages'
/// own rules of a sticker are listed silenced, not counted, and Stickers.xcstickers still leaves
/// the sticker out. A WhatsApp-only catalog of 200 px art failed every check and build.
@Suite struct OffMessagesTests {
    private func catalog(platforms: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Studio\nplatforms: \(platforms)\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Discs\nsize: small\n---\n", to: "content/discs/pack.md")
        for index in 0..<3 {
            try folder.write(try PNGCodec.encode(TestArt.outlinedFace(size: 200)), to: "content/discs/disc\(index).png")
            try folder.write("---\nalt: A yellow face number \(index)\nemoji: [🙂]\n---\n", to: "content/discs/disc\(index).md")
        }
        return folder
    }

    @Test func messagesRulesAreSilencedInACatalogForOtherMessengers() async throws {
        let folder = try catalog(platforms: "[whatsapp]")
        let review = try await Review.make(content: folder.url.appendingPathComponent("content")).reported
        let sizes = review.findings.filter { $0.code == .sizeOutOfRange }
        #expect(sizes.count == 3 && sizes.allSatisfy { $0.suppressed && $0.message.contains("Messages is not among site.md's platforms:") })
        #expect(!review.findings.contains { $0.severity == .error && !$0.suppressed }, "\(review.findings.map(\.formatted))")
        #expect(sizes.allSatisfy { $0.isRejectedByApple }, "the pack zip's Stickers.xcstickers still leaves them out")
        // `--platform imessage` asks for Messages' rules: counted again.
        let asked = try await Review.make(content: folder.url.appendingPathComponent("content")).checked(for: [.whatsapp, .imessage])
        #expect(asked.findings.filter { $0.code == .sizeOutOfRange && !$0.suppressed }.count == 3)
    }

    @Test func messagesRulesCountWhenMessagesIsAPlatform() async throws {
        let folder = try catalog(platforms: "[imessage, whatsapp]")
        let review = try await Review.make(content: folder.url.appendingPathComponent("content")).reported
        #expect(review.findings.filter { $0.code == .sizeOutOfRange && !$0.suppressed && $0.severity == .error }.count == 3)
    }
}
