import Foundation

/// `peel labels import FILE.xliff`: a translator's XLIFF applied to the catalog's translation
/// files (`<stem>.<tag>.md`, `pack.<tag>.md`, `site.<tag>.md`), all or nothing. Every unit is
/// checked first (known id, the right languages, plain text); only then are files written, each
/// by `SidecarLabelWriter` (every other byte stays) through `SafeFile`.
///
/// A unit whose `<source>` is no longer the catalog's text was translated from an old export: it
/// is skipped with a warning. A translation file edited since the export is never overwritten
/// unseen: a target sent back as exported leaves it alone (a warning), and one the translator
/// changed too is refused (the export's `extradata` holds each translation's hash). A target that is empty, `new` or `needs-translation` is skipped.
/// A finished target (`translated`, `final`, `signed-off`, no state...) records its source as
/// `translated_from:`; a `needs-review-translation` target is written but its `translated_from:`
/// is left as it was, so the translation stays stale until a reviewer marks it translated. So an
/// unchanged export imports as no change at all.
public struct XLIFFImport: Sendable {
    public let changes: [LabelImport.Change]
    /// Units skipped because their source changed since the export.
    public let warnings: [LabelSheetProblem]
    /// The declared language the file translates into.
    public let language: String
    /// Units that change a file, units already as the catalog has them, and units without a finished target.
    public let updated: Int, unchanged: Int, skipped: Int

    /// Where one text of the catalog lives in `language`.
    private struct Slot {
        var source: String
        var translation: String?
        var translatedFrom: String?
        /// True when `translated_from:` of the file records this text's source (label, pack or site title).
        var recordsSource: Bool
        var key: String
        var file: String
        /// The sticker image, pack.md or site.md the file translates.
        var owner: String
        var refusal: String?
        /// The language the source text is written in (a label's pack's), for a label.
        var sourceLanguage: String? = nil
    }

    private struct Edit {
        var owner: String
        /// The first unit that changes the file, where a refusal to write it is reported.
        var unit: String
        var line: Int
        var fields: [String: String] = [:]
    }

    static let fieldOrder = ["alt", "title", "translated_from"]
    static let unfinished: Set<String> = ["new", "needs-translation"]
    static let needsReview: Set<String> = ["needs-review-translation"]
    /// States past `translated`, which Peel never exports: a reviewer set them.
    static let confirmed: Set<String> = ["final", "signed-off"]

