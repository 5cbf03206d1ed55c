/// What a file in a pack folder is, by its extension (the bytes are checked later).
enum StickerFileKind {
    /// Apple's sticker formats: PNG, APNG, GIF, JPEG ("Adding your sticker packs to Messages").
    static let stickerExtensions: Set<String> = ["png", "apng", "gif", "jpg", "jpeg"]
    /// Images Messages does not accept as stickers; reported, never silently skipped.
    static let otherImageExtensions: Set<String> = [
        "bmp", "webp", "heic", "heif", "heics", "tif", "tiff", "svg", "avif", "ico", "psd", "jxl", "jp2", "tga",
    ]

    case sticker
    case unsupportedImage
    case markdown
    case other

    init(fileName: String) {
        let ext = fileName.split(separator: ".").count > 1 ? String(fileName.split(separator: ".").last!).lowercased() : ""
        if Self.stickerExtensions.contains(ext) { self = .sticker }
        else if Self.otherImageExtensions.contains(ext) { self = .unsupportedImage }
        else if ext == "md" || ext == "markdown" { self = .markdown }
        else { self = .other }
    }

    /// The file name without its last extension.
    static func stem(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }
}
