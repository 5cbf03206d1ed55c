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
            // The folder's stamp says a file came or went; each data file's, that one was edited
            // in place (a word added to a DICPATH .dic kept its label-spelling warning).
            let files = ((try? FolderListing.names(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".dic") || $0.hasSuffix(".aff") || $0.hasSuffix(".traineddata") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { name in FileStamp.of(path: folder + "/" + name).map { " \(name) \($0.size) \($0.modified) \($0.changed)" } ?? "" }
            return "\(folder) \(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.inode)" + files.joined()
        }.joined(separator: "\n")
    }
}