    /// Checks every unit of `document` (read from `file`) against the catalog in `content`.
    /// Throws `LabelSheetProblems` listing every problem, or `PeelError` when the content folder
    /// cannot be read.
    public static func plan(_ document: XLIFFDocument, file: String, content: URL) throws -> XLIFFImport {
        let catalog = try CatalogLoader(contentFolder: content).load().0
        let site = catalog.site
        var problems: [LabelSheetProblem] = []
        func problem(_ line: Int, _ message: String) { problems.append(LabelSheetProblem(file: file, line: line, message: message)) }

        var language: String?
        for part in document.files {
            // A pack's texts are in its own language (its pack.md's language:), the rest in the default one.
            if let pack = catalog.packs.first(where: { $0.folder == part.original }),
               site.sourceLanguage(of: pack) != site.defaultLanguage {
                let source = site.sourceLanguage(of: pack)
                if part.sourceLanguage.lowercased() != source.lowercased() {
                    problem(part.line, "source-language is '\(part.sourceLanguage)', but \(pack.folder) is written in '\(source)' (its pack.md's language:); this file was not exported from this catalog")
                }
            } else if part.sourceLanguage.lowercased() != site.defaultLanguage.lowercased() {
                problem(part.line, "source-language is '\(part.sourceLanguage)', but the catalog's default language is '\(site.defaultLanguage)' (site.md); this file was not exported from this catalog")
            }
            guard let written = part.targetLanguage, !written.isEmpty else {
                problem(part.line, "<file original=\"\(part.original)\"> has no target-language; export again with --lang")
                continue
            }
            do {
                let declared = try XLIFFExport.targetLanguage(written, catalog: catalog)
                if let language, language != declared {
                    problem(part.line, "target-language is '\(declared)' here but '\(language)' before; one file translates into one language")
                }
                language = language ?? declared
            } catch {
                problems += error.problems.map { LabelSheetProblem(file: file, line: part.line, message: "target-language '\(written)': \($0.message) (site.md)") }
            }
        }
        guard problems.isEmpty, let language else { throw LabelSheetProblems(problems: problems) }

        let slots = Self.slots(catalog, language: language)
        var warnings: [LabelSheetProblem] = []
        var edits: [String: Edit] = [:]
        var order: [String] = []
        var seen: [String: Int] = [:]
        var updated = 0, unchanged = 0, skipped = 0
        for unit in document.units {
            if let first = seen[unit.id] {
                problem(unit.line, "unit '\(unit.id)' appears twice (first on line \(first)); keep one")
                continue
            }
            seen[unit.id] = unit.line
            let target = (unit.target ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard let slot = slots[unit.id] else {
                // A sticker removed or renamed since the export: the rest of the translator's work
                // is still good, so its units are skipped, not the whole file (and "export again"
                // would have thrown that work away). A translated one is quoted, to be kept by hand.
                skipped += 1
                if !target.isEmpty, !unfinished.contains(unit.state ?? "") {
                    warnings.append(LabelSheetProblem(file: file, line: unit.line, message:
                        "unit '\(unit.id)': no such sticker, pack or site text in the catalog (removed or renamed since the export); its translation '\(target)' is not written (unit skipped): if it was renamed, put it in the new name's translation file by hand",
                        severity: .warning))
                }
                continue
            }
            guard !target.isEmpty, !unfinished.contains(unit.state ?? "") else {
                skipped += 1
                continue
            }
            let source = unit.source.trimmingCharacters(in: .whitespacesAndNewlines)
            guard source == slot.source.trimmed else {
                warnings.append(LabelSheetProblem(file: file, line: unit.line, message:
                    "unit '\(unit.id)': the source changed since the export (it was '\(source)', it is now '\(slot.source.trimmed)'); export again and translate the new text (unit skipped)",
                    severity: .warning))
                skipped += 1
                continue
            }
            if let refusal = slot.refusal {
                problem(unit.line, "unit '\(unit.id)': \(refusal)")
                continue
            }
            // Only invisible characters (U+200B …): a label VoiceOver reads as nothing, never written.
            if InvisibleText.visible(target) == nil {
                problem(unit.line, "unit '\(unit.id)': the target holds only invisible characters (\(InvisibleText.codePoints(unit.target ?? target))); write the text")
                continue
            }
            if let control = target.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                problem(unit.line, "unit '\(unit.id)': the target holds a control character (U+\(String(format: "%04X", control.value))); it is one line of text")
                continue
            }
            // Written all the same (the translator's work is kept), and said now rather than at the next check.
            if slot.key == "alt", PerceivedLength.of(target) > LabelChecks.maximumLength {
                warnings.append(LabelSheetProblem(file: file, line: unit.line, message:
                    "unit '\(unit.id)': the label is \(PerceivedLength.of(target)) characters; VoiceOver labels are at most \(LabelChecks.maximumLength) (label-too-long), so shorten it",
                    severity: .warning))
            }
            // What the file held at the export (its hash in `extradata`) tells who changed what since:
            // a target sent back as it was exported leaves a file edited meanwhile alone, and a
            // target the translator changed is refused when the file changed too, as the CSV
            // import refuses a label edited since its export.
            if let exported = unit.exportedTranslation, target != slot.translation?.trimmed {
                let fileChanged = LabelHash.of(slot.translation?.trimmed ?? "") != exported
                let translatorChanged = LabelHash.of(target) != exported
                if fileChanged && !translatorChanged {
                    warnings.append(LabelSheetProblem(file: file, line: unit.line, message:
                        "unit '\(unit.id)': \(slot.file) changed since the export and the translator left this text as it was; the file's text is kept (unit skipped)",
                        severity: .warning))
                    skipped += 1
                    continue
                }
                if fileChanged && translatorChanged {
                    let now = slot.translation.map { "'\($0.trimmed)'" } ?? "gone"
                    problem(unit.line, "unit '\(unit.id)': \(slot.file) changed since the export (its text is now \(now)), and the translation here changed too; keep one by hand, or export again")
                    continue
                }
            }
            var fields: [String: String] = [:]
            if target != slot.translation { fields[slot.key] = target }
            // A hand-written translation (no translated_from:) exports as `translated`; a reviewer
            // who marks it final or signed-off vouches for it against this source, which is then
            // recorded (it never was: such translations could go out of date unseen).
            let confirmed = slot.translatedFrom == nil && Self.confirmed.contains(unit.state ?? "")
            // A target that is its source word for word (a translation tool's copy-source) is
            // written, but vouched for only by a reviewer's final or signed-off: recorded as
            // translated, peel check would stop asking for the translation VoiceOver still lacks.
            let copiedSource = slot.key == "alt" && !Self.confirmed.contains(unit.state ?? "")
                && slot.sourceLanguage.map { TranslationChecks.isSameLabel(target, source, language: language, source: $0) } == true
            if copiedSource {
                warnings.append(LabelSheetProblem(file: file, line: unit.line, message:
                    "unit '\(unit.id)': the target is its \(LanguageName.of(slot.sourceLanguage ?? "")) source word for word; written without translated_from:, so peel check keeps asking for a translation (a reviewer who means it marks the unit final)",
                    severity: .warning))
            }
            if slot.recordsSource, !copiedSource, !needsReview.contains(unit.state ?? ""),
               !fields.isEmpty || confirmed || (slot.translatedFrom.map { $0.trimmed != source } ?? false) {
                fields["translated_from"] = slot.source.trimmed
            }
            guard !fields.isEmpty else {
                unchanged += 1
                continue
            }
            if let other = edits[slot.file], other.owner != slot.owner {
                problem(unit.line, "unit '\(unit.id)': \(slot.file) holds the words of both \(other.owner) and \(slot.owner); rename one image first")
                continue
            }
            if edits[slot.file] == nil { order.append(slot.file) }
            edits[slot.file, default: Edit(owner: slot.owner, unit: unit.id, line: unit.line)].fields.merge(fields) { $1 }
            updated += 1
        }

        let root = ContentPath(root: content)
        var changes: [LabelImport.Change] = []
        for path in order {
            guard let edit = edits[path] else { continue }
            let fields = fieldOrder.compactMap { key in edit.fields[key].map { (key: key, value: $0) } }
            do {
                let url = root.url(path)
                let before = FileManager.default.fileExists(atPath: url.path) ? try ContentFile.read(url) : nil
                if before == nil, let twin = LabelImport.twinRefusal(forNew: path, root: root) {
                    problems.append(LabelSheetProblem(file: file, line: edit.line, message: "unit '\(edit.unit)': \(twin)"))
                    continue
                }
                changes.append(LabelImport.Change(sticker: edit.owner, sidecar: path, before: before,
                                                  after: try SidecarLabelWriter.write(fields, into: before)))
            } catch let refusal as SidecarLabelWriter.Refusal {
                // At the unit that asked for the change, as every other refusal of the import.
                problems.append(LabelSheetProblem(file: file, line: edit.line, message: "unit '\(edit.unit)': \(path): \(refusal.description)"))
            } catch {
                problems.append(LabelSheetProblem(file: file, line: edit.line, message:
                    "unit '\(edit.unit)': \(path): \((error as? PeelError)?.reason ?? SystemErrorText.describe(error))"))
            }
        }
        guard problems.isEmpty else { throw LabelSheetProblems(problems: problems) }
        return XLIFFImport(changes: changes, warnings: warnings, language: language,
                           updated: updated, unchanged: unchanged, skipped: skipped)
    }

