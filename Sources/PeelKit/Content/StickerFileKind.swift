/// What a file in a pack folder is, by its extension (the bytes are checked later).
enum StickerFileKind {
    /// Apple's sticker formats: PNG, APNG, GIF, JPEG ("Adding your sticker packs to Messages").
    static let stickerExtensions: Set<String> = ["png", "apng", "gif", "jpg", "jpeg"]
    /// Images Messages does not accept as stickers; reported, never silently skipped.
    static let otherImageExtensions: Set<String> = Set([
        "bmp", "webp", "heic", "heif", "heics", "tif", "tiff", "svg", "avif", "ico", "psd", "jxl", "jp2", "tga",
        "procreate", "kra", "xcf", "afphoto", "afdesign", "clip",
    ]).union(jpegAliases)
    /// Other names of a JPEG file: Chrome and Edge on Windows save JPEGs as `.jfif`. Messages and
    /// Xcode go by `.jpg` or `.jpeg`, so such a file is told to be renamed, not converted.
    static let jpegAliases: Set<String> = ["jfif", "jpe", "jfi", "pjpeg", "pjp"]

    case sticker
    case unsupportedImage
    case markdown
    case other

    init(fileName: String) {
        let ext = Self.lowercasedExtension(fileName)
        if Self.stickerExtensions.contains(ext) { self = .sticker }
        else if Self.otherImageExtensions.contains(ext) { self = .unsupportedImage }
        else if ext == "md" || ext == "markdown" { self = .markdown }
        else { self = .other }
    }

    /// The file's extension, lower case ("" for none).
    static func lowercasedExtension(_ fileName: String) -> String {
        fileName.split(separator: ".").count > 1 ? String(fileName.split(separator: ".").last!).lowercased() : ""
    }

    /// For a sidecar or settings file Windows Notepad saved as `hello.md.txt` (Explorer shows it as
    /// `hello.md`, hiding the `.txt`): the name it was meant to have. Nil for any other name.
    static func savedAsText(_ fileName: String) -> String? {
        let lower = fileName.lowercased()
        guard lower.hasSuffix(".md.txt"), fileName.count > ".md.txt".count else { return nil }
        return String(fileName.dropLast(".txt".count))
    }

    /// The file name without its last extension.
    static func stem(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }
}
