/// Reads the text drawn into a sticker with Tesseract, in process, and keeps the words a label
/// should say (see `ArtTextWordFilter`).
///
/// Not thread-safe: a reader owns a Tesseract handle, which holds the page it is reading. Make one
/// reader per thread (or per task that stays on one thread at a time) and reuse it for many stickers;
/// making one loads the language data (~50 ms for English).
public struct ArtTextReader {
    /// The catalog's language (BCP 47), and the Tesseract data that reads it (several, joined
    /// by "+", for a catalog whose packs are written in several languages).
    public let language: String
    public let code: String
    /// The Hunspell dictionaries that tell words from shapes ("en_GB"): which words are kept.
    public let dictionaryName: String
    private let engine: TesseractEngine
    private let filter: ArtTextWordFilter

    /// A reader for a catalog in `language` ("en", "fr", "zh-Hans"). Throws `ArtTextError` naming what
    /// to install when Tesseract's data or a Hunspell dictionary for the language is missing.
    public init(language: String) throws {
        try self.init(languages: [language])
    }

    /// A reader for art in any of `languages` (the packs' own, the default first): Tesseract reads
    /// with all their data at once ("eng+fra"), and a word any of their dictionaries knows is kept.
    /// Throws for the first language whose data or dictionary is missing (`readable(_:)` tells
    /// which can be read first).
    public init(languages: [String]) throws {
        precondition(!languages.isEmpty, "a reader reads at least one language")
        let data = try Self.data(for: languages)
        self.language = languages[0]
        code = data.codes.joined(separator: "+")
        dictionaryName = data.dictionaries.map(\.name).joined(separator: "+")
        engine = try TesseractEngine(code: code, folder: data.folder, language: languages[0])
        filter = ArtTextWordFilter(dictionaries: data.dictionaries)
    }

    /// The languages of `languages` this machine can read art in (Tesseract's data in one folder
    /// with the first's, and a dictionary), and why each other one cannot.
    public static func readable(_ languages: [String]) -> (languages: [String], unavailable: [ArtTextError]) {
        var readable: [String] = [], unavailable: [ArtTextError] = []
        for language in languages {
            do {
                _ = try data(for: readable + [language])
                readable.append(language)
            } catch let error as ArtTextError {
                unavailable.append(error)
            } catch {
                unavailable.append(.unsupportedLanguage(language))
            }
        }
        return (readable, unavailable)
    }

    /// Tesseract's codes and data folder and the dictionaries for `languages`, each once, without
    /// loading Tesseract; throws for the first language that cannot be read.
    private static func data(for languages: [String]) throws -> (codes: [String], folder: String, dictionaries: [SpellingDictionary]) {
        var codes: [String] = [], dictionaries: [SpellingDictionary] = [], found: [(language: String, code: String, folder: String)] = []
        for language in languages {
            guard let code = TesseractLanguage.code(for: language) else { throw ArtTextError.unsupportedLanguage(language) }
            guard let folder = TesseractLanguage.dataFolder(for: code) else { throw ArtTextError.missingLanguageData(language: language, code: code) }
            guard let dictionary = SpellingDictionary.shared(for: language) else { throw ArtTextError.missingDictionary(language: language) }
            found.append((language, code, folder))
            if !codes.contains(code) { codes.append(code) }
            if !dictionaries.contains(where: { $0.name == dictionary.name }) { dictionaries.append(dictionary) }
        }
        // One folder that holds them all (eng in the system's, fra beside it in $TESSDATA_PREFIX's);
        // data found for each language but in different folders is said so: it was "fra.traineddata
        // is not installed … or set TESSDATA_PREFIX", which the user had done.
        guard let folder = TesseractLanguage.dataFolder(holdingAll: codes) else {
            let apart = found.first { $0.folder != found[0].folder } ?? found[0]
            throw ArtTextError.languageDataApart(language: apart.language,
                                                 files: found.reduce(into: [String]()) { files, data in
                                                     let file = "\(data.code).traineddata in \(data.folder)"
                                                     if !files.contains(file) { files.append(file) }
                                                 })
        }
        return (codes, folder, dictionaries)
    }

