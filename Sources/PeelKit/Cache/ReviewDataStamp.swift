/// The data the review reads besides the content, stamped: the folders Hunspell dictionaries and
/// Tesseract's language data are looked in (`SpellingDictionary.searchPaths`,
/// `TesseractLanguage.searchPaths`, with `DICPATH` and `TESSDATA_PREFIX`). Installing the
/// dictionary a `spelling-dictionary-missing` warning asks for adds a file to one of them, which
/// changes its stamp, so the next build is not "up to date" with the warning still on the site.
/// One `stat` per folder (about a dozen), on every build.
enum ReviewDataStamp {
    static var current: String {
        (SpellingDictionary.searchPaths + TesseractLanguage.searchPaths).map { folder in
            guard let stamp = FileStamp.of(path: folder) else { return folder + " -" }
            return "\(folder) \(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.inode)"
        }.joined(separator: "\n")
    }
}
