import Foundation

/// Readiness for another messenger (`peel check --platform`): every sticker and pack rule of the
/// platform, from what Peel already knows of each sticker (its image's facts, its label and emoji),
/// without encoding anything. An error is something the platform refuses and no export can fix
/// without the artist (an animation too long, no emoji, too few stickers); a note says what the
/// export will change to fit (a pack split, frames merged, emoji left out, the art re-encoded).
/// Each message starts with the platform's name. iMessage's rules are `peel check`'s own.
public enum PlatformChecks {
    public static func findings(for catalog: Catalog, assets: [String: StickerAssets], platforms: [MessengerPlatform]) -> [Finding] {
        var findings: [Finding] = []
        for platform in platforms where platform != .imessage {
            if platform == .telegram, let finding = Self.telegramBotProblem(catalog.site), catalog.packs.contains(where: { !$0.stickers.isEmpty }) {
                findings.append(finding)
            }
            for pack in catalog.packs where !pack.stickers.isEmpty {
                findings += check(pack, site: catalog.site, assets: assets, platform: platform)
            }
            findings += PlatformNameClashes.findings(in: catalog, assets: assets, platform: platform)
        }
        return findings
    }

    /// `platform`'s findings about one pack, with those about the whole site that block it too
    /// (Telegram without `telegram_bot:`).
    static func findings(for pack: Pack, site: SiteInfo, assets: [String: StickerAssets], platform: MessengerPlatform) -> [Finding] {
        guard platform != .imessage, !pack.stickers.isEmpty else { return [] }
        var found = check(pack, site: site, assets: assets, platform: platform)
        if platform == .telegram, let finding = Self.telegramBotProblem(site) {
            found.insert(finding, at: 0)
        }
        return found
    }

    /// site.md without `telegram_bot:`, which every Telegram set name needs, or with one that is no
    /// bot's username (each pack's set name was blamed for it, with advice that could not fix it).
    private static func telegramBotProblem(_ site: SiteInfo) -> Finding? {
        let message: String
        if let bot = site.telegramBot {
            guard let problem = TelegramRules.problem(withBotUsername: bot) else { return nil }
            message = "Telegram: site.md's telegram_bot '\(bot)' is not a bot's username: \(problem); write the username BotFather gave the bot (such as my_stickers_bot)"
        } else {
            message = "Telegram: site.md has no telegram_bot:, and every Telegram set name ends in _by_ and the username of the bot that creates it; add telegram_bot: to site.md"
        }
        var finding = Finding(.error, .setNameInvalid, file: "site.md", message: message)
        finding.platform = .telegram
        return finding
    }

