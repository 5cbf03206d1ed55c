/// WhatsApp's rules for third-party sticker packs, as its own validator enforces them:
/// WhatsApp/stickers @ 26439528583bb23ac22f90f8be3279cbac1fab33,
/// Android/app/src/main/java/com/example/samplestickerapp/StickerPackValidator.java (constants at
/// the top of the class; `KB_IN_BYTES = 1024`).
enum WhatsAppRules {
    /// `IMAGE_WIDTH`, `IMAGE_HEIGHT`: every sticker is a 512 × 512 WebP.
    static let canvas = 512
    /// `STATIC_STICKER_FILE_LIMIT_KB = 100` (× 1024).
    static let staticBytes = 100 * 1024
    /// `ANIMATED_STICKER_FILE_LIMIT_KB = 500` (× 1024); iOS is reported to refuse 500,000 bytes and
    /// more (WhatsApp/stickers #742, #746), so the smaller of the two.
    static let animatedBytes = 500_000
    /// `EMOJI_MIN_LIMIT = 1`, `EMOJI_MAX_LIMIT = 3`.
    static let emoji = 1...3
    /// `STICKER_SIZE_MIN = 3`, `STICKER_SIZE_MAX = 30`, inclusive; a pack is all static or all
    /// animated (`animated_sticker_pack`).
    static let stickersPerPack = 3...30
    /// `CHAR_COUNT_MAX = 128`, for the identifier, the name and the publisher, in Java's
    /// `String.length()` (UTF-16 units: `PlatformText`).
    static let maxTextLength = 128
    /// `isValidWebsiteUrl`: `publisher_website` is empty or an http(s) URL (else "Make sure to
    /// include http or https in url links"). The site's `base_url` when it is one
    /// (`SocialLinks.normalized`), else empty: site.md's check already says an unusable one is left out.
    static func publisherWebsite(_ baseURL: String?) -> String {
        SocialLinks.normalized(baseURL) ?? ""
    }
    /// What both sample apps take: the Android validator's `checkStringValidity` (`[\w-.,'\s]+`,
    /// no "..") and the iOS README's "a-z, A-Z, 0-9, _, -, . and space" (docs/messengers.md), so
    /// neither `,` nor `'`, which iOS refuses and which the identifier, as a folder name, carries
    /// into paths and URLs. At most 128 (`CHAR_COUNT_MAX`; iOS's `Limits.MaxCharLimit128`, `<=`).
    static func isValidIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maxTextLength && !text.contains("..")
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))))
                    || "_-. ".unicodeScalars.contains(scalar)
            }
    }
    /// `TRAY_IMAGE_FILE_SIZE_MAX_KB = 50`; the README asks for a 96 × 96 PNG
    /// (`TRAY_IMAGE_DIMENSION_MIN = 24`, `MAX = 512` are what the validator accepts).
    static let trayBytes = 50 * 1024
    static let traySize = 96
    /// `ANIMATED_STICKER_FRAME_DURATION_MIN = 8` ms, `ANIMATED_STICKER_TOTAL_DURATION_MAX = 10 * 1000` ms.
    static let minFrameMilliseconds = 8
    static let maxAnimationSeconds = 10.0
    /// `accessibility_text` (WhatsApp/stickers Android README, "contents.json"): 125 characters
    /// for static stickers, 255 for animated ones.
    static let staticLabelLength = 125
    static let animatedLabelLength = 255
}
