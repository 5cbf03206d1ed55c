import Foundation

/// Reading `languages:` and the translation files (`<stem>.<tag>.md`, see `Translations.swift`).
extension CatalogLoader {
    /// `languages: [en, fr, de]` in site.md: well-formed BCP 47 tags, each once, the default first.
    /// `language`, when site.md also has `language:`, must be the first of them.
    static func declaredLanguages(_ reader: inout FrontMatterReader, language: String?) -> [String] {
        guard let written = reader.strings("languages") else { return [] }
        var languages: [String] = []
        for var tag in written.map(\.trimmed) {
            // `pt_BR`, as locales are written: taken as pt-BR and said, as site.md's language: is.
            let hyphened = tag.replacingOccurrences(of: "_", with: "-")
            if LanguageTag.wellFormed(tag) == nil, hyphened != tag, LanguageTag.wellFormed(hyphened) != nil {
                reader.report(.warning, .invalidValue, key: "languages",
                              "'\(tag)' is written with an underscore; a BCP 47 tag has a hyphen, so '\(hyphened)' is used (write it so)")
                tag = hyphened
            }
            guard !tag.isEmpty else {
                reader.report(.warning, .invalidValue, key: "languages", "an empty entry is not a language; it is left out")
                continue
            }
            guard LanguageTag.wellFormed(tag) != nil else {
                reader.report(.warning, .invalidValue, key: "languages", "\(LanguageTag.advice(for: tag)); it is left out")
                continue
            }
            if languages.contains(where: { $0.lowercased() == tag.lowercased() }) {
                reader.report(.warning, .invalidValue, key: "languages", "'\(tag)' is listed twice")
                continue
            }
            languages.append(tag)
        }
        if let language, let first = languages.first, language.lowercased() != first.lowercased() {
            reader.report(.warning, .invalidValue, key: "language",
                          "language is '\(language)' but languages: starts with '\(first)'; the first of languages: is the default language, so '\(first)' is used")
        }
        return languages
    }

    /// The translation files `files` (names in `folder`, or at the top when nil) of the source file
    /// `source`, written in `sourceLanguage` (the default language, or a pack's `language:`), read
    /// with `read`, by declared language. Files in an undeclared language, in the source language,
    /// or without a source are reported and left out.
    static func readTranslations<Translation>(
        _ files: [String], source: String?, sourceLanguage: String, folder: String?, site: SiteInfo, findings: inout [Finding],
        read: (_ path: String, _ language: String) -> (Translation, [Finding])
    ) -> [String: Translation] {
        var result: [String: Translation] = [:]
        var holders: [String: String] = [:]   // language -> the file that holds it
        // Two files for one language (`sun.fr.md`, `sun.FR.md`): the one spelling the tag as site.md
        // does wins, then the first in byte order, so every command and every run takes the same one.
        let ordered = files.sorted { first, second in
            let exact = [first, second].map { file in
                TranslationFileName(file).map { name in site.languages.contains(name.language) } ?? false
            }
            if exact[0] != exact[1] { return exact[0] }
            return first.utf8.lexicographicallyPrecedes(second.utf8)
        }
        for file in ordered {
            guard let name = TranslationFileName(file) else { continue }
            let path = folder.map { "\($0)/\(file)" } ?? file
            func report(_ code: FindingCode, _ message: String) {
                findings.append(Finding(.warning, code, file: path, message: message, language: name.language))
            }
            guard let source else {
                report(.orphanTranslation, "no \(name.stem).md in the default language for this translation; create it, or remove this file")
                continue
            }
            guard !site.languages.isEmpty else {
                if site.frontMatterUnreadable { continue }   // site.md's own error says what is wrong
                // `sun.en.md` in an English catalog: "add languages: [en, en]" was the advice.
                if name.language.lowercased() == site.language.lowercased() {
                    report(.undeclaredLanguage, "'\(name.language)' is the catalog's language (site.md's language:), so this file is ignored; "
                        + "if \(source) is written in another language (its pack's language:), declare both in site.md: languages: [\(site.language), that language]")
                    continue
                }
                report(.undeclaredLanguage, "this looks like a translation into '\(name.language)', but site.md declares no languages; "
                    + "add 'languages: [\(site.language), \(name.language)]' to site.md to publish it (the file is ignored)")
                continue
            }
            guard let language = name.declared(in: site.languages) else {
                report(.undeclaredLanguage, "'\(name.language)' is not one of site.md's languages (\(site.languages.joined(separator: ", "))); "
                    + "add it to languages: to publish this translation (the file is ignored)")
                continue
            }
            if language == sourceLanguage {
                let whose = language == site.defaultLanguage ? "the default language" : "the language of this pack (its pack.md's language:)"
                report(.orphanTranslation, "'\(language)' is \(whose), whose texts live in \(source); this file is ignored")
                continue
            }
            if let holder = holders[language] {
                report(.orphanTranslation, "\(holder) already holds the '\(language)' translation of \(source); this one is ignored (merge them, then remove it)")
                continue
            }
            holders[language] = path
            let (translation, problems) = read(path, language)
            result[language] = translation
            findings += problems.map { var finding = $0; finding.language = language; return finding }
        }
        return result
    }