    private static func check(_ pack: Pack, site: SiteInfo, assets: [String: StickerAssets], platform: MessengerPlatform) -> [Finding] {
        var findings: [Finding] = []
        let name = platform.name
        let packFile = pack.manifest ?? pack.folder
        func packFinding(_ severity: Severity, _ code: FindingCode, line: Int? = nil, _ message: String) {
            findings.append(Finding(severity, code, file: packFile, line: line, message: "\(name): \(message)"))
        }
        // Stickers whose image was read. The others have an error of their own, and the export
        // refuses them (and so the pack, unless --skip-invalid): the readiness must say so too.
        let readable = pack.stickers.compactMap { sticker in assets[sticker.source]?.info.map { (sticker, $0) } }
        for sticker in pack.stickers where assets[sticker.source]?.info == nil && sticker.composition == nil {
            findings.append(Finding(.error, .unreadableFile, file: sticker.source,
                                    message: "\(name): the image cannot be read (its own error says why), so the export cannot take it",
                                    sticker: sticker.source))
        }
        var converted = 0

        for (sticker, info) in readable {
            // A composed sticker's findings are on pack.md, one per combination: each names its sticker
            // (12 "too-many-emoji" lines on sundaes/pack.md could be told apart only in the JSON).
            let composed = sticker.composition != nil ? "composed sticker '\(sticker.slug)': " : ""
            func stickerFinding(_ severity: Severity, _ code: FindingCode, line: Int? = nil, file: String? = nil, _ message: String) {
                findings.append(Finding(severity, code, file: file ?? sticker.source, line: line, message: "\(name): \(composed)\(message)", sticker: sticker.source))
            }
            let sidecar = sticker.sidecar ?? sticker.source
            let emoji = EmojiChecks.valid(sticker)
            let range: ClosedRange<Int>
            switch platform {
            case .whatsapp: range = WhatsAppRules.emoji
            case .telegram: range = TelegramRules.emoji
            case .signal: range = SignalRules.emoji
            case .discord, .imessage: range = 1...Int.max
            }
            if let error = sticker.sidecarError {
                // Its emoji: are in the file it cannot read ("add emoji: [😀]" sent the user to add
                // what was there); the export says the same.
                stickerFinding(.error, .emojiMissing, line: error.line, file: sidecar,
                               "its sidecar cannot be read, so neither its emoji nor its label: fix its \(error.code.rawValue) error first")
            } else if emoji.isEmpty {
                stickerFinding(.error, .emojiMissing, line: sticker.emojiLine, file: sidecar,
                               "the sticker has no emoji, and \(name) needs \(range.lowerBound == range.upperBound ? "one" : "at least one") to publish it; "
                                   + (sticker.sidecar == nil ? "create \(sticker.sidecarOrNew) with emoji: [😀] (and alt:)" : "add emoji: [😀] to \(sidecar)"))
            } else if emoji.count > range.upperBound {
                let kept = emoji.prefix(range.upperBound).joined(separator: " ")
                let left = emoji.dropFirst(range.upperBound).joined(separator: " ")
                stickerFinding(.note, .tooManyEmoji, line: sticker.emojiLine, file: sidecar,
                               "\(name) takes \(range.upperBound == 1 ? "one emoji" : "\(range.upperBound) emoji") a sticker: \(kept) go\(range.upperBound == 1 ? "es" : "") with it, \(left) \(emoji.count - range.upperBound == 1 ? "is" : "are") left out")
            }
            // Art that shows nothing goes to no messenger either: Messages' `blank-image` error kept
            // it out of Stickers.xcstickers while every other export sent the empty sticker.
            if info.hasVisiblePixels == false {
                stickerFinding(.error, .blankImage, "every pixel is fully transparent, so \(name) would show an empty sticker; export the art again")
            }
            if platform == .telegram {
                let kept = TelegramRules.keywords(from: sticker.tags)
                if kept.count < sticker.tags.count {
                    let left = sticker.tags.filter { !kept.contains($0) }
                    stickerFinding(.note, .convertedForPlatform, file: sidecar,
                                   "Telegram takes \(TelegramRules.maxKeywords) keywords a sticker, \(TelegramRules.maxKeywordsLength) characters in all (UTF-16 units): the tags \(left.joined(separator: ", ")) are left out of its keywords")
                }
            }
            if platform == .discord {
                let tags = DiscordRules.tags(from: emoji)
                if tags.leftOut > 0 {
                    let all = PlatformText.length(emoji.joined(separator: ","))
                    stickerFinding(.note, .tooManyEmoji, line: sticker.emojiLine, file: sidecar,
                                   "the sticker's tags (its emoji, joined by commas) are \(plural(all, "character")) as Discord counts them (UTF-16 units); Discord takes \(DiscordRules.maxTagsLength), so the last \(tags.leftOut) emoji \(tags.leftOut == 1 ? "is" : "are") left out")
                }
                if !PlatformText.fits(sticker.title, DiscordRules.nameLength) {
                    stickerFinding(.error, .nameTooLong, line: sticker.titleLine, file: sidecar,
                                   "the sticker's name '\(sticker.title)' is \(PlatformText.describedLength(sticker.title, platform: .discord)); Discord's are \(DiscordRules.nameLength.lowerBound)–\(DiscordRules.nameLength.upperBound) (set title: in \(sidecar))")
                }
                if let change = DiscordRules.description(label: sticker.alt, title: sticker.title).change {
                    stickerFinding(.note, .convertedForPlatform, line: sticker.altLine, file: sidecar, change)
                }
            }
            if info.isAnimated {
                // As the export plays them: frames of 10 ms or less last 0.1 s (AnimationTiming.asPlayed).
                let delays = info.playedFrameDelays, seconds = info.duration
                let limit: Double? = switch platform {
                case .whatsapp: WhatsAppRules.maxAnimationSeconds
                case .telegram: TelegramRules.maxVideoSeconds
                case .discord: DiscordRules.maxAnimationSeconds
                case .signal, .imessage: nil
                }
                // Telegram's videos and Signal's and Discord's APNGs always loop
                // (`MessengerStickerConverter.convert`); report.md listed the change, the check did not.
                let loops = info.loopCount ?? 1
                if [.telegram, .signal, .discord].contains(platform), loops != 0 {
                    stickerFinding(.note, .convertedForPlatform,
                                   "the animation plays \(loops == 1 ? "once" : "\(loops) times") in the original; \(name) loops every animated sticker, so the export makes it loop")
                }
                if let limit, seconds > limit + 0.0005 {
                    stickerFinding(.error, .animationTooLong,
                                   "the animation lasts \(number(seconds)) s; \(name) plays at most \(number(limit)) s. Peel never speeds it up or cuts it without being told: shorten it, or leave the sticker out of \(name)")
                }
                // WhatsApp: "The first frame should show the whole sticker" (docs/messengers.md,
                // from WhatsApp/stickers' READMEs). Its poster is another frame when the first
                // shows less than a quarter of the fullest (`PosterFrame`).
                if platform == .whatsapp, let poster = info.posterFrame, poster > 0 {
                    stickerFinding(.warning, .animationStartsEmpty,
                                   "the first frame shows less than a quarter of what frame \(poster + 1) of \(info.frameCount) shows; WhatsApp asks that an animated sticker's first frame show the whole sticker, so start on a frame that does")
                }
                if platform == .whatsapp {
                    let short = delays.filter { $0 * 1000 < Double(WhatsAppRules.minFrameMilliseconds) - 0.0005 }.count
                    if short > 0 {
                        stickerFinding(.note, .animationFrameTooShort,
                                       "\(short) of \(info.frameCount) frames last under \(WhatsAppRules.minFrameMilliseconds) ms, which WhatsApp refuses; the export merges each with the next, keeping the \(number(seconds)) s")
                    }
                }
                // What the export's video drops (`AnimationTiming.sampled`), not the average rate: a
                // burst of 20 ms frames in a slow animation loses frames at 2 frames a second on average.
                if platform == .telegram, seconds > 0,
                   case let video = AnimationTiming.framesDroppedInVideo(delays: delays, maximum: Int(TelegramRules.maxVideoFramesPerSecond)),
                   video.dropped > 0 {
                    // Said apart: ten frames of 20 ms are all short, and the video drops four of them.
                    let short = max(1, delays.filter { $0 < 1 / Double(video.framesPerSecond) - 0.0000005 }.count)
                    stickerFinding(.note, .animationFrameTooShort,
                                   "\(short) of \(delays.count) frames \(short == 1 ? "is" : "are") shorter than a video frame at \(video.framesPerSecond) fps; Telegram video stickers run at \(Int(TelegramRules.maxVideoFramesPerSecond)) fps at most, so the video drops \(video.dropped) \(video.dropped == 1 ? "frame" : "frames"), keeping the \(number(seconds)) s")
                }
            }
            if platform == .whatsapp, let label = sticker.alt {
                let limit = info.isAnimated ? WhatsAppRules.animatedLabelLength : WhatsAppRules.staticLabelLength
                if PlatformText.length(label) > limit {
                    stickerFinding(.warning, .labelTooLongForPlatform, line: sticker.altLine, file: sidecar,
                                   "the label is \(PlatformText.describedLength(label, platform: .whatsapp)); WhatsApp's accessibility text of \(info.isAnimated ? "an animated" : "a still") sticker is at most \(limit), so the export cuts it at a word")
                }
            }
            // Discord's description is the label, cut at a word past its limit (`DiscordRules.description`).
            if platform == .discord, let label = sticker.alt, PlatformText.length(label) > DiscordRules.descriptionLength.upperBound {
                stickerFinding(.warning, .labelTooLongForPlatform, line: sticker.altLine, file: sidecar,
                               "the label is \(PlatformText.describedLength(label, platform: .discord)); Discord's sticker description is at most \(DiscordRules.descriptionLength.upperBound), so the export cuts it at a word")
            }
            if needsConversion(info, for: platform) { converted += 1 }
        }

        // Pack rules.
        let animated = readable.filter { $0.1.isAnimated }.count
        let still = readable.count - animated
        switch platform {
        case .whatsapp:
            if animated > 0 && still > 0 {
                packFinding(.note, .mixedAnimation, "the pack has \(still) still and \(animated) animated stickers; WhatsApp keeps them in separate packs, so the export makes one of each")
            }
            for (kind, count) in [("still", still), ("animated", animated)] where count > 0 {
                if count < WhatsAppRules.stickersPerPack.lowerBound {
                    packFinding(.error, .packTooSmall, "the pack has \(count) \(kind) sticker\(count == 1 ? "" : "s"); WhatsApp packs hold \(WhatsAppRules.stickersPerPack.lowerBound)–\(WhatsAppRules.stickersPerPack.upperBound), so add \(WhatsAppRules.stickersPerPack.lowerBound - count) or leave them out")
                } else if count > WhatsAppRules.stickersPerPack.upperBound {
                    let parts = (count + WhatsAppRules.stickersPerPack.upperBound - 1) / WhatsAppRules.stickersPerPack.upperBound
                    packFinding(.note, .packTooLarge, "the pack has \(count) \(kind) stickers; WhatsApp packs hold at most \(WhatsAppRules.stickersPerPack.upperBound), so the export makes \(parts) packs")
                }
            }
            let publisher = pack.publisher ?? pack.author ?? site.title
            if PlatformText.length(publisher) > WhatsAppRules.maxTextLength {
                packFinding(.error, .nameTooLong, line: pack.publisherLine, "the publisher is \(PlatformText.describedLength(publisher, platform: .whatsapp)); WhatsApp's is at most \(WhatsAppRules.maxTextLength) (set publisher:)")
            }
            if PlatformText.length(pack.title) > WhatsAppRules.maxTextLength {
                packFinding(.error, .nameTooLong, line: pack.titleLine,
                            "the pack's name is \(PlatformText.describedLength(pack.title, platform: .whatsapp)); WhatsApp's is at most \(WhatsAppRules.maxTextLength) (shorten title:)")
            }
            if let identifier = pack.identifier, !WhatsAppRules.isValidIdentifier(identifier) {
                packFinding(.error, .identifierInvalid, line: pack.identifierLine,
                            "identifier '\(identifier)' is not one WhatsApp takes: at most \(WhatsAppRules.maxTextLength) of A–Z, a–z, 0–9, _ - . and space, without '..'")
            }
        case .telegram:
            if readable.count > TelegramRules.maxStickersPerSet {
                let parts = (readable.count + TelegramRules.maxStickersPerSet - 1) / TelegramRules.maxStickersPerSet
                packFinding(.note, .packTooLarge, "the pack has \(readable.count) stickers; a Telegram set holds at most \(TelegramRules.maxStickersPerSet), so the export makes \(parts) sets")
            }
            if PlatformText.length(pack.title) > TelegramRules.maxTitleLength {
                packFinding(.error, .nameTooLong, line: pack.titleLine,
                            "the pack's title is \(PlatformText.describedLength(pack.title, platform: .telegram)); a Telegram set's is at most \(TelegramRules.maxTitleLength) (shorten title:)")
            }
            // A bad telegram_bot: is site.md's finding (on its line), not every pack's set name.
            if let bot = site.telegramBot, TelegramRules.problem(withBotUsername: bot) == nil {
                // A name made from the folder is shortened as the export shortens it (to 64 with its
                // `_by_` tail); a telegram_name: is the user's, checked as typed.
                let setName = pack.telegramName.map { "\($0)_by_\(bot)" }
                    ?? MessengerLayout.telegramSetName(TelegramRules.nameStem(fromSlug: pack.slug), part: nil, bot: bot)
                if let problem = TelegramRules.problem(withSetName: setName, bot: bot) {
                    packFinding(.error, .setNameInvalid, line: pack.telegramNameLine,
                                "the set name '\(setName)' is not one Telegram takes: \(problem) (letters, digits and single underscores, a letter first, at most \(TelegramRules.maxNameLength) characters; set telegram_name:)")
                }
            }
        case .signal:
            if readable.count > SignalRules.stickersPerPack.upperBound {
                let parts = (readable.count + SignalRules.stickersPerPack.upperBound - 1) / SignalRules.stickersPerPack.upperBound
                packFinding(.note, .packTooLarge, "the pack has \(readable.count) stickers; a Signal pack holds at most \(SignalRules.stickersPerPack.upperBound), so the export makes \(parts) packs")
            }
        case .discord:
            // A server, not a pack: its sticker slots hold the pack or they do not, and the export
            // writes one stickers.json for all of it.
            let slots = DiscordRules.serverSlots
            if readable.count > slots.last! {
                packFinding(.warning, .packTooLarge, "the pack has \(readable.count) stickers; a server holds at most \(slots.last!) (at Boost level 3), so upload it to more than one server or make smaller packs")
            } else if readable.count > slots[0], let level = slots.firstIndex(where: { $0 >= readable.count }) {
                packFinding(.note, .packTooLarge, "the pack has \(readable.count) stickers; a server holds \(slots[0]), and \(slots[1...].map(String.init).joined(separator: ", ")) at Boost levels 1–3, so it needs one at Boost level \(level) or more")
            }
        case .imessage:
            break
        }
        if converted > 0 {
            packFinding(.note, .convertedForPlatform, "the export makes \(converted) of \(readable.count) sticker\(readable.count == 1 ? "" : "s") \(conversion(for: platform))")
        }
        // Each one is this messenger's (`Finding.platform`): it keeps a sticker out of this
        // messenger's download only.
        return findings.map { finding in
            var finding = finding
            finding.platform = platform
            return finding
        }
    }

