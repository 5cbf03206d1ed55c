import Foundation

/// Writes files into a site folder, creating folders as needed. Paths are relative and made by
/// Peel from slugs, so they cannot leave the folder; the check below keeps it that way.
enum SiteFiles {
    static func write(_ data: Data, to path: String, in folder: URL) throws {
        precondition(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "site paths are relative and stay inside the site")
        let url = folder.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw PeelError.writeFailed(path: url.path, reason: error.localizedDescription)
        }
        try PlainFile.write(data, toPath: url.path)
    }

    static func write(_ text: String, to path: String, in folder: URL) throws {
        try write(Data(text.utf8), to: path, in: folder)
    }
}
