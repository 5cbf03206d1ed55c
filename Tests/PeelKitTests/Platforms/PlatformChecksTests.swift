import Foundation
import Testing
@testable import PeelKit

/// Each messenger's rules, from what Peel knows of the stickers: errors for what the platform
/// refuses, notes for what the export will change to fit; nothing when a rule holds.
@Suite struct PlatformChecksTests {
    private func info(frames: Int = 1, delay: Double = 0.1, side: Int = 408, format: ImageFormat = .png) -> ImageInfo {
        var info = ImageInfo(format: format, width: side, height: side, hasAlpha: true, frameCount: frames, bytes: 20_000, sha256: "")
        info.frameDelays = frames > 1 ? Array(repeating: delay, count: frames) : []
        return info
    }

    private func catalog(_ stickers: [(String, [String], ImageInfo)], pack configure: (inout Pack) -> Void = { _ in },
                         site configureSite: (inout SiteInfo) -> Void = { _ in }) -> (Catalog, [String: StickerAssets]) {
        var pack = Pack(slug: "my-pack", folder: "my-pack", title: "My pack")
        pack.manifest = "my-pack/pack.md"
        var assets: [String: StickerAssets] = [:]
        for (name, emoji, info) in stickers {
            var sticker = Sticker(slug: name, source: "my-pack/\(name).png", title: name.capitalized)
            sticker.sidecar = "my-pack/\(name).md"
            sticker.alt = "A sticker called \(name)"
            sticker.emoji = emoji
            pack.stickers.append(sticker)
            assets[sticker.source] = StickerAssets(info: info, thumbnails: [], findings: [])
        }
        configure(&pack)
        var site = SiteInfo()
        site.telegramBot = "peel_bot"
        configureSite(&site)
        return (Catalog(site: site, packs: [pack]), assets)
    }

    private func findings(_ platform: MessengerPlatform, _ setup: (Catalog, [String: StickerAssets])) -> [Finding] {
        PlatformChecks.findings(for: setup.0, assets: setup.1, platforms: [platform])
    }

