/// The `Content-Type` the development server sends for a file, by extension. Text types say
/// UTF-8 (Peel writes UTF-8); anything unknown is sent as bytes, never guessed as HTML.
public enum ContentType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        // A theme's ES modules: browsers refuse a module sent as anything but JavaScript.
        "mjs": "text/javascript; charset=utf-8",
        "map": "application/json; charset=utf-8",
        "webmanifest": "application/manifest+json; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "wasm": "application/wasm",
        "avif": "image/avif",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "json": "application/json; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "apng": "image/apng",
        "gif": "image/gif",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "webp": "image/webp",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "zip": "application/zip",
    ]

    public static func forFile(named name: String) -> String {
        let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!).lowercased() : ""
        return byExtension[ext] ?? "application/octet-stream"
    }

    public static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}
