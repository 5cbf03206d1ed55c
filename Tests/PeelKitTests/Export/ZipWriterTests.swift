import Foundation
import Testing
import ZIPFoundation
@testable import PeelKit

/// Archives from `ZipWriter` are read back by three independent readers: ZIPFoundation,
/// Info-ZIP's `unzip -t` and Python's `zipfile` (the last two when installed, as on CI).
@Suite struct ZipWriterTests {
    static let entries: [(path: String, data: Data, method: ZipWriter.Method)] = [
        ("pack/Contents.json", Data(String(repeating: "{\"info\" : {\"author\" : \"xcode\"}}\n", count: 20).utf8), .deflated),
        ("pack/Ünïcödé 🐱 sticker.png", Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }), .stored),
        ("pack/empty.md", Data(), .deflated),
        ("pack/random.bin", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 40_503 >> 7) }), .deflated),
    ]

    static func archive() throws -> Data {
        var writer = ZipWriter()
        for entry in entries { try writer.add(entry.path, entry.data, method: entry.method) }
        return try writer.finish()
    }

    /// A backslash in a file name (legal on Linux and macOS) is a separator to Windows
    /// extractors: `x\..\..\evil.png` would unzip above the folder, so no entry name holds one.
    @Test func backslashesNeverReachAnEntryName() throws {
        var writer = ZipWriter()
        try writer.add("pack/originals/x\\..\\..\\evil.png", Data([1, 2, 3]), method: .stored)
        let archive = try Archive(data: try writer.finish(), accessMode: .read)
        #expect(archive.map(\.path) == ["pack/originals/x_.._.._evil.png"])
    }

    /// An entry name with a `..` part or a leading `/` would unzip outside the folder ("zip
    /// slip"): the writer refuses it, whatever let the name through.
    @Test func entryNamesThatLeaveTheFolderAreRefused() throws {
        for name in ["x/../../escaped/001.png", "../up.png", "/etc/passwd", ".."] {
            var writer = ZipWriter()
            #expect(throws: ZipWriter.Failure.self, "\(name)") { try writer.add(name, Data([1]), method: .stored) }
        }
        var writer = ZipWriter()
        try writer.add("pack/..hidden/ok..png", Data([1]), method: .stored)
    }

    @Test func zipFoundationReadsEveryEntryBack() throws {
        let archive = try Archive(data: try Self.archive(), accessMode: .read)
        #expect(archive.map(\.path) == Self.entries.map(\.path))
        for entry in Self.entries {
            let stored = try #require(archive[entry.path])
            var data = Data()
            _ = try archive.extract(stored, skipCRC32: false) { data.append($0) }
            #expect(data == entry.data, "\(entry.path)")
            #expect(stored.fileAttributes[.posixPermissions] as? Int16 == 0o644)
            #expect(stored.fileAttributes[.modificationDate] as? Date == DateComponents(calendar: Calendar(identifier: .gregorian),
                timeZone: .current, year: 2000, month: 1, day: 1, hour: 12).date)
        }
        // Text is deflated; image bytes are stored as they are.
        #expect(try #require(archive["pack/Contents.json"]).compressedSize < 100)
        #expect(try #require(archive["pack/Ünïcödé 🐱 sticker.png"]).compressedSize == 70_000)
    }

    @Test func unzipAndPythonAgree() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write(try Self.archive(), to: "pack.zip")
        var checked = 0
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
            let result = try Self.run("/usr/bin/unzip", ["-t", url.path])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("No errors detected"))
            checked += 1
        }
        if let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let script = """
            import sys, zipfile, hashlib
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            for i in z.infolist():
                print(i.filename, i.file_size, i.date_time, oct(i.external_attr >> 16), hashlib.sha256(z.read(i)).hexdigest())
            """
            let result = try Self.run(python, ["-c", script, url.path])
            #expect(result.status == 0, "\(result.output)")
            let lines = result.output.split(separator: "\n")
            #expect(lines.count == Self.entries.count)
            for (line, entry) in zip(lines, Self.entries) {
                #expect(line.hasPrefix("\(entry.path) \(entry.data.count) (2000, 1, 1, 12, 0, 0) 0o100644 "), "\(line)")
            }
            checked += 1
        }
        #expect(checked > 0 || ProcessInfo.processInfo.environment["CI"] == nil, "CI has unzip and python3")
    }

    @Test func theSameEntriesGiveTheSameBytes() throws {
        #expect(try Self.archive() == (try Self.archive()))
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

/// A streamed archive (a pack zip written into its file as it is made) is byte for byte the one
/// made in memory, across several flushes of its buffer.
@Suite struct ZipWriterStreamingTests {
    @Test func streamedArchiveIsTheArchiveMadeInMemory() throws {
        // Entries of 700 KB, so the 1 MB buffer is written out between them several times.
        let entries = (0..<5).map { index in
            ("pack/sticker-\(index).png", Data((0..<700_000).map { UInt8(truncatingIfNeeded: ($0 &+ index) &* 2_654_435_761 >> 11) }))
        } + [("pack/Contents.json", Data(String(repeating: "{\"author\" : \"xcode\"}\n", count: 50).utf8))]
        var inMemory = ZipWriter()
        for (path, data) in entries { try inMemory.add(path, data, method: path.hasSuffix(".png") ? .stored : .deflated) }
        let expected = try inMemory.finish()

        let folder = try TemporaryFolder()
        let file = try StreamedFile(newPath: folder.url.appendingPathComponent("pack.zip").path)
        var streamed = ZipWriter(streamingTo: file)
        for (path, data) in entries { try streamed.add(path, data, method: path.hasSuffix(".png") ? .stored : .deflated) }
        try streamed.finishStream()
        let written = try file.finish()
        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("pack.zip"))
        #expect(bytes == expected)
        #expect(written.size == Int64(expected.count))
        #expect(try Archive(data: bytes, accessMode: .read).map(\.path) == entries.map(\.0))
    }
}

/// Icon art at `content/originals/cat.png` went into the pack zip as `pk/originals/cat.png`, the
/// name of the pack's own sticker: two entries of one name.
@Suite struct PackArchivePathTests {
    @Test func artFromOutsideThePackNeverTakesANameOfTheZip() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: P\nsize: small\nicon: ../originals/cat.png\n---\n", to: "pk/pack.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/cat.png"), to: "pk/cat.png")
        try folder.write("---\nalt: Orange cat face\n---\n", to: "pk/cat.md")
        try folder.copy(Fixtures.catalog.appendingPathComponent("pets/fox.png"), to: "originals/cat.png")
        let pack = try #require(try CatalogLoader(contentFolder: folder.url).load().0.packs.first { $0.folder == "pk" })
        let paths = PackArchive.sources(of: pack).map { PackArchive.originalPath($0, of: pack) }
        #expect(paths.sorted() == ["pk/originals/cat.md", "pk/originals/cat.png", "pk/originals/pack.md", "pk/other-art/originals/cat.png"], "\(paths)")
        #expect(PackArchive.originalPath("art/icon.png", of: pack) == "pk/art/icon.png", "other art keeps the path pack.md leads to")
    }
}
