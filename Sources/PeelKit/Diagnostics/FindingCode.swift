/// The stable identifiers of everything Peel can report. Codes never change meaning once
/// published: scripts, `ignore:` lists and CI annotations depend on them. Each is documented in
/// the README with an example and a fix.
public enum FindingCode: String, Sendable, Codable, CaseIterable {
    // Front matter and catalog structure
    case yamlSyntax = "yaml-syntax"
    case frontMatterUnclosed = "front-matter-unclosed"
    case frontMatterNotMapping = "front-matter-not-mapping"
    case unknownKey = "unknown-key"
    case wrongType = "wrong-type"
    case invalidValue = "invalid-value"
    case textEncoding = "text-encoding"
    case missingPackFile = "missing-pack-file"
    case missingPackTitle = "missing-pack-title"
    case emptyPack = "empty-pack"
    case pathOutsideContent = "path-outside-content"
    case missingFile = "missing-file"
    case orphanSidecar = "orphan-sidecar"
    case ambiguousSidecar = "ambiguous-sidecar"
    case ignoredFile = "ignored-file"
    case unreadableFile = "unreadable-file"

    // Labels
    case missingSidecar = "missing-sidecar"
    case missingLabel = "missing-label"
    case labelTooLong = "label-too-long"

    // Images
    case unsupportedFormat = "unsupported-format"
    case corruptImage = "corrupt-image"
    case imageTooLarge = "image-too-large"
}
