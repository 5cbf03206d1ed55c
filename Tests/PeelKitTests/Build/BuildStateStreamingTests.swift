import Foundation
import Testing
@testable import PeelKit

/// The build state is written in parts (a 20,000-sticker site's is 15 MB) and reads back whole.
@Suite struct BuildStateStreamingTests {
    @Test func stateWrittenInPartsReadsBackTheSame() throws {
        var inputs: [String: ContentHashes.Entry] = [:]
        var outputs: [String: BuildState.Output] = [:]
        for index in 0..<4_000 {
            // Some paths need escaping: a newline and a percent sign stay inside one line.
            let path = index % 500 == 0 ? "pack-\(index / 100)/odd %\nname-\(index).png" : "pack-\(index / 100)/sticker-\(index).png"
            let sha = String(repeating: String(index % 16, radix: 16), count: 64)
            inputs[path] = .init(stamp: FileStamp(size: Int64(index), modified: Int64(index) * 1_000, changed: Int64(index) * 2_000,
                                                  inode: UInt64(index)), sha256: sha)
            outputs["\(path)-160w.webp"] = .init(size: Int64(index), sha256: index % 3 == 0 ? nil : sha, source: index % 7 == 0 ? sha : nil)
        }
        let state = BuildState(fingerprint: "fp", pagesFingerprint: "pages", inputs: PathMap(inputs), outputs: OutputLedger(outputs),
                               report: .init(packCount: 40, stickerCount: 4_000, findings: []))
        var parts: [Data] = []
        state.encodeState { parts.append($0) }
        #expect(parts.count > 2, "a state this size is written in several parts")
        #expect(parts.dropLast().allSatisfy { $0.count >= 1 << 18 })
        let whole = parts.reduce(Data(), +)
        let decoded = try #require(BuildState.decode(state: whole, report: state.encodedReport()))
        #expect(decoded.fingerprint == "fp" && decoded.pagesFingerprint == "pages")
        #expect(decoded.inputs == PathMap(inputs))
        #expect(decoded.outputs == OutputLedger(outputs))
    }

    /// The report is written a finding at a time, with the bytes JSONEncoder writes for it whole.
    @Test func theReportIsWhatJSONEncoderWritesAndReadsBack() throws {
        let findings = [
            Finding(.warning, .missingTranslation, file: "p/a.md", line: 2, message: "no \"German\" label", sticker: "p/a.png", language: "de"),
            Finding(.error, .corruptImage, file: "p/b.png", message: "cannot read it"),
        ]
        for list in [[], findings] {
            let state = BuildState(fingerprint: "fp", pagesFingerprint: nil, inputs: [:], outputs: [:],
                                   report: .init(packCount: 3, stickerCount: 7, findings: list))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            #expect(state.encodedReport() == (try encoder.encode(state.report)), "\(String(decoding: state.encodedReport(), as: UTF8.self))")
            let decoded = try JSONDecoder().decode(BuildState.Report.self, from: state.encodedReport())
            #expect(decoded.findings == list && decoded.packCount == 3 && decoded.stickerCount == 7)
        }
    }

    @Test func cacheSavesAndLoadsTheStreamedState() throws {
        let folder = try TemporaryFolder()
        let content = folder.url.appendingPathComponent("content"), output = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let cache = BuildCache(folder: folder.url.appendingPathComponent("cache"))
        try cache.open(content: content, output: output)
        let state = BuildState(fingerprint: "fp", pagesFingerprint: nil,
                               inputs: ["a.png": .init(stamp: FileStamp(size: 1, modified: 2, changed: 3, inode: 4), sha256: "ab")],
                               outputs: ["index.html": .init(size: 9, sha256: "cd", source: "key")],
                               report: .init(packCount: 1, stickerCount: 1, findings: []))
        try cache.save(state)
        let loaded = try #require(cache.loadState())
        #expect(loaded.inputs == state.inputs && loaded.outputs == state.outputs)
        // No temporary file is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path)
        #expect(!names.contains { $0.hasPrefix(".peel-tmp-") })
    }
}