    /// Whether the export must re-encode or resize the art for `platform`.
    private static func needsConversion(_ info: ImageInfo, for platform: MessengerPlatform) -> Bool {
        switch platform {
        case .whatsapp: return info.format != .webp || info.width != WhatsAppRules.canvas || info.height != WhatsAppRules.canvas
        case .telegram: return info.isAnimated || max(info.width, info.height) != TelegramRules.side || ![.png, .webp].contains(info.format)
        case .signal: return info.width != SignalRules.side || info.height != SignalRules.side || ![.png, .apng].contains(info.format)
        case .discord: return info.width != DiscordRules.side || info.height != DiscordRules.side || ![.png, .apng, .gif].contains(info.format)
        case .imessage: return false
        }
    }

    private static func conversion(for platform: MessengerPlatform) -> String {
        switch platform {
        case .whatsapp: "512 × 512 px WebP (animated WebP for animations), scaled and padded to the square canvas"
        case .telegram: "512 px on their longer side, as PNG (stills) or VP9 WEBM video stickers (animations)"
        case .signal: "512 × 512 px PNG or APNG (animations looping forever), padded to the square canvas"
        case .discord: "320 × 320 px PNG or APNG"
        case .imessage: ""
        }
    }

    /// "3", "2.48": whole numbers bare, others to two decimals (seconds, frames per second).
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return String(format: rounded.rounded() == rounded ? "%.0f" : "%.2f", rounded)
    }
}

