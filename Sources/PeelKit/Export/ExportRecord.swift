import Foundation

/// The lines an export's marker (`.peel-export`) keeps about its own folder: the SHA-256 of every
/// file the export wrote there, `sha256:<hex> <path>`. The next export replaces the folder whole,
/// so before it does, anything else in the folder (a sticker you added in Xcode, notes beside a
/// WhatsApp export) or anything changed since is named and the export stops: nothing of yours is
/// deleted. A marker without these lines (an older Peel's) vouches for the folder as before.
enum ExportRecord {
    /// The marker's lines for `files`, sorted by path.
    static func lines(_ files: [(path: String, data: Data)]) -> String {
        lines(Dictionary(files.map { ($0.path, digest($0.data)) }, uniquingKeysWith: { _, last in last }))
    }

    /// The lines for SHA-256 digests (hex) by path, sorted by path.
    static func lines(_ digests: [String: String]) -> String {
        digests.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "sha256:\(digests[$0]!) \($0)\n" }.joined()
    }

    /// The digests by path that `text`'s `sha256:` lines record; other lines are ignored.
    static func recorded(in text: String) -> [String: String] {
        var recorded: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("sha256:") {
            let parts = line.dropFirst("sha256:".count).split(separator: " ", maxSplits: 1)
            if parts.count == 2 { recorded[String(parts[1])] = String(parts[0]) }
        }
        return recorded
    }

    static func digest(_ data: Data) -> String { Hex.string(SHA256.hash(data: data)) }

    /// The files under `folder` its marker does not vouch for (not written by the export, or
    /// changed since), by path in byte order; empty when every file is the export's, or when the
    /// marker lists no files.
    static func foreignFiles(in folder: URL, marker: String) -> [String] {
        let recorded = recorded(in: (try? String(contentsOf: folder.appendingPathComponent(marker), encoding: .utf8)) ?? "")
        guard !recorded.isEmpty else { return [] }
        var foreign: [String] = []
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey]) else { return [] }
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if values?.isDirectory == true { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
            // What a file browser leaves (Finder's .DS_Store, Explorer's Thumbs.db) is nobody's work, so it
            // never stops an export (it stopped every re-export of a folder once opened in Finder).
            if path == marker || SystemLitter.matches(fileName: url.lastPathComponent) { continue }
            guard values?.isRegularFile == true, let expected = recorded[path],
                  let data = try? Data(contentsOf: url), digest(data) == expected else {
                foreign.append(path)
                continue
            }
        }
        return foreign.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// "a, b, c and 2 more": the first of `foreign`, for a refusal.
    static func shown(_ foreign: [String]) -> String {
        foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
    }

    /// The refusal for `foreign` files in `folder`.
    /// Refuses to replace `target` unless an export may: nothing there, an empty folder, or a
    /// folder holding `marker` and nothing the export did not write. One rule for `export xcode`
    /// and the messenger exports (xcode refused an empty folder the others took).
    static func checkReplaceable(_ target: URL, marker: String, command: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw PeelError.unsafeOutput(path: target.path, reason: "is a file, not a folder; choose another -o")
        }
        let empty = ((try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []).isEmpty
        guard empty || FileManager.default.fileExists(atPath: target.appendingPathComponent(marker).path) else {
            throw PeelError.unsafeOutput(path: target.path,
                                         reason: "exists and was not written by \(command); Peel will not replace it (move it away or choose another -o)")
        }
        let foreign = foreignFiles(in: target, marker: marker)
        if !foreign.isEmpty { throw refusal(foreign, in: target, command: command) }
    }

    static func refusal(_ foreign: [String], in folder: URL, command: String) -> PeelError {
        let shown = shown(foreign)
        // `peel icons` into the exported catalog: the export makes the icon set itself from icon:.
        let iconSet = foreign.contains { $0.contains(".stickersiconset/") }
            ? "; for the app icon set, give the pack icon: in pack.md and the export makes it" : ""
        return PeelError.unsafeOutput(path: folder.path, reason: "holds \(foreign.count == 1 ? "a file" : "files") \(command) did not write, "
            + "or changed since (\(shown)); the export replaces the folder whole, so move \(foreign.count == 1 ? "it" : "them") away first, or choose another -o" + iconSet)
    }
}
