import Foundation
import Testing
@testable import PeelKit

/// Apple's limits at their edges: a sticker file under 500,000 bytes (MSSticker: "less than
/// 500 KB"), each side 300–618 px. The planted problems sit far from them (a 520,000-byte file,
/// 200 px art), so "500 KB" read as 512,000 bytes, or a maximum side of 640 px, went unseen.
@Suite struct AppleLimitBoundaryTests {
    static func findings(width: Int = 408, height: Int = 408, bytes: Int = 100_000, size: SizeClass = .regular) -> [FindingCode] {
        var pack = Pack(slug: "p", folder: "p", title: "P")
        pack.size = size
        let sticker = Sticker(slug: "s", source: "p/s.png", title: "S")
        let info = ImageInfo(format: .png, width: width, height: height, hasAlpha: true, hasTransparentPixels: true, frameCount: 1,
                             bytes: bytes, sha256: String(repeating: "0", count: 64), hasVisiblePixels: true)
        return ImageChecks.check(CheckSubject(sticker: sticker, pack: pack, info: info)).map(\.code)
    }

    @Test func aFileOfExactly500000BytesIsTooLargeAnd499999IsNot() {
        #expect(Self.findings(bytes: 499_999).isEmpty)
        #expect(Self.findings(bytes: 500_000) == [.fileTooLarge])
        #expect(Self.findings(bytes: 511_999) == [.fileTooLarge], "500 KB is not 512,000 bytes")
    }

    @Test func sidesFrom300To618PixelsAreInRange() {
        #expect(Self.findings(width: 618, height: 618, size: .large).isEmpty)
        #expect(Self.findings(width: 300, height: 300, size: .small).isEmpty)
        #expect(Self.findings(width: 619, height: 619, size: .large) == [.sizeOutOfRange])
        #expect(Self.findings(width: 640, height: 640, size: .large) == [.sizeOutOfRange])
        #expect(Self.findings(width: 299, height: 299, size: .small) == [.sizeOutOfRange])
        #expect(Self.findings(width: 618, height: 619, size: .large).contains(.sizeOutOfRange), "either side")
    }
}
