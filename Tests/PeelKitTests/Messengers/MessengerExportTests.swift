import Foundation
import Testing
@testable import PeelKit

/// The messenger exports, read back with Peel's decoders (the independent tools check the same in
/// Tests/suites/40-messengers): each platform's canvas, format and metadata; packs that export on
/// their own; refused stickers listed; long animations never changed without a setting.
@Suite struct MessengerExportTests {
    /// A pack of three stills and two animations, all with emoji; `extra` adds files.
    private func catalog(_ extra: (TemporaryFolder) throws -> Void = { _ in }) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Tests\ntelegram_bot: peel_tests_bot\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Pets\nsize: small\npublisher: Peel\n---\n", to: "content/pets/pack.md")
        for name in ["cat", "fox"] {
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/\(name).png"), to: "content/pets/\(name).png")
            try folder.write("---\nalt: A \(name) face\nemoji: [😺]\n---\n", to: "content/pets/\(name).md")
        }
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/turtle.gif"), to: "content/pets/turtle.gif")
        try folder.write("---\nalt: A turtle\nemoji: [🐢, 🌊, 🐚, 🏝️]\n---\n", to: "content/pets/turtle.md")
        try folder.copy(Fixtures.apng, to: "content/pets/spin.png")
        try folder.write("---\nalt: A spinning shape\nemoji: [🌀]\n---\n", to: "content/pets/spin.md")
        try folder.copy(Fixtures.root.appendingPathComponent("animated/weather-cycle.gif"), to: "content/pets/weather.gif")
        try folder.write("---\nalt: The weather changing\nemoji: [⛅]\n---\n", to: "content/pets/weather.md")
        try folder.write(try Self.nineSeconds(), to: "content/pets/slow.png")
        try folder.write("---\nalt: A slow blinking light\nemoji: [💡]\n---\n", to: "content/pets/slow.md")
        try extra(folder)
        return folder
    }

    /// An APNG of 18 frames of 0.5 s: 9 s, longer than Telegram (3 s) and Discord (5 s) play.
    static func nineSeconds() throws -> Data {
        let frames = (0..<18).map { index in
            DecodedImage.Frame(image: RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64)).flatMap { pixel -> [UInt8] in
                pixel % 64 < 32 + index ? [255, UInt8(index * 14), 0, 255] : [0, 0, 0, 0]
            }), delay: 0.5)
        }
        return try APNGEncoder.encode(frames, loopCount: 0, palette: nil)
    }

    private func export(_ platform: MessengerPlatform, _ folder: TemporaryFolder, skipInvalid: Bool = false,
                        long: MessengerExport.LongAnimationSetting = .refuse, to name: String? = nil) async throws -> MessengerExport.Result {
        let content = folder.url.appendingPathComponent("content")
        let review = try await Review.make(content: content)
        return try await MessengerExport(platform: platform, skipInvalid: skipInvalid, longAnimations: long)
            .write(review, content: content, into: folder.url.appendingPathComponent(name ?? platform.rawValue))
    }

    private func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func whatsAppPacksAreStillAndAnimatedApartAt512() async throws {
        let folder = try catalog { folder in
            // A third animation, so the animated pack has WhatsApp's minimum of three.
            try folder.copy(Fixtures.root.appendingPathComponent("animated/weather-cycle.png"), to: "content/pets/cycle.png")
            try folder.write("---\nalt: The weather again\nemoji: [🌦️]\n---\n", to: "content/pets/cycle.md")
        }
        let result = try await export(.whatsapp, folder)
        #expect(result.written == ["pets", "pets_animated"] && result.stickerCount == 7 && result.refused.isEmpty, "\(result.refused.map(\.message))")
        let contents = try json(folder.url.appendingPathComponent("whatsapp/contents.json"))
        let packs = try #require(contents["sticker_packs"] as? [[String: Any]])
        #expect(packs.map { $0["animated_sticker_pack"] as? Bool } == [false, true])
        for pack in packs {
            let identifier = try #require(pack["identifier"] as? String)
            #expect(pack["publisher"] as? String == "Peel")
            let tray = try PNGCodec.decode(Data(contentsOf: folder.url.appendingPathComponent("whatsapp/\(identifier)/tray.png")), maxPixels: 1 << 20).0
            #expect(tray.width == 96 && tray.height == 96)
            for sticker in try #require(pack["stickers"] as? [[String: Any]]) {
                let file = try #require(sticker["image_file"] as? String)
                let data = try Data(contentsOf: folder.url.appendingPathComponent("whatsapp/\(identifier)/\(file)"))
                #expect(file.hasSuffix(".webp"))
                let emojis = try #require(sticker["emojis"] as? [String])
                #expect((1...3).contains(emojis.count), "the turtle's fourth emoji is left out")
                if pack["animated_sticker_pack"] as? Bool == true {
                    let (frames, loop) = try WebPCodec.decodeAnimation(data)
                    #expect(frames.count > 1 && frames[0].image.width == 512 && frames[0].image.height == 512 && loop == 0)
                    #expect(frames.allSatisfy { $0.delay >= 0.008 } && data.count <= 500_000)
                } else {
                    let image = try WebPCodec.decode(data)
                    #expect(image.width == 512 && image.height == 512 && data.count <= 100_000)
                    #expect(image.pixels[3] == 0, "transparency kept in the corner")
                }
            }
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("whatsapp/\(identifier).wastickers").path))
        }
        let report = try folder.read("whatsapp/report.md")
        #expect(report.contains("## Written") && report.contains("`pets_animated`") && report.contains("## Refused\n\nNothing."))
    }

    /// A sticker without a label went into contents.json without accessibility_text, exit 0, and
    /// neither the terminal nor report.md said so.
    @Test func aWhatsAppStickerWithoutALabelIsSaidToGoWithoutAccessibilityText() async throws {
        let folder = try catalog { folder in
            try folder.write("---\nemoji: [🦊]\n---\n", to: "content/pets/fox.md")
        }
        let result = try await export(.whatsapp, folder, skipInvalid: true, long: .speedUp)
        #expect(result.written.contains("pets"), "\(result.refused.map(\.message))")
        let fox = result.changed.first { $0.sticker == "pets/fox.png" }?.changes ?? []
        #expect(fox == ["exported without accessibility text: it has no label (add alt: to pets/fox.md)"], "\(result.changed)")
        #expect(!result.changed.contains { $0.sticker == "pets/cat.png" && $0.changes.contains { $0.contains("accessibility") } })
        #expect(try folder.read("whatsapp/report.md").contains("- `pets/fox.png`: exported without accessibility text"))
        let telegram = try await export(.telegram, folder, skipInvalid: true, long: .speedUp)
        #expect(!telegram.changed.contains { $0.changes.contains { $0.contains("accessibility") } }, "Telegram's sets carry no label")
    }

    @Test func aPackWithARefusedStickerStaysOutUnlessSkipInvalidAndTheOthersGo() async throws {
        let folder = try catalog { folder in
            try folder.write("---\ntitle: Other\nsize: small\n---\n", to: "content/other/pack.md")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/other/cat.png")
            try folder.write("---\nalt: A cat without emoji\n---\n", to: "content/other/cat.md")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/other/fox.png")
            try folder.write("---\nalt: A fox\nemoji: [🦊]\n---\n", to: "content/other/fox.md")
        }
        let strict = try await export(.signal, folder)
        #expect(strict.written == ["pets"] && strict.packsRefused)
        #expect(strict.refused.contains { $0.code == .emojiMissing && $0.sticker == "other/cat.png" })
        #expect(strict.refused.contains { $0.code == .packRefused && $0.file == "other/pack.md" })
        let skipping = try await export(.signal, folder, skipInvalid: true, to: "signal-skip")
        #expect(skipping.written == ["other", "pets"] && !skipping.packsRefused)
        let manifest = try json(folder.url.appendingPathComponent("signal-skip/other/manifest.json"))
        #expect((manifest["stickers"] as? [[String: Any]])?.count == 1, "the fox alone")
        #expect((try json(folder.url.appendingPathComponent("signal-skip/pets/manifest.json"))["stickers"] as? [Any])?.count == 6,
                "Signal has no length limit: the 9 s animation goes")
        #expect(try folder.read("signal-skip/report.md").contains("`other/cat.png` (other/cat.md) [emoji-missing]"))
    }

    /// `ignore:` silences a platform's error in the report only: a silenced `emoji-missing` wrote
    /// `"emojis": []` into WhatsApp's contents.json and `""` into Signal's manifest, and a silenced
    /// `name-too-long` a one-letter name into Discord's stickers.json.
    @Test func aSilencedPlatformErrorStillKeepsTheStickerOut() async throws {
        let folder = try catalog { folder in
            try folder.write("---\ntitle: Other\nsize: small\n---\n", to: "content/other/pack.md")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/other/cat.png")
            try folder.write("---\nalt: A cat without emoji\nignore: [emoji-missing]\n---\n", to: "content/other/cat.md")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/other/fox.png")
            try folder.write("---\nalt: A fox\ntitle: X\nemoji: [🦊]\nignore: [name-too-long]\n---\n", to: "content/other/fox.md")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/other/dog.png")
            try folder.write("---\nalt: A dog\nemoji: [🐶]\n---\n", to: "content/other/dog.md")
        }
        let signal = try await export(.signal, folder, skipInvalid: true)
        #expect(signal.refused.contains { $0.code == .emojiMissing && $0.sticker == "other/cat.png" })
        let manifest = try json(folder.url.appendingPathComponent("signal/other/manifest.json"))
        let emoji = (manifest["stickers"] as? [[String: Any]])?.compactMap { $0["emoji"] as? String } ?? []
        #expect(emoji.count == 2 && !emoji.contains(""), "the cat stays out: \(emoji)")
        let refusal = try #require(signal.refused.first { $0.code == .emojiMissing })
        #expect(!refusal.suppressed, "refused, not silenced, in the export's own list")
        let discord = try await export(.discord, folder, skipInvalid: true, long: .cut)
        #expect(discord.refused.contains { $0.code == .nameTooLong && $0.sticker == "other/fox.png" })
        let names = (try json(folder.url.appendingPathComponent("discord/other/stickers.json"))["stickers"] as? [[String: Any]])?
            .compactMap { $0["name"] as? String } ?? []
        #expect(names.count == 1 && !names.contains("X") && names.allSatisfy { (2...30).contains($0.count) }, "\(names)")
        // Without --skip-invalid the pack is refused, as for an error nobody silenced.
        let strict = try await export(.signal, folder, to: "signal-strict")
        #expect(strict.packsRefused && strict.refused.contains { $0.code == .packRefused && $0.file == "other/pack.md" })
    }

    /// `--long-animations speed-up` that makes a slow blink flash past three a second says so as a
    /// warning (the terminal, a CI log), not in report.md alone.
    @Test func aSpeedUpThatFlashesIsAWarning() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Tests\ntelegram_bot: peel_tests_bot\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Blink\nsize: small\n---\n", to: "content/blink/pack.md")
        let frames = (0..<24).map { index in
            DecodedImage.Frame(image: RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64)).flatMap { _ -> [UInt8] in
                index % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
            }), delay: 0.5)
        }
        try folder.write(try APNGEncoder.encode(frames, loopCount: 0, palette: nil), to: "content/blink/blink.png")
        try folder.write("---\nalt: A disc blinking black and white\nemoji: [⚫]\n---\n", to: "content/blink/blink.md")
        let result = try await export(.telegram, folder, long: .speedUp)
        let warning = result.warnings.first { $0.code == .flashingAnimation && $0.sticker == "blink/blink.png" }
        #expect(warning?.severity == .warning && warning?.message.contains("flashes") == true, "\(result.warnings.map(\.message))")
        let slow = try await export(.telegram, folder, long: .cut, to: "cut")
        #expect(!slow.warnings.contains { $0.code == .flashingAnimation }, "cut keeps the blink's pace")
    }

    /// An export that can write nothing (every sticker lost its emoji) leaves the previous export
    /// as it was: it was replaced by a folder holding only report.md.
    @Test func anExportThatWritesNothingKeepsThePreviousExport() async throws {
        let folder = try catalog()
        let first = try await export(.signal, folder)
        #expect(first.written == ["pets"] && !first.keptPrevious)
        let before = SiteBuilderTests.snapshot(folder.url.appendingPathComponent("signal"))
        for name in ["cat", "fox", "turtle", "spin", "weather", "slow"] {
            try folder.write("---\nalt: No emoji now\n---\n", to: "content/pets/\(name).md")
        }
        let second = try await export(.signal, folder)
        #expect(second.written.isEmpty && second.packsRefused && second.keptPrevious)
        #expect(SiteBuilderTests.snapshot(folder.url.appendingPathComponent("signal")) == before)
        // A first export that can write nothing still says why in its report.
        let fresh = try await export(.signal, folder, to: "signal-new")
        let report = try folder.read("signal-new/report.md")
        #expect(!fresh.keptPrevious && report.contains("emoji-missing"), "\(report)")
    }

    /// Two packs of one name on the platform were written into one folder, the second over the
    /// first, and the export said it made both: the second is refused, naming the first.
    @Test func twoPacksOfOneNameAreNeverWrittenIntoOneFolder() async throws {
        let folder = try catalog { folder in
            try folder.write("---\ntitle: Pets\nsize: small\npublisher: Peel\nidentifier: same\ntelegram_name: same\n---\n", to: "content/pets/pack.md")
            try folder.write("---\ntitle: Other\nsize: small\nidentifier: Same\ntelegram_name: same\n---\n", to: "content/other/pack.md")
            for name in ["cat", "fox", "dog"] {
                try folder.copy(Fixtures.catalog.appendingPathComponent(name == "dog" ? "pets/cat.png" : "pets/\(name).png"), to: "content/other/\(name).png")
                try folder.write("---\nalt: Another \(name)\nemoji: [🦊]\n---\n", to: "content/other/\(name).md")
            }
        }
        for platform in [MessengerPlatform.whatsapp, .telegram] {
            let result = try await export(platform, folder, skipInvalid: true, long: .speedUp)
            #expect(result.packsRefused == false)
            let clash = try #require(result.refused.first { $0.code == .packRefused && $0.file == "pets/pack.md" }, "\(platform)")
            #expect(clash.message.contains("is also the pack other's, and two packs cannot share one, so this pack was not exported"), "\(clash.message)")
            #expect(clash.line == (platform == .whatsapp ? 5 : 6))
            #expect(result.written.count == 1, "\(result.written)")
            #expect(Set(result.written.map { $0.lowercased() }).count == result.written.count)
        }
        let strict = try await export(.telegram, folder, long: .speedUp, to: "strict")
        #expect(strict.packsRefused, "without --skip-invalid a pack left out fails the export")
        // `peel check` says the same before anything is converted: same pack, same line.
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        for (platform, line) in [(MessengerPlatform.whatsapp, 5), (.telegram, 6)] {
            let checked = PlatformChecks.findings(for: review.catalog, assets: review.assets, platforms: [platform]).filter { $0.code == .packRefused }
            #expect(checked.map(\.file) == ["pets/pack.md"] && checked.first?.line == line, "\(platform): \(checked)")
        }
    }

    /// A name on a platform that is no single file name (`x/../../escaped`) never names a folder,
    /// even with the platform's own finding silenced (`ignore:`): the pack is refused, the export
    /// writes nothing outside its folder, and nothing traps.
    @Test func aPlatformNameThatIsNoFileNameIsRefusedEvenWithItsFindingIgnored() async throws {
        let folder = try catalog { folder in
            try folder.write("---\ntitle: Pets\nsize: small\npublisher: Peel\nidentifier: x/../../escaped\ntelegram_name: x/../../escaped\n"
                             + "ignore: [set-name-invalid, identifier-invalid]\n---\n", to: "content/pets/pack.md")
        }
        for platform in [MessengerPlatform.whatsapp, .telegram] {
            let result = try await export(platform, folder, skipInvalid: true, long: .speedUp)
            // Refused by the platform's own rule, silenced or not (`Finding.isRejectedByMessenger`).
            #expect(result.refused.contains { [.identifierInvalid, .setNameInvalid].contains($0.code) && !$0.suppressed },
                    "\(platform): \(result.refused.map(\.message))")
            #expect(result.written.isEmpty, "\(platform): \(result.written)")
        }
        #expect(!folder.exists("escaped") && !folder.exists("escaped_by_peel_tests_bot"))
        // `peel check --platform` and the build say so before anything is converted, whatever `ignore:` silences.
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        for platform in [MessengerPlatform.whatsapp, .telegram] {
            let checked = PlatformChecks.findings(for: review.catalog, assets: review.assets, platforms: [platform]).filter { $0.code == .packRefused }
            #expect(checked.count == 1 && checked[0].message.contains("cannot name a folder"), "\(platform): \(checked.map(\.message))")
        }
    }

    /// `peel check --platform discord` and the export count a sticker's tags alike: the emoji
    /// joined by commas, whole ones kept within 200 characters, the check saying how many go.
    @Test func discordTagsAreMeasuredAsTheExportWritesThem() async throws {
        // 70 different faces (U+1F600…), each two UTF-16 units: 67 of them and 66 commas make 200.
        let many = (0..<70).map { String(Character(Unicode.Scalar(0x1F600 + $0)!)) }
        let tags = DiscordRules.tags(from: many)
        #expect(tags.text == many.prefix(67).joined(separator: ",") && tags.leftOut == 3, "\(tags)")
        #expect(DiscordRules.tags(from: ["😺", "🐢"]) == ("😺,🐢", 0))
        let folder = try catalog { folder in
            try folder.write("---\nalt: A cat face\nemoji: [\(many.joined(separator: ", "))]\n---\n", to: "content/pets/cat.md")
        }
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        let notes = PlatformChecks.findings(for: review.catalog, assets: review.assets, platforms: [.discord]).filter { $0.code == .tooManyEmoji }
        #expect(notes.count == 1 && notes[0].message.contains("the last 3 emoji are left out"), "\(notes.map(\.message))")
        _ = try await export(.discord, folder, skipInvalid: true, long: .speedUp)
        let written = try json(folder.url.appendingPathComponent("discord/pets/stickers.json"))
        let entries = try #require(written["stickers"] as? [[String: Any]])
        #expect(entries.first { $0["file"] as? String == "cat.png" }?["tags"] as? String == tags.text, "\(entries)")
    }

    /// A split pack's names stay within the platform's limits: WhatsApp's identifier 128
    /// characters and Telegram's set name 64, the part's number included.
    @Test func splitNamesStayWithinTheLimits() {
        let identifier = MessengerLayout.whatsAppIdentifier(String(repeating: "a", count: 128), tail: "_animated_2")
        #expect(identifier == String(repeating: "a", count: 117) + "_animated_2")
        #expect(MessengerLayout.whatsAppIdentifier("pets", tail: "_2") == "pets_2")
        let name = MessengerLayout.telegramSetName(String(repeating: "b", count: 40) + "_" + String(repeating: "c", count: 9), part: 2, bot: "peel_tests_bot")
        #expect(name.count <= TelegramRules.maxNameLength && name.hasSuffix("_2_by_peel_tests_bot") && !name.contains("__"), "\(name)")
        #expect(TelegramRules.problem(withSetName: name, bot: "peel_tests_bot") == nil)
        #expect(MessengerLayout.telegramSetName("pets", part: nil, bot: "b_bot") == "pets_by_b_bot")
    }

    /// A tray made from an animation that fades in is its poster frame (`PosterFrame`), not the
    /// blank or faint frames it starts with.
    @Test func aFadeInAnimationMakesAVisibleTray() async throws {
        let folder = try catalog { folder in
            let clear = RGBAImage(width: 64, height: 64, pixels: Array(repeating: 0, count: 64 * 64 * 4))
            let red = RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64 * 4)).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 })
            let faint = RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64 * 4)).map { $0 % 4 == 0 ? 255 : $0 % 4 == 3 ? 12 : 0 })
            try folder.write(try APNGEncoder.encode([.init(image: clear, delay: 0.5), .init(image: faint, delay: 0.5), .init(image: red, delay: 0.5)],
                                                    loopCount: 0, palette: nil),
                             to: "content/pets/fade.png")
            try folder.write("---\ntitle: Pets\nsize: small\npublisher: Peel\ntray: fade.png\n---\n", to: "content/pets/pack.md")
        }
        let result = try await export(.telegram, folder, skipInvalid: true)
        let set = try #require(result.written.first)
        let thumbnail = try ImageAnalyzer().analyze(Data(contentsOf: folder.url.appendingPathComponent("telegram/\(set)/thumbnail.png"))).decoded
        #expect(thumbnail.frames[0].image.hasVisiblePixels)
        // Not the faint frame (alpha 12) either: the poster frame, opaque red.
        #expect(thumbnail.frames[0].image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element).max() == 255)
    }

    /// `tray:` art that cannot be read is passed over for the pack's `icon:`, and the export says
    /// so (a warning naming both, in its result and report.md); it went quietly before.
    @Test func unreadableTrayArtIsPassedOverAloud() async throws {
        let folder = try catalog { folder in
            let art = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
            try folder.write(art.prefix(art.count / 2), to: "content/pets/tray.png")
            try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "content/pets/icon.png")
            try folder.write("---\ntitle: Pets\nsize: small\npublisher: Peel\ntray: tray.png\nicon: icon.png\n---\n", to: "content/pets/pack.md")
        }
        let result = try await export(.telegram, folder, skipInvalid: true)
        #expect(!result.written.isEmpty)
        let warning = try #require(result.warnings.first)
        #expect(result.warnings.count == 1 && warning.file == "pets/tray.png" && warning.severity == .warning && warning.code == .corruptImage)
        #expect(warning.message.contains("the tray: art cannot be used") && warning.message.hasSuffix("made from the pack's icon: art (pets/icon.png)"),
                "\(warning.message)")
        let report = try String(contentsOf: folder.url.appendingPathComponent("telegram/report.md"), encoding: .utf8)
        #expect(report.contains("## Warnings\n\n- `pets/tray.png` [corrupt-image]: Telegram tray: the tray: art cannot be used"), "\(report)")
        // Readable tray art: no warning, no section.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/pets/tray.png"))
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "content/pets/tray.png")
        #expect(try await export(.telegram, folder, skipInvalid: true).warnings.isEmpty)
        #expect(!(try String(contentsOf: folder.url.appendingPathComponent("telegram/report.md"), encoding: .utf8)).contains("## Warnings"))
    }

    /// An animation whose frames are all alike gives libwebp one frame, a still WebP, which a
    /// WhatsApp pack marked animated may not hold: it goes as the still it is, and says so.
    @Test func anAnimationThatDoesNotAnimateGoesToWhatsAppAsAStill() throws {
        let red = RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64 * 4)).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 })
        let same = DecodedImage(frames: (0..<6).map { _ in DecodedImage.Frame(image: red, delay: 0.2) }, loopCount: 0)
        let converter = MessengerStickerConverter(format: try #require(MessengerFormat.of(.whatsapp)), longAnimations: .refuse)
        let converted = try converter.convert(same)
        #expect(!converted.isAnimated && !WebPContainer.isAnimated(converted.data))
        #expect(converted.changes.contains("its frames look the same once encoded, so it is a still"))
        var moving = (0..<6).map { _ in DecodedImage.Frame(image: red, delay: 0.2) }
        for index in moving.indices { for pixel in 0..<(64 * 8) { moving[index].image.pixels[(index * 64 * 8 + pixel) * 4 + 1] = 255 } }
        let animated = try converter.convert(DecodedImage(frames: moving, loopCount: 0))
        #expect(animated.isAnimated && WebPContainer.isAnimated(animated.data))
        // Plays as often as the source: a GIF without a loop extension (no count) once, not forever.
        #expect(try WebPCodec.decodeAnimation(converter.convert(DecodedImage(frames: moving, loopCount: nil)).data).loopCount == 1)
        #expect(try WebPCodec.decodeAnimation(converter.convert(DecodedImage(frames: moving, loopCount: 3)).data).loopCount == 3)
    }

    /// Alike frames that do not cover the canvas (a ball on transparency) leave libwebp an
    /// animation of one frame, not a still WebP: WhatsApp refuses a pack marked animated with it
    /// just the same, so it goes as a still too, and a pack of animations left with it says which
    /// sticker it is and why.
    @Test func anAnimationOfOneFrameGoesToWhatsAppAsAStill() throws {
        var ball = RGBAImage(width: 96, height: 96, pixels: Array(repeating: 0, count: 96 * 96 * 4))
        for y in 30..<60 { for x in 30..<60 { ball.pixels.replaceSubrange((y * 96 + x) * 4..<(y * 96 + x) * 4 + 4, with: [250, 200, 0, 255]) } }
        let same = DecodedImage(frames: [.init(image: ball, delay: 0.5), .init(image: ball, delay: 0.5)], loopCount: 0)
        // What libwebp makes of it, as the converter first encodes it.
        let encoded = try WebPCodec.encodeAnimation(same.frames, loopCount: 0, settings: MessengerStickerConverter.webpSettings(quality: 80))
        #expect(WebPContainer.isAnimated(encoded) && WebPContainer.frameCount(encoded) == 1, "the case this test is about")
        let converter = MessengerStickerConverter(format: try #require(MessengerFormat.of(.whatsapp)), longAnimations: .refuse)
        let converted = try converter.convert(same)
        #expect(!converted.isAnimated && !WebPContainer.isAnimated(converted.data) && converted.stillFromAnimation)
        #expect(WebPContainer.frameCount(converted.data) == 1)

        var moving = same.frames
        for pixel in 0..<96 { moving[1].image.pixels[pixel * 4 + 3] = 255 }
        let animated = try converter.convert(DecodedImage(frames: moving, loopCount: 0))
        #expect(animated.isAnimated && WebPContainer.frameCount(animated.data) == 2 && !animated.stillFromAnimation)

        let sticker = { (name: String) in Sticker(slug: name, source: "moves/\(name).png", title: name) }
        let exported = [ExportedSticker(sticker: sticker("roll"), converted: animated, emoji: []),
                        ExportedSticker(sticker: sticker("spin"), converted: animated, emoji: []),
                        ExportedSticker(sticker: sticker("pulse"), converted: converted, emoji: [])]
        let layout = MessengerLayout(platform: .whatsapp, site: SiteInfo())
        #expect(layout.tooFewMessage(exported, animated: false, outcome: "so they were left out")
            == "WhatsApp: 1 still sticker left to export; WhatsApp packs hold 3–30, so they were left out (moves/pulse.png is animated, but its frames look the same once encoded, so it goes as a still; make the frames differ, or move it to a pack of stills)")
        #expect(!layout.tooFewMessage(exported, animated: true, outcome: "so they were left out").contains("pulse"))
    }

    /// Frames are dropped until the last one kept has shown for 1/cap s, so what plays may be
    /// slower than the cap: the report gives the rate of the file written.
    @Test func aCappedFrameRateReportsTheRateWritten() throws {
        let image = RGBAImage(width: 8, height: 8, pixels: Array(repeating: 255, count: 8 * 8 * 4))
        let frames = (0..<60).map { _ in DecodedImage.Frame(image: image, delay: 0.016) }
        let (capped, dropped) = AnimationTiming.cappingFrameRate(frames, framesPerSecond: 42)
        #expect(capped.count == 30 && dropped == 30)
        #expect(MessengerStickerConverter.frameRateChange(cap: 42, from: frames, to: capped)
            == "frame rate capped at 42 fps: 30 of 60 frames dropped, 31.25 fps now, the 0.96 s kept")
    }

    /// A sidecar whose YAML cannot be read is refused for that, not for the emoji it seemed to lack.
    @Test func aSidecarThatCannotBeReadIsRefusedForItsOwnError() async throws {
        let folder = try catalog { folder in
            try folder.write("---\nalt: A cat face\nemoji: [😺]\nemoji: [😸]\n---\n", to: "content/pets/cat.md")
        }
        let result = try await export(.signal, folder, skipInvalid: true)
        let cat = result.refused.filter { $0.sticker == "pets/cat.png" }
        #expect(cat.map(\.code) == [.yamlSyntax], "\(cat.map(\.formatted))")
        #expect(cat.first?.message.hasPrefix("Signal: its sidecar cannot be read, so neither its emoji nor its label: YAML syntax error") == true)
    }

    /// Telegram takes 20 keywords of 64 characters in all: tags are kept in order while both allow.
    @Test func telegramKeywordsStayWithinTheirTotalLength() {
        let ten = ["happy", "smile", "grinning", "cheerful", "delighted", "joyful", "laughing", "pleased", "sunny", "friendly"]
        let kept = TelegramRules.keywords(from: ten)
        #expect(kept == Array(ten.prefix(9)) && kept.joined().count == 61, "\(kept) \(kept.joined().count)")
        #expect(TelegramRules.keywords(from: ["a-very-long-tag-that-is-longer-than-sixty-four-characters-in-all-of-it", "cat"]) == ["cat"])
        #expect(TelegramRules.keywords(from: (0..<30).map { "t\($0 % 10)" }).count == 20)
    }

    @Test func longAnimationsAreRefusedUnlessASettingSaysHow() async throws {
        let content = try catalog()
        let refused = try await export(.telegram, content, skipInvalid: true)
        #expect(refused.refused.map(\.sticker) == ["pets/slow.png"] && refused.refused[0].code == .animationTooLong)
        let sped = try await export(.telegram, content, long: .speedUp, to: "telegram-fast")
        let changes = sped.changed.first { $0.sticker == "pets/slow.png" }?.changes ?? []
        #expect(changes.contains { $0.contains("sped up 9 → 3 s") }, "\(changes)")
        let cut = try await export(.telegram, content, long: .cut, to: "telegram-cut")
        #expect(cut.changed.first { $0.sticker == "pets/slow.png" }?.changes.contains { $0.hasPrefix("cut at 3 of 9 s") } == true)
        let set = try json(content.url.appendingPathComponent("telegram-fast/pets_by_peel_tests_bot/set.json"))
        #expect(set["add_after"] == nil, "six stickers: none to add after")
        let stickers = try #require(set["stickers"] as? [[String: Any]])
        #expect(stickers.filter { $0["format"] as? String == "video" }.count == 3)
        for sticker in stickers {
            let file = try #require(sticker["file"] as? String)
            let data = try Data(contentsOf: content.url.appendingPathComponent("telegram-fast/pets_by_peel_tests_bot/\(file)"))
            if file.hasSuffix(".webm") {
                #expect(data.count <= 256_000 && Array(data.prefix(4)) == [0x1A, 0x45, 0xDF, 0xA3])
            } else {
                let image = try PNGCodec.decode(data, maxPixels: 1 << 20).0
                #expect(max(image.width, image.height) == 512)
            }
        }
        let thumbnail = try PNGCodec.decode(Data(contentsOf: content.url.appendingPathComponent("telegram-fast/pets_by_peel_tests_bot/thumbnail.png")), maxPixels: 1 << 20).0
        #expect(thumbnail.width == 100 && thumbnail.height == 100)
    }

    /// 12 s of 20 ms frames sped up to Discord's 5 s made 8 ms frames, which players show for
    /// 0.1 s each: a minute long. Frames that short are merged into the next, the length kept.
    @Test func aSpeedUpLeavesNoFrameThatPlayersWouldStretch() throws {
        let image = RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64))
        let frames = (0..<600).map { _ in DecodedImage.Frame(image: image, delay: 0.02) }
        let converter = MessengerStickerConverter(format: try #require(MessengerFormat.of(.discord)), longAnimations: .speedUp)
        let (timed, changes) = try converter.timed(frames)
        #expect(timed.allSatisfy { $0.delay >= AnimationTiming.shortestSpedUp - 1e-9 }, "\(timed.map(\.delay).min() ?? 0)")
        #expect(abs(AnimationTiming.duration(timed) - 5) < 1e-6)
        #expect(timed.count == 200, "three 8.3 ms frames a frame: \(timed.count)")
        #expect(changes.contains { $0.hasPrefix("sped up 12 → 5 s (--long-animations speed-up), 400 of 600 frames merged into the next so none is under 20 ms") },
                "\(changes)")
    }

    /// createNewStickerSet takes 50 stickers at most: a larger set's set.json lists the first 50
    /// under `stickers` and the rest under `add_after` (one list of 55 was refused by the Bot API).
    @Test func aTelegramSetPastFiftyListsTheRestToAddAfter() async throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Tests\ntelegram_bot: peel_tests_bot\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Many\nsize: small\n---\n", to: "content/many/pack.md")
        for index in 0..<55 {
            let image = RGBAImage(width: 300, height: 300, pixels: (0..<(300 * 300)).flatMap { _ in [UInt8(index * 4), 90, 200, 255] })
            try folder.write(try PNGCodec.encode(image, compression: .fast), to: "content/many/s\(index).png")
            try folder.write("---\nalt: Sticker \(index)\nemoji: [😀]\n---\n", to: "content/many/s\(index).md")
        }
        let result = try await export(.telegram, folder)
        let set = try json(folder.url.appendingPathComponent("telegram/\(try #require(result.written.first))/set.json"))
        #expect((set["stickers"] as? [Any])?.count == 50)
        #expect((set["add_after"] as? [Any])?.count == 5)
    }

    @Test func anAnimationWithoutFrameDelaysPlaysAtATenthOfASecondAFrame() async throws {
        // Every delay 0: browsers and Messages show each frame for 0.1 s. It crashed the WhatsApp
        // export (no frame left once the short ones were merged) and Telegram had nothing to encode.
        let folder = try catalog { folder in
            let frames = (0..<4).map { index in
                DecodedImage.Frame(image: RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64)).flatMap { pixel -> [UInt8] in
                    pixel % 64 < 16 * (index + 1) ? [0, 0, 255, 255] : [0, 0, 0, 0]
                }), delay: 0)
            }
            try folder.write(try APNGEncoder.encode(frames, loopCount: 0, palette: nil), to: "content/pets/quick.png")
            try folder.write("---\nalt: A growing bar\nemoji: [📊]\n---\n", to: "content/pets/quick.md")
        }
        for platform in [MessengerPlatform.whatsapp, .telegram, .discord] {
            let result = try await export(platform, folder, skipInvalid: true)
            #expect(!result.refused.contains { $0.sticker == "pets/quick.png" }, "\(platform): \(result.refused)")
            let changes = result.changed.first { $0.sticker == "pets/quick.png" }?.changes ?? []
            #expect(changes.contains("no frame delays: 0.1 s a frame, as browsers and Messages play it, so it lasts 0.40 s"), "\(platform): \(changes)")
        }
    }

    @Test func framesOfAMillisecondPlayAtATenthOfASecondAndStayAnAnimation() async throws {
        // 1 ms frames (an APNG's 1/1000 s): browsers show each for 0.1 s. Merged under WhatsApp's
        // 8 ms, they became one still frame, and the pack was refused as too small.
        let folder = try catalog { folder in
            let frames = (0..<5).map { index in
                DecodedImage.Frame(image: RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64)).flatMap { pixel -> [UInt8] in
                    pixel % 64 < 12 * (index + 1) ? [0, 200, 0, 255] : [0, 0, 0, 0]
                }), delay: index == 4 ? 0.5 : 0.001)
            }
            try folder.write(try APNGEncoder.encode(frames, loopCount: 0, palette: nil), to: "content/pets/flash.png")
            try folder.write("---\nalt: A growing green bar\nemoji: [📊]\n---\n", to: "content/pets/flash.md")
        }
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        #expect(!review.findings.contains { $0.sticker == "pets/flash.png" && $0.code == .animationFrameTooShort },
                "played at 0.1 s, no frame is under WhatsApp's 8 ms: \(review.findings.map(\.message))")
        let result = try await export(.whatsapp, folder, skipInvalid: true)
        let changes = result.changed.first { $0.sticker == "pets/flash.png" }?.changes ?? []
        #expect(changes.contains("4 of 5 frames of 10 ms or less: 0.1 s each, as browsers and Messages play them, so it lasts 0.90 s"), "\(changes)")
        // Frames that all have delays, of 5 ms: not "no frame delays".
        let fives = (0..<4).map { index in
            DecodedImage.Frame(image: RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64)).flatMap { pixel -> [UInt8] in
                pixel % 64 < 12 * (index + 1) ? [200, 0, 0, 255] : [0, 0, 0, 0]
            }), delay: 0.005)
        }
        let converter = MessengerStickerConverter(format: try #require(MessengerFormat.of(.discord)), longAnimations: .refuse)
        #expect(try converter.convert(DecodedImage(frames: fives, loopCount: 0)).changes
                    .contains("4 of 4 frames of 10 ms or less: 0.1 s each, as browsers and Messages play them, so it lasts 0.40 s"))
    }

    @Test func aFileAddedToAnExportFolderIsNeverDeletedByTheNextExport() async throws {
        let folder = try catalog()
        _ = try await export(.signal, folder, skipInvalid: true)
        _ = try await export(.signal, folder, skipInvalid: true)   // its own files: replaced
        try folder.write("my notes", to: "signal/notes.txt")
        await #expect(throws: PeelError.self) { _ = try await export(.signal, folder, skipInvalid: true) }
        #expect(try folder.read("signal/notes.txt") == "my notes")
    }

    @Test func skippingInvalidStickersStillFailsWhenTheSiteBreaksARuleOrNothingIsExported() async throws {
        let folder = try catalog()
        let withBot = try await export(.telegram, folder, skipInvalid: true, to: "t1")
        #expect(!withBot.packsRefused, "the slow sticker is left out as asked")
        try folder.write("---\ntitle: Tests\n---\n", to: "content/site.md")   // no telegram_bot:
        let withoutBot = try await export(.telegram, folder, skipInvalid: true, to: "t2")
        #expect(withoutBot.written.isEmpty && withoutBot.packsRefused, "no telegram_bot: fails the export even with --skip-invalid")
        #expect(withoutBot.refused.contains { $0.code == .setNameInvalid && $0.file == "site.md" })
    }

    @Test func anUnreadableImageIsRefusedForWhatIsWrongWithTheFile() async throws {
        // Its label is a placeholder too: the reason given is the file's, not the label's.
        let folder = try catalog { folder in
            try folder.write("just some notes\n", to: "content/pets/notes.png")
            try folder.write("---\nalt: IMG_1234\nemoji: [📝]\n---\n", to: "content/pets/notes.md")
        }
        let result = try await export(.signal, folder, skipInvalid: true)
        let refusal = try #require(result.refused.first { $0.sticker == "pets/notes.png" })
        #expect(refusal.message.hasPrefix("Signal: cannot export it: file is not an image"), "\(refusal.message)")
    }

    @Test func discordIs320AndTheSameInputGivesTheSameBytes() async throws {
        let folder = try catalog()
        let first = try await export(.discord, folder, skipInvalid: true, to: "d1")
        _ = try await export(.discord, folder, skipInvalid: true, to: "d2")
        #expect(first.refused.contains { $0.code == .animationTooLong && $0.sticker == "pets/slow.png" }, "9 s is longer than Discord's 5 s")
        for name in ["cat.png", "spin.png", "stickers.json"] {
            let one = try Data(contentsOf: folder.url.appendingPathComponent("d1/pets/\(name)"))
            let two = try Data(contentsOf: folder.url.appendingPathComponent("d2/pets/\(name)"))
            #expect(one == two, "\(name)")
        }
        let spin = try ImageAnalyzer().analyze(Data(contentsOf: folder.url.appendingPathComponent("d1/pets/spin.png")))
        #expect(spin.info.width == 320 && spin.info.height == 320 && spin.info.isAnimated && spin.info.loopCount == 0)
    }

    @Test func anExportNeverReplacesAFolderItDidNotWrite() async throws {
        let folder = try catalog()
        try folder.write("mine", to: "whatsapp/notes.txt")
        await #expect(throws: PeelError.self) { try await export(.whatsapp, folder, skipInvalid: true) }
        #expect(try folder.read("whatsapp/notes.txt") == "mine")
    }

    @Test func splitsAreEven() {
        #expect(MessengerLayout.split(Array(0..<31), maximum: 30).map(\.count) == [16, 15])
        #expect(MessengerLayout.split(Array(0..<61), maximum: 30).map(\.count) == [21, 20, 20])
        #expect(MessengerLayout.split(Array(0..<30), maximum: 30).map(\.count) == [30])
        #expect(PlatformText.cut("one two three four", to: 10) == "one two…")
    }
}

