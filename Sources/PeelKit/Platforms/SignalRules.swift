/// Signal's rules for sticker packs, from its sticker creator: signalapp/Signal-Desktop @
/// 9801430f4ca649762160f3d952f346271a9d8d33, sticker-creator/src/constants.ts.
enum SignalRules {
    /// `STICKER_SIZE = 512`.
    static let side = 512
    /// `MAX_STICKER_BYTE_SIZE = 300 * 1024`.
    static let maxBytes = 300 * 1024
    /// `MIN_STICKERS = 1`, `MAX_STICKERS = 200`.
    static let stickersPerPack = 1...200
    /// One emoji per sticker (the creator's emoji picker sets one; `StateArtData.emoji`).
    static let emoji = 1...1
}