    /// WhatsApp asks that an animated sticker's first frame show the whole sticker: one that fades
    /// or pops in (its poster another frame) is a warning there, and nowhere else.
    @Test func anAnimationThatStartsEmptyIsAWarningForWhatsApp() async throws {
        var fading = info(frames: 3, delay: 0.5)
        fading.posterFrame = 2
        var full = info(frames: 3, delay: 0.5)
        full.posterFrame = 0
        let setup = catalog([("fade", ["😀"], fading), ("full", ["😀"], full), ("a", ["😀"], info()), ("b", ["😀"], info())])
        let warned = findings(.whatsapp, setup).filter { $0.code == .animationStartsEmpty }
        #expect(warned.map(\.sticker) == ["my-pack/fade.png"] && warned.first?.severity == .warning)
        #expect(warned.first?.message.contains("frame 3 of 3") == true, "\(warned.map(\.message))")
        #expect(findings(.telegram, setup).allSatisfy { $0.code != .animationStartsEmpty })

        // The image step says which frame stands for the animation.
        let clear = RGBAImage(width: 16, height: 16, pixels: Array(repeating: 0, count: 16 * 16 * 4))
        let red = RGBAImage(width: 16, height: 16, pixels: (0..<(16 * 16 * 4)).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 })
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\n---\n", to: "content/p/pack.md")
        try folder.write(try APNGEncoder.encode([.init(image: clear, delay: 0.5), .init(image: red, delay: 0.5)], loopCount: 0, palette: nil),
                         to: "content/p/fade.png")
        try folder.write(try APNGEncoder.encode([.init(image: red, delay: 0.5), .init(image: clear, delay: 0.5)], loopCount: 0, palette: nil),
                         to: "content/p/out.png")
        let review = try await Review.make(content: folder.url.appendingPathComponent("content"))
        #expect(review.assets["p/fade.png"]?.info?.posterFrame == 1)
        #expect(review.assets["p/out.png"]?.info?.posterFrame == 0)
    }

    @Test func aPackThatFitsEveryPlatformGivesOnlyConversionNotes() {
        let setup = catalog((1...4).map { ("s\($0)", ["😀"], info(side: 512, format: .webp)) })
        for platform in MessengerPlatform.allCases {
            let problems = findings(platform, setup).filter { $0.severity != .note }
            #expect(problems.isEmpty, "\(platform): \(problems.map(\.message))")
        }
        #expect(findings(.whatsapp, setup).isEmpty, "512 px WebP is WhatsApp's own format: nothing to change")
        #expect(findings(.discord, setup).map(\.code) == [.convertedForPlatform], "Discord takes 320 px PNG")
    }

    /// WhatsApp's validator counts Java string length (UTF-16 units), Discord's limits are kept the
    /// same way: 70 cats are 140 to WhatsApp, over its 128; 100 thumbs with a skin tone are 400.
    @Test func lengthsAreCountedAsThePlatformsCountThem() {
        let cats = String(repeating: "🐱", count: 70)
        let whatsapp = findings(.whatsapp, catalog([("s1", ["😀"], info())], pack: { $0.title = cats; $0.publisher = "Peel" }))
            .filter { $0.code == .nameTooLong }
        #expect(whatsapp.count == 1 && whatsapp[0].severity == .error)
        #expect(whatsapp.first?.message.contains("70 characters, 140 as WhatsApp counts them") == true, "\(whatsapp.map(\.message))")
        let fits = String(repeating: "🐱", count: 64)
        #expect(findings(.whatsapp, catalog([("s1", ["😀"], info())], pack: { $0.title = fits; $0.publisher = fits }))
            .filter { $0.code == .nameTooLong }.isEmpty, "128 UTF-16 units is within the limit")

        let thumbs = String(repeating: "👍🏻", count: 20)
        let discord = findings(.discord, catalog([("s1", ["😀"], info())], pack: { $0.stickers[0].title = thumbs }))
            .filter { $0.code == .nameTooLong }
        #expect(discord.first?.message.contains("20 characters, 80 as Discord counts them") == true, "\(discord.map(\.message))")

        // Telegram's limits are kept the same way: 40 cats are 80, over a set title's 64.
        let telegram = findings(.telegram, catalog([("s1", ["😀"], info())], pack: { $0.title = String(cats.prefix(40)) }))
            .filter { $0.code == .nameTooLong }
        #expect(telegram.first?.message.contains("40 characters, 80 as Telegram counts them") == true, "\(telegram.map(\.message))")
        #expect(TelegramRules.keywords(from: ["猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫", "🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱🐱", "cat"]).count == 2)
    }

    /// A too-long name names the line it is on: pack.md's `title:`, a sidecar's `title:`.
    @Test func aNameTooLongNamesItsLine() {
        let long = String(repeating: "a", count: 70)
        let pack = findings(.telegram, catalog([("s1", ["😀"], info())], pack: { $0.title = long; $0.titleLine = 2 }))
            .filter { $0.code == .nameTooLong }
        #expect(pack.map(\.line) == [2] && pack.map(\.file) == ["my-pack/pack.md"])
        let sticker = findings(.discord, catalog([("s1", ["😀"], info())], pack: { $0.stickers[0].title = long; $0.stickers[0].titleLine = 3 }))
            .filter { $0.code == .nameTooLong }
        #expect(sticker.map(\.line) == [3] && sticker.map(\.file) == ["my-pack/s1.md"])
    }

    /// Telegram takes 20 keywords of 64 characters in all: tags past that are left out of its
    /// keywords, and the check says so, as for emoji.
    @Test func telegramKeywordsLeftOutAreSaid() {
        let tags = (1...12).map { "tag-number-\($0)" }
        let notes = findings(.telegram, catalog([("s1", ["😀"], info())], pack: { $0.stickers[0].tags = tags }))
            .filter { $0.message.contains("keywords") }
        #expect(notes.count == 1 && notes[0].severity == .note && notes[0].message.contains("tag-number-12"), "\(notes.map(\.message))")
        #expect(findings(.telegram, catalog([("s1", ["😀"], info())], pack: { $0.stickers[0].tags = ["cat", "kitty"] }))
            .allSatisfy { !$0.message.contains("keywords") })
    }

    /// Discord takes descriptions of 2–100 characters or none: a one-character label ("🙂") gives
    /// its place to the title, and the check says so.
    @Test func aLabelTooShortForDiscordGivesWayToTheTitle() {
        let setup = catalog([("smile", ["🙂"], info())], pack: { $0.stickers[0].alt = "🙂" })
        let notes = findings(.discord, setup).filter { $0.code == .convertedForPlatform && $0.file == "my-pack/smile.md" }
        #expect(notes.map(\.message) == ["Discord: the label '🙂' is 1 character; Discord's descriptions are empty or 2–100, so the sticker's title 'Smile' goes as its description"])
        #expect(DiscordRules.description(label: "🙂", title: "Smile").text == "Smile")
        #expect(DiscordRules.description(label: "🙂", title: "S").text == "", "a title too short goes no better")
        #expect(DiscordRules.description(label: nil, title: "Smile") == ("", nil), "no label, no description, nothing to say")
        let long = String(repeating: "word ", count: 40)
        let cut = DiscordRules.description(label: long, title: "Smile")
        #expect(cut.change == nil && cut.text.hasSuffix("…") && PlatformText.length(cut.text) <= 100)
    }

    /// A label over Discord's 100-character description is cut at a word by the export; the check
    /// says so, as it does for WhatsApp's 125 (it was cut silently).
    @Test func aLabelTooLongForDiscordIsAWarning() {
        let long = String(repeating: "orange ", count: 17) + "disc"   // 123 characters
        let setup = catalog([("disc", ["🟠"], info()), ("short", ["🟠"], info())], pack: { $0.stickers[0].alt = long })
        let warnings = findings(.discord, setup).filter { $0.code == .labelTooLongForPlatform }
        #expect(warnings.map(\.file) == ["my-pack/disc.md"] && warnings.first?.severity == .warning)
        #expect(warnings.first?.message.contains("Discord's sticker description is at most 100") == true, "\(warnings.map(\.message))")
    }

    /// A fully transparent sticker is an error on every messenger, as it is for Messages: every
    /// export sent the empty sticker while Stickers.xcstickers left it out.
    @Test func aBlankStickerGoesToNoMessenger() {
        var blank = info()
        blank.hasVisiblePixels = false
        let setup = catalog([("empty", ["🫥"], blank), ("face", ["🙂"], info())])
        for platform in [MessengerPlatform.whatsapp, .telegram, .signal, .discord] {
            let errors = findings(platform, setup).filter { $0.code == .blankImage }
            #expect(errors.map(\.sticker) == ["my-pack/empty.png"] && errors.allSatisfy { $0.severity == .error && $0.platform == platform },
                    "\(platform): \(errors.map(\.message))")
        }
    }

    /// Limits are kept in UTF-16 units and text is cut between characters, never inside one.
    @Test func platformTextCutsWholeCharacters() {
        let family = "👨‍👩‍👧‍👦"
        #expect(PlatformText.length(family) == 11)
        #expect(PlatformText.prefix("ab" + family, within: 12) == "ab")
        #expect(PlatformText.prefix("ab" + family, within: 13) == "ab" + family)
        #expect(PlatformText.cut("one two 🐱🐱🐱", to: 10) == "one two…")
        #expect(PlatformText.cut("short", to: 10) == "short")
    }

    /// WhatsApp's validator refuses a `publisher_website` that is not http(s): a `base_url` site.md's
    /// check leaves out is left out there too.
    @Test func onlyAnHTTPBaseURLBecomesThePublisherWebsite() {
        #expect(WhatsAppRules.publisherWebsite("ftp://example.com/stickers/") == "")
        #expect(WhatsAppRules.publisherWebsite("stickers/") == "")
        #expect(WhatsAppRules.publisherWebsite(nil) == "")
        #expect(WhatsAppRules.publisherWebsite("https://Example.com/stickers") == "https://example.com/stickers/")
    }

    @Test func missingAndExtraEmojiPerPlatform() {
        let setup = catalog([("bare", [], info()), ("many", ["😀", "😂", "🤣", "😍", "abc"], info()), ("ok", ["😀"], info())])
        for platform in [MessengerPlatform.whatsapp, .telegram, .signal, .discord] {
            let missing = findings(platform, setup).filter { $0.code == .emojiMissing }
            #expect(missing.map(\.file) == ["my-pack/bare.md"], "\(platform)")
            #expect(missing.allSatisfy { $0.severity == .error && $0.message.hasPrefix(platform.name + ":") })
        }
        let whatsapp = findings(.whatsapp, setup).filter { $0.code == .tooManyEmoji }
        #expect(whatsapp.count == 1 && whatsapp[0].severity == .note)
        #expect(whatsapp.first?.message.contains("😀 😂 🤣 go with it, 😍 is left out") == true, "\(whatsapp.map(\.message))")
        #expect(findings(.signal, setup).contains { $0.code == .tooManyEmoji && $0.message.contains("one emoji") })
        #expect(!findings(.telegram, setup).contains { $0.code == .tooManyEmoji }, "Telegram takes up to 20")
    }

    /// A sidecar with a YAML error lost its emoji: with it; "add emoji: [😀]" sent the user to
    /// add what was there (the export already said why).
    @Test func aStickerWhoseSidecarCannotBeReadIsNotToldToAddEmoji() {
        let setup = catalog([("scream", [], info())]) { pack in
            pack.stickers[0].sidecarError = Finding(.error, .yamlSyntax, file: "my-pack/scream.md", line: 2, message: "YAML syntax error")
        }
        for platform in [MessengerPlatform.whatsapp, .telegram, .signal, .discord] {
            let missing = findings(platform, setup).filter { $0.code == .emojiMissing }
            #expect(missing.count == 1 && missing[0].line == 2 && missing[0].file == "my-pack/scream.md")
            #expect(missing.first?.message.hasSuffix("its sidecar cannot be read, so neither its emoji nor its label: fix its yaml-syntax error first") == true,
                    "\(missing.map(\.message))")
        }
    }

    @Test func aStickerWithoutASidecarIsToldToGetOne() {
        let setup = catalog([("bare", [], info())]) { pack in pack.stickers[0].sidecar = nil }
        let missing = findings(.discord, setup).filter { $0.code == .emojiMissing }
        #expect(missing.map(\.file) == ["my-pack/bare.png"])
        #expect(missing.first?.message.hasSuffix("create my-pack/bare.md with emoji: [😀] (and alt:)") == true, "not 'add emoji: to the PNG': \(missing.map(\.message))")
    }

    @Test func animationLengthsAndFrameTimes() {
        let setup = catalog([("long", ["🐢"], info(frames: 18, delay: 0.5)),      // 9 s
                             ("fast", ["⚡"], info(frames: 40, delay: 0.02)),     // 0.8 s at 50 fps
                             ("fine", ["😀"], info(frames: 20, delay: 0.1)),      // 2 s at 10 fps
                             ("flash", ["💥"], info(frames: 40, delay: 0.005))])  // 5 ms frames: played at 0.1 s each, 4 s
        let whatsapp = findings(.whatsapp, setup)
        #expect(!whatsapp.contains { $0.code == .animationTooLong }, "WhatsApp plays 10 s")
        #expect(!whatsapp.contains { $0.code == .animationFrameTooShort }, "5 ms frames play at 0.1 s, over WhatsApp's 8 ms")
        let telegram = findings(.telegram, setup)
        #expect(telegram.filter { $0.code == .animationTooLong }.map(\.sticker) == ["my-pack/long.png", "my-pack/flash.png"],
                "the flash lasts 4 s as browsers and the export play it")
        #expect(telegram.first { $0.code == .animationTooLong }?.message.contains("9 s; Telegram plays at most 3 s") == true)
        #expect(telegram.filter { $0.code == .animationFrameTooShort }.map(\.sticker) == ["my-pack/fast.png"], "over 30 fps")
        // A burst of 20 ms frames in a slow animation (2 fps on average): the video drops some of them.
        var burst = info(frames: 11)
        burst.frameDelays = Array(repeating: 0.02, count: 10) + [2.3]
        let bursting = findings(.telegram, catalog([("burst", ["⚡"], burst)])).filter { $0.code == .animationFrameTooShort }
        // Ten frames are short; the video drops some of them (the count was the dropped frames', said as the short ones').
        #expect(bursting.count == 1 && bursting.first?.message.contains("10 of 11 frames are shorter than a video frame at 30 fps") == true,
                "\(bursting.map(\.message))")
        let dropped = AnimationTiming.framesDroppedInVideo(delays: burst.frameDelays, maximum: 30).dropped
        #expect(dropped > 0 && dropped < 10 && bursting.first?.message.contains("so the video drops \(dropped) frames") == true, "\(bursting.map(\.message))")
        #expect(findings(.discord, setup).filter { $0.code == .animationTooLong }.map(\.sticker) == ["my-pack/long.png"], "the flash's 4 s are under 5")
        #expect(!findings(.signal, setup).contains { $0.code == .animationTooLong })
    }

    /// Telegram, Signal and Discord loop every animation: the export's report.md named a sticker
    /// made to play once as changed, and the check said nothing of it.
    @Test func anAnimationThatPlaysASetNumberOfTimesIsSaidToLoop() {
        var once = info(frames: 8), thrice = info(frames: 8), forever = info(frames: 8)
        once.loopCount = nil
        thrice.loopCount = 3
        forever.loopCount = 0
        let setup = catalog([("once", ["👋"], once), ("thrice", ["👋"], thrice), ("forever", ["👋"], forever)])
        for platform in [MessengerPlatform.telegram, .signal, .discord] {
            let looped = findings(platform, setup).filter { $0.code == .convertedForPlatform && $0.message.contains("loops every animated sticker") }
            #expect(looped.map(\.sticker) == ["my-pack/once.png", "my-pack/thrice.png"], "\(platform)")
            #expect(looped.first?.message.contains("plays once in the original") == true && looped.last?.message.contains("plays 3 times") == true)
        }
        #expect(!findings(.whatsapp, setup).contains { $0.message.contains("loops every animated sticker") }, "WebP keeps the loop count")
    }

    @Test func whatsAppPackSizesAndMixing() {
        let small = catalog([("a", ["😀"], info()), ("b", ["😀"], info()), ("c", ["😀"], info(frames: 4))])
        let found = findings(.whatsapp, small)
        #expect(found.contains { $0.code == .mixedAnimation && $0.severity == .note })
        #expect(found.filter { $0.code == .packTooSmall }.count == 2, "2 still and 1 animated: both kinds too few")
        let large = catalog((1...35).map { ("s\($0)", ["😀"], info()) })
        let split = findings(.whatsapp, large).filter { $0.code == .packTooLarge }
        #expect(split.count == 1 && split[0].message.contains("makes 2 packs"))
        #expect(!findings(.whatsapp, large).contains { $0.code == .packTooSmall })
    }

    /// Two packs of one name on a messenger (one pack.md copied to make another) passed `peel
    /// check`, and `peel export` then refused the second: the check finds it, on the second
    /// pack's key, whatever the case; split packs' names and the export's own files count too.
    @Test func aNameAnotherPackHasIsAnErrorOfTheCheck() {
        func two(_ first: (inout Pack) -> Void, _ second: (inout Pack) -> Void, count: Int = 3, animated: Int = 0) -> (Catalog, [String: StickerAssets]) {
            var (made, assets) = catalog((1...count).map { ("s\($0)", ["😀"], info(frames: $0 <= animated ? 4 : 1)) })
            var other = made.packs[0]
            other.slug = "other"; other.folder = "other"; other.manifest = "other/pack.md"
            other.stickers = other.stickers.map { sticker in
                var moved = sticker
                moved.source = "other/" + sticker.source.split(separator: "/").last!
                assets[moved.source] = assets[sticker.source]
                return moved
            }
            first(&made.packs[0]); second(&other)
            made.packs.append(other)
            return (made, assets)
        }
        let clashes = { (setup: (Catalog, [String: StickerAssets]), platform: MessengerPlatform) in
            findings(platform, setup).filter { $0.code == .packRefused }
        }
        let same = two({ $0.identifier = "animals"; $0.identifierLine = 4 }, { $0.identifier = "Animals"; $0.identifierLine = 5 })
        let found = clashes(same, .whatsapp)
        #expect(found.map(\.file) == ["other/pack.md"] && found.first?.line == 5 && found.first?.severity == .error, "\(found)")
        #expect(found.first?.platform == .whatsapp)
        #expect(found.first?.message.contains("WhatsApp: its name 'Animals' is also the pack my-pack's") == true, "\(found.map(\.message))")
        #expect(clashes(same, .signal).isEmpty, "Signal names packs by their slugs, which differ")

        let telegram = two({ $0.telegramName = "pets" }, { $0.telegramName = "pets"; $0.telegramNameLine = 3 })
        #expect(clashes(telegram, .telegram).map(\.line) == [3])
        #expect(clashes(two({ $0.identifier = "a" }, { $0.identifier = "b" }), .whatsapp).isEmpty)
        #expect(clashes(two({ $0.identifier = "report.md" }, { _ in }), .whatsapp).first?.message.contains("is the name of a file the export writes") == true)
        // 31 stills go as two packs, `x_1` and `x_2`: another pack called `x_2` takes a name of them.
        let split = two({ $0.identifier = "x" }, { $0.identifier = "x_2"; $0.stickers = Array($0.stickers.prefix(3)) }, count: 31)
        #expect(clashes(split, .whatsapp).map(\.file) == ["other/pack.md"])
        #expect(PlatformNameClashes.plannedNames(of: split.0.packs[0], site: split.0.site, assets: split.1, platform: .whatsapp) == ["x_1", "x_2"])
        let mixed = two({ $0.identifier = "x" }, { _ in }, count: 34, animated: 3)
        #expect(PlatformNameClashes.plannedNames(of: mixed.0.packs[0], site: mixed.0.site, assets: mixed.1, platform: .whatsapp)
                    == ["x_1", "x_2", "x_animated"])
    }

    @Test func telegramSetNames() {
        #expect(TelegramRules.problem(withSetName: "cats_by_peel_bot", bot: "peel_bot") == nil)
        #expect(TelegramRules.problem(withSetName: "1cats_by_peel_bot", bot: "peel_bot") != nil)
        #expect(TelegramRules.problem(withSetName: "ca__ts_by_peel_bot", bot: "peel_bot") != nil)
        #expect(TelegramRules.problem(withSetName: "chats-é_by_peel_bot", bot: "peel_bot") != nil)
        #expect(TelegramRules.problem(withSetName: String(repeating: "a", count: 60) + "_by_peel_bot", bot: "peel_bot") != nil)
        #expect(TelegramRules.nameStem(fromSlug: "my-pack") == "my_pack")
        #expect(TelegramRules.nameStem(fromSlug: "2024--best") == "pack_2024_best")
        let invalid = catalog([("a", ["😀"], info())], pack: { $0.telegramName = "bad__name"; $0.telegramNameLine = 4 })
        let found = findings(.telegram, invalid).filter { $0.code == .setNameInvalid }
        #expect(found.count == 1 && found[0].line == 4 && found[0].file == "my-pack/pack.md")
        // A long folder name is shortened by the export, so it is not an error; a long telegram_name: is.
        let longFolder = catalog([("a", ["😀"], info())], pack: { $0.slug = String(repeating: "cats-and-dogs-", count: 6) + "forever" })
        #expect(findings(.telegram, longFolder).filter { $0.code == .setNameInvalid }.isEmpty)
        let planned = PlatformNameClashes.plannedNames(of: longFolder.0.packs[0], site: longFolder.0.site, assets: longFolder.1, platform: .telegram)
        #expect(planned.count == 1 && planned[0].count <= TelegramRules.maxNameLength && TelegramRules.problem(withSetName: planned[0], bot: "peel_bot") == nil, "\(planned)")
        let longName = catalog([("a", ["😀"], info())], pack: { $0.telegramName = String(repeating: "cats_", count: 12) + "x"; $0.telegramNameLine = 5 })
        #expect(findings(.telegram, longName).filter { $0.code == .setNameInvalid }.map(\.line) == [5])
        let noBot = catalog([("a", ["😀"], info())], site: { $0.telegramBot = nil })
        let missingBot = findings(.telegram, noBot).filter { $0.code == .setNameInvalid }
        #expect(missingBot.count == 1 && missingBot[0].file == "site.md" && missingBot[0].message.contains("telegram_bot"), "said once, for the site")
        // A telegram_bot: that is no bot's username is site.md's, not every pack's set name's.
        let badBot = catalog([("a", ["😀"], info())], site: { $0.telegramBot = "my-bot" })
        let blamed = findings(.telegram, badBot).filter { $0.code == .setNameInvalid }
        #expect(blamed.map(\.file) == ["site.md"], "\(blamed)")
        #expect(blamed.first?.message.hasPrefix("Telegram: site.md's telegram_bot 'my-bot' is not a bot's username: it holds characters other than") == true)
        #expect(TelegramRules.problem(withBotUsername: "peel_tests_bot") == nil && TelegramRules.problem(withBotUsername: "nightbot") == nil)
        #expect(TelegramRules.problem(withBotUsername: "stickers")?.contains("does not end in 'bot'") == true)
    }

    @Test func whatsAppIdentifiersAndLabels() {
        #expect(WhatsAppRules.isValidIdentifier("my.pack_1 - Bobs"))
        #expect(!WhatsAppRules.isValidIdentifier("Bob's pack") && !WhatsAppRules.isValidIdentifier("cats, dogs"), "iOS's sample app refuses , and '")
        #expect(!WhatsAppRules.isValidIdentifier("my..pack"))
        #expect(!WhatsAppRules.isValidIdentifier("pack/1"))
        #expect(!WhatsAppRules.isValidIdentifier("émoji"))
        let setup = catalog([("a", ["😀"], info()), ("b", ["😀"], info()), ("c", ["😀"], info())],
                            pack: { $0.identifier = "bad/id"; $0.stickers[0].alt = String(repeating: "word ", count: 30) })
        let found = findings(.whatsapp, setup)
        #expect(found.contains { $0.code == .identifierInvalid && $0.severity == .error })
        #expect(found.filter { $0.code == .labelTooLongForPlatform }.map(\.sticker) == ["my-pack/a.png"])
    }

    /// A Discord server holds 5 stickers, 15, 30 or 60 at Boost levels 1–3: a larger pack was
    /// Ready with no word, and its stickers.json could not go to any server whole.
    @Test func discordSaysWhichServerHoldsThePack() {
        #expect(findings(.discord, catalog((1...5).map { ("s\($0)", ["😀"], info(side: 320)) })).filter { $0.code == .packTooLarge }.isEmpty)
        let sixteen = findings(.discord, catalog((1...16).map { ("s\($0)", ["😀"], info(side: 320)) })).filter { $0.code == .packTooLarge }
        #expect(sixteen.map(\.severity) == [.note])
        #expect(sixteen.first?.message == "Discord: the pack has 16 stickers; a server holds 5, and 15, 30, 60 at Boost levels 1–3, so it needs one at Boost level 2 or more")
        let large = findings(.discord, catalog((1...61).map { ("s\($0)", ["😀"], info(side: 320)) })).filter { $0.code == .packTooLarge }
        #expect(large.map(\.severity) == [.warning])
        #expect(large.first?.message.contains("holds at most 60 (at Boost level 3)") == true)
    }
}
