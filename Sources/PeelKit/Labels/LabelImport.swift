#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Applies a reviewed `LabelSheet` to a catalog's sidecars, all or nothing: every row is checked
/// first (the sticker exists, the label was not changed since the export, the new label is
/// acceptable, the sidecar can be edited in place), and only when every row is good are the
/// sidecars written, each through `SafeFile` and never outside the content folder or through a link.
public struct LabelImport: Sendable {
    /// One sidecar to write.
    public struct Change: Sendable, Equatable {
        /// The sticker image, relative to the content folder.
        public let sticker: String
        /// The sidecar, relative to the content folder.
        public let sidecar: String
        /// Its bytes now; nil when it does not exist yet.
        public let before: Data?
        public let after: Data
    }

    public let changes: [Change]
    /// Rows whose new label is the label the sticker already has.
    public let unchanged: Int
    /// Rows with an empty new label.
    public let skipped: Int

    /// Checks every row of `sheet` (read from `sheetFile`, the name errors give) against the
    /// catalog in `content`. Throws `LabelSheetProblems` listing every bad row, or `PeelError`
    /// when the content folder cannot be read.
    public static func plan(_ sheet: LabelSheet, sheetFile: String, content: URL) throws -> LabelImport {
        let (catalog, _) = try CatalogLoader(contentFolder: content).load()
        let root = ContentPath(root: content)
        var stickers: [String: Sticker] = [:]
        for pack in catalog.packs { for sticker in pack.stickers { stickers[sticker.source] = sticker } }

        var problems: [LabelSheetProblem] = []
        var changes: [Change] = []
        var unchanged = 0, skipped = 0
        var rowOfSticker: [String: Int] = [:]
        var rowOfSidecar: [String: Int] = [:]
        for row in sheet.rows {
            func refuse(_ message: String) { problems.append(LabelSheetProblem(file: sheetFile, line: row.line, message: message)) }
            let written = row.file.trimmingCharacters(in: .whitespaces)
            guard !written.isEmpty else { refuse("row has no file; the 'file' column names the sticker image"); continue }
            guard let file = Self.inside(written, root: root) else {
                refuse("'\(written)' is outside the content folder; the 'file' column is a path inside it, such as pets/cat.png")
                continue
            }
            guard let sticker = stickers[file] else {
                refuse(FileManager.default.fileExists(atPath: root.url(file).path)
                       ? "\(file): not a sticker of this catalog (only images in pack folders are; see peel check)"
                       : "\(file): no such sticker in the content folder")
                continue
            }
            if let first = rowOfSticker[file] {
                refuse("\(file): a second row for this sticker (the first is on line \(first)); keep one")
                continue
            }
            rowOfSticker[file] = row.line
            guard LabelHash.isWellFormed(row.labelHash) else {
                refuse("\(file): label hash '\(row.labelHash)' is not one that peel labels export writes (sha256: and 16 hex digits); export again")
                continue
            }
            if row.newLabel.isEmpty {
                // The reviewer typed into the label cell instead: say so rather than skip the edit.
                if let label = row.label, !Self.matches(label, row.labelHash) {
                    refuse("\(file): the 'label' cell differs from the label exported; write the new label in the 'new label' column")
                } else {
                    skipped += 1
                }
                continue
            }
            let newLabel = row.newLabel.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !newLabel.isEmpty else {
                refuse("\(file): the new label is only spaces; leave the cell empty to keep the label")
                continue
            }
            let current = sticker.alt ?? ""
            if let error = sticker.sidecarError {
                refuse("\(sticker.sidecar ?? file): the sidecar cannot be read (\(error.message)); fix it first")
                continue
            }
            if newLabel == current { unchanged += 1; continue }
            if let control = newLabel.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                refuse("\(file): the new label holds a control character (U+\(String(format: "%04X", control.value))); a label is one line of text")
                continue
            }
            let sidecar = sticker.sidecar ?? StickerFileKind.stem(sticker.source) + ".md"
            guard LabelHash.of(current) == row.labelHash.lowercased() else {
                refuse("\(sidecar): label changed since the export (it is now '\(current)'); export again and redo this row")
                continue
            }
            if let first = rowOfSidecar[sidecar] {
                refuse("\(sidecar): shared with the sticker on line \(first) (several images share this name); rename one")
                continue
            }
            rowOfSidecar[sidecar] = row.line
            if let link = Self.firstSymlink(in: sidecar, root: root.root.path) {
                refuse("\(link): a symlink; peel does not write through links, so replace it with the file or folder itself")
                continue
            }
            do {
                let before = sticker.sidecar == nil ? nil : try ContentFile.read(root.url(sidecar))
                changes.append(Change(sticker: file, sidecar: sidecar, before: before,
                                      after: try SidecarLabelWriter.write(newLabel, into: before)))
            } catch let refusal as SidecarLabelWriter.Refusal {
                refuse("\(sidecar): \(refusal.description)")
            } catch let error as PeelError {
                refuse("\(sidecar): \(error.reason)")
            }
        }
        guard problems.isEmpty else { throw LabelSheetProblems(problems: problems) }
        return LabelImport(changes: changes, unchanged: unchanged, skipped: skipped)
    }

    /// Writes every change into `content` (the folder `plan` was given).
    public func apply(content: URL) throws {
        let root = ContentRoot.resolve(content)
        for change in changes {
            do {
                try SafeFile.write(change.after, to: change.sidecar, in: root, mode: change.before == nil ? .createOnly : .replace)
            } catch is SafeFile.Exists {
                throw PeelError.cannotWrite(path: change.sidecar, reason: "a file appeared there since the import began")
            }
        }
    }

    /// "Changed 2 labels, 5 unchanged, 40 skipped (no new label)."
    public func summary(dryRun: Bool) -> String {
        (dryRun ? "Would change " : "Changed ") + plural(changes.count, "label")
            + ", \(unchanged) unchanged, \(skipped) skipped (no new label)" + (dryRun ? "; nothing was written (--dry-run)." : ".")
    }

    /// True when `label` is the one `hash` was made from; line breaks a text editor turned into
    /// CRLF inside a quoted cell still match.
    private static func matches(_ label: String, _ hash: String) -> Bool {
        let hash = hash.lowercased()
        return LabelHash.of(label) == hash || LabelHash.of(label.replacingScalars(["\r": ""])) == hash
    }

    /// `written` as a path relative to the content folder, lexically (`a/./b`, `a/../b`), or nil
    /// when it is absolute or climbs out.
    private static func inside(_ written: String, root: ContentPath) -> String? {
        guard !written.hasPrefix("/"), !written.hasPrefix("~"), !written.contains("\0"),
              let normalized = ContentPath.normalized(root.root.path + "/" + written),
              normalized.hasPrefix(root.root.path + "/") else { return nil }
        return String(normalized.dropFirst(root.root.path.count + 1))
    }

    /// The first of `relativePath`'s folders and file (below `root`) that is a symlink.
    private static func firstSymlink(in relativePath: String, root: String) -> String? {
        var path = ""
        for component in relativePath.split(separator: "/") {
            path += (path.isEmpty ? "" : "/") + component
            if SafeFile.isSymlink(root + "/" + path) { return path }
        }
        return nil
    }
}
