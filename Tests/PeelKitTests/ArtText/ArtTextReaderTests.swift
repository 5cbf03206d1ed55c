import Foundation
import Testing
@testable import PeelKit

/// Tesseract on stickers the tests draw themselves, and on real line art that holds no text.
/// Needs tesseract-ocr-eng and hunspell-en-us (scripts/install-dependencies).
@Suite(.serialized) struct ArtTextReaderTests {
    /// One reader for the suite: a reader is not thread-safe, and the suite runs serially.
    nonisolated(unsafe) static let reader = try! ArtTextReader(language: "en")

    static let orange: (UInt8, UInt8, UInt8) = (240, 140, 40)

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let side: Int
        let lines: [(text: String, size: Int)]
        let style: @Sendable () -> TextStickers.Style
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "LOL, dark on transparent, 408 px", side: 408, lines: [("LOL", 120)], style: { .darkOnTransparent }, expected: ["LOL"]),
        Case(name: "OMG, white with outline, 300 px", side: 300, lines: [("OMG", 90)], style: { .lightWithOutline }, expected: ["OMG"]),
        Case(name: "HELLO over an orange disc, 618 px", side: 618, lines: [("HELLO", 110)], style: { .overShape(shape: orange, ink: (30, 30, 30)) },
             expected: ["HELLO"]),
        Case(name: "white BRB over an orange disc, 408 px", side: 408, lines: [("BRB", 110)], style: { .overShape(shape: orange, ink: (255, 255, 255)) },
             expected: ["BRB"]),
        Case(name: "two-word caption, white with outline, 300 px", side: 300, lines: [("Good morning", 34)], style: { .lightWithOutline },
             expected: ["Good", "morning"]),
        Case(name: "two lines, dark, 618 px", side: 618, lines: [("Happy", 100), ("birthday", 90)], style: { .darkOnTransparent },
             expected: ["Happy", "birthday"]),
        Case(name: "yellow YAY, 408 px", side: 408, lines: [("YAY", 120)], style: { .coloured(255, 215, 0) }, expected: ["YAY"]),
        Case(name: "small outlined caption, 300 px", side: 300, lines: [("See you soon", 22)], style: { .lightWithOutline },
             expected: ["See", "you", "soon"]),
        // Line art touching the outline joined the letters once the normalised preparation whitened it.
        Case(name: "outlined LOL over line art, 618 px", side: 618, lines: [("LOL", 123)], style: { .outlinedOverLineArt(shape: orange) },
             expected: ["LOL"]),
        Case(name: "huge OK, 618 px", side: 618, lines: [("OK", 260)], style: { .darkOnTransparent }, expected: ["OK"]),
        // English data reads "Café" as "Cafe"; the label matcher ignores accents either way.
        Case(name: "accented word, dark, 408 px", side: 408, lines: [("Café", 110)], style: { .darkOnTransparent }, expected: ["Cafe"]),
    ]

    @Test(arguments: cases) func readsRenderedWords(_ example: Case) throws {
        let art = TextStickers.sticker(side: example.side, lines: example.lines, style: example.style())
        let reading = try Self.reader.read([art])
        #expect(reading.words.map(\.text) == example.expected, "raw read: \(reading.raw)")
        #expect(reading.words.allSatisfy { $0.confidence >= ArtTextWordFilter.minimumConfidence })
    }

    /// OpenMoji line art from the test fixtures and the sample catalog: outlines, eyes and whiskers
    /// must never be read as words.
    @Test func lineArtGivesNoWords() throws {
        var files = ["pets/cat.png", "pets/fox.png"].map { Fixtures.catalog.appendingPathComponent($0) }
        let content = Fixtures.packageRoot.appendingPathComponent("content")
        for pack in ["faces", "animals", "weather"] {
            let folder = content.appendingPathComponent(pack)
            files += try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .filter { $0.hasSuffix(".png") }.map { folder.appendingPathComponent($0) }
        }
        #expect(files.count > 15)
        for file in files {
            let art = try TextStickers.decoded(file)
            let reading = try Self.reader.read([art])
            #expect(reading.words.isEmpty, "\(file.lastPathComponent): read \(reading.words) from \(reading.raw)")
            // The same shapes recoloured near-black and near-white, as art that vanishes on one transcript.
            for tone: UInt8 in [20, 240] {
                var pixels = art.pixels
                for index in stride(from: 0, to: pixels.count, by: 4) { pixels.replaceSubrange(index..<index + 3, with: [tone, tone, tone]) }
                let recoloured = try Self.reader.read([RGBAImage(width: art.width, height: art.height, pixels: pixels)])
                #expect(recoloured.words.isEmpty, "\(file.lastPathComponent) in \(tone): read \(recoloured.words) from \(recoloured.raw)")
            }
        }
    }

    /// An animation whose word appears only in a later frame: the poster alone reads nothing,
    /// the frames spread over the loop find it.
    @Test func findsWordShownOnlyInALaterFrame() throws {
        let cat = try TextStickers.decoded(Fixtures.catalog.appendingPathComponent("pets/cat.png"))
        var later = cat
        let mask = TextStickers.textMask(side: cat.width, lines: [("LOL", cat.width / 4)])
        var pixels = later.pixels
        TextStickers.fill(&pixels, cat.width, mask, (20, 20, 20))
        later = RGBAImage(width: cat.width, height: cat.height, pixels: pixels)
        #expect(try Self.reader.read([cat]).words.isEmpty)
        let reading = try Self.reader.read([cat, cat, later])
        #expect(reading.words.map(\.text) == ["LOL"], "raw read: \(reading.raw)")
    }

    @Test func blankAndEmptyFramesReadNothing() throws {
        let blank = RGBAImage(width: 300, height: 300, pixels: [UInt8](repeating: 0, count: 300 * 300 * 4))
        #expect(try Self.reader.read([blank]) == .empty)
        #expect(try Self.reader.read([]) == .empty)
    }

    #if os(Linux)
    /// Debian's libtesseract runs on OpenMP; the reader keeps it on the calling thread, which needs
    /// libgomp's omp_set_max_active_levels (2.8× less CPU per sticker, see TesseractEngine).
    @Test func findsOpenMPsControlInDebiansTesseract() {
        #expect(TesseractEngine.setMaxActiveLevels != nil)
    }
    #endif

    @Test func mapsLanguageTagsToTesseractData() {
        #expect(TesseractLanguage.code(for: "en") == "eng")
        #expect(TesseractLanguage.code(for: "en-GB") == "eng")
        #expect(TesseractLanguage.code(for: "fr-CA") == "fra")
        #expect(TesseractLanguage.code(for: "zh-Hans") == "chi_sim")
        #expect(TesseractLanguage.code(for: "zh-Hant") == "chi_tra")
        #expect(TesseractLanguage.code(for: "zh-TW") == "chi_tra")
        #expect(TesseractLanguage.code(for: "x-klingon") == nil)
        #expect(TesseractLanguage.debianPackage(for: "chi_sim") == "tesseract-ocr-chi-sim")
    }

    /// The dictionary decides which words are kept ("Colour" is British), so it is part of the
    /// art-check cache's key: switching en-US to en-GB kept the American reading.
    @Test func theDictionaryIsPartOfTheTextInspectorsKey() throws {
        let american = try TextInspector(language: "en-US"), british = try TextInspector(language: "en-GB")
        #expect(american.name == "text eng en_US" && british.name == "text eng en_GB")
    }

    @Test func missingLanguageDataIsAClearError() throws {
        #expect(throws: ArtTextError.unsupportedLanguage("tlh")) { try ArtTextReader(language: "tlh") }
        // Welsh: Debian ships its data (tesseract-ocr-cym), and Peel never installs it.
        guard TesseractLanguage.dataFolder(for: "cym") == nil else { return }
        let error = ArtTextError.missingLanguageData(language: "cy", code: "cym")
        #expect(throws: error) { try ArtTextReader(language: "cy") }
        #expect(error.description.contains("tesseract-ocr-cym"))
        #expect(error.description.contains("TESSDATA_PREFIX"))
    }

    /// English in the system's folder, French downloaded into TESSDATA_PREFIX's: Tesseract reads a
    /// catalog's languages from one folder, so the one that holds both is used, and when none
    /// does, the error says where each is (it said fra.traineddata "is not installed").
    @Test func languagesAreReadFromTheFolderThatHoldsThemAll() throws {
        let folder = try TemporaryFolder()
        try folder.write("x", to: "system/eng.traineddata")
        try folder.write("x", to: "mine/fra.traineddata")
        try folder.write("x", to: "both/eng.traineddata")
        try folder.write("x", to: "both/fra.traineddata")
        let system = folder.url.appendingPathComponent("system").path, mine = folder.url.appendingPathComponent("mine").path
        let both = folder.url.appendingPathComponent("both").path
        #expect(TesseractLanguage.dataFolder(holdingAll: ["eng", "fra"], in: [mine, system, both]) == both)
        #expect(TesseractLanguage.dataFolder(holdingAll: ["eng", "fra"], in: [mine, system]) == nil)
        #expect(TesseractLanguage.dataFolder(holdingAll: ["fra"], in: [system, mine]) == mine)
        let apart = ArtTextError.languageDataApart(language: "fr", files: ["eng.traineddata in \(system)", "fra.traineddata in \(mine)"])
        #expect(apart.description.contains("Tesseract reads a catalog's languages from one folder, and their data is apart (eng.traineddata in \(system), fra.traineddata in \(mine)); copy the .traineddata files into one folder and set TESSDATA_PREFIX to it"))
        #expect(apart.language == "fr")
    }
}
