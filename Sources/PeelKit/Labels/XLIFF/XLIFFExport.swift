import Foundation

/// `peel labels export --xliff FILE --lang TAG`: every translatable text of a catalog, for a
/// translator working into one of the site's languages. One `<file>` for the site's title, then
/// one per pack, in catalog order: the pack's title, then each sticker's label and title. A text
/// already translated carries its target, `translated`, or `needs-review-translation` when its
/// source changed since (XLIFF 1.2's state list; see `TranslationState`).
public enum XLIFFExport {
    /// The unit id of a text: `<pack>/<image>#alt`, `<pack>/<image>#title`, `<pack>/pack.md#title`, `site.md#title`.
    enum UnitID {
        static func label(_ sticker: Sticker) -> String { sticker.source + "#alt" }
        static func title(_ sticker: Sticker) -> String { sticker.source + "#title" }
        static func title(_ pack: Pack) -> String { pack.folder + "/pack.md#title" }
        static let siteTitle = "site.md#title"
    }

    /// XLIFF 1.2 `state` values Peel writes.
    enum State {
        static let translated = "translated"
        static let needsReview = "needs-review-translation"
    }

    /// The XLIFF bytes for `language` of the catalog in `content`.
    public static func xliff(content: URL, language: String) throws -> Data {
        let catalog = try CatalogLoader(contentFolder: content).load().0
        let document = try self.document(catalog, language: language)
        do {
            return try XLIFFCodec.encode(document)
        } catch {
            let unit = document.units.first { !XMLWriter.isWritable($0.source) || !XMLWriter.isWritable($0.target ?? "") }
            let inTarget = unit.map { XMLWriter.isWritable($0.source) } ?? false
            let (file, line) = unit.map { place(of: $0.id, inTranslation: inTarget ? language : nil, catalog) } ?? ("content", nil)
            throw LabelSheetProblems(problems: [LabelSheetProblem(file: file, line: line,
                message: "\(unit?.id ?? "a text") holds a control character, which XML cannot carry (label-control-character); remove it, then export again")])
        }
    }

    /// The file and line a unit's text is written at: the sidecar (or its translation into
    /// `language`), pack.md or site.md.
    static func place(of id: String, inTranslation language: String?, _ catalog: Catalog) -> (String, Int?) {
        let owner = String(id.prefix { $0 != "#" })
        let isTitle = id.hasSuffix("#title")
        for pack in catalog.packs {
            if owner == "\(pack.folder)/pack.md" {
                if let language, let translation = pack.translations.first(where: { $0.key.lowercased() == language.lowercased() })?.value {
                    return (translation.file, translation.titleLine)
                }
                return (pack.manifest ?? owner, nil)
            }
            guard let sticker = pack.stickers.first(where: { $0.source == owner }) else { continue }
            if let language, let translation = sticker.translations.first(where: { $0.key.lowercased() == language.lowercased() })?.value {
                return (translation.file, isTitle ? translation.titleLine : translation.altLine)
            }
            return (sticker.sidecar ?? sticker.source, isTitle ? sticker.titleLine : sticker.altLine)
        }
        return (owner, nil)
    }

    /// The declared tag `language` stands for among the languages `catalog` is translated into
    /// (`Catalog.translatedLanguages`: the site's other languages, and the default one when a pack
    /// is written in another); tags compare case-insensitively. A clear problem naming site.md otherwise.
    static func targetLanguage(_ language: String, catalog: Catalog) throws(LabelSheetProblems) -> String {
        let site = catalog.site
        func fail(_ message: String) -> LabelSheetProblems {
            LabelSheetProblems(problems: [LabelSheetProblem(file: "site.md", line: nil, message: message, isInContent: true)])
        }
        guard !site.languages.isEmpty else {
            throw fail("the catalog declares no languages, so there is nothing to translate into; add 'languages: [\(site.language), \(language)]'")
        }
        guard let declared = site.languages.first(where: { $0.lowercased() == language.lowercased() }) else {
            // fr-FR for fr, or fr for fr-CA: the closest declared tag is probably meant.
            // A language's name ("French") stands for its tag ("fr").
            let named = LanguageTag.tag(named: language) ?? language
            let primary = named.lowercased().split(separator: "-").first.map(String.init) ?? named
            let near = site.languages.first { $0.lowercased().split(separator: "-").first.map(String.init) == primary }
            throw fail("'\(language)' is not one of the languages declared (\(site.languages.joined(separator: ", ")))"
                + (near.map { "; did you mean '\($0)'? Otherwise add '\(language)' to languages: first" } ?? "; add it to languages: first"))
        }
        let targets = catalog.translatedLanguages
        guard targets.contains(declared) else {
            let choices = targets.isEmpty ? "" : "; choose one of \(targets.joined(separator: ", "))"
            if declared == site.defaultLanguage {
                throw fail("'\(declared)' is the default language, the one translations are made from (no pack's language: is another)\(choices)")
            }
            throw fail("every pack is written in '\(declared)' (its pack.md's language:), so there is nothing to translate into it\(choices)")
        }
        return declared
    }