    /// Every text of `catalog` a unit can translate into `language`, by unit id.
    private static func slots(_ catalog: Catalog, language: String) -> [String: Slot] {
        let site = catalog.site
        var slots: [String: Slot] = [:]
        if language != site.defaultLanguage {
            let siteTranslation = site.translations[language]
            slots[XLIFFExport.UnitID.siteTitle] = Slot(source: site.title, translation: siteTranslation?.title,
                translatedFrom: siteTranslation?.translatedFrom, recordsSource: true, key: "title",
                file: siteTranslation?.file ?? "site.\(language).md", owner: "site.md", refusal: nil)
        }
        // A pack written in `language` (its language:) has no translation into it.
        for pack in catalog.packs where site.sourceLanguage(of: pack) != language {
            let translation = pack.translations[language]
            slots[XLIFFExport.UnitID.title(pack)] = Slot(source: pack.title, translation: translation?.title,
                translatedFrom: translation?.translatedFrom, recordsSource: true, key: "title",
                file: translation?.file ?? "\(pack.folder)/pack.\(language).md", owner: "\(pack.folder)/pack.md", refusal: nil)
            for sticker in pack.stickers {
                let translation = sticker.translations[language]
                let folder = sticker.source.split(separator: "/").dropLast().joined(separator: "/")
                let file = translation?.file ?? "\(folder)/\(StickerFileKind.stem(sticker.fileName)).\(language).md"
                var refusal: String?
                if sticker.composition != nil {
                    refusal = "the sticker is composed from its pack's parts; translate their files (\(pack.folder)/<part>/<choice>.\(language).md) and label: in \(pack.folder)/pack.\(language).md"
                } else if sticker.sidecar == nil {
                    refusal = "the sticker has no sidecar (\(StickerFileKind.stem(sticker.source)).md) to translate from; give it a label first"
                } else if let error = translation?.sidecarError {
                    refusal = "\(file)\(error.line.map { ":\($0)" } ?? "") cannot be read (\(error.message)); fix it first"
                }
                slots[XLIFFExport.UnitID.label(sticker)] = Slot(source: sticker.alt ?? "", translation: translation?.alt,
                    translatedFrom: translation?.translatedFrom, recordsSource: true, key: "alt", file: file,
                    owner: sticker.source, refusal: refusal, sourceLanguage: site.writtenLanguage(of: pack))
                slots[XLIFFExport.UnitID.title(sticker)] = Slot(source: sticker.title, translation: translation?.title,
                    translatedFrom: nil, recordsSource: false, key: "title", file: file, owner: sticker.source, refusal: refusal)
            }
        }
        return slots
    }

    /// Writes every change into `content` (the folder `plan` was given).
    public func apply(content: URL) throws {
        try LabelImport.write(changes, content: content)
    }

    /// "Changed 2 files (3 texts), 5 unchanged, 40 skipped (no finished translation)."
    public func summary(dryRun: Bool) -> String {
        (dryRun ? "Would change " : "Changed ") + plural(changes.count, "\(LanguageName.of(language)) file")
            + " (\(plural(updated, "text")))" + ", \(unchanged) unchanged, \(skipped) skipped (no finished translation, or a changed source)"
            + (dryRun ? "; nothing was written (--dry-run)." : ".")
    }
}
