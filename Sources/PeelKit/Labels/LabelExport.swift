import Foundation

/// `peel labels export`: the catalog's labels as a sheet, written to a file or returned as bytes.
public enum LabelExport {
    /// Every sticker of the catalog in `content`, in catalog order, and why each sidecar that
    /// cannot be read could not (its row has no label, and an import refuses it until it is fixed).
    public static func sheet(content: URL) throws -> (sheet: LabelSheet, unreadable: [Finding]) {
        let catalog = try CatalogLoader(contentFolder: content).load().0
        return (LabelSheet(catalog: catalog), catalog.packs.flatMap { $0.stickers.compactMap(\.sidecarError) })
    }

    /// Writes `data` at `file` whole or not at all (`SafeFile`); the folder must exist, and `file`
    /// must lie outside `content` (the one rule of `OutputLocation`): a sheet written over a
    /// sticker or a sidecar would lose it.
    /// `importCommand` is the command that imports `file` as the user would type it (their paths);
    /// it is suggested when the file holds work not imported yet.
    public static func write(_ data: Data, to file: URL, content: URL, importCommand: String? = nil) throws {
        let example = file.pathExtension.isEmpty ? "labels.csv" : "labels.\(file.pathExtension)"
        try OutputLocation(reading: [content], suggestion: "e.g. \(example) beside the content folder").check(file: file)
        let folder = file.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw PeelError.cannotWrite(path: file.path, reason: "its folder does not exist")
        }
        // An empty file holds nothing to lose.
        if let existing = try? ContentFile.read(file), !existing.isEmpty, existing != data,
           let work = unimportedWork(in: existing, replacedBy: data, file: file.lastPathComponent) {
            guard work != notASheet else {
                throw PeelError.cannotWrite(path: file.path, reason: "it holds a file that is not a Peel label sheet, which this export would replace; write the export to another file, or move that one away")
            }
            throw PeelError.cannotWrite(path: file.path, reason: "it holds \(work) not imported yet, which this export would lose; import it first (\(importCommand ?? "peel labels import \(file.path)")), or write the export to another file")
        }
        try SafeFile.write(data, toPath: file.path)
    }

    /// What a file already at the export's place holds that the new export would lose, or nil
    /// when replacing it loses nothing: a sheet a reviewer filled in (`new label` cells), an XLIFF
    /// file whose targets a translator changed and that the catalog does not hold yet, or any
    /// file that is neither a Peel sheet nor XLIFF (a spreadsheet of the team's, say). A sheet
    /// exported before and left as it was is replaced, as Peel replaces only what it wrote.
    static let notASheet = "a file that is not a Peel label sheet"

    static func unimportedWork(in existing: Data, replacedBy export: Data, file: String) -> String? {
        if LabelFileFormat.isXLIFF(data: existing) {
            guard let old = try? XLIFFCodec.decode(existing, file: file) else { return "XLIFF that Peel cannot read" }
            let exported = Dictionary((try? XLIFFCodec.decode(export, file: file))?.units.map { ($0.id, $0.target ?? "") } ?? [], uniquingKeysWith: { first, _ in first })
            let changed = old.units.filter { unit in
                guard let target = unit.target, !target.isEmpty, LabelHash.of(target) != unit.exportedTranslation else { return false }
                return exported[unit.id] != target
            }
            return changed.isEmpty ? nil : "\(plural(changed.count, "translation")) (\(changed[0].id) first)"
        }
        guard let sheet = try? LabelCSV.decode(existing, file: file) else { return notASheet }
        // A new label already imported is the catalog's label now, in the new export.
        let labels = Dictionary((try? LabelCSV.decode(export, file: file))?.rows.map { ($0.file, $0.label ?? "") } ?? [], uniquingKeysWith: { first, _ in first })
        let edited = sheet.rows.filter { row in
            let new = row.newLabel.trimmingCharacters(in: .whitespaces)
            return !new.isEmpty && labels[row.file] != new
        }
        return edited.isEmpty ? nil : "\(plural(edited.count, "new label")) (line \(edited[0].line) first)"
    }
}
