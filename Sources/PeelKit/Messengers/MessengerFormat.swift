/// What one messenger's export writes for a sticker: the canvas, the encoding of stills and of
/// animations, the byte budget of each, and the timing rules. The numbers are the platform's own
/// (the `…Rules` enums cite where each comes from); where a platform says "KB" without saying
/// which, the budget is the smaller reading (1 KB = 1,000 bytes), so a file fits either way.
struct MessengerFormat: Sendable {
    enum Encoding: Sendable, Equatable {
        case webp, png, webm

        var fileExtension: String {
            switch self {
            case .webp: "webp"
            case .png: "png"
            case .webm: "webm"
            }
        }
    }

    var platform: MessengerPlatform
    var canvas: MessengerCanvas
    var still: Encoding
    var animated: Encoding
    var stillBytes: Int
    var animatedBytes: Int
    /// Frames shown for less than this are merged into the next (WhatsApp refuses them).
    var minimumFrameSeconds: Double?
    /// Animations show at most this many frames a second (Telegram's video stickers).
    var maximumFramesPerSecond: Int?
    /// Animations last at most this long.
    var maximumSeconds: Double?

    static func of(_ platform: MessengerPlatform) -> MessengerFormat? {
        switch platform {
        case .whatsapp:
            // 512 × 512 WebP, still ≤ 100 KB and animated ≤ 500 KB; sticker-convert's WhatsApp preset
            // reads them as 100,000 and 500,000 bytes, which is also under the validator's KiB.
            MessengerFormat(platform: .whatsapp, canvas: MessengerCanvas(side: WhatsAppRules.canvas, shape: .square),
                            still: .webp, animated: .webp,
                            stillBytes: min(WhatsAppRules.staticBytes, 100_000), animatedBytes: WhatsAppRules.animatedBytes,
                            minimumFrameSeconds: Double(WhatsAppRules.minFrameMilliseconds) / 1000,
                            maximumFramesPerSecond: nil, maximumSeconds: WhatsAppRules.maxAnimationSeconds)
        case .telegram:
            // PNG stills with one side 512 px (≤ 512 KB); animations as VP9 WEBM video stickers
            // (≤ 256 KB, ≤ 30 fps, ≤ 3 s), both sides even for 4:2:0 video.
            MessengerFormat(platform: .telegram, canvas: MessengerCanvas(side: TelegramRules.side, shape: .longerSide(evenSides: true)),
                            still: .png, animated: .webm,
                            stillBytes: min(TelegramRules.maxStaticBytes, 512_000), animatedBytes: min(TelegramRules.maxVideoBytes, 256_000),
                            minimumFrameSeconds: nil, maximumFramesPerSecond: Int(TelegramRules.maxVideoFramesPerSecond),
                            maximumSeconds: TelegramRules.maxVideoSeconds)
        case .signal:
            // 512 × 512 PNG or APNG (looping forever), ≤ 300 KiB.
            MessengerFormat(platform: .signal, canvas: MessengerCanvas(side: SignalRules.side, shape: .square),
                            still: .png, animated: .png, stillBytes: SignalRules.maxBytes, animatedBytes: SignalRules.maxBytes,
                            minimumFrameSeconds: nil, maximumFramesPerSecond: nil, maximumSeconds: nil)
        case .discord:
            // 320 × 320 PNG or APNG, ≤ 512 KiB, animations ≤ 5 s.
            MessengerFormat(platform: .discord, canvas: MessengerCanvas(side: DiscordRules.side, shape: .square),
                            still: .png, animated: .png, stillBytes: DiscordRules.maxBytes, animatedBytes: DiscordRules.maxBytes,
                            minimumFrameSeconds: nil, maximumFramesPerSecond: nil, maximumSeconds: DiscordRules.maxAnimationSeconds)
        case .imessage:
            nil
        }
    }
}
