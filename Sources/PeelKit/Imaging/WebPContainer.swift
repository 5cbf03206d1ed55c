import Foundation

/// Writes WebP files chunk by chunk (the RIFF container of RFC 9649 §2): a lossy still with an
/// optional alpha plane, and an animation of such frames.
enum WebPContainer {
    /// A lossy image as chunks: its VP8 chunk (header and padding included), and the payload of its
    /// ALPH chunk when it has transparent pixels.
    struct LossyImage {
        var vp8Chunk: [UInt8]
        var alphaPayload: [UInt8]?
    }

    /// One frame of an animation: the rectangle it replaces (at even offsets, as WebP stores them
    /// halved), and how long it shows.
    struct Frame {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var milliseconds: Int
        var image: LossyImage
    }

    /// A still: the simple format when opaque and untagged (a VP8 chunk alone), else the extended
    /// format (VP8X, ICCP, ALPH, VP8), the layout libwebp writes too.
    static func still(_ image: LossyImage, width: Int, height: Int, profile: ColourProfile? = nil) -> Data {
        guard image.alphaPayload != nil || profile != nil else { return riff(image.vp8Chunk) }
        var body = extendedHeader(flags: (image.alphaPayload != nil ? alphaFlag : 0), width: width, height: height, profile: profile)
        append(image, to: &body)
        return riff(body)
    }

    /// An animation that loops `loopCount` times (0: forever). Frames are not blended: each replaces
    /// its rectangle, transparent pixels included, and stays (no disposal).
    static func animation(_ frames: [Frame], width: Int, height: Int, loopCount: Int, profile: ColourProfile? = nil) -> Data {
        let hasAlpha = frames.contains { $0.image.alphaPayload != nil }
        var body = extendedHeader(flags: animationFlag | (hasAlpha ? alphaFlag : 0), width: width, height: height, profile: profile)
        // ANIM: background colour (transparent; a hint viewers may ignore) and the loop count.
        var anim: [UInt8] = [0, 0, 0, 0]
        appendLittleEndian(min(max(0, loopCount), 0xFFFF), bytes: 2, to: &anim)
        appendChunk("ANIM", anim, to: &body)
        for frame in frames {
            var payload: [UInt8] = []
            appendLittleEndian(frame.x / 2, bytes: 3, to: &payload)
            appendLittleEndian(frame.y / 2, bytes: 3, to: &payload)
            appendLittleEndian(frame.width - 1, bytes: 3, to: &payload)
            appendLittleEndian(frame.height - 1, bytes: 3, to: &payload)
            appendLittleEndian(min(frame.milliseconds, 0xFF_FFFF), bytes: 3, to: &payload)
            payload.append(doNotBlend)  // disposal: none
            append(frame.image, to: &payload)
            appendChunk("ANMF", payload, to: &body)
        }
        return riff(body)
    }

    // VP8X flags and the ANMF flag byte (RFC 9649 §2.7).
    private static let profileFlag: UInt8 = 0x20
    private static let alphaFlag: UInt8 = 0x10
    private static let animationFlag: UInt8 = 0x02
    private static let doNotBlend: UInt8 = 0x02

    /// True when `data` is a WebP whose VP8X header says it is animated (RIFF, WEBP, then VP8X
    /// with the animation flag): what WhatsApp's validator counts as animating.
    static func isAnimated(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(21))
        guard bytes.count == 21, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50],
              bytes[12..<16] == [0x56, 0x50, 0x38, 0x58] else { return false }
        return bytes[20] & animationFlag != 0
    }

    /// How many frames a WebP file shows: its ANMF chunks for an animation, else 1; 0 for what is
    /// not a RIFF WebP file or whose chunks run past its end.
    static func frameCount(_ data: Data) -> Int {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] else { return 0 }
        guard isAnimated(data) else { return 1 }
        var frames = 0, offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard size <= bytes.count - offset - 8 else { return 0 }
            if bytes[offset..<offset + 4].elementsEqual("ANMF".utf8) { frames += 1 }
            offset += 8 + size + size % 2
        }
        return frames
    }

    /// VP8X, then the colour profile's ICCP chunk, which must come right after it.
    private static func extendedHeader(flags: UInt8, width: Int, height: Int, profile: ColourProfile?) -> [UInt8] {
        var payload: [UInt8] = [flags | (profile != nil ? profileFlag : 0), 0, 0, 0]
        appendLittleEndian(width - 1, bytes: 3, to: &payload)
        appendLittleEndian(height - 1, bytes: 3, to: &payload)
        var body: [UInt8] = []
        appendChunk("VP8X", payload, to: &body)
        if let profile { appendChunk("ICCP", profile.bytes, to: &body) }
        return body
    }

    private static func append(_ image: LossyImage, to body: inout [UInt8]) {
        if let alpha = image.alphaPayload { appendChunk("ALPH", alpha, to: &body) }
        body += image.vp8Chunk
    }

    private static func appendChunk(_ fourCC: String, _ payload: [UInt8], to body: inout [UInt8]) {
        body += Array(fourCC.utf8)
        appendLittleEndian(payload.count, bytes: 4, to: &body)
        body += payload
        if payload.count % 2 == 1 { body.append(0) }  // chunks start at even offsets
    }

    private static func riff(_ body: [UInt8]) -> Data {
        var file: [UInt8] = Array("RIFF".utf8)
        appendLittleEndian(body.count + 4, bytes: 4, to: &file)
        file += Array("WEBP".utf8)
        file += body
        return Data(file)
    }

    private static func appendLittleEndian(_ value: Int, bytes: Int, to data: inout [UInt8]) {
        for index in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
