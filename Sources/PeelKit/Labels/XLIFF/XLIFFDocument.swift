import Foundation

/// An XLIFF 1.2 document as Peel writes and reads it: one `<file>` per pack (and one for the
/// site), one `<trans-unit>` per translatable text. XLIFF 1.2 rather than 2.0 because Xcode's
/// Export Localizations writes 1.2, so a team's translation tools already take it, and one
/// translator can work on the app's strings and the stickers' labels in the same tool.
public struct XLIFFDocument: Sendable, Equatable {
    public struct Unit: Sendable, Equatable {
        /// Stable across exports: `<pack>/<image>#alt`, `…#title`, `<pack>/pack.md#title`, `site.md#title`.
        public var id: String
        public var source: String
        public var target: String?
        /// XLIFF 1.2's `state` of the target (`translated`, `needs-review-translation`, ...).
        public var state: String?
        /// Context for the translator.
        public var note: String?
        /// The most characters the target may have (`maxwidth` with `size-unit="char"`).
        public var maxWidth: Int?
        /// `LabelHash` of the catalog's translation when the file was exported (of "" when there
        /// was none), kept in XLIFF 1.2's `extradata`, which tools keep for the tool that made the
        /// file: an import tells a target the translator changed from one merely sent back, and a
        /// translation file edited since the export from one that was not.
        public var exportedTranslation: String?
        /// The line the unit starts on in the file read (0 when built).
        public var line: Int = 0

        public init(id: String, source: String, target: String? = nil, state: String? = nil,
                    note: String? = nil, maxWidth: Int? = nil, exportedTranslation: String? = nil, line: Int = 0) {
            self.id = id
            self.source = source
            self.target = target
            self.state = state
            self.note = note
            self.maxWidth = maxWidth
            self.exportedTranslation = exportedTranslation
            self.line = line
        }
    }

    public struct File: Sendable, Equatable {
        /// The pack folder (or `site.md`) the units come from.
        public var original: String
        public var sourceLanguage: String
        public var targetLanguage: String?
        public var units: [Unit]
        public var line: Int = 0

        public init(original: String, sourceLanguage: String, targetLanguage: String?, units: [Unit], line: Int = 0) {
            self.original = original
            self.sourceLanguage = sourceLanguage
            self.targetLanguage = targetLanguage
            self.units = units
            self.line = line
        }
    }

    public var files: [File]

    public init(files: [File]) {
        self.files = files
    }

    public var units: [Unit] { files.flatMap(\.units) }
}