extension Review {
    /// The review a build reports and publishes (its summary, exit status, catalog.json, the
    /// review page and the sticker pages): the review's findings and the errors and notes of the
    /// messengers site.md publishes to, as `peel check` reports them. `peel build` said 0 errors
    /// and exited 0 while `peel check` failed and the pack page said Blocked; the review page
    /// then still said 0 errors.
    var reported: Review {
        checked(for: catalog.site.platforms)
    }

    /// `reported`'s findings.
    var reportedFindings: [Finding] {
        reported.findings
    }

    /// The same review with every rule of `platforms` run too (`peel check --platform`); a
    /// messenger whose rules ran already is not run again.
    public func checked(for platforms: [MessengerPlatform]) -> Review {
        let new = platforms.filter { $0 != .imessage && !checkedPlatforms.contains($0) }
        let offMessages = Self.isOffMessages(site: catalog.site, platforms: platforms) && findings.contains(where: Self.isMessagesOnly)
        guard !new.isEmpty || offMessages else { return self }
        let extra = PlatformChecks.findings(for: catalog, assets: assets, platforms: new)
        var all = extra.isEmpty ? findings : Checker.applyIgnores(findings + extra, catalog: catalog).sorted()
        if offMessages { all = all.map(Self.silencedOffMessages) }
        return Review(catalog: catalog.readableCovers(assets), assets: assets,
                      findings: all,
                      artFacts: artFacts, loadFindings: loadFindings, iconFindings: iconFindings, checks: checks,
                      checkedPlatforms: checkedPlatforms.union(new))
    }

