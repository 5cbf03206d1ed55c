/// A SHA-256 as the build writes it (64 lowercase hexadecimal digits), held as its 32 bytes: a
/// 64-character string is a 96-byte object of its own, and a build of 20,000 stickers in three
/// languages keeps 80,000 of them (the inputs' hashes) to its end. Any other text (an empty hash
/// for a file that could not be read, a hand-edited cache) is kept as it is and reads back the same.
struct HashText: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case digest(UInt64, UInt64, UInt64, UInt64)
        case other(String)
    }

    private let storage: Storage

    init(_ text: String) {
        storage = Self.words(text).map { .digest($0.0, $0.1, $0.2, $0.3) } ?? .other(text)
    }

    var text: String {
        switch storage {
        case .other(let text): return text
        case .digest(let a, let b, let c, let d): return Self.hex(a, b, c, d)
        }
    }

    /// A 64-digit lowercase hexadecimal text as four words; nil for any other text (it would not
    /// read back the same).
    static func words(_ text: String) -> (UInt64, UInt64, UInt64, UInt64)? {
        var text = text
        return text.withUTF8 { bytes -> (UInt64, UInt64, UInt64, UInt64)? in
            guard bytes.count == 64 else { return nil }
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            for quarter in 0..<4 {
                var word: UInt64 = 0
                for byte in bytes[quarter * 16..<quarter * 16 + 16] {
                    let value: UInt8
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
                    default: return nil
                    }
                    word = word << 4 | UInt64(value)
                }
                switch quarter {
                case 0: words.0 = word
                case 1: words.1 = word
                case 2: words.2 = word
                default: words.3 = word
                }
            }
            return words
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    static func hex(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> String {
        String(unsafeUninitializedCapacity: 64) { buffer in
            var at = 0
            for word in [a, b, c, d] {
                for shift in stride(from: 60, through: 0, by: -4) {
                    buffer[at] = digits[Int(word >> UInt64(shift) & 0xF)]
                    at += 1
                }
            }
            return 64
        }
    }
}

/// Coded as its text, so a record that holds one reads and writes the same JSON as a `String`.
extension HashText: Codable {
    init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
