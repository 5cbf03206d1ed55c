import Foundation

/// The Tesseract language data ("eng", "chi_sim") that reads a catalog written in a BCP 47 language
/// ("en", "zh-Hans"), and the folders Tesseract's data is installed in.
public enum TesseractLanguage {
    /// Tesseract's name for the data that reads `language`, or nil when Tesseract has none.
    /// Chinese follows the script (zh-Hans, zh-Hant), or the region when the tag has no script.
    public static func code(for language: String) -> String? {
        let parts = language.split(separator: "-").map { $0.lowercased() }
        guard let primary = parts.first else { return nil }
        if primary == "zh" {
            if parts.contains("hant") || parts.contains("tw") || parts.contains("hk") || parts.contains("mo") { return "chi_tra" }
            return "chi_sim"
        }
        return codes[primary]
    }

    /// ISO 639-1 → Tesseract's ISO 639-2/T names, for the languages Debian ships data for.
    private static let codes: [String: String] = [
        "en": "eng", "fr": "fra", "de": "deu", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "ja": "jpn",
        "ko": "kor", "sv": "swe", "da": "dan", "nb": "nor", "no": "nor", "nn": "nor", "fi": "fin", "pl": "pol",
        "ru": "rus", "uk": "ukr", "cs": "ces", "sk": "slk", "sl": "slv", "hr": "hrv", "sr": "srp", "el": "ell",
        "tr": "tur", "hu": "hun", "ro": "ron", "bg": "bul", "ca": "cat", "eu": "eus", "gl": "glg", "ga": "gle",
        "cy": "cym", "is": "isl", "et": "est", "lv": "lav", "lt": "lit", "ar": "ara", "he": "heb", "fa": "fas",
        "hi": "hin", "bn": "ben", "ta": "tam", "th": "tha", "vi": "vie", "id": "ind", "ms": "msa", "tl": "tgl",
        "af": "afr", "sq": "sqi", "eo": "epo",
    ]

    /// The Debian package that installs the data for a Tesseract code: `tesseract-ocr-chi-sim` for "chi_sim".
    public static func debianPackage(for code: String) -> String {
        "tesseract-ocr-" + code.replacingOccurrences(of: "_", with: "-")
    }

    /// Where `<code>.traineddata` is looked for, in order: `$TESSDATA_PREFIX` (the folder itself, or a
    /// `tessdata` folder in it, as Tesseract 3 and 4+ read it), then the folders Debian
    /// (`/usr/share/tesseract-ocr/<version>/tessdata`), Homebrew and source installs use.
    static var searchPaths: [String] {
        var folders: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            folders += [prefix, prefix + "/tessdata"]
        }
        let debian = "/usr/share/tesseract-ocr"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debian))?.sorted(by: >) ?? []
        folders += versions.map { debian + "/" + $0 + "/tessdata" }
        folders += ["/usr/share/tessdata", "/usr/local/share/tessdata", "/opt/homebrew/share/tessdata",
                    "/usr/local/share/tesseract-ocr/tessdata"]
        return folders
    }

    /// The first folder holding every one of `codes`' `.traineddata`, or nil.
    static func dataFolder(holdingAll codes: [String], in folders: [String] = searchPaths) -> String? {
        folders.first { folder in codes.allSatisfy { FileManager.default.isReadableFile(atPath: folder + "/" + $0 + ".traineddata") } }
    }

    /// The folder holding `<code>.traineddata`, or nil.
    static func dataFolder(for code: String) -> String? {
        searchPaths.first { FileManager.default.isReadableFile(atPath: $0 + "/" + code + ".traineddata") }
    }
}
