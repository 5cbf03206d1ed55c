import Foundation

/// What the last successful build of a site saw and wrote, kept in its cache folder: the
/// fingerprint of the options, theme and Peel version; every input file's stamp and hash; every
/// output file's size and hash; and its report. A rebuild compares the content folder against it
/// to find nothing changed (and return this report) or which inputs did.
///
/// Stored as lines of text ("fingerprint <sha256>", "pages <sha256>", "site <output folder>",
/// "input <size> <mtime> <ctime> <inode> <sha256> <path>",
/// "output <size> <sha256> <page key> <path>"), which reads
/// many times faster than JSON at thousands of files; the report is JSON.
struct BuildState: Sendable {
    struct Output: Equatable, Sendable {
        var size: Int64
        /// SHA-256 of the bytes Peel wrote, or nil for a file linked from the cache.
        var sha256: String?
        /// For a page: the key of the template and model it was rendered from (see PageSource).
        var source: String?
    }

    struct Report: Codable, Sendable {
        var packCount: Int
        var stickerCount: Int
        var findings: [Finding]
    }

    static let formatLine = "peel-build-state 2"

    var fingerprint: String
    /// The fingerprint without the options that change only findings (the art checks): pages a
    /// build with another such option rendered may be reused, by their keys.
    var pagesFingerprint: String?
    var inputs: PathMap<ContentHashes.Entry>
    var outputs: OutputLedger
    var report: Report
    /// The output folder whose files `outputs` describes (standardized path): a cache shared by
    /// builds into other folders (`--cache-dir`) holds the state of the last one built, which says
    /// nothing of the others.
    var site: String? = nil
    /// A digest of the content's folders (`InputSnapshot.foldersDigest`): an empty folder made or
    /// removed changes no file, and the build said "Up to date" with a pack gone or new. Nil in a
    /// state written before it was kept: not compared.
    var folders: String? = nil

    // MARK: - Text form

    /// The state's lines, handed to `emit` a quarter of a megabyte at a time: a 20,000-sticker
    /// site's state is 15 MB, and held whole (let alone as an array of lines joined into a string
    /// and copied into Data, as it first was) it was the peak of the build's memory, at its very end.
    func encodeState(_ emit: (Data) throws -> Void) rethrows {
        let chunkSize = 1 << 18
        var bytes = Data()
        bytes.reserveCapacity(chunkSize + 4096)
        func line(_ text: String) throws {
            bytes.append(contentsOf: text.utf8)
            bytes.append(0x0A)
            if bytes.count >= chunkSize {
                try emit(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        try line(Self.formatLine)
        try line("fingerprint \(fingerprint)")
        if let pagesFingerprint { try line("pages \(pagesFingerprint)") }
        if let site { try line("site \(Self.escape(site))") }
        if let folders { try line("folders \(folders)") }
        try inputs.forEachSorted { path, entry in
            let stamp = entry.stamp
            try line("input \(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.inode) \(entry.sha256) \(Self.escape(path))")
        }
        try outputs.forEachSorted { path, output in
            try line("output \(output.size) \(output.sha256 ?? "-") \(output.source ?? "-") \(Self.escape(path))")
        }
        if !bytes.isEmpty { try emit(bytes) }
    }

    /// The report as JSON, each finding encoded on its own: JSONEncoder builds a tree of the whole
    /// value before writing a byte, and that tree of 20,000 findings was the build's peak memory
    /// (about 1.5 KB a finding). The bytes are the ones `JSONEncoder` with sorted keys writes for the
    /// whole report (tested).
    func encodedReport() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = Data("{\"findings\":[".utf8)
        for (index, finding) in report.findings.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            guard let encoded = try? encoder.encode(finding) else { return Data() }
            data.append(encoded)
        }
        data.append(contentsOf: Array("],\"packCount\":\(report.packCount),\"stickerCount\":\(report.stickerCount)}".utf8))
        return data
    }

    /// Both files whole (tests, and small states).
    func encoded() -> (state: Data, report: Data) {
        var state = Data()
        encodeState { state.append($0) }
        return (state, encodedReport())
    }

    /// Nil for anything unreadable, truncated or of another format: the build then starts cold.
    static func decode(state: Data, report: Data) -> BuildState? {
        guard let reportValue = try? JSONDecoder().decode(Report.self, from: report) else { return nil }
        let text = String(decoding: state, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == formatLine, lines.last == "" else { return nil }
        lines.removeLast()
        var fingerprint: String?
        var pagesFingerprint: String?
        var site: String?
        var folders: String?
        var inputs = PathMap<ContentHashes.Entry>()
        var outputs = OutputLedger()
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
            switch fields.first {
            case "fingerprint" where fields.count == 2:
                fingerprint = String(fields[1])
            case "pages" where fields.count == 2:
                pagesFingerprint = String(fields[1])
            case "folders" where fields.count == 2:
                folders = String(fields[1])
            case "site":
                guard let path = unescape(line.dropFirst("site ".count)) else { return nil }
                site = path
            case "input" where fields.count == 7:
                guard let size = Int64(fields[1]), let modified = Int64(fields[2]), let changed = Int64(fields[3]),
                      let inode = UInt64(fields[4]), let path = unescape(fields[6]) else { return nil }
                inputs[path] = ContentHashes.Entry(stamp: FileStamp(size: size, modified: modified, changed: changed, inode: inode),
                                                   sha256: String(fields[5]))
            case "output":
                let parts = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
                guard parts.count == 5, let size = Int64(parts[1]), let path = unescape(parts[4]) else { return nil }
                outputs[path] = Output(size: size, sha256: parts[2] == "-" ? nil : String(parts[2]),
                                       source: parts[3] == "-" ? nil : String(parts[3]))
            default:
                return nil
            }
        }
        guard let fingerprint else { return nil }
        return BuildState(fingerprint: fingerprint, pagesFingerprint: pagesFingerprint, inputs: inputs, outputs: outputs, report: reportValue, site: site,
                          folders: folders)
    }

    /// Paths may hold any character but "/" separators; newlines and "%" are percent-escaped so
    /// each record stays one line.
    static func escape(_ path: String) -> String {
        path.replacingScalars(["%": "%25", "\n": "%0A", "\r": "%0D"])
    }

    static func unescape<S: StringProtocol>(_ field: S) -> String? {
        field.contains("%") ? String(field).removingPercentEncoding : String(field)
    }
}
