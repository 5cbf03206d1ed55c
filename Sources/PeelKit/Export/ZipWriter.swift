import Foundation

/// Writes a ZIP archive, in memory or streamed to a file (`init(streamingTo:)`: a pack zip of
/// large animated stickers is tens of megabytes, and two of them held at once were the peak of a
/// build's memory): each entry stored as it is (images, already compressed) or
/// deflated, with one fixed date and Unix permissions, in the order added, so the same entries
/// always give the same bytes. APPNOTE 6.3.10 §4.3 (local headers, central directory, end record);
/// names are UTF-8 (flag bit 11).
///
/// Why not ZIPFoundation, which Peel used first: on Linux it computes CRC-32 a byte at a time
/// (its zlib path is Darwin-only) and copies every entry through its own file abstraction, which
/// made pack zips 3–4% of a cold build. Here CRC-32 and deflate are libdeflate's (the same
/// library that writes thumbnails), and the archive is one buffer appended to. The tests read
/// every archive back with ZIPFoundation, Info-ZIP's `unzip -t` and Python's `zipfile`.
struct ZipWriter {
    enum Method {
        case stored, deflated
    }

    enum Failure: Error, CustomStringConvertible {
        case tooLarge(String)
        case leavesFolder(String)
        var description: String {
            switch self {
            case .tooLarge(let what): "\(what) is beyond what a ZIP archive without ZIP64 can hold"
            case .leavesFolder(let path): "the entry name \(path) would unzip outside the archive's folder"
            }
        }
    }

    /// MS-DOS time and date of every entry: 2000-01-01 12:00:00.
    static let dosTime: UInt16 = 12 << 11
    static let dosDate: UInt16 = (2000 - 1980) << 9 | 1 << 5 | 1

    private var data = Data()
    private var central = Data()
    private var count = 0
    /// Streaming: where `data` goes once it passes `flushSize`, and how many bytes went already.
    private let file: StreamedFile?
    private var flushed = 0
    private static let flushSize = 1 << 20

    /// An archive built in memory (`finish()` returns it).
    init() {
        file = nil
    }

    /// An archive written into `file` as entries are added (`finishStream()` ends it).
    init(streamingTo file: StreamedFile) {
        self.file = file
    }

    mutating func add(_ path: String, _ contents: Data, method: Method) throws {
        // APPNOTE 4.4.17: names use forward slashes only. A backslash is a legal character of a
        // file name on Linux and macOS, but Windows extractors read it as a separator, so a
        // sticker named `x\..\..\evil.png` would unzip above the folder: it becomes "_".
        let name = Array(path.replacingOccurrences(of: "\\", with: "_").utf8)
        // A `..` part or a leading `/` unzips outside the folder ("zip slip"): never written.
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { throw Failure.leavesFolder(path) }
        guard name.count <= 0xFFFF else { throw Failure.tooLarge("the entry name \(path)") }
        let crc = CRC32.checksum(contents)
        var body = contents
        var storedMethod: UInt16 = 0
        if method == .deflated, let deflated = Self.deflate(contents), deflated.count < contents.count {
            body = deflated
            storedMethod = 8
        }
        let offset = flushed + data.count
        guard contents.count < 0xFFFF_FFFF, body.count < 0xFFFF_FFFF, offset < 0xFFFF_FFFF, count < 0xFFFF else {
            throw Failure.tooLarge("the pack")
        }
        // The fields a local header and its central directory record share, from "version
        // needed to extract" to "extra field length".
        var fields = Data()
        fields.append(le16: 20)                   // version needed: 2.0
        fields.append(le16: 0x0800)               // names are UTF-8
        fields.append(le16: storedMethod)
        fields.append(le16: Self.dosTime)
        fields.append(le16: Self.dosDate)
        fields.append(le32: crc)
        fields.append(le32: UInt32(body.count))
        fields.append(le32: UInt32(contents.count))
        fields.append(le16: UInt16(name.count))
        fields.append(le16: 0)                    // no extra field
        // Local file header, then the data.
        data.append(le32: 0x0403_4B50)
        data.append(fields)
        data.append(contentsOf: name)
        data.append(body)
        // Its central directory record.
        central.append(le32: 0x0201_4B50)
        central.append(le16: 3 << 8 | 20)         // made by Unix, version 2.0
        central.append(fields)
        central.append(le16: 0)                   // comment
        central.append(le16: 0)                   // disk number
        central.append(le16: 0)                   // internal attributes
        central.append(le32: UInt32(0o100644) << 16) // regular file, rw-r--r--
        central.append(le32: UInt32(offset))
        central.append(contentsOf: name)
        count += 1
        if let file, data.count >= Self.flushSize {
            try file.write(data)
            flushed += data.count
            data.removeAll(keepingCapacity: true)
        }
    }

    /// The finished archive: the entries, then the central directory and its end record.
    mutating func finish() throws -> Data {
        precondition(file == nil, "a streamed archive ends with finishStream()")
        try appendDirectory()
        return data
    }

    /// Ends a streamed archive: writes what is left, the central directory and its end record.
    mutating func finishStream() throws {
        guard let file else { preconditionFailure("an archive in memory ends with finish()") }
        try appendDirectory()
        try file.write(data)
        flushed += data.count
        data = Data()
    }

    /// The central directory and its end record, after the entries.
    private mutating func appendDirectory() throws {
        let directoryOffset = flushed + data.count
        guard directoryOffset + central.count < 0xFFFF_FFFF else { throw Failure.tooLarge("the pack") }
        data.append(central)
        data.append(le32: 0x0605_4B50)
        data.append(le16: 0)                      // this disk
        data.append(le16: 0)                      // disk with the directory
        data.append(le16: UInt16(count))
        data.append(le16: UInt16(count))
        data.append(le32: UInt32(central.count))
        data.append(le32: UInt32(directoryOffset))
        data.append(le16: 0)                      // no comment
        central = Data()
    }

    /// Raw deflate (no zlib header) at level 9: these are small text files.
    private static func deflate(_ contents: Data) -> Data? {
        guard !contents.isEmpty else { return nil }
        return Data(DeflateCompressor.raw(contents, level: 9))
    }
}

private extension Data {
    mutating func append(le16 value: UInt16) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func append(le32 value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
