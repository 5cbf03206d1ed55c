import Foundation

/// Which files `peel fit` works on and the size class each must fit: every sticker of a content
/// folder (its pack's size class), or loose files with one given class.
public enum FitPlan {
    public struct Item: Sendable {
        public var input: URL
        /// Where the result goes under the output folder: "pack/name.png".
        public var relativePath: String
        public var sizeClass: SizeClass
    }

    /// Every sticker of the catalog `folder` is, or of the one pack when `folder` is a pack folder
    /// of a catalog (found as `peel check` finds it). `catalogRoot` is the content folder, which
    /// the results must stay out of.
    /// `composed`: by parts pack folder, how many of its stickers are made from layers at each
    /// build, whose layers are fitted in their place (they were left out without a word).
    public static func items(inContent folder: URL) throws -> (items: [Item], catalogRoot: URL, composed: [(pack: String, count: Int)]) {
        let target = try CatalogTarget.locate(folder)
        let (catalog, _) = try CatalogLoader(contentFolder: target.root).load()
        let root = ContentRoot.resolve(target.root)
        let packs = catalog.packs.filter { pack in target.scope.packFolder.map { $0 == pack.folder } ?? true }
        let items = packs.flatMap { pack in
            pack.stickers.filter { $0.composition == nil }.map { Item(input: root.appendingPathComponent($0.source), relativePath: $0.source, sizeClass: pack.size) }
            // A parts pack's stickers are composed from its layers at each build: the layers are
            // fitted instead, each to the pack's size class. They are all one size (or the pack
            // has `part-size-mismatch`), so they come out one size and still line up.
            + Set(pack.stickers.flatMap { $0.composition?.choices.compactMap(\.file) ?? [] }).sorted()
                .map { Item(input: root.appendingPathComponent($0), relativePath: $0, sizeClass: pack.size) }
        }
        let composed = packs.compactMap { pack -> (pack: String, count: Int)? in
            let count = pack.stickers.filter { $0.composition != nil }.count
            return count > 0 ? (pack.folder, count) : nil
        }
        return (items, target.root, composed)
    }

    /// Sticker files given one by one: each fits `sizeClass` when one is given; otherwise a file
    /// of a pack fits that pack's size class (`peel fit content/faces/grin.png` must agree with
    /// `peel fit content` and `peel check`), a layer of a parts pack too (it was fitted `large`
    /// in a `regular` pack), and a loose file `large`. A file of a catalog goes where it is in the
    /// content folder (`fitted/faces/grin.png`, as `peel fit content` writes it: two packs'
    /// `sun.png` collided in a flat folder); a loose file by its name.
    public static func items(files: [URL], sizeClass: SizeClass?) -> [Item] {
        var catalogs: [String: Catalog] = [:]   // by root: several files of one catalog load it once
        return files.map { file in
            if let target = try? CatalogTarget.locate(file), case .file(let path) = target.scope {
                if catalogs[target.root.path] == nil { catalogs[target.root.path] = try? CatalogLoader(contentFolder: target.root).load().0 }
                let packs = catalogs[target.root.path]?.packs ?? []
                let pack = packs.first { pack in pack.stickers.contains { $0.source == path } } ?? packs.first { path.hasPrefix($0.folder + "/") }
                return Item(input: file, relativePath: path, sizeClass: sizeClass ?? pack?.size ?? .large)
            }
            return Item(input: file, relativePath: file.lastPathComponent, sizeClass: sizeClass ?? .large)
        }
    }

    /// The output name: fitted files are PNG (or APNG), so a GIF or JPEG becomes "name.png"; a PNG keeps its own.
    public static func outputPath(for item: Item) -> String {
        // A PNG keeps its name as written: `IMG_0042.PNG` became `IMG_0042.png`, which put back
        // "under the same name" on Linux left both files (a name clash, the old size error).
        if (item.relativePath as NSString).pathExtension.lowercased() == "png" { return item.relativePath }
        let stem = (item.relativePath as NSString).deletingPathExtension
        return stem + ".png"
    }

    /// Refuses an output folder that is, holds or lies inside what `peel fit` reads (a content
    /// folder or the files given): results are written under their content paths, so an output
    /// that holds the content would put them over the originals. Results go elsewhere unless
    /// `--in-place` says to replace the originals.
    public static func checkOutput(_ output: URL, reading inputs: [URL]) throws {
        // Never suggest the folder being refused.
        let suggestion = output.lastPathComponent == "fitted" ? "another -o, or --in-place to replace the originals"
                                                             : "-o fitted, or --in-place to replace the originals"
        try OutputLocation(reading: inputs, suggestion: suggestion).check(folder: output, replacedWhole: true)
    }

    /// Writes a fitted result through SafeFile: over the original with `inPlace`, else at the
    /// item's output path under `output`, never over a file it reads nor one `record` does not
    /// vouch for (`FitRecord`), and notes it there. Returns where it went.
    @discardableResult
    public static func write(_ data: Data, for item: Item, output: URL, inPlace: Bool, record: inout FitRecord) throws -> URL {
        if inPlace {
            // The original's permissions stay (a read-only sticker stays read-only), as `labels import` keeps a sidecar's.
            let permissions = SafeFile.permissions(atPath: item.input.path)
            try SafeFile.write(data, toPath: item.input.path)
            SafeFile.restore(permissions, atPath: item.input.path)
            return item.input
        }
        let path = outputPath(for: item)
        let target = output.appendingPathComponent(path)
        try OutputLocation(reading: [item.input], suggestion: "-o fitted, or --in-place to replace the originals").check(file: target)
        if let refusal = record.refusal(toWrite: path, data: data, in: output) { throw PeelError.unsafeOutput(path: target.path, reason: refusal) }
        try SafeFile.write(data, to: path, in: output)
        record.record(data, at: path)
        return target
    }
}
