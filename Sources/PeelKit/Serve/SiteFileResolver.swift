import Foundation

/// Maps a request path to a file inside the served site folder, and never to anything outside it:
/// `..`, empty or dot segments, backslashes and NUL bytes are refused before the file system is
/// asked, and a file reached through a symlink must still resolve inside the folder.
public struct SiteFileResolver: Sendable {
    public enum Resolution: Equatable, Sendable {
        /// A regular file to send.
        case file(URL)
        /// A folder asked for without its trailing slash: redirect here so relative links work.
        case redirect(String)
        /// Nothing there (or nothing we would send).
        case notFound
    }

    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `path` is the request's path, already percent-decoded ("/faces/index.html").
    public func resolve(_ path: String) -> Resolution {
        guard path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else { return .notFound }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) else { return .notFound }

        var url = root
        for segment in segments { url.appendPathComponent(String(segment)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .notFound }
        if isDirectory.boolValue {
            guard path.hasSuffix("/") else { return .redirect(Self.folderLocation(segments)) }
            url.appendPathComponent("index.html")
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                return .notFound
            }
        }
        // Symlinks are followed only while they stay inside the site folder.
        let real = RealPath.of(url)
        let realRoot = RealPath.of(root)
        guard real.hasPrefix(realRoot + "/") else { return .notFound }
        return .file(url)
    }

    /// `/a/b/` for a folder's segments, each percent-encoded: always one leading slash, so a
    /// browser never reads the Location as another host (`//p/` is `http://p/`, and so is `/\p/`),
    /// and never a raw space, CR or LF in the header.
    static func folderLocation(_ segments: [Substring]) -> String {
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? "" }
        return "/" + encoded.map { $0 + "/" }.joined()
    }

    /// RFC 3986 pchar without `%` (encoded) and `:` (kept out of a first segment, where it could read as a scheme).
    private static let segmentCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@")
}
