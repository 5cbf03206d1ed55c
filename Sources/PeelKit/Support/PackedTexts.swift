/// A fixed number of optional texts held in one allocation: each slot is a length (a varint of
/// its UTF-8 length plus one, zero for nil) followed by its UTF-8 bytes.
///
/// Every Swift string longer than 15 bytes is an object of its own: a 32-byte header, its bytes,
/// and the allocator's rounding. A sticker's translation holds four or five such texts (its file,
/// label, the label it was translated from, its description as HTML), so a catalog of 20,000
/// stickers in four languages kept 240,000 of them to the end of its build. Packed, a
/// translation's texts share one header. Reading a slot makes a new string, so this suits texts
/// written once and read a few times.
struct PackedTexts: Sendable, Hashable {
    private var bytes: [UInt8]

    /// `slots` texts, all nil.
    init(slots: Int) {
        bytes = [UInt8](repeating: 0, count: slots)
    }

    /// The bytes held, spare capacity included (what the texts cost).
    var capacity: Int { bytes.capacity }

    subscript(slot: Int) -> String? {
        get {
            bytes.withUnsafeBufferPointer { buffer in
                let range = Self.range(of: slot, in: buffer)
                guard let content = range.content else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[content]), as: UTF8.self)
            }
        }
        set {
            let range = bytes.withUnsafeBufferPointer { Self.range(of: slot, in: $0) }
            let utf8 = newValue?.utf8
            var length: [UInt8] = []
            Self.appendVarint(utf8.map { UInt64($0.count) + 1 } ?? 0, to: &length)
            // A new array of exactly the size needed: growing the old one in place would keep
            // the spare capacity of its doubling (a quarter of the bytes, across a catalog).
            var packed: [UInt8] = []
            packed.reserveCapacity(bytes.count - range.whole.count + length.count + (utf8?.count ?? 0))
            packed += bytes[..<range.whole.lowerBound]
            packed += length
            if let utf8 { packed.append(contentsOf: utf8) }
            packed += bytes[range.whole.upperBound...]
            bytes = packed
        }
    }

    /// The bytes of slot `slot`: the whole slot (length and text) and its text alone (nil for a nil slot).
    private static func range(of slot: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (whole: Range<Int>, content: Range<Int>?) {
        var offset = 0
        var index = 0
        while true {
            let start = offset
            var length: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = buffer[offset]
                offset += 1
                length |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            let end = offset + Int(length == 0 ? 0 : length - 1)
            if index == slot { return (start..<end, length == 0 ? nil : offset..<end) }
            offset = end
            index += 1
        }
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}