    /// True when neither site.md's `platforms:` nor the platforms asked for (`--platform`) name
    /// Messages: a catalog made for WhatsApp or Telegram alone.
    static func isOffMessages(site: SiteInfo, platforms: [MessengerPlatform]) -> Bool {
        !site.platforms.contains(.imessage) && !platforms.contains(.imessage)
    }

    /// Rules only Messages has, of a sticker's file and label: 300–618 px a side, under 500,000
    /// bytes, a label of at most 150 characters (MSSticker's `localizedDescription`). The other
    /// messengers scale the art and have limits of their own (`PlatformChecks`).
    static func isMessagesOnly(_ finding: Finding) -> Bool {
        finding.platform == nil && finding.sticker != nil && !finding.suppressed
            && [.sizeOutOfRange, .fileTooLarge, .labelTooLong].contains(finding.code)
    }

    /// `finding` silenced when it is one of Messages' own rules in a catalog that does not go to
    /// Messages: still listed, not counted, and Stickers.xcstickers still leaves the sticker out
    /// (`Finding.isRejectedByApple`). A WhatsApp-only catalog of 200 px art failed every check and
    /// build on Messages' 300 px minimum while its packs were ready for WhatsApp.
    static func silencedOffMessages(_ finding: Finding) -> Finding {
        guard isMessagesOnly(finding) else { return finding }
        var finding = finding
        finding.suppressed = true
        finding.message += " (Messages is not among site.md's platforms:, so this is not counted; Stickers.xcstickers leaves it out)"
        return finding
    }
}
