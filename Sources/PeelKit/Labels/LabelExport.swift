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
    public static func write(_ data: Data, to file: URL, content: URL) throws {
        try OutputLocation(reading: [content], suggestion: "e.g. labels.csv beside the content folder").check(file: file)
        let folder = file.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw PeelError.cannotWrite(path: file.path, reason: "its folder does not exist")
        }
        try SafeFile.write(data, toPath: file.path)
    }
}
