/// The labels of a catalog as reviewers edit them, whatever the file format (CSV today; XLIFF
/// could sit beside it): one row per sticker with its label when exported, that label's hash,
/// and the reviewer's new label. Codecs turn files into this model and back; `LabelImport`
/// applies it to sidecars.
public struct LabelSheet: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        /// The pack's slug (for the reviewer; the import goes by `file`).
        public var pack: String
        /// The sticker image's path relative to the content folder.
        public var file: String
        /// The label when exported ("" for a sticker without one); nil when the file read has no such column.
        public var label: String?
        /// `LabelHash.of(label)` at export time.
        public var labelHash: String
        /// The reviewer's label; "" leaves the sticker as it is.
        public var newLabel: String
        /// Where the row starts in the file it was read from (1-based physical line), for errors.
        public var line: Int
        /// The review CSV's `label (fr)` cells, by lowercased language tag: shown for reading, not
        /// imported, so one that differs from the translation is refused rather than dropped.
        public var translations: [String: String] = [:]

        public init(pack: String, file: String, label: String?, labelHash: String, newLabel: String = "", line: Int = 0) {
            self.pack = pack
            self.file = file
            self.label = label
            self.labelHash = labelHash
            self.newLabel = newLabel
            self.line = line
        }
    }

    public var rows: [Row]

    public init(rows: [Row]) {
        self.rows = rows
    }

    /// Every sticker of `catalog`, in catalog order (packs, then stickers as displayed).
    public init(catalog: Catalog) {
        // A parts pack's composed labels are made from its part files, which are edited there.
        rows = catalog.packs.flatMap { pack in
            pack.stickers.filter { $0.composition == nil }.map { sticker in
                let label = sticker.alt ?? ""
                return Row(pack: pack.slug, file: sticker.source, label: label, labelHash: LabelHash.of(label))
            }
        }
    }
}
