import Foundation
import Testing
@testable import PeelKit

@Suite struct IconSetTests {
    /// Apple's table: size, scale, idiom, platform, pixels.
    static let expected: [(String, String, String, String?, Int, Int)] = [
        ("29x29", "2x", "iphone", nil, 58, 58), ("29x29", "3x", "iphone", nil, 87, 87),
        ("60x45", "2x", "iphone", nil, 120, 90), ("60x45", "3x", "iphone", nil, 180, 135),
        ("29x29", "2x", "ipad", nil, 58, 58), ("67x50", "2x", "ipad", nil, 134, 100), ("74x55", "2x", "ipad", nil, 148, 110),
        ("1024x1024", "1x", "ios-marketing", nil, 1024, 1024),
        ("27x20", "2x", "universal", "ios", 54, 40), ("27x20", "3x", "universal", "ios", 81, 60),
        ("32x24", "2x", "universal", "ios", 64, 48), ("32x24", "3x", "universal", "ios", 96, 72),
        ("1024x768", "1x", "ios-marketing", "ios", 1024, 768),
    ]

    /// Square art: opaque red all over, so padding and cropping show at the slot's edges.
    static func redArt(_ width: Int, _ height: Int) throws -> Data {
        try PNGCodec.encode(RGBAImage(width: width, height: height,
                                      pixels: Array(repeating: [UInt8]([220, 20, 20, 255]), count: width * height).flatMap { $0 }),
                            alpha: true)
    }

    /// Writes the set for `art` into `folder`; returns the set's folder and the warnings.
    func makeSet(art: Data, in folder: TemporaryFolder, _ iconSet: IconSet = IconSet()) throws -> (URL, [Finding]) {
        let artFile = try folder.write(art, to: "art-\(UUID().uuidString).png")
        let target = folder.url.appendingPathComponent(UUID().uuidString)
        let warnings = try iconSet.write(artAt: artFile, into: target)
        return (target.appendingPathComponent(IconSet.folderName), warnings)
    }

