import Foundation

/// One Tesseract handle (`TessBaseAPI`, through its C API), loaded with one language's data and set
/// up for the few scattered words of a sticker. A handle keeps the page it is reading, so it is not
/// thread-safe: each thread makes its own (loading English takes about 50 ms).
final class TesseractEngine {
    /// A word Tesseract read, with its confidence (0–100) and its box in the image it was given.
    struct Word: Equatable {
        var text: String
        var confidence: Double
        var top: Int
        var bottom: Int
        var height: Int { bottom - top }
    }

    private let handle: OpaquePointer
    private let library: TesseractLibrary

    /// Tesseract variables for sticker art.
    static let settings: [(String, String)] = [("tessedit_do_invert", "0")]

    /// Page segmentation "sparse text" (PSM 11): find as much text as possible in no particular order.
    /// Sticker words are scattered over art rather than set in blocks. Measured with ArtTextMeasurement
    /// on the generated stickers: PSM 11 and 6 ("one uniform block") found the same words and PSM 3
    /// (automatic layout) lost "LOL" and "OMG" at one size; PSM 6 took about twice as long.
    static let pageSegmentation = TesseractLibrary.sparseText

    init(code: String, folder: String, language: String, pageSegmentation: TesseractLibrary.PageSegmentation = TesseractEngine.pageSegmentation,
         settings: [(String, String)] = TesseractEngine.settings) throws {
        let library = try TesseractLibrary.shared.get()
        guard let handle = library.create() else { throw ArtTextError.engineFailed(language: language, code: code, folder: folder) }
        // Set at start-up so loading says nothing either: Tesseract writes its chatter ("Estimating
        // resolution…") to stderr unless `debug_file` names another file. Peel inverts light text
        // itself (ArtTextImage), so Tesseract's own second, inverted pass would only cost time.
        let variables = [("debug_file", "/dev/null")] + settings
        let status = Self.withCStrings(variables.map(\.0)) { names in
            Self.withCStrings(variables.map(\.1)) { values in
                library.initialize(handle, folder, code, TesseractLibrary.lstmOnly, nil, 0, names, values, variables.count, 0)
            }
        }
        guard status == 0 else {
            library.delete(handle)
            throw ArtTextError.engineFailed(language: language, code: code, folder: folder)
        }
        library.setPageSegmentation(handle, pageSegmentation)
        self.handle = handle
        self.library = library
    }

    deinit {
        library.end(handle)
        library.delete(handle)
    }

    /// The words in an 8-bit grayscale image (dark text on light works best).
    func words(gray: [UInt8], width: Int, height: Int) -> [Word] {
        gray.withUnsafeBufferPointer { buffer in
            library.setImage(handle, buffer.baseAddress, Int32(width), Int32(height), 1, Int32(width))
            // Stickers carry no resolution; this one only silences the "invalid resolution" guess.
            library.setSourceResolution(handle, 300)
            Self.keepOpenMPOnThisThread()
            defer { library.clear(handle) }
            guard library.recognize(handle, nil) == 0, let iterator = library.iterator(handle) else { return [] }
            defer { library.deleteIterator(iterator) }
            let word = TesseractLibrary.word
            var words: [Word] = []
            repeat {
                guard let pointer = library.text(iterator, word) else { continue }
                let text = String(cString: pointer)
                library.deleteText(pointer)
                let confidence = Double(library.confidence(iterator, word))
                var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
                _ = library.boundingBox(library.pageIterator(iterator), word, &left, &top, &right, &bottom)
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty {
                    words.append(Word(text: trimmed, confidence: confidence, top: Int(top), bottom: Int(bottom)))
                }
            } while library.next(iterator, word) != 0
            return words
        }
    }

    /// Debian's Tesseract runs its LSTM on 4 OpenMP threads per word line, which spin while they wait:
    /// measured on a 618 px line-art sticker, 150 ms of CPU per reading instead of 54 ms on one thread,
    /// and slower in wall time too on 2 cores. Peel reads several stickers at once instead (one reader
    /// per thread), so OpenMP's nested parallelism is turned off for this thread: with no active levels
    /// allowed, every parallel region runs on the calling thread. OMP_THREAD_LIMIT would do the same
    /// but is read only when the process starts. Looked up at run time, since a Tesseract built without
    /// OpenMP (Homebrew's) has no OpenMP library to call.
    private static func keepOpenMPOnThisThread() {
        setMaxActiveLevels?(0)
    }

    static let setMaxActiveLevels: (@convention(c) (Int32) -> Void)? = {
        // RTLD_DEFAULT (every loaded library): (void *)-2 on Darwin, NULL on Linux; Swift imports neither macro.
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
        #else
        let everywhere: UnsafeMutableRawPointer? = nil
        #endif
        guard let symbol = dlsym(everywhere, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Void).self)
    }()

    /// `body` with the strings as an array of C strings (`char **`).
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