    static func document(_ catalog: Catalog, language: String) throws(LabelSheetProblems) -> XLIFFDocument {
        let site = catalog.site
        let target = try targetLanguage(language, catalog: catalog)
        func file(_ original: String, _ units: [XLIFFDocument.Unit], from sourceLanguage: String) -> XLIFFDocument.File {
            XLIFFDocument.File(original: original, sourceLanguage: sourceLanguage, targetLanguage: target, units: units)
        }
        func unit(_ id: String, source: String, translation: String?, state: TranslationState, translatedFrom: String?,
                  note: [String], maxWidth: Int? = nil, from sourceLanguage: String) -> XLIFFDocument.Unit {
            var note = note
            if state == .stale, let translatedFrom {
                note.append("The \(LanguageName.of(sourceLanguage)) text was \"\(translatedFrom)\" when this was translated; check the translation against the source.")
            }
            let written: String? = switch state {
            case .translated: State.translated
            case .stale: State.needsReview
            case .source, .missing: nil
            }
            return XLIFFDocument.Unit(id: id, source: source, target: written == nil ? nil : translation, state: written,
                                      note: note.joined(separator: "\n"), maxWidth: maxWidth,
                                      exportedTranslation: LabelHash.of(translation?.trimmed ?? ""))
        }

        var files: [XLIFFDocument.File] = []
        if target != site.defaultLanguage {
            let siteTranslation = site.translations[target]
            files.append(file("site.md", [unit(UnitID.siteTitle, source: site.title, translation: siteTranslation?.title,
                                               state: .of(translation: siteTranslation?.title, translatedFrom: siteTranslation?.translatedFrom, source: site.title),
                                               translatedFrom: siteTranslation?.translatedFrom,
                                               note: ["The title of the sticker gallery's website (site.md)."], from: site.defaultLanguage)],
                              from: site.defaultLanguage))
        }
        // Each pack from the language it is written in; one written in the target has nothing to translate.
        for pack in catalog.packs where site.sourceLanguage(of: pack) != target {
            let source = site.sourceLanguage(of: pack)
            var units: [XLIFFDocument.Unit] = []
            let packTranslation = pack.translations[target]
            units.append(unit(UnitID.title(pack), source: pack.title, translation: packTranslation?.title,
                              state: pack.titleState(in: target, site: site), translatedFrom: packTranslation?.translatedFrom,
                              note: ["The name of the sticker pack (\(pack.folder)/pack.md): people see it in the sticker drawer."], from: source))
            // A translation file needs its sticker's sidecar beside it (`orphan-translation`), so a
            // sticker without one has nothing to translate yet.
            for sticker in pack.stickers where sticker.sidecar != nil && sticker.composition == nil {
                let translation = sticker.translations[target]
                let context = "Sticker \(sticker.source) in the pack \"\(pack.title)\"."
                let description = XMLTree.plainText(ofHTML: sticker.descriptionHTML)
                let described = description.isEmpty ? [] : ["Description: \(description)"]
                if let alt = sticker.alt, !alt.isEmpty {
                    units.append(unit(UnitID.label(sticker), source: alt, translation: translation?.alt,
                                      state: sticker.labelState(in: target, source: source), translatedFrom: translation?.translatedFrom,
                                      note: ["Accessibility label: VoiceOver reads it to describe the sticker; at most \(LabelChecks.maximumLength) characters.", context] + described,
                                      maxWidth: LabelChecks.maximumLength, from: source))
                }
                if !sticker.title.isEmpty {
                    // A sticker's translated_from: records its label's source, so a title is translated or missing.
                    units.append(unit(UnitID.title(sticker), source: sticker.title, translation: translation?.title,
                                      state: .of(translation: translation?.title, translatedFrom: nil, source: sticker.title),
                                      translatedFrom: nil, note: ["Title shown on the sticker's page.", context] + described, from: source))
                }
            }
            files.append(file(pack.folder, units, from: source))
        }
        return XLIFFDocument(files: files)
    }
}