    /// The new set is made beside the old one and swapped in whole: stopped before the swap (Ctrl-C
    /// cancels the task), the old set stays as it was, icon for icon, and nothing is left beside it.
    @Test func aStoppedRunLeavesTheOldSetWhole() async throws {
        let folder = try TemporaryFolder()
        let old = try folder.write(Self.redArt(1024, 1024), to: "old.png")
        let new = try folder.write(try PNGCodec.encode(RGBAImage(width: 1024, height: 1024,
                                                                 pixels: Array(repeating: [UInt8]([20, 20, 220, 255]), count: 1024 * 1024).flatMap { $0 }), alpha: true),
                                   to: "new.png")
        let target = folder.url.appendingPathComponent("out")
        _ = try IconSet().write(artAt: old, into: target)
        let set = target.appendingPathComponent(IconSet.folderName)
        let before = try FileManager.default.contentsOfDirectory(atPath: set.path).sorted().map { try Data(contentsOf: set.appendingPathComponent($0)) }

        let task = Task { try IconSet().write(artAt: new, into: target) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let after = try FileManager.default.contentsOfDirectory(atPath: set.path).sorted().map { try Data(contentsOf: set.appendingPathComponent($0)) }
        #expect(after == before, "the old set, icon for icon")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == [IconSet.folderName], "no staging folder left")

        // Not stopped, the new set replaces the old one whole.
        _ = try IconSet().write(artAt: new, into: target)
        #expect(try PNGCodec.decode(Data(contentsOf: set.appendingPathComponent("iphone-29x29@2x.png")), maxPixels: 1 << 20).0[10, 10].b > 200)
    }

    @Test func contentsJSONHasEverySlotWithXcodesKeys() throws {
        let folder = try TemporaryFolder()
        let (set, _) = try makeSet(art: Self.redArt(1024, 1024), in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as? [String: Any])
        let info = try #require(json["info"] as? [String: Any])
        #expect(info["author"] as? String == "xcode" && info["version"] as? Int == 1)
        let images = try #require(json["images"] as? [[String: Any]])
        #expect(images.count == 13)
        for (image, row) in zip(images, Self.expected) {
            #expect(image["size"] as? String == row.0 && image["scale"] as? String == row.1 && image["idiom"] as? String == row.2)
            #expect(image["platform"] as? String == row.3)
            #expect(Set(image.keys) == Set(["filename", "idiom", "scale", "size"] + (row.3 == nil ? [] : ["platform"])), "no role or other keys")
            let file = try #require(image["filename"] as? String)
            #expect(file.contains(row.0), "\(file) says its size")
        }
        #expect(Set(images.compactMap { $0["filename"] as? String }).count == 13, "every slot has its own file")
    }

    /// A run killed before it wrote its record left icons with the very bytes the next run writes,
    /// and a temporary file of its own: the next run finishes the set instead of refusing it.
    @Test func aRunKilledMidWayIsFinishedByTheNext() throws {
        let folder = try TemporaryFolder()
        let art = try folder.write(try Self.redArt(1024, 1024), to: "art.png")
        let project = folder.url.appendingPathComponent("App")
        let set = try IconSet().files(artAt: art)
        let target = project.appendingPathComponent(IconSet.folderName)
        for file in set.files.prefix(5) { try folder.write(file.data, to: "App/\(IconSet.folderName)/\(file.path)") }
        try folder.write(Data("half".utf8), to: "App/\(IconSet.folderName)/.peel-tmp-999999-1")
        _ = try IconSet().write(artAt: art, into: project)
        #expect(!folder.exists("App/\(IconSet.folderName)/.peel-tmp-999999-1"))
        #expect(IconSet.foreignFiles(in: target).isEmpty)
        // A file of someone else's is still refused.
        try folder.write(Data("mine".utf8), to: "App/\(IconSet.folderName)/\(set.files[0].path)")
        #expect(throws: PeelError.self) { _ = try IconSet().write(artAt: art, into: project) }
    }

    /// `peel icons pets/icon.png` run in a catalog (its default output is `.`) wrote the set into
    /// the catalog, whose next build read its 13 icons as a pack of stickers: a catalog, a pack,
    /// or a folder below either is refused, and nothing is written; beside the catalog is fine.
    @Test func anIconSetIsNeverWrittenIntoACatalog() throws {
        let folder = try TemporaryFolder()
        try folder.copy(Fixtures.catalog, to: "content")
        let art = folder.url.appendingPathComponent("content/pets/cat.png")
        for output in ["content", "content/pets", "content/pets/more"] {
            #expect(throws: PeelError.self, "\(output)") { _ = try IconSet().write(artAt: art, into: folder.url.appendingPathComponent(output)) }
            #expect(!folder.exists("\(output)/\(IconSet.folderName)"), "\(output)")
        }
        try folder.write("", to: "bare/pets/pack.md")   // a folder of packs without site.md
        #expect(throws: PeelError.self) { _ = try IconSet().write(artAt: art, into: folder.url.appendingPathComponent("bare")) }
        _ = try IconSet().write(artAt: art, into: folder.url.appendingPathComponent("App"))
        #expect(folder.exists("App/\(IconSet.folderName)/Contents.json"))
    }

    /// Animated art that pops in starts on a blank frame: the icons show its first frame with
    /// anything to see (13 blank icons were made of it), and art with nothing to see at all is said.
    @Test func anAnimationThatPopsInMakesIconsOfItsFirstVisibleFrame() throws {
        let folder = try TemporaryFolder()
        let clear = RGBAImage(width: 1024, height: 1024, pixels: Array(repeating: 0, count: 1024 * 1024 * 4))
        let red = RGBAImage(width: 1024, height: 1024, pixels: Array(repeating: [UInt8]([220, 20, 20, 255]), count: 1024 * 1024).flatMap { $0 })
        // A faint first frame (alpha 11, as a fade-in starts) is no better than a blank one: the
        // icons take the poster frame (`PosterFrame`), here the opaque one.
        let faint = RGBAImage(width: 1024, height: 1024, pixels: Array(repeating: [UInt8]([220, 20, 20, 11]), count: 1024 * 1024).flatMap { $0 })
        let popIn = try APNGEncoder.encode([.init(image: clear, delay: 0.2), .init(image: faint, delay: 0.2), .init(image: red, delay: 0.2)],
                                           loopCount: 0, palette: nil)
        let (set, warnings) = try makeSet(art: popIn, in: folder)
        #expect(!warnings.contains { $0.code == .blankImage })
        for name in try FileManager.default.contentsOfDirectory(atPath: set.path) where name.hasSuffix(".png") {
            let icon = try ImageAnalyzer().analyze(Data(contentsOf: set.appendingPathComponent(name))).decoded.frames[0].image
            let middle = ((icon.height / 2) * icon.width + icon.width / 2) * 4
            #expect(Array(icon.pixels[middle..<middle + 4]) == [220, 20, 20, 255], "\(name) shows the art")
        }
        let blank = try APNGEncoder.encode([.init(image: clear, delay: 0.2), .init(image: clear, delay: 0.2)], loopCount: 0, palette: nil)
        let (_, blankWarnings) = try makeSet(art: blank, in: folder)
        #expect(blankWarnings.filter { $0.code == .blankImage }.count == 1)
    }

    /// A set made in Xcode, or an icon of Peel's replaced by hand, is never overwritten: the
    /// write stops naming the files; a set Peel wrote (Finder's .DS_Store beside it) is replaced.
    @Test func anIconSetPeelDidNotWriteIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        let art = try folder.write(try Self.redArt(1024, 1024), to: "art.png")
        let project = folder.url.appendingPathComponent("App/Stickers.xcstickers")
        try folder.write("{\"images\":[]}", to: "App/Stickers.xcstickers/\(IconSet.folderName)/Contents.json")
        try folder.write(try Self.redArt(58, 58), to: "App/Stickers.xcstickers/\(IconSet.folderName)/Messages-iPhone@3x.png")
        #expect { try IconSet().write(artAt: art, into: project) } throws: { error in
            "\(error)".contains("holds an icon set peel icons did not write, or changed since (Contents.json, Messages-iPhone@3x.png)")
        }
        #expect(try folder.read("App/Stickers.xcstickers/\(IconSet.folderName)/Contents.json") == "{\"images\":[]}")

