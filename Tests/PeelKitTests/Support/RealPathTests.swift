import Foundation
import Testing
@testable import PeelKit

/// Foundation's `resolvingSymlinksInPath()` on Linux cut a path at 1,024 bytes: a content folder
/// under a path of about 1 KiB resolved to an ancestor, its packs were "symlinks leading outside
/// the content folder", and a build published an empty site over a good one.
@Suite struct RealPathTests {
    /// A folder whose absolute path is `length` bytes, made of 99-byte components.
    static func deepFolder(in folder: TemporaryFolder, length: Int) throws -> URL {
        var path = folder.url.path
        while path.utf8.count + 100 < length { path += "/" + String(repeating: "e", count: 99) }
        path += "/" + String(repeating: "f", count: max(1, length - path.utf8.count - 1))
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return URL(fileURLWithPath: path)
    }

    @Test(arguments: [1_020, 1_024, 1_050, 1_100, 2_000])
    func aLongPathResolvesToItself(length: Int) throws {
        let folder = try TemporaryFolder()
        let deep = try Self.deepFolder(in: folder, length: length)
        let real = RealPath.of(folder.url)
        let expected = real + String(deep.path.dropFirst(folder.url.path.count))
        #expect(RealPath.of(deep) == expected)
        #expect(RealPath.of(deep.appendingPathComponent("not-yet/_site")) == expected + "/not-yet/_site", "a missing tail is kept")
        // A symlink at the end is followed.
        try FileManager.default.createSymbolicLink(atPath: deep.path + "/link", withDestinationPath: folder.url.path)
        #expect(RealPath.of(deep.appendingPathComponent("link")) == real)
        // The content folder's packs are inside it.
        try FileManager.default.createDirectory(atPath: deep.path + "/pack", withIntermediateDirectories: true)
        #expect(ContentPath(root: deep).relative(deep.appendingPathComponent("pack")) == "pack")
    }

    @Test func aCatalogUnderALongPathBuildsEveryPack() async throws {
        let folder = try TemporaryFolder()
        let deep = try Self.deepFolder(in: folder, length: 1_050)
        let content = deep.appendingPathComponent("c")
        // Written file by file: Foundation's copyItem fails under such a path too.
        let art = try Data(contentsOf: Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        for pack in ["cats", "dogs"] {
            try FileManager.default.createDirectory(at: content.appendingPathComponent(pack), withIntermediateDirectories: true)
            try Data("---\ntitle: \(pack)\n---\n".utf8).write(to: content.appendingPathComponent("\(pack)/pack.md"))
            try art.write(to: content.appendingPathComponent("\(pack)/one.png"))
            try Data("---\nalt: A cat sitting\n---\n".utf8).write(to: content.appendingPathComponent("\(pack)/one.md"))
        }
        let report = try await SiteBuilder(options: BuildOptions(content: content, output: folder.url.appendingPathComponent("site"))).build()
        #expect(report.packCount == 2 && report.stickerCount == 2, "\(report.findings.map(\.formatted))")
        #expect(!report.findings.contains { $0.code == .pathOutsideContent })
    }
}