    static func readStickerTranslation(_ path: String, language: String, sticker: String, sourceSidecar: String,
                                       content: ContentPath) -> (StickerTranslation, [Finding]) {
        let file = MarkdownFile(path: path, in: content, sticker: sticker)
        var findings = file.findings
        var reader = FrontMatterReader(file.frontMatter, file: path, knownKeys: KnownKeys.stickerTranslation, sticker: sticker,
                                       sourceKeys: KnownKeys.sticker, sourceFile: sourceSidecar)
        var translation = StickerTranslation(file: path)
        translation.sidecarError = file.findings.first { $0.severity == .error }
        // Read once: each read says again what it finds wrong with the value (an unquoted `#`).
        let writtenAlt = reader.string("alt")
        translation.alt = InvisibleText.visible(writtenAlt?.trimmed)
        translation.altLine = reader.frontMatter["alt"]?.line
        // Said as it is: "add 'alt:'" to a file that has one was no help.
        // `alt:` with nothing after it (or `~`) is the same empty label, not a missing key.
        if let written = writtenAlt ?? (reader.isNull("alt") ? "" : nil), translation.alt == nil {
            translation.altInvisible = true
            let what = written.isEmpty ? "is empty" : "holds only invisible characters (\(InvisibleText.codePoints(written))), which VoiceOver reads as nothing"
            findings.append(Finding(.warning, .missingTranslation, file: path, line: translation.altLine,
                                    message: "the \(LanguageName.of(language)) label \(what); write the label",
                                    sticker: sticker, language: language))
        }
        translation.title = reader.string("title")?.trimmed.nonEmpty
        translation.titleLine = reader.frontMatter["title"]?.line
        translation.tags = reader.strings("tags")?.map(\.trimmed).filter { !$0.isEmpty } ?? []
        translation.translatedFrom = reader.string("translated_from")?.trimmed
        translation.translatedFromLine = reader.frontMatter["translated_from"]?.line
        translation.descriptionHTML = markdownHTML(of: file, sticker: sticker, findings: &findings)
        findings += reader.findings
        return (translation, findings)
    }

    static func readPackTranslation(_ path: String, language: String, source: String, content: ContentPath) -> (PackTranslation, [Finding]) {
        let file = MarkdownFile(path: path, in: content)
        var findings = file.findings
        var reader = FrontMatterReader(file.frontMatter, file: path, knownKeys: KnownKeys.packTranslation,
                                       sourceKeys: KnownKeys.pack, sourceFile: source)
        var translation = PackTranslation(file: path)
        translation.title = reader.string("title")?.trimmed.nonEmpty
        translation.titleLine = reader.frontMatter["title"]?.line
        translation.label = reader.string("label")?.trimmed.nonEmpty
        translation.labelLine = reader.frontMatter["label"]?.line
        translation.translatedFrom = reader.string("translated_from")?.trimmed
        translation.translatedFromLine = reader.frontMatter["translated_from"]?.line
        translation.labelTranslatedFrom = reader.string("label_translated_from")?.trimmed
        translation.labelTranslatedFromLine = reader.frontMatter["label_translated_from"]?.line
        translation.descriptionHTML = markdownHTML(of: file, sticker: nil, findings: &findings)
        findings += reader.findings
        return (translation, findings)
    }

    static func readSiteTranslation(_ path: String, language: String, content: ContentPath) -> (SiteTranslation, [Finding]) {
        let file = MarkdownFile(path: path, in: content)
        var findings = file.findings
        var reader = FrontMatterReader(file.frontMatter, file: path, knownKeys: KnownKeys.siteTranslation,
                                       sourceKeys: KnownKeys.site, sourceFile: "site.md")
        var translation = SiteTranslation(file: path)
        translation.title = reader.string("title")?.trimmed.nonEmpty
        translation.description = reader.string("description")?.trimmed.nonEmpty
        if let footer = reader.string("footer") {
            translation.footerHTML = markdownHTML(footer, file: path, firstLine: reader.line(of: "footer"), lines: reader.textLines(of: "footer"),
                                                  sticker: nil, headingIDPrefix: "footer-", findings: &findings)
        }
        translation.translatedFrom = reader.string("translated_from")?.trimmed
        translation.translatedFromLine = reader.frontMatter["translated_from"]?.line
        translation.introHTML = markdownHTML(of: file, sticker: nil, findings: &findings)
        findings += reader.findings
        return (translation, findings)
    }
}

extension String {
    /// Nil for "", so an empty `alt:` reads as no label.
    var nonEmpty: String? { isEmpty ? nil : self }
}