/// An animation that plays once goes to Telegram, Signal and Discord looping forever: said.
@Suite struct PlayOnceExportTests {
    @Test func aPlayOnceAnimationLosingThatIsSaid() throws {
        let white = FlashMeterTests.frame((250, 250, 250)), grey = FlashMeterTests.frame((128, 128, 128))
        let once = DecodedImage(frames: [.init(image: white, delay: 0.5), .init(image: grey, delay: 0.5)], loopCount: 1)
        for platform in [MessengerPlatform.discord, .signal, .telegram] {
            let converter = MessengerStickerConverter(format: try #require(MessengerFormat.of(platform)), longAnimations: .refuse)
            let converted = try converter.convert(once)
            #expect(converted.changes.contains("plays once in the original; \(platform.name) loops every animated sticker"), "\(platform): \(converted.changes)")
        }
        let whatsapp = MessengerStickerConverter(format: try #require(MessengerFormat.of(.whatsapp)), longAnimations: .refuse)
        #expect(try whatsapp.convert(once).changes.allSatisfy { !$0.contains("loops") }, "WebP keeps the loop count")
        let forever = DecodedImage(frames: once.frames, loopCount: 0)
        let discord = MessengerStickerConverter(format: try #require(MessengerFormat.of(.discord)), longAnimations: .refuse)
        #expect(try discord.convert(forever).changes.allSatisfy { !$0.contains("loops") })
    }
}

/// `--long-animations speed-up` can turn a slow blink that passes `flashing-animation` into a
/// strobe past WCAG 2.3.1: the change says so, where it said only "sped up".
@Suite struct SpedUpFlashingTests {
    @Test func aSpeedUpThatMakesAFlashIsSaid() throws {
        let white = FlashMeterTests.frame((250, 250, 250), inset: 0), black = FlashMeterTests.frame((5, 5, 5), inset: 0)
        // 24 frames of 0.5 s: one flash a second, safe; sped up to 3 s, four a second.
        let frames = (0..<24).map { DecodedImage.Frame(image: $0 % 2 == 0 ? white : black, delay: 0.5) }
        let telegram = MessengerStickerConverter(format: try #require(MessengerFormat.of(.telegram)), longAnimations: .speedUp)
        let (timed, changes) = try telegram.timed(frames)
        #expect(AnimationTiming.duration(timed) <= 3.001)
        let said = try #require(changes.first { $0.hasPrefix("sped up 12 → 3 s") }, "\(changes)")
        #expect(said.contains("WARNING: it now flashes 4 times a second over 100 % of it") && said.contains("WCAG 2.3.1"), "\(said)")
        // A slow fade sped up stays quiet, and so does an animation that flashed already (its own warning says so).
        let grey = FlashMeterTests.frame((128, 128, 128), inset: 0)
        let calm = (0..<24).map { DecodedImage.Frame(image: $0 % 2 == 0 ? grey : FlashMeterTests.frame((140, 140, 140), inset: 0), delay: 0.5) }
        #expect(try telegram.timed(calm).changes.allSatisfy { !$0.contains("WARNING") })
        let strobe = (0..<60).map { DecodedImage.Frame(image: $0 % 2 == 0 ? white : black, delay: 0.1) }
        #expect(MessengerStickerConverter.flashingIntroduced(from: strobe, to: AnimationTiming.spedUp(strobe, toLast: 3)) == nil)
    }
}
