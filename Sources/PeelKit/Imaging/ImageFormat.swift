import Foundation

/// An image format, known from the file's bytes (never from its extension).
public enum ImageFormat: String, Sendable, Codable {
    case png
    /// Animated PNG: a PNG with an `acTL` chunk.
    case apng
    case gif
    case jpeg
    case webp
    case bmp
    case tiff
    case heif
    case unknown

    /// The file extension a file of this format should carry.
    public var fileExtension: String {
        switch self {
        case .png, .apng: "png"
        case .gif: "gif"
        case .jpeg: "jpg"
        case .webp: "webp"
        case .bmp: "bmp"
        case .tiff: "tiff"
        case .heif: "heic"
        case .unknown: "bin"
        }
    }

    /// The format from the first bytes of a file. APNG is told apart from PNG later, by its chunks.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("ftyp".utf8), at: 4) { return .heif }
        return .unknown
    }

    /// Whether every line feed of `data` follows a carriage return, four or more of them: what
    /// converting LF to CRLF (Git's `text`, FTP's ASCII mode) makes of a binary file. In a real
    /// GIF or JPEG a CR LF pair falls about once in 64 KiB and most line feeds stand alone, so
    /// this is no chance. Asked only of a file that failed to decode.
    static func convertedLineEndings(in data: Data) -> Bool {
        var lineFeeds = 0
        var previous: UInt8 = 0
        for byte in data {
            if byte == 0x0A {
                guard previous == 0x0D else { return false }
                lineFeeds += 1
            }
            previous = byte
        }
        return lineFeeds >= 4
    }

    /// What a file that should be an image became on its way here, when it is recognisable:
    /// - a Git LFS pointer (`version https://git-lfs.github.com/spec/v1`, oid, size): the
    ///   repository stores its images in LFS and they were never fetched, common in CI;
    /// - a PNG whose line endings were converted, which its signature exists to show (`0D 0A` made
    ///   `0D 0D 0A` or `0A`, `0A` made `0D 0A`): Git or FTP treated it as text;
    /// - a symbolic link Git checked out as a small text file holding its target (`core.symlinks`
    ///   off: Windows without Developer Mode), when that target names an image.
    /// Nil for anything else.
    static func transferDamage(in data: Data) -> String? {
        let head = Array(data.prefix(64))
        if head.starts(with: Array("version https://git-lfs.github.com/spec/".utf8)) {
            return "file is a Git LFS pointer (\(data.count) bytes of text), not the image: the image was never downloaded; run 'git lfs pull' (in CI, check out with LFS, e.g. actions/checkout's 'lfs: true')"
        }
        if let target = gitLinkTarget(data) {
            return "file is a symbolic link that Git checked out as text (\(data.count) bytes holding its target '\(target)'), not the image: "
                + "Git writes links so where core.symlinks is off (Windows without Developer Mode); turn it on (git config core.symlinks true) and check the file out again, or put a copy of the image here"
        }
        // The signature's tail `0D 0A 1A 0A` as each conversion leaves it: LF→CRLF (also with the
        // CR doubled), CRLF→LF, LF→CR, CR→LF.
        let converted: [[UInt8]] = [[0x0D, 0x0A, 0x1A, 0x0D, 0x0A], [0x0D, 0x0D, 0x0A, 0x1A, 0x0D, 0x0A], [0x0A, 0x1A, 0x0A],
                                    [0x0D, 0x0D, 0x1A, 0x0D], [0x0A, 0x0A, 0x1A, 0x0A]]
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]), converted.contains(where: { head.dropFirst(4).starts(with: $0) }) {
            let signature = head.prefix(9).map { String(format: "%02X", $0) }.joined(separator: " ")
            return "file is a PNG whose line endings were converted (its signature reads \(signature)): Git or FTP treated it as text; mark '*.png binary' in .gitattributes (FTP: binary mode) and get the file again"
        }
        return nil
    }

    /// The target a Git link checked out as text holds: one line (Git writes no newline) of at
    /// most 1,024 bytes of UTF-8 with no control character, naming a file with an image's extension.
    private static func gitLinkTarget(_ data: Data) -> String? {
        guard !data.isEmpty, data.count <= 1024, !data.contains(where: { $0 < 0x20 || $0 == 0x7F }),
              let text = String(data: data, encoding: .utf8) else { return nil }
        let name = text.split(separator: "/").last.map(String.init) ?? text
        return StickerFileKind(fileName: name) == .sticker ? text : nil
    }
}
