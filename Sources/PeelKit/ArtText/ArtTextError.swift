/// Why text in the art cannot be read: the message says what to install.
public enum ArtTextError: Error, Equatable, CustomStringConvertible {
    /// Tesseract has no data for the language at all.
    case unsupportedLanguage(String)
    /// The language's `.traineddata` is not installed in any folder searched.
    case missingLanguageData(language: String, code: String)
    /// Every language's data is installed, but in different folders: Tesseract reads a sticker's
    /// languages from one (`language` is one whose data is apart from the others').
    case languageDataApart(language: String, files: [String])
    /// No Hunspell dictionary tells words from noise for the language.
    case missingDictionary(language: String)
    /// Tesseract found the data but could not start with it.
    case engineFailed(language: String, code: String, folder: String)
    /// libtesseract itself could not be loaded (`reason` is the loader's).
    case libraryMissing(reason: String)

    /// The language the text cannot be read in; nil when no language can be (no library).
    var language: String? {
        switch self {
        case .unsupportedLanguage(let language), .missingLanguageData(let language, _), .missingDictionary(let language),
             .engineFailed(let language, _, _), .languageDataApart(let language, _): language
        case .libraryMissing: nil
        }
    }

    public var description: String {
        switch self {
        case .unsupportedLanguage(let language):
            "cannot read text in the art: Tesseract has no language data for '\(language)'"
        case .missingLanguageData(let language, let code):
            "cannot read text in the art: Tesseract's data for '\(language)' (\(code).traineddata) is not installed; "
                + "install \(TesseractLanguage.debianPackage(for: code)) (Debian) or tesseract-lang (Homebrew), "
                + "or set TESSDATA_PREFIX to the folder that holds it"
        case .languageDataApart(_, let files):
            "cannot read text in the art: Tesseract reads a catalog's languages from one folder, and their data is apart ("
                + files.joined(separator: ", ") + "); copy the .traineddata files into one folder and set TESSDATA_PREFIX to it"
        case .missingDictionary(let language):
            "cannot read text in the art: no Hunspell dictionary for '\(language)' to tell words from noise; "
                + "install one (Debian: hunspell-fr, hunspell-de-de, hunspell-pt-br…) or set DICPATH to its folder"
        case .engineFailed(let language, let code, let folder):
            "cannot read text in the art: Tesseract could not load \(folder)/\(code).traineddata for '\(language)'"
        case .libraryMissing(let reason):
            "cannot read text in the art: Tesseract is not installed (\(reason)); install libtesseract5 (Debian) or tesseract (Homebrew)"
        }
    }
}
