/// Hugo's "translation by file name": `grinning.fr.md` is the French text of `grinning.md`'s
/// sticker, `pack.pt-BR.md` of `pack.md`. The part before `.md` ends in a well-formed BCP 47 tag.
struct TranslationFileName: Equatable {
    /// The source file's stem ("grinning", "pack", "site").
    let stem: String
    /// The language tag as written in the file name.
    let language: String

    /// Nil when `fileName` is not `<stem>.<tag>.md` (or `.markdown`).
    init?(_ fileName: String) {
        guard StickerFileKind(fileName: fileName) == .markdown else { return nil }
        let withoutExtension = StickerFileKind.stem(fileName)
        guard let dot = withoutExtension.lastIndex(of: "."), dot != withoutExtension.startIndex else { return nil }
        let tag = String(withoutExtension[withoutExtension.index(after: dot)...])
        guard LanguageTag.wellFormed(tag) != nil else { return nil }
        stem = String(withoutExtension[..<dot])
        language = tag
    }

    /// The declared tag `language` stands for (tags compare case-insensitively, RFC 5646 §2.1.1).
    func declared(in languages: [String]) -> String? {
        languages.first { $0.lowercased() == language.lowercased() }
    }
}
