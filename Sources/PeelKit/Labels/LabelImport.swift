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
        /// The sticker image (or pack.md, site.md) the file holds words of, relative to the content folder.
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
        var rows = RowCheck(catalog: try CatalogLoader(contentFolder: content).load().0, root: ContentPath(root: content))
        var problems: [LabelSheetProblem] = []
        var changes: [Change] = []
        var unchanged = 0, skipped = 0
        for row in sheet.rows {
            switch rows.outcome(of: row) {
            case .change(let change): changes.append(change)
            case .unchanged: unchanged += 1
            case .skipped: skipped += 1
            case .refused(let message): problems.append(LabelSheetProblem(file: sheetFile, line: row.line, message: message))
            }
        }
        guard problems.isEmpty else { throw LabelSheetProblems(problems: problems) }
        return LabelImport(changes: changes, unchanged: unchanged, skipped: skipped)
    }

    /// Why a new file at `path` (relative to the content folder) must not be made: a file beside
    /// it has its name in another case or Unicode form (`moon.md` for `Moon.png`'s `Moon.md`),
    /// and a Mac or a PC keeps one of the two. Nil when there is none.
    static func twinRefusal(forNew path: String, root: ContentPath) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let folder = root.url(path).deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
              let twin = NameClashes.twin(of: name, among: names) else { return nil }
        return "\(path): \(twin) is beside it, which differs from \(name) only in the case of its letters (or in Unicode form); "
            + "macOS and Windows take the two for one file, so it was not made: rename \(twin) to \(name), then import again"
    }

    /// Writes every change into `content` (the folder `plan` was given). A replaced sidecar keeps
    /// its permissions (SafeFile's new file is 0644, and a sidecar may have been made private).
    public func apply(content: URL) throws {
        try Self.write(changes, content: content)
    }

    /// Writes `changes` into `content`, each file whole or not at all (`SafeFile`), a replaced
    /// one keeping its permissions; shared with the XLIFF import.
    static func write(_ changes: [Change], content: URL) throws {
        let root = ContentRoot.resolve(content)
        // A new file whose name the file system cannot hold (a translation of a sticker with a
        // 251-byte name, `.fr.md` added) failed after the files before it were written: said first.
        if let long = changes.first(where: { $0.before == nil && ($0.sidecar.split(separator: "/").last?.utf8.count ?? 0) > Self.longestName }) {
            throw PeelError.cannotWrite(path: long.sidecar, reason: "its name is longer than the \(Self.longestName) bytes a file name may have; shorten the sticker's file name. Nothing was written")
        }
        // All or nothing, as the README promises: every file is written under a temporary name
        // first (a full disk or a read-only folder stops the import there, having changed
        // nothing), each is checked to be as the import read it (a sidecar saved meanwhile was
        // overwritten), and only then are they put in place. The first files were in place when
        // a later one failed.
        var staged: [String] = []
        do {
            for change in changes {
                guard !change.sidecar.hasPrefix("/"), !change.sidecar.split(separator: "/").contains("..") else {
                    throw PeelError.cannotWrite(path: change.sidecar, reason: "the path would leave the content folder")
                }
                if let slash = change.sidecar.lastIndex(of: "/") { try SafeFile.makeFolders(String(change.sidecar[..<slash]), in: root.path) }
                staged.append(try SafeFile.stage(change.after, besidePath: root.path + "/" + change.sidecar))
            }
            for change in changes where Self.current(change.sidecar, in: root) != change.before {
                throw PeelError.cannotWrite(path: change.sidecar, reason: change.before == nil ? "a file appeared there since the import read the catalog"
                                                : "it was changed since the import read it (saved in an editor meanwhile?); import again")
            }
        } catch let PeelError.cannotWrite(path, reason) {
            SafeFile.discard(staged)
            throw PeelError.cannotWrite(path: path, reason: reason + "; nothing was written")
        } catch {
            SafeFile.discard(staged)
            throw error
        }
        for (change, temporary) in zip(changes, staged) {
            let path = root.path + "/" + change.sidecar
            let permissions = SafeFile.permissions(atPath: path)
            do {
                try SafeFile.place(temporary, data: change.after, atPath: path, mode: change.before == nil ? .createOnly : .replace)
            } catch is SafeFile.Exists {
                throw PeelError.cannotWrite(path: change.sidecar, reason: "a file appeared there since the import began")
            }
            SafeFile.restore(permissions, atPath: path)
        }
    }

    /// The bytes of `path` (relative to `root`) now; nil when there is no file.
    private static func current(_ path: String, in root: URL) -> Data? {
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try? ContentFile.read(url)
    }

    /// NAME_MAX of Linux's file systems and APFS, in bytes.
    static let longestName = 255

    /// "Changed 2 labels, 5 unchanged, 40 skipped (no new label)."
    public func summary(dryRun: Bool) -> String {
        (dryRun ? "Would change " : "Changed ") + plural(changes.count, "label")
            + ", \(unchanged) unchanged, \(skipped) skipped (no new label)" + (dryRun ? "; nothing was written (--dry-run)." : ".")
    }
}