    /// The words in a sticker's frames: the poster first, then, for an animation, a few frames spread
    /// over its loop. A word counts once, at its first appearance, with its best confidence.
    public func read(_ frames: [RGBAImage]) throws -> ArtTextReading {
        var words: [ArtTextReading.Word] = []
        var raws: [String] = []
        for frame in frames where frame.width > 0 && frame.height > 0 {
            let reading = read(frame)
            for word in reading.words {
                if let index = words.firstIndex(where: { $0.text == word.text }) {
                    words[index].confidence = max(words[index].confidence, word.confidence)
                } else {
                    words.append(word)
                }
            }
            if !reading.raw.isEmpty, !raws.contains(reading.raw) { raws.append(reading.raw) }
        }
        return ArtTextReading(words: words, raw: raws.joined(separator: " / "))
    }

    /// One frame, read over white and over black (inverted), each prepared both ways (`ArtTextImage.read`);
    /// the reading with more confidence wins. A prepared image with no ink, or the same as one already
    /// read (plain lettering on a transparent canvas prepares the same both ways), is not read again.
    /// Its words are then confirmed at a second scale (`confirmationSides`): lettering reads the same
    /// at any size, while a word Tesseract makes out of line art may come and go as the strokes are
    /// resampled (OpenMoji's cat squashed to 330 × 300 px reads “TED” at 600 px and nothing at 760).
    /// Art without kept words, most of a catalog, costs no second read.
    func read(_ frame: RGBAImage) -> ArtTextReading {
        let first = read(frame, side: ArtTextImage.targetSide)
        guard first.hasText else { return first }
        var words = first.words
        for side in Self.confirmationSides where !words.isEmpty {
            let confirmed = Set(read(frame, side: side).words.map { ArtTextMatcher.normalized($0.text) })
            words = words.filter { confirmed.contains(ArtTextMatcher.normalized($0.text)) }
        }
        return ArtTextReading(words: words, raw: first.raw)
    }

    /// The other scale words must also be read at: far enough from 600 px that the strokes land on
    /// other pixels, near enough to keep the x-height Tesseract reads best. It does not catch every
    /// such word: the same cat squashed to 350 × 300 px reads “TED” at 520, 600 and 760 px.
    static let confirmationSides = [760]

    private func read(_ frame: RGBAImage, side: Int) -> ArtTextReading {
        var best: (reading: ArtTextReading, score: Double)?
        let scaled = ArtTextImage.scaled(frame, side: side)
        for background in ArtTextImage.Background.allCases {
            let flattened = ArtTextImage(flattening: scaled, over: background)
            var seen: [[UInt8]] = []
            for preparation in ArtTextImage.read {
                let image = flattened.prepared(preparation)
                guard !image.isBlank, !seen.contains(image.gray) else { continue }
                seen.append(image.gray)
                let reading = self.read(image)
                let score = Self.confidence(of: reading.words)
                if score > best?.score ?? -1 { best = (reading, score) }
            }
        }
        return best?.reading ?? .empty
    }

    /// The words Tesseract reads in one prepared image, and those kept.
    private func read(_ image: ArtTextImage) -> ArtTextReading {
        let found = engine.words(gray: image.gray, width: image.width, height: image.height)
        let side = max(image.width, image.height)
        let kept = found.compactMap { word in filter.kept(word, imageSide: side).map { ArtTextReading.Word(text: $0, confidence: word.confidence) } }
        return ArtTextReading(words: kept, raw: found.map(\.text).joined(separator: " "))
    }

    /// How confident a reading is: its kept words' confidence, weighted by their letters, so a reading
    /// with more real text wins over one with less, and a reading of nothing scores 0.
    static func confidence(of words: [ArtTextReading.Word]) -> Double {
        words.reduce(0) { $0 + $1.confidence * Double($1.text.count) }
    }
}
