import CWebMVideo
import Foundation

/// Animations as WebM video with an alpha channel: VP9 through libvpx's C API, muxed by libwebm
/// (the `CWebMVideo` target). Telegram's video stickers are this format.
public enum WebMVideoEncoder {
    public struct Settings: Sendable, Equatable {
        /// VP9 constant-quality level for colour, 0 (best) to 63.
        public var quality: Int
        /// The same for the alpha plane; kept better than colour, since edges show every step.
        public var alphaQuality: Int
        /// libvpx's cpu-used: 0 slowest and smallest to 8 fastest.
        public var speed: Int

        public init(quality: Int, alphaQuality: Int, speed: Int = 6) {
            self.quality = quality
            self.alphaQuality = alphaQuality
            self.speed = speed
        }
    }

    /// Encodes `frames` (full canvases of one size, shown `framesPerSecond` a second) as a WebM file
    /// lasting `duration` seconds. Deterministic: the same frames and settings give the same bytes.
    public static func encode(_ frames: [RGBAImage], framesPerSecond: Int, duration: Double, settings: Settings) throws -> Data {
        guard let first = frames.first else { throw ImageError.corrupt("an animation without frames") }
        precondition(frames.allSatisfy { $0.width == first.width && $0.height == first.height }, "frames share the canvas size")
        var pointers: [UnsafePointer<UInt8>?] = []
        pointers.reserveCapacity(frames.count)
        // The pixel arrays stay alive (and unmoved) for the call: each is pinned by its own buffer.
        return try withPinnedPixels(frames[...], into: &pointers) { pointers in
            var input = peel_webm_input(
                width: Int32(first.width), height: Int32(first.height), frame_count: Int32(frames.count),
                frames: nil, frames_per_second: Int32(framesPerSecond),
                duration_ms: Int64((duration * 1000).rounded()), quality: Int32(settings.quality),
                alpha_quality: Int32(settings.alphaQuality), speed: Int32(settings.speed))
            var output: UnsafeMutablePointer<UInt8>?
            var size = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = pointers.withUnsafeBufferPointer { buffer in
                input.frames = buffer.baseAddress
                return peel_webm_encode(&input, &output, &size, &message, message.count)
            }
            guard status == 0, let output else {
                let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw ImageError.corrupt("WebM encoding failed: \(text)")
            }
            defer { peel_webm_free(output) }
            return Data(bytes: output, count: size)
        }
    }

    /// Calls `body` with a pointer to every frame's pixels, valid for the whole call.
    private static func withPinnedPixels<T>(_ frames: ArraySlice<RGBAImage>, into pointers: inout [UnsafePointer<UInt8>?],
                                            _ body: ([UnsafePointer<UInt8>?]) throws -> T) throws -> T {
        guard let frame = frames.first else { return try body(pointers) }
        return try frame.pixels.withUnsafeBufferPointer { buffer in
            pointers.append(buffer.baseAddress)
            return try withPinnedPixels(frames.dropFirst(), into: &pointers, body)
        }
    }
}