        let own = folder.url.appendingPathComponent("Own")
        _ = try IconSet().write(artAt: art, into: own)
        try folder.write("Finder", to: "Own/\(IconSet.folderName)/.DS_Store")
        _ = try IconSet().write(artAt: art, into: own)   // its own set, written again
        let icon = own.appendingPathComponent("\(IconSet.folderName)/\(IconSlot.iMessageAppIcon[0].fileName)")
        try Self.redArt(58, 58).write(to: icon)
        #expect(throws: PeelError.self) { try IconSet().write(artAt: art, into: own) }
        #expect(try Data(contentsOf: icon) == (try Self.redArt(58, 58)), "an icon replaced by hand stays")
    }

    /// `-o` naming the set itself (a project's set updated in place) writes into it, not a set
    /// nested inside it, which Xcode ignores; any name ending in `.stickersiconset` is a set.
    @Test func anOutputThatIsASetIsWrittenInPlace() throws {
        let folder = try TemporaryFolder()
        let art = try folder.write(try Self.redArt(1024, 1024), to: "art.png")
        for name in [IconSet.folderName, "Messages Icon.stickersiconset", "Icon.StickersIconSet/"] {
            let set = folder.url.appendingPathComponent("App/Stickers.xcassets/\(name)")
            _ = try IconSet().write(artAt: art, into: set)
            #expect(IconSet.setFolder(for: set) == set)
            #expect(FileManager.default.fileExists(atPath: set.appendingPathComponent("Contents.json").path), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: set.appendingPathComponent(IconSet.folderName).path), "\(name)")
        }
        #expect(IconSet.setFolder(for: folder.url) == folder.url.appendingPathComponent(IconSet.folderName))
    }

    @Test func everyImageHasExactlyItsSlotsPixelSize() throws {
        let folder = try TemporaryFolder()
        let (set, _) = try makeSet(art: Self.redArt(1024, 1024), in: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: set.path).filter { $0.hasSuffix(".png") }
        #expect(files.count == 13)
        for (slot, row) in zip(IconSlot.iMessageAppIcon, Self.expected) {
            let (image, _) = try PNGCodec.decode(Data(contentsOf: set.appendingPathComponent(slot.fileName)), maxPixels: 0)
            #expect(image.width == row.4 && image.height == row.5, "\(slot.fileName)")
        }
    }

    @Test func marketingIconsAreOpaqueWithoutAlpha() throws {
        // Art with transparent corners: a red disc.
        let disc = RGBAImage(width: 400, height: 400, pixels: (0..<400 * 400).flatMap { index -> [UInt8] in
            let x = Double(index % 400) - 199.5, y = Double(index / 400) - 199.5
            return x * x + y * y < 150 * 150 ? [220, 20, 20, 255] : [0, 0, 0, 0]
        })
        let folder = try TemporaryFolder()
        let (set, _) = try makeSet(art: try PNGCodec.encode(disc), in: folder, IconSet(background: RGBAColor(parsing: "#0000ff")!))
        for name in ["ios-marketing-1024x1024.png", "ios-marketing-1024x768.png"] {
            let (image, header) = try PNGCodec.decode(Data(contentsOf: set.appendingPathComponent(name)), maxPixels: 0)
            #expect(header.colorType == 2, "\(name) has no alpha channel")
            #expect(image[0, 0] == (0, 0, 255, 255), "\(name) corner is the background colour")
        }
        let (whiteSet, _) = try makeSet(art: try PNGCodec.encode(disc), in: folder)
        let (corner, _) = try PNGCodec.decode(Data(contentsOf: whiteSet.appendingPathComponent("ios-marketing-1024x1024.png")), maxPixels: 0)
        #expect(corner[0, 0] == (255, 255, 255, 255), "a transparent background flattens to white")
        let (small, _) = try PNGCodec.decode(Data(contentsOf: whiteSet.appendingPathComponent("iphone-29x29@2x.png")), maxPixels: 0)
        #expect(small[0, 0].a == 0, "other icons keep transparency")
        // A see-through background is laid over white, not dropped for white.
        let (pinkSet, _) = try makeSet(art: try PNGCodec.encode(disc), in: folder, IconSet(background: RGBAColor(parsing: "#ff000080")!))
        let (pink, _) = try PNGCodec.decode(Data(contentsOf: pinkSet.appendingPathComponent("ios-marketing-1024x1024.png")), maxPixels: 0)
        #expect(pink[0, 0] == (255, 127, 127, 255), "\(pink[0, 0])")
        let (slot, _) = try PNGCodec.decode(Data(contentsOf: pinkSet.appendingPathComponent("iphone-29x29@2x.png")), maxPixels: 0)
        #expect(slot[0, 0] == (255, 0, 0, 128), "other icons keep the colour as given")
    }

    @Test func paddingLeavesTheArtUncroppedAndCentred() throws {
        let folder = try TemporaryFolder()
        let (set, _) = try makeSet(art: Self.redArt(1024, 1024), in: folder)
        // 60x45@2x is 120×90: square art becomes 90×90 at x = 15.
        let (image, _) = try PNGCodec.decode(Data(contentsOf: set.appendingPathComponent("iphone-60x45@2x.png")), maxPixels: 0)
        for y in [0, 45, 89] {
            #expect(image[14, y].a == 0 && image[105, y].a == 0, "padding on both sides at row \(y)")
            #expect(image[15, y].a == 255 && image[104, y].a == 255, "art reaches its edges at row \(y)")
            #expect(image[60, y] == (220, 20, 20, 255))
        }
    }

    @Test func fillCoversTheSlotAndCropsCentred() throws {
        let folder = try TemporaryFolder()
        let (set, _) = try makeSet(art: Self.redArt(1024, 1024), in: folder, IconSet(fit: .fill))
        let (image, _) = try PNGCodec.decode(Data(contentsOf: set.appendingPathComponent("iphone-60x45@2x.png")), maxPixels: 0)
        for (x, y) in [(0, 0), (119, 0), (0, 89), (119, 89), (60, 45)] {
            #expect(image[x, y] == (220, 20, 20, 255), "covered at (\(x), \(y))")
        }
    }

    /// `peel icons --fill` on 1 × 4096 px art scaled it whole to cover the 1024 px slot:
    /// 1024 × 4,194,304 px, a 17 GB allocation that aborted. Art far from a slot's shape is
    /// cropped to it first, so nothing scaled is much larger than the slot, and the icon is the
    /// middle of the art, as before.
    @Test func fillOnThinArtCropsBeforeScaling() throws {
        let filling = IconSet(fit: .fill)
        for slot in IconSlot.iMessageAppIcon {
            for (width, height) in [(1, 4096), (4096, 1), (16, 4096), (3000, 7)] {
                let place = filling.placement(ofArtWidth: width, height: height, into: slot)
                #expect(place.width * place.height <= 4 * slot.pixelWidth * slot.pixelHeight, "\(width) × \(height) into \(slot.pixelWidth) × \(slot.pixelHeight)")
                #expect(place.width >= slot.pixelWidth && place.height >= slot.pixelHeight, "still covers the slot")
                #expect(abs((place.crop.x * 2 + place.crop.width) - width) <= 1 && abs((place.crop.y * 2 + place.crop.height) - height) <= 1, "centred")
            }
            let ordinary = filling.placement(ofArtWidth: 1024, height: 768, into: slot).crop
            #expect(ordinary.x == 0 && ordinary.y == 0 && ordinary.width == 1024 && ordinary.height == 768, "art of an ordinary shape is scaled whole")
        }
        // 2 × 4096 art, red in its middle rows and blue elsewhere: every icon is red.
        var pixels = [UInt8](repeating: 0, count: 2 * 4096 * 4)
        for y in 0..<4096 {
            for x in 0..<2 {
                let offset = (y * 2 + x) * 4
                let red = (2040..<2056).contains(y)
                pixels.replaceSubrange(offset..<offset + 4, with: red ? [220, 20, 20, 255] : [20, 20, 220, 255])
            }
        }
        let art = RGBAImage(width: 2, height: 4096, pixels: pixels)
        for slot in IconSlot.iMessageAppIcon {
            let icon = filling.render(art, for: slot)
            #expect(icon.width == slot.pixelWidth && icon.height == slot.pixelHeight)
            #expect(icon[icon.width / 2, icon.height / 2] == (220, 20, 20, 255), "\(slot.pixelWidth) × \(slot.pixelHeight)")
        }
    }

    @Test func warnsAboutSmallOrOddlyShapedArt() throws {
        let folder = try TemporaryFolder()
        let (_, small) = try makeSet(art: Self.redArt(300, 300), in: folder)
        #expect(small.map(\.code) == [.iconTooSmall])
        #expect(small.first?.message.hasPrefix("art is 300 × 300 px; the App Store icons need it 3.4× larger, so it is upscaled") == true)
        let (_, wide) = try makeSet(art: Self.redArt(1600, 900), in: folder)
        #expect(wide.map(\.code) == [.iconAspect])
        let (_, fourByThree) = try makeSet(art: Self.redArt(1024, 768), in: folder)
        #expect(fourByThree.isEmpty, "1024 × 768 art is never enlarged when padded")
        let (_, filled) = try makeSet(art: Self.redArt(1024, 768), in: folder, IconSet(fit: .fill))
        #expect(filled.map(\.code) == [.iconTooSmall], "filling the square App Store icon enlarges 4:3 art")
    }

    @Test func unreadableArtIsAClearError() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("not an image", to: "art.png")
        #expect(throws: PeelError.unreadable(path: bad.path, reason: "file is not an image Peel can read")) {
            try IconSet().write(artAt: bad, into: folder.url)
        }
        #expect(!folder.exists(IconSet.folderName))
    }

    @Test func coloursParse() {
        #expect(RGBAColor(parsing: "#FFD60A") == RGBAColor(red: 255, green: 214, blue: 10))
        #expect(RGBAColor(parsing: "#fff") == .white)
        #expect(RGBAColor(parsing: "#00000080") == RGBAColor(red: 0, green: 0, blue: 0, alpha: 128))
        #expect(RGBAColor(parsing: "transparent") == .transparent)
        #expect(RGBAColor(parsing: "teal") == nil)
        #expect(RGBAColor(parsing: "#12345") == nil)
    }
}
