import Foundation
import Testing
@testable import PeelKit

@Suite struct PartsPackTests {
    /// Straight-alpha Porter-Duff "over" in real numbers, rounded to 8 bits at the end.
    private static func referenceOver(_ src: [Double], _ dst: [Double]) -> [Double] {
        let sa = src[3] / 255, da = dst[3] / 255
        let outA = sa + da * (1 - sa)
        guard outA > 0 else { return [0, 0, 0, 0] }
        let rgb = (0..<3).map { (src[$0] * sa + dst[$0] * da * (1 - sa)) / outA }
        return rgb + [outA * 255]
    }

    private static func layer(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        var generator = SplitMix(seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in pixels.indices {
            // Plenty of 0 and 255 alpha among the partial ones.
            let value = UInt8(truncatingIfNeeded: generator.next())
            pixels[index] = index % 4 == 3 ? [0, 255, value][Int(generator.next() % 3)] : value
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func compositesWithinOneLevelOfExactOverMaths() throws {
        let layers = (0..<3).map { Self.layer(32, 32, seed: UInt64($0) + 7) }
        let composed = try #require(PartsCompositor.compose(layers))
        for pixel in 0..<(32 * 32) {
            var expected = Array(layers[0].pixels[pixel * 4..<pixel * 4 + 4]).map(Double.init)
            var exactRGB = true
            for layer in layers.dropFirst() {
                let source = Array(layer.pixels[pixel * 4..<pixel * 4 + 4]).map(Double.init)
                if source[3] == 0 { continue }   // nothing drawn: the pixel below stays as it is
                expected = Self.referenceOver(source, expected).map { $0.rounded() }
                exactRGB = exactRGB && expected[3] > 0
            }
            for channel in 0..<4 {
                let got = Double(composed.pixels[pixel * 4 + channel])
                // Pillow's fixed point rounds each step; it stays within one level of the real maths per layer.
                #expect(abs(got - expected[channel]) <= 2, "pixel \(pixel) channel \(channel): \(got) vs \(expected[channel])")
            }
        }
    }

    @Test func matchesPillowsFixedPointRoundingOnKnownPixels() throws {
        // Image.alpha_composite(Image.new('RGBA', (1, 1), (200, 100, 50, 128)), Image.new('RGBA', (1, 1), (10, 220, 90, 100)))
        // gives (93, 167, 72, 178) with Pillow 13.
        let dst = RGBAImage(width: 1, height: 1, pixels: [200, 100, 50, 128])
        let src = RGBAImage(width: 1, height: 1, pixels: [10, 220, 90, 100])
        let out = try #require(PartsCompositor.compose([dst, src]))
        #expect(out.pixels == [93, 167, 72, 178])
        // An opaque layer replaces, a transparent one leaves the pixel as it was.
        #expect(PartsCompositor.compose([dst, RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 255])])?.pixels == [1, 2, 3, 255])
        #expect(PartsCompositor.compose([dst, RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 0])])?.pixels == [200, 100, 50, 128])
        #expect(PartsCompositor.compose([dst, RGBAImage(width: 2, height: 1, pixels: [UInt8](repeating: 9, count: 8))]) == nil)
    }

    private func png(_ image: RGBAImage) throws -> Data { try PNGCodec.encode(image, alpha: true) }

    /// A sundae pack: 2 bases × 2 scoops × (no topping + 1) = 8 combinations.
    private func sundaes(_ folder: TemporaryFolder, packExtra: String = "", size: Int = 8) throws {
        try folder.write("---\ntitle: Sundaes\nparts: [base, scoops, topping]\noptional: [topping]\n"
                         + "label: \"Sundae: {{scoops}} in {{base}}{{#topping}}, topped with {{topping}}{{/topping}}\"\n\(packExtra)---\n",
                         to: "content/sundaes/pack.md")
        let files = [("base", "cone", "a waffle cone"), ("base", "cup", "a cup"), ("scoops", "mint", "mint & chip"),
                     ("scoops", "strawberry", "two scoops of strawberry"), ("topping", "sprinkles", "rainbow sprinkles")]
        for (index, (part, name, alt)) in files.enumerated() {
            try folder.write(try png(Self.layer(size, size, seed: UInt64(index))), to: "content/sundaes/\(part)/\(name).png")
            try folder.write("---\nalt: \"\(alt)\"\n---\n", to: "content/sundaes/\(part)/\(name).md")
        }
    }

    private func load(_ folder: TemporaryFolder) throws -> (Pack, [Finding]) {
        let loader = CatalogLoader(contentFolder: folder.url.appendingPathComponent("content"),
                                   partsFolder: folder.url.appendingPathComponent("derived"))
        let (catalog, findings) = try loader.load()
        return (try #require(catalog.packs.first), findings)
    }

    /// On a read-only checkout the composed art could not be written beside the content folder,
    /// the pack published no stickers, and no option moved it: it goes to the temporary folder.
    @Test func composedArtGoesToTheTemporaryFolderWhenItCannotBeKeptBesideTheContent() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("a file where the cache folder would be", to: ".peel-cache")
        let (catalog, findings) = try CatalogLoader(contentFolder: folder.url.appendingPathComponent("content")).load()
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(catalog.packs.first?.stickers.count == 8)
        let usable = ArtChecks.usableCacheFolder(forContent: folder.url.appendingPathComponent("content"))
        #expect(usable.folder.path.hasPrefix(FileManager.default.temporaryDirectory.path) && usable.note?.contains("--cache-dir") == true)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".peel-cache"))
        let beside = ArtChecks.usableCacheFolder(forContent: folder.url.appendingPathComponent("content"))
        #expect(beside.note == nil && beside.folder.path.hasSuffix(".peel-cache/art-checks"))
    }

    @Test func composesEveryCombinationWithItsLabel() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let (pack, findings) = try load(folder)
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(pack.stickers.map(\.slug) == ["cone-mint", "cone-mint-sprinkles", "cone-strawberry", "cone-strawberry-sprinkles",
                                              "cup-mint", "cup-mint-sprinkles", "cup-strawberry", "cup-strawberry-sprinkles"])
        #expect(pack.stickers[0].alt == "Sundae: mint & chip in a waffle cone", "labels are text: nothing is HTML-escaped")
        #expect(pack.stickers[1].alt == "Sundae: mint & chip in a waffle cone, topped with rainbow sprinkles")
        #expect(pack.stickers[1].composition?.choices.map(\.choice) == ["cone", "mint", "sprinkles"])
        #expect(pack.stickers[0].composition?.choices.last?.choice == nil)
        // The art is in the derived folder, never the content folder, and is the layers composited.
        let art = try #require(pack.stickers[1].composition?.art)
        #expect(art.path.hasPrefix(folder.url.appendingPathComponent("derived").path))
        let (decoded, _) = try PNGCodec.decode(Data(contentsOf: art), maxPixels: 1 << 20)
        #expect(decoded == PartsCompositor.compose([0, 2, 4].map { Self.layer(8, 8, seed: UInt64($0)) }))
        #expect(!folder.exists("content/sundaes/cone-mint.png"))
    }

    /// A layer saved turned, with an `eXIf` orientation (an iPad app's export), is composed upright,
    /// as Peel shows a sticker's own PNG: it was composed as stored, upside down.
    @Test func aLayerIsTurnedUprightByItsOrientation() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let upright = Self.layer(8, 8, seed: 2)
        // Stored turned half a turn, with orientation 3 (rotate 180°) to show it upright.
        var turned = upright
        for y in 0..<8 { for x in 0..<8 {
            let from = (y * 8 + x) * 4, to = ((7 - y) * 8 + (7 - x)) * 4
            turned.pixels.replaceSubrange(to..<to + 4, with: upright.pixels[from..<from + 4])
        } }
        // Big-endian TIFF: header, one IFD entry (Orientation, SHORT, 1 value: 3), no next IFD.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0, 0]
        let chunk = Data(PNGChunk(type: "eXIf", data: tiff).encoded)
        try folder.write(PNGChunks.inserting([chunk], into: try png(turned)), to: "content/sundaes/scoops/mint.png")
        let (pack, findings) = try load(folder)
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        let art = try #require(pack.stickers.first { $0.slug == "cone-mint-sprinkles" }?.composition?.art)
        let (decoded, _) = try PNGCodec.decode(Data(contentsOf: art), maxPixels: 1 << 20)
        #expect(decoded == PartsCompositor.compose([Self.layer(8, 8, seed: 0), upright, Self.layer(8, 8, seed: 4)]))
    }

    /// In a catalog of several languages each combination's label is composed in each language from
    /// the parts' translation files and the pack's translated template; a part missing or out of date
    /// in a language is said once, on the part's files, and so are the stickers made with it.
    @Test func composedLabelsInEveryLanguageFromThePartsTranslations() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\ntitle: Sundaes\nlanguages: [en, fr, de]\n---\n", to: "content/site.md")
        try folder.write("---\ntitle: Coupes\nlabel: \"Coupe : {{scoops}} dans {{base}}{{#topping}}, avec {{topping}}{{/topping}}\"\n---\n",
                         to: "content/sundaes/pack.fr.md")
        let french = [("base", "cone", "un cornet", "a waffle cone"), ("base", "cup", "un gobelet", "a cup"),
                      ("scoops", "mint", "menthe", "mint & chip"), ("scoops", "strawberry", "deux boules de fraise", "two scoops of strawberry"),
                      ("topping", "sprinkles", "des vermicelles", "rainbow sprinkles, old")]
        for (part, name, alt, from) in french {
            try folder.write("---\nalt: \"\(alt)\"\ntranslated_from: \"\(from)\"\n---\n", to: "content/sundaes/\(part)/\(name).fr.md")
        }
        let loader = CatalogLoader(contentFolder: folder.url.appendingPathComponent("content"),
                                   partsFolder: folder.url.appendingPathComponent("derived"))
        let (catalog, findings) = try loader.load()
        let pack = try #require(catalog.packs.first)
        let plain = try #require(pack.stickers.first { $0.slug == "cone-mint" })
        let topped = try #require(pack.stickers.first { $0.slug == "cone-mint-sprinkles" })
        #expect(plain.translations["fr"]?.alt == "Coupe : menthe dans un cornet")
        #expect(plain.labelState(in: "fr", source: catalog.site.defaultLanguage) == .translated)
        #expect(topped.translations["fr"]?.alt == "Coupe : menthe dans un cornet, avec des vermicelles")
        #expect(topped.labelState(in: "fr", source: catalog.site.defaultLanguage) == .stale, "its sprinkles were translated from an older label")
        #expect(topped.translations["fr"]?.file == "sundaes/pack.fr.md", "label findings in French point at the French template")
        #expect(plain.translations["de"] == nil, "no German template and no German parts: no German label")
        #expect(plain.labelState(in: "de", source: catalog.site.defaultLanguage) == .missing)

        // Said once per part and language, on the part's files; nothing per combination.
        let site = catalog.site
        let all = findings + TranslationChecks.findings(for: catalog)
        let stale = all.filter { $0.code == .staleTranslation }
        #expect(stale.map(\.file) == ["sundaes/topping/sprinkles.fr.md"])
        let titles = all.filter { $0.code == .missingTranslation && $0.message.contains(" title: the ") }
        #expect(titles.map { "\($0.file) \($0.language ?? "")" }.sorted() == ["site.md de", "site.md fr", "sundaes/pack.md de"], "Coupes is the French title")
        let missing = all.filter { $0.code == .missingTranslation && !titles.contains($0) }
        #expect(Set(missing.map(\.file)) == Set(["sundaes/pack.md", "sundaes/base/cone.md", "sundaes/base/cup.md", "sundaes/scoops/mint.md",
                                                  "sundaes/scoops/strawberry.md", "sundaes/topping/sprinkles.md"]))
        #expect(missing.allSatisfy { $0.language == "de" }, "French is complete")
        #expect(missing.count == 6, "five parts and the template, in German, each once")
        #expect(!findings.contains { $0.code == .unknownKey }, "a parts pack's translated label: is its template")
        #expect(site.otherLanguages == ["fr", "de"])
        // The composed labels are checked in each language like any other.
        let labelFindings = Checker.findings(for: catalog, assets: [:]) { _ in [] }
        #expect(!labelFindings.contains { $0.code == .missingTranslation && $0.sticker?.contains("+") == true })
    }

    /// The README said a changed template makes its translations stale, and nothing tracked the
    /// template a translation was made from: `label_translated_from:` in pack.fr.md does.
    @Test func aChangedTemplateMakesItsTranslationStale() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\ntitle: Sundaes\nlanguages: [en, fr]\n---\n", to: "content/site.md")
        let current = "Sundae: {{scoops}} in {{base}}{{#topping}}, topped with {{topping}}{{/topping}}"
        func translate(from template: String) throws {
            try folder.write("---\ntitle: Coupes\nlabel: \"Coupe : {{scoops}} dans {{base}}\"\nlabel_translated_from: \"\(template)\"\n---\n",
                             to: "content/sundaes/pack.fr.md")
        }
        for (part, name, alt, from) in [("base", "cone", "un cornet", "a waffle cone"), ("base", "cup", "un gobelet", "a cup"),
                                        ("scoops", "mint", "menthe", "mint & chip"), ("scoops", "strawberry", "fraise", "two scoops of strawberry"),
                                        ("topping", "sprinkles", "des vermicelles", "rainbow sprinkles")] {
            try folder.write("---\nalt: \"\(alt)\"\ntranslated_from: \"\(from)\"\n---\n", to: "content/sundaes/\(part)/\(name).fr.md")
        }
        let loader = CatalogLoader(contentFolder: folder.url.appendingPathComponent("content"), partsFolder: folder.url.appendingPathComponent("derived"))
        try translate(from: current)
        var (catalog, findings) = try loader.load()
        #expect(!findings.contains { $0.code == .staleTranslation }, "\(findings.map(\.formatted))")
        #expect(catalog.packs[0].stickers.first { $0.slug == "cone-mint" }?.labelState(in: "fr", source: "en") == .translated)

        try translate(from: "{{scoops}} in {{base}}")
        (catalog, findings) = try loader.load()
        let stale = findings.filter { $0.code == .staleTranslation }
        #expect(stale.map(\.file) == ["sundaes/pack.fr.md"] && stale.first?.line == 4 && stale.first?.language == "fr", "\(findings.map(\.formatted))")
        #expect(catalog.packs[0].stickers.allSatisfy { $0.labelState(in: "fr", source: "en") == .stale }, "every composed French label is out of date")
    }

    @Test func combinationsAndExcludeNarrowTheSet() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder, packExtra: "combinations: [\"base=cone\", \"base=cup&scoops=mint&topping=none\"]\nexclude: [\"scoops=strawberry&topping=sprinkles\"]\n")
        let (pack, findings) = try load(folder)
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(pack.stickers.map(\.slug) == ["cone-mint", "cone-mint-sprinkles", "cone-strawberry", "cup-mint"])
    }

    @Test func withoutATemplateLabelsAreJoinedAndThatIsSaid() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\ntitle: Sundaes\nparts: [base, scoops]\n---\n", to: "content/sundaes/pack.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/sundaes/topping"))
        let (pack, findings) = try load(folder)
        #expect(findings.map(\.code) == [.labelTemplateMissing])
        #expect(pack.stickers.first?.alt == "a waffle cone, mint & chip")
    }

    /// A part labelled `IMG_2041` made "… in IMG_2041" the label of every sticker with it, which
    /// as a whole is no placeholder: nothing was reported, exit status 0.
    @Test func aPartsPlaceholderLabelIsAnErrorAtItsAlt() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\nalt: IMG_2041\n---\n", to: "content/sundaes/base/cone.md")
        let (_, findings) = try load(folder)
        let placeholder = findings.filter { $0.code == .placeholderLabel }
        #expect(placeholder.map(\.file) == ["sundaes/base/cone.md"] && placeholder.first?.line == 2 && placeholder.first?.severity == .error,
                "\(findings.map(\.formatted))")
        #expect(placeholder.first?.message.contains("'IMG_2041' is a placeholder, read in the label of every sticker made with it") == true)
    }

    @Test func plantedMistakesGiveFindingsNamingTheirFiles() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\ntitle: Sundaes\nparts: [base, scoops, topping, sauce]\noptional: [topping]\n"
                         + "label: \"{{scoops}} in {{bowl}}\"\n---\n", to: "content/sundaes/pack.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/sundaes/scoops/mint.md"))
        try folder.write(try png(Self.layer(9, 9, seed: 1)), to: "content/sundaes/topping/cherry.png")
        try folder.write("---\nalt: a cherry\n---\n", to: "content/sundaes/topping/cherry.md")
        let (pack, findings) = try load(folder)
        let byCode = Dictionary(grouping: findings, by: \.code)
        #expect(byCode[.missingPartFolder]?.map(\.file) == ["sundaes/pack.md"])
        #expect(byCode[.missingPartFolder]?.first?.message.contains("sundaes/sauce/") == true)
        #expect(byCode[.missingPartLabel]?.map(\.file) == ["sundaes/scoops/mint.png"])
        #expect(byCode[.partSizeMismatch]?.map(\.file) == ["sundaes/topping/cherry.png"])
        #expect(byCode[.partSizeMismatch]?.first?.message.contains("sundaes/base/cone.png") == true)
        #expect(byCode[.unknownTemplatePart]?.first?.line == 5)
        #expect(findings.filter { $0.code != .emptyPack }.allSatisfy { $0.severity == .error })
        #expect(pack.stickers.isEmpty, "a part without a folder leaves nothing to compose")
    }

    @Test func anAnimatedLayerIsRefusedNotFlattened() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let frames = (0..<3).map { DecodedImage.Frame(image: Self.layer(8, 8, seed: UInt64(10 + $0)), delay: 0.1) }
        try folder.write(try APNGEncoder.encode(frames, loopCount: 0, palette: nil), to: "content/sundaes/topping/sprinkles.png")
        let (pack, findings) = try load(folder)
        let refused = findings.filter { $0.code == .unsupportedFormat }
        #expect(refused.map(\.file) == ["sundaes/topping/sprinkles.png"])
        #expect(refused.first?.message.hasPrefix("the layer is an animated PNG (3 frames)") == true)
        #expect(!pack.stickers.contains { $0.slug.hasSuffix("sprinkles") }, "no combination with it is composed")
        #expect(pack.stickers.count == 4)
    }

    /// A layer symlinked out of the content folder was read and composed into published stickers.
    @Test func aLayerLinkedOutOfTheContentFolderIsNotRead() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write(try png(Self.layer(8, 8, seed: 99)), to: "secret/secret.png")
        let layer = folder.url.appendingPathComponent("content/sundaes/topping/sprinkles.png")
        try FileManager.default.removeItem(at: layer)
        try FileManager.default.createSymbolicLink(atPath: layer.path, withDestinationPath: "../../../secret/secret.png")
        let (pack, findings) = try load(folder)
        let refused = findings.filter { $0.code == .pathOutsideContent }
        #expect(refused.map(\.file) == ["sundaes/topping/sprinkles.png"], "\(findings.map(\.formatted))")
        #expect(!pack.stickers.contains { $0.slug.hasSuffix("sprinkles") }, "no combination with it is composed")
    }

    @Test func moreThanTheMaximumIsAnErrorAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Many\nparts: [a, b, c]\nlabel: \"{{a}} {{b}} {{c}}\"\n---\n", to: "content/many/pack.md")
        for part in ["a", "b", "c"] {
            for index in 0..<8 {
                try folder.write(try png(Self.layer(2, 2, seed: UInt64(index))), to: "content/many/\(part)/x\(index).png")
                try folder.write("---\nalt: \(part) \(index)\n---\n", to: "content/many/\(part)/x\(index).md")
            }
        }
        let (pack, findings) = try load(folder)
        #expect(findings.map(\.code).contains(.tooManyCombinations))   // 8 × 8 × 8 = 512 > 500
        #expect(pack.stickers.isEmpty)
        #expect(!folder.exists("derived"))
    }

    /// Combinations were listed up to 2,000 and filtered afterwards: in a 50 × 50 pack,
    /// `combinations: ["a=a49"]` (50 combinations, all past the cut) made no sticker and warned that
    /// it matched nothing, and the error without a filter said 2050 combinations, not 2,500.
    @Test func filtersKeepCombinationsPastAnyCutAndTheCountIsExact() throws {
        let folder = try TemporaryFolder()
        for part in ["a", "b"] {
            for index in 0..<50 {
                let name = "\(part)\(String(format: "%02d", index))"
                try folder.write(try png(Self.layer(2, 2, seed: UInt64(index + (part == "b" ? 100 : 0)))), to: "content/many/\(part)/\(name).png")
                try folder.write("---\nalt: \(part) \(index)\n---\n", to: "content/many/\(part)/\(name).md")
            }
        }
        let pack = "---\ntitle: Many\nparts: [a, b]\nlabel: \"{{a}} {{b}}\"\n"
        try folder.write(pack + "---\n", to: "content/many/pack.md")
        let (_, unfiltered) = try load(folder)
        #expect(unfiltered.filter { $0.code == .tooManyCombinations }.map(\.message) == ["the parts make 2500 combinations, more than the 500 a pack may have; list the ones you want with combinations: or leave some out with exclude: (none are composed)"])

        try folder.write(pack + "combinations: [\"a=a49\"]\nexclude: [\"a=a49&b=b00\"]\n---\n", to: "content/many/pack.md")
        let (kept, findings) = try load(folder)
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(kept.stickers.count == 49)
        #expect(kept.stickers.first?.slug == "a49-b01" && kept.stickers.last?.slug == "a49-b49", "in order")

        try folder.write(pack + "exclude: [\"b=b00\", \"b=b01\"]\n---\n", to: "content/many/pack.md")
        let (_, tooMany) = try load(folder)
        #expect(tooMany.filter { $0.code == .tooManyCombinations }.map(\.message) == ["combinations: and exclude: keep more than the 500 combinations a pack may have; list fewer with combinations: or leave more out with exclude: (none are composed)"])
    }

    /// A layer's EXIF location went into the pack zip's originals/ without a word, where the same
    /// EXIF on a sticker is `location-in-metadata`.
    @Test func aLayerFromAPhoneIsSaidToCarryItsLocation() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let layer = try png(Self.layer(8, 8, seed: 2))
        try folder.write(PNGChunks.inserting([Data(PNGChunk(type: "eXIf", data: ProblemCatalog.exifWithLocation).encoded)], into: layer),
                         to: "content/sundaes/scoops/mint.png")
        let (pack, findings) = try load(folder)
        #expect(findings.map(\.code) == [.locationInMetadata] && findings.first?.file == "sundaes/scoops/mint.png")
        #expect(pack.stickers.count == 8, "a warning: the layer is still composed")
    }

    /// A bare `{{topping}}` for an optional part printed "false" into every label without one
    /// (VoiceOver read "… and false"), with no finding.
    @Test func aBareOptionalPartSaysNothingAndIsNamed() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\ntitle: Sundaes\nparts: [base, scoops, topping]\noptional: [topping]\n"
                         + "label: \"{{scoops}} in {{base}} with {{topping}}{{#topping}}, yes {{topping}}{{/topping}}\"\n---\n", to: "content/sundaes/pack.md")
        let (pack, findings) = try load(folder)
        #expect(findings.map(\.code) == [.unguardedOptionalPart] && findings.first?.line == 5, "\(findings.map(\.formatted))")
        #expect(findings.first?.message.contains("{{#topping}} with {{topping}}{{/topping}}") == true)
        #expect(pack.stickers.first { $0.slug == "cone-mint" }?.alt == "mint & chip in a waffle cone with")
        #expect(pack.stickers.first { $0.slug == "cone-mint-sprinkles" }?.alt == "mint & chip in a waffle cone with rainbow sprinkles, yes rainbow sprinkles")
        #expect(!pack.stickers.contains { $0.alt?.contains("false") == true })
        // Inside its own section (or one of several), or a required part, it is fine; an inverted
        // section does not guard it.
        #expect(LabelTemplate.unguardedOptionalParts(in: "{{#t}}{{#b}}{{t}}{{/b}}{{/t}} {{b}}", optional: ["t"]).isEmpty)
        #expect(LabelTemplate.unguardedOptionalParts(in: "{{^t}}none{{/t}} {{ t }} {{{t}}} {{u}}", optional: ["t", "u"]) == ["t", "u"])
        #expect(LabelTemplate.unguardedOptionalParts(in: "{{#t}}{{/t}}{{t}}", optional: ["t"]) == ["t"], "after its section closed")
    }

    @Test func anUnreadableTemplateIsSaidInWords() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\ntitle: Sundaes\nparts: [base, scoops, topping]\noptional: [topping]\n"
                         + "label: \"{{scoops}} in {{base}}{{#topping}}, with {{topping}}\"\n---\n", to: "content/sundaes/pack.md")
        let (_, findings) = try load(folder)
        #expect(findings.map(\.message) == ["label template is not valid Mustache: a section ({{#name}} or {{^name}}) is never closed with {{/name}}; the parts' labels are joined instead"])
    }

    /// 3,000 nested sections in `label:` (36 KB of pack.md) overflowed the stack in swift-mustache's
    /// parser and killed every command; a template that long is refused before it is parsed.
    @Test func aDeeplyNestedTemplateIsRefusedNotParsed() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let depth = 5_000
        let nested = String(repeating: "{{#topping}}", count: depth) + "{{topping}}" + String(repeating: "{{/topping}}", count: depth)
        try folder.write("---\ntitle: Sundaes\nparts: [base, scoops, topping]\noptional: [topping]\n"
                         + "label: \"{{scoops}} in {{base}}\(nested)\"\n---\n", to: "content/sundaes/pack.md")
        let (pack, findings) = try load(folder)
        let length = "{{scoops}} in {{base}}".count + nested.count
        #expect(findings.map(\.message) == ["label template is \(length) characters, more than the 1000 a label template may have (a label is at most 150); the parts' labels are joined instead"])
        #expect(findings.first?.line == 5 && findings.first?.code == .invalidValue)
        #expect(pack.stickers.first?.alt == "a waffle cone, mint & chip", "labels are joined, as for any template Peel cannot use")
        // A template as long as allowed still parses, nested as deep as its length lets it.
        let prefix = "{{scoops}} in {{base}}"
        let deepest = (LabelTemplate.maximumLength - prefix.count - 12) / 24
        let allowed = prefix + String(repeating: "{{#topping}}", count: deepest) + " {{topping}}" + String(repeating: "{{/topping}}", count: deepest)
        #expect(allowed.count > LabelTemplate.maximumLength - 24 && allowed.count <= LabelTemplate.maximumLength)
        try folder.write("---\ntitle: Sundaes\nparts: [base, scoops, topping]\noptional: [topping]\nlabel: \"\(allowed)\"\n---\n",
                         to: "content/sundaes/pack.md")
        let (parsed, clean) = try load(folder)
        #expect(clean.isEmpty, "\(clean.map(\.formatted))")
        #expect(parsed.stickers.first { $0.slug == "cone-mint-sprinkles" }?.alt == "mint & chip in a waffle cone rainbow sprinkles")
    }

    /// Stickers made with an unlabelled layer had no label and no finding, so the pack zip shipped
    /// them with an empty accessibility label.
    @Test func stickersMadeWithAnUnlabelledPartCarryItsError() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write("---\nalt: \"\"\n---\n", to: "content/sundaes/scoops/mint.md")
        let (pack, findings) = try load(folder)
        let unlabelled = findings.filter { $0.code == .missingPartLabel }
        #expect(unlabelled.count == 4 && unlabelled.allSatisfy { $0.file == "sundaes/scoops/mint.md" && $0.line == 2 && $0.severity == .error })
        #expect(unlabelled.compactMap(\.sticker).sorted() == ["sundaes/cone+mint+sprinkles.png", "sundaes/cone+mint.png",
                                                             "sundaes/cup+mint+sprinkles.png", "sundaes/cup+mint.png"].sorted())
        #expect(pack.stickers.filter { $0.alt == nil }.map(\.source).sorted() == unlabelled.compactMap(\.sticker).sorted())
        #expect(ArchiveOmission.rejected(in: findings) == Set(unlabelled.compactMap(\.sticker)), "the pack downloads leave them out")
    }

    /// "none" means an optional part left out (`topping=none`, the builder's radio): a layer of
    /// that name was a second, silent meaning of it.
    @Test func aLayerCalledNoneInAnOptionalPartIsRefused() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.write(try png(Self.layer(8, 8, seed: 9)), to: "content/sundaes/topping/None.png")
        try folder.write("---\nalt: nothing at all\n---\n", to: "content/sundaes/topping/None.md")
        let (pack, findings) = try load(folder)
        #expect(findings.map(\.file) == ["sundaes/topping/None.png"] && findings.first?.severity == .error, "\(findings.map(\.formatted))")
        #expect(pack.parts.first { $0.name == "topping" }?.choices.map(\.name) == ["sprinkles"])
        #expect(pack.stickers.count == 8)
    }

    /// Two identical layers were reported as duplicate images of composed stickers, at files
    /// that exist nowhere; now once, at the layer.
    @Test func aRepeatedLayerIsSaidOnceAtTheLayer() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        try folder.copy(folder.url.appendingPathComponent("content/sundaes/topping/sprinkles.png"), to: "content/sundaes/topping/sprinkles2.png")
        try folder.write("---\nalt: more sprinkles\n---\n", to: "content/sundaes/topping/sprinkles2.md")
        let (pack, findings) = try load(folder)
        #expect(findings.map(\.file) == ["sundaes/topping/sprinkles2.png"] && findings.first?.code == .duplicateImage, "\(findings.map(\.formatted))")
        #expect(findings.first?.message.hasPrefix("same image bytes as the layer sundaes/topping/sprinkles.png") == true)
        var assets: [String: StickerAssets] = [:]
        for sticker in pack.stickers {
            assets[sticker.source] = StickerAssets(info: ImageInfo(format: .png, width: 8, height: 8, hasAlpha: true, frameCount: 1, bytes: 1, sha256: "same"),
                                                   thumbnails: [], findings: [])
        }
        let catalog = Catalog(site: SiteInfo(), packs: [pack])
        #expect(CatalogChecks.duplicateImages(catalog, assets: assets).isEmpty, "composed stickers are not compared by file")
    }

    /// Filters said "'base' does not name a part" for a missing choice, took a dangling & in
    /// silence, and an entry matching nothing ended in "add PNG files to sundaes/".
    @Test func filterMistakesAreSaidAsTheyAre() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder, packExtra: "combinations: [\"base=Cone\", \"base=cone&base=cup\"]\nexclude: [\"base\", \"base=cup&\", \"bowl=glass\"]\n")
        let (pack, findings) = try load(folder)
        let messages = findings.map(\.message)
        #expect(messages.contains("'base' names the part 'base' but no choice of it; write part=choice pairs joined by &, such as base=cone"))
        #expect(messages.contains("'base=cup&' has an empty condition (an & with nothing after or before it); write part=choice pairs joined by &, such as base=cone"))
        #expect(messages.contains("'bowl=glass' names 'bowl', which is not a part of this pack (parts: base, scoops, topping); write part=choice pairs joined by &, such as base=cone"))
        #expect(messages.contains("'base=Cone': base has no choice 'Cone'"))
        #expect(messages.contains("combinations: 'base=cone&base=cup' matches no combination of the parts (choice names are the layers' file names, as written)"))
        #expect(pack.stickers.isEmpty)
        #expect(messages.contains("pack composes no sticker from its parts; the findings on its parts:, combinations: and exclude: say why"))
    }

    /// Composed art cut short in the parts cache was trusted: a corrupt-image error on a file that
    /// exists nowhere, for good. It is made again.
    @Test func damagedComposedArtIsMadeAgain() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let (first, _) = try load(folder)
        let art = try #require(first.stickers.first?.composition?.art)
        let whole = try Data(contentsOf: art)
        #expect(PartsPack.isWholePNG(art))
        try whole.prefix(whole.count - 20).write(to: art)
        #expect(!PartsPack.isWholePNG(art))
        let (again, _) = try load(folder)
        #expect(try Data(contentsOf: art) == whole && again.stickers.count == first.stickers.count)
        // Damage in the middle (a bad sector, a CI cache half restored), size, signature and IEND kept.
        var damaged = whole
        let middle = whole.count / 2
        damaged.replaceSubrange(middle..<(middle + 64), with: Data(repeating: 0x5A, count: 64))
        try damaged.write(to: art)
        #expect(!PartsPack.isWholePNG(art))
        let (mended, findings) = try load(folder)
        #expect(try Data(contentsOf: art) == whole && mended.stickers.count == first.stickers.count)
        #expect(!findings.contains { $0.code == .corruptImage })
    }

    /// A messenger's findings on composed stickers are all on pack.md, one per combination: each
    /// names its sticker, where 12 alike lines on sundaes/pack.md could be told apart only in JSON.
    @Test func platformFindingsOnComposedStickersNameTheirSticker() async throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let review = try await Review.make(content: folder.url.appendingPathComponent("content")).checked(for: [.signal])
        let composed = review.findings.filter { $0.platform == .signal && $0.file == "sundaes/pack.md" && $0.sticker != nil }
        try #require(composed.count >= 6, "\(review.findings.map(\.formatted))")
        let stickers = review.catalog.packs.flatMap(\.stickers)
        for finding in composed {
            let slug = try #require(stickers.first { $0.source == finding.sticker }?.slug)
            #expect(finding.message.hasPrefix("Signal: composed sticker '\(slug)': "), "\(finding.message)")
        }
    }

    /// The layers were decoded on every load, though their art was made: a CI runner with the
    /// cache restored decoded every layer of every parts pack. Only the layers of art not made yet
    /// are decoded now. Shown by a layer whose pixels cannot be decoded: while the art made from
    /// its bytes is there it is not decoded (no error); without that art it is, and said.
    @Test func layersAreDecodedOnlyForArtNotMadeYet() throws {
        let folder = try TemporaryFolder()
        try sundaes(folder)
        let (first, _) = try load(folder)
        let layerFile = "content/sundaes/base/cone.png"
        let whole = try Data(contentsOf: folder.url.appendingPathComponent(layerFile))
        // The same canvas, its image data made garbage.
        var damaged = whole
        let idat = try #require(damaged.range(of: Data("IDAT".utf8)))
        for index in idat.upperBound..<min(idat.upperBound + 40, damaged.count - 12) { damaged[index] = 0x55 }
        try damaged.write(to: folder.url.appendingPathComponent(layerFile))
        let sha = { (data: Data) in Hex.string(SHA256.hash(data: data)) }
        var planted: [URL] = []
        for sticker in first.stickers {
            guard let composition = sticker.composition else { continue }
            let art = composition.art
            let layers = composition.choices.compactMap { $0.file }
            guard layers.contains("sundaes/base/cone.png") else { continue }
            let hashes = try layers.map { $0 == "sundaes/base/cone.png" ? sha(damaged) : sha(try Data(contentsOf: folder.url.appendingPathComponent("content/\($0)"))) }
            let target = art.deletingLastPathComponent().appendingPathComponent(PartsPack.artName(layerHashes: hashes))
            try FileManager.default.copyItem(at: art, to: target)
            planted.append(target)
        }
        try #require(!planted.isEmpty)
        let (again, findings) = try load(folder)
        #expect(!findings.contains { $0.code == .corruptImage }, "not decoded: \(findings.map(\.formatted))")
        #expect(again.stickers.count == first.stickers.count)
        try FileManager.default.removeItem(at: planted[0])
        let (_, decoded) = try load(folder)
        #expect(decoded.contains { $0.code == .corruptImage && $0.file == "sundaes/base/cone.png" }, "\(decoded.map(\.formatted))")
    }

    @Test func templateNamesAreFound() {
        #expect(LabelTemplate.names(in: "{{a}} {{#b}}x{{/b}}{{^ c }}{{{d}}}{{&e}}{{! note}}") == ["a", "b", "c", "d", "e"])
    }
}
