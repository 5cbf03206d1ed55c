import Foundation

/// Decides what one row of a reviewed sheet does to the catalog: change a sidecar, nothing (no
/// new label, or the label it already has), or nothing because the row is wrong, and why. Rows
/// are checked in order, so a second row for a sticker is told from the first.
struct RowCheck {
    enum Outcome: Equatable {
        case change(LabelImport.Change)
        case unchanged
        case skipped
        case refused(String)
    }

    private let root: ContentPath
    private var stickers: [String: Sticker] = [:]
    /// How many stickers read (or would create) each sidecar path: more than one when images share a name.
    private var readers: [String: [String]] = [:]
    private var rowOfSticker: [String: Int] = [:]
    /// Composed stickers (a parts pack's), by image path → their pack folder: the review's sheet
    /// lists them, without a label hash, so an unedited row of one is skipped.
    private var composed: [String: String] = [:]

    init(catalog: Catalog, root: ContentPath) {
        self.root = root
        for pack in catalog.packs {
            // A composed sticker has no sidecar of its own: its label is made from its part files.
            for sticker in pack.stickers {
                guard sticker.composition == nil else {
                    composed[sticker.source] = pack.folder
                    continue
                }
                stickers[sticker.source] = sticker
                readers[sticker.sidecarOrNew, default: []].append(sticker.source)
            }
        }
    }

    mutating func outcome(of row: LabelSheet.Row) -> Outcome {
        let written = row.file.trimmingCharacters(in: .whitespaces)
        guard !written.isEmpty else { return .refused("row has no file; the 'file' column names the sticker image") }
        guard let file = inside(written) else {
            return .refused("'\(written)' is outside the content folder; the 'file' column is a path inside it, such as pets/cat.png")
        }
        if let pack = composed[file] {
            guard row.newLabel.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return .refused("\(file): the sticker is composed from its pack's parts, and its label from theirs; edit the label in its parts' files (\(pack)/<part>/<choice>.md)")
            }
            return .skipped
        }
        guard let sticker = stickers[file] else {
            return .refused(FileManager.default.fileExists(atPath: root.url(file).path)
                            ? "\(file): not a sticker of this catalog (only images in pack folders are; see peel check)"
                            : "\(file): no such sticker in the content folder")
        }
        if let first = rowOfSticker[file] {
            return .refused("\(file): a second row for this sticker (the first is on line \(first)); keep one")
        }
        rowOfSticker[file] = row.line
        guard LabelHash.isWellFormed(row.labelHash) else {
            return .refused("\(file): label hash '\(row.labelHash)' is not one that peel labels export writes (sha256: and 16 hex digits); export again")
        }
        // The review CSV shows each translation beside the label; translations are imported from XLIFF.
        for (tag, cell) in row.translations.sorted(by: { $0.key < $1.key }) {
            let translation = sticker.translations.first { $0.key.lowercased() == tag }
            let current = translation?.value.alt ?? ""
            guard cell.trimmingCharacters(in: .whitespacesAndNewlines) != current.trimmingCharacters(in: .whitespacesAndNewlines) else { continue }
            let language = translation?.key ?? tag
            return .refused("\(file): the 'label (\(tag))' cell differs from the \(LanguageName.of(language)) label"
                + (current.isEmpty ? "" : " ('\(current)')") + "; this sheet imports 'new label' only: translate with "
                + "peel labels export --xliff FILE --lang \(language), then peel labels import FILE")
        }
        if row.newLabel.isEmpty {
            // The reviewer typed into the label cell instead: say so rather than skip the edit.
            if let label = row.label, !Self.matches(label, row.labelHash) {
                return .refused("\(file): the 'label' cell differs from the label exported; write the new label in the 'new label' column")
            }
            return .skipped
        }
        // Trimmed, as the catalog reads labels.
        let newLabel = row.newLabel.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !newLabel.isEmpty else { return .refused("\(file): the new label is only spaces; leave the cell empty to keep the label") }
        let sidecar = sticker.sidecarOrNew
        if let error = sticker.sidecarError {
            return .refused("\(sidecar)\(error.line.map { ":\($0)" } ?? ""): the sidecar cannot be read (\(error.message)); fix it first")
        }
        let current = sticker.alt ?? ""
        if newLabel == current { return .unchanged }
        if let control = newLabel.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return .refused("\(file): the new label holds a control character (U+\(String(format: "%04X", control.value))); a label is one line of text")
        }
        guard Self.matches(current, row.labelHash) else {
            // A label YAML does not read as text (a list) is no label, not an empty one.
            let now = current.isEmpty ? "it has no label as text now" : "it is now '\(current)'"
            return .refused("\(sidecar): label changed since the export (\(now)); export again and redo this row")
        }
        if let sharing = readers[sidecar], sharing.count > 1 {
            return .refused("\(sidecar): shared by \(sharing.joined(separator: " and ")), so a new label would change both; rename one image first")
        }
        if let link = firstSymlink(in: sidecar) {
            return .refused("\(link): a symlink; peel does not write through links, so replace it with the file or folder itself")
        }
        if sticker.sidecar == nil, let twin = LabelImport.twinRefusal(forNew: sidecar, root: root) { return .refused(twin) }
        do {
            let before = sticker.sidecar == nil ? nil : try ContentFile.read(root.url(sidecar))
            return .change(LabelImport.Change(sticker: file, sidecar: sidecar, before: before,
                                              after: try SidecarLabelWriter.write(newLabel, into: before)))
        } catch let refusal as SidecarLabelWriter.Refusal {
            return .refused("\(sidecar): \(refusal.description)")
        } catch {
            return .refused("\(sidecar): \((error as? PeelError)?.reason ?? SystemErrorText.describe(error))")
        }
    }

    /// True when `label` is the one `hash` was made from; line breaks a text editor turned into
    /// CRLF inside a quoted cell still match.
    private static func matches(_ label: String, _ hash: String) -> Bool {
        let hash = hash.lowercased()
        return LabelHash.of(label) == hash || LabelHash.of(label.replacingScalars(["\r": ""])) == hash
    }

    /// `written` as a path relative to the content folder, lexically (`a/./b`, `a/../b`), or nil
    /// when it is absolute or climbs out.
    private func inside(_ written: String) -> String? {
        guard !written.hasPrefix("/"), !written.hasPrefix("~"), !written.contains("\0"),
              let normalized = ContentPath.normalized(root.root.path + "/" + written),
              normalized.hasPrefix(root.root.path + "/") else { return nil }
        return String(normalized.dropFirst(root.root.path.count + 1))
    }

    /// The first of the sidecar's folders, or the sidecar itself, that is a symlink.
    private func firstSymlink(in relativePath: String) -> String? {
        var path = ""
        for component in relativePath.split(separator: "/") {
            path += (path.isEmpty ? "" : "/") + component
            if SafeFile.isSymlink(root.root.path + "/" + path) { return path }
        }
        return nil
    }
}
