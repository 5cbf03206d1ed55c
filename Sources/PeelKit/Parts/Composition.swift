import Foundation

/// What a composed sticker of a parts pack is made of: one choice per part, bottom layer first,
/// and where its generated art is (in the derived files, never in the content folder).
public struct Composition: Sendable, Equatable {
    public struct Choice: Sendable, Equatable {
        /// The part's folder name (`base`).
        public var part: String
        /// The chosen file's stem (`cone`); nil when an optional part is left out.
        public var choice: String?
        /// The chosen image, relative to the content folder.
        public var file: String?
        /// The choice's label (`alt:` of `base/cone.md`).
        public var label: String?
    }

    public var choices: [Choice]
    /// The composed PNG, cached under a name made of the layers' content hashes.
    public var art: URL
}

extension Sticker {
    /// Where the sticker's image bytes are: its file in the content folder, or its composed art.
    public func artURL(content: URL) -> URL {
        composition?.art ?? content.appendingPathComponent(source)
    }
}
