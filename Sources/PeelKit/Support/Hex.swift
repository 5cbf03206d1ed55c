/// Lowercase hexadecimal for digests.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var characters: [UInt8] = []
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// True for `<64 lowercase hex digits>.<fileExtension>`: the names Peel gives files by a
    /// SHA-256 (composed parts art, art-check entries), told from anyone else's files.
    static func isDigestName(_ name: String, fileExtension: String) -> Bool {
        let bytes = Array(name.utf8)
        return bytes.count == 65 + fileExtension.utf8.count && name.hasSuffix("." + fileExtension)
            && bytes.prefix(64).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
