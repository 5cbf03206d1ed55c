import Foundation
import Testing
@testable import PeelKit

/// `large-download`: a pack zip holds each sticker twice (`originals/` and `Stickers.xcstickers`),
/// so a pack of heavy stickers made a zip GitHub refuses (over 100 MiB), and nothing said so.
@Suite struct DownloadChecksTests {
    /// A pack of `count` stickers of `bytes` each, and what the image step learnt of them.
    static func pack(count: Int, bytes: Int) -> (Pack, [String: StickerAssets]) {
        var pack = Pack(slug: "heavy", folder: "heavy", title: "Heavy")
        pack.manifest = "heavy/pack.md"
        var assets: [String: StickerAssets] = [:]
        for index in 0..<count {
            let sticker = Sticker(slug: "s\(index)", source: "heavy/s\(index).png", title: "S")
            pack.stickers.append(sticker)
            let info = ImageInfo(format: .png, width: 408, height: 408, hasAlpha: true, frameCount: 1, bytes: bytes, sha256: "\(index)")
            assets[sticker.source] = StickerAssets(info: info, thumbnails: [], findings: [])
        }
        return (pack, assets)
    }

    @Test func aZipOverGitHubsFileLimitIsAWarningOnThePack() {
        let (heavy, heavyAssets) = Self.pack(count: 150, bytes: 360_000)
        let findings = DownloadChecks.check(heavy, assets: heavyAssets)
        #expect(findings.map(\.code) == [.largeDownload] && findings.first?.severity == .warning && findings.first?.file == "heavy/pack.md")
        #expect(findings.first?.message.hasPrefix("the pack's zip will be about 108 MB (each sticker twice") == true, "\(findings)")
        // 100 MiB is 104,857,600 bytes: 52,428,800 of stickers, twice, is exactly that and fine.
        let (atLimit, atLimitAssets) = Self.pack(count: 100, bytes: 524_288)
        #expect(DownloadChecks.check(atLimit, assets: atLimitAssets).isEmpty)
        let (over, overAssets) = Self.pack(count: 100, bytes: 524_289)
        #expect(DownloadChecks.check(over, assets: overAssets).count == 1)
    }

    @Test func theWholeRunOfRulesSaysIt() {
        let (heavy, assets) = Self.pack(count: 150, bytes: 360_000)
        let catalog = Catalog(site: SiteInfo(), packs: [heavy])
        let findings = Checker.findings(for: catalog, assets: assets) { _ in [] }
        #expect(findings.contains { $0.code == .largeDownload })
    }
}
