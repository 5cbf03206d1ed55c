import Foundation

/// Failures that stop a command outright. Each names the file it happened at and says what to do.
public enum PeelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The content folder does not exist or is not a folder.
    case contentFolderMissing(path: String)
    /// A file was given that lies in no pack folder of a catalog.
    case notInCatalog(path: String)
    /// The content folder holds no pack folder: building it would replace a site with an empty one.
    case noPacks(path: String)
    /// A file at the top of a content folder, beside site.md, where no sticker is read.
    case atCatalogTop(path: String)
    /// A file in a folder inside a pack folder: packs are one level deep, so it is not read.
    case insidePackFolder(path: String, pack: String)
    /// A pack folder or sticker file was given that does not exist.
    case pathMissing(path: String)
    /// A file could not be read from disk.
    case unreadable(path: String, reason: String)
    /// A template does not parse.
    case templateSyntax(path: String, line: Int, message: String)
    /// A template the site needs is in neither the override folder nor the default theme.
    case templateMissing(name: String)
    /// The output folder is unsafe to replace (it holds the content, or files Peel did not write).
    case unsafeOutput(path: String, reason: String)
    /// Writing the site failed; the previous site is left as it was.
    case writeFailed(path: String, reason: String)
    /// A file or folder could not be written (by any command; `build` reports `writeFailed`).
    case cannotWrite(path: String, reason: String)
    /// Another Peel process is building into the same output folder.
    case busy(path: String)
    /// A sharded build was asked for packs the catalog lacks, or its shards do not fit together.
    case shards(path: String, reason: String)

    public var description: String {
        switch self {
        case .contentFolderMissing(let path):
            return "\(path): error: content folder not found; pass the folder that holds your packs (such as my-stickers), or make one with peel init"
        case .noPacks(let path):
            return "\(path): error: no packs here (a pack is a folder of sticker images with a pack.md), so nothing was built and the site in place stays; pass the folder that holds your packs, or start one with peel init"
        case .notInCatalog(let path):
            return "\(path): error: not part of a catalog (no pack.md beside it, no site.md above it); pass a content folder, a pack folder in it or a sticker file in a pack"
        case .atCatalogTop(let path):
            return "\(path): error: this is at the top of the content folder, beside site.md, where Peel reads no sticker; a sticker goes in a pack folder (<pack>/\((path as NSString).lastPathComponent)), so pass the content folder, a pack folder or a sticker file in a pack"
        case .insidePackFolder(let path, let pack):
            return "\(path): error: this is in a folder inside the pack \(pack); packs are one level deep and Peel does not read folders inside them, so move it into \(pack)/"
        case .pathMissing(let path):
            return "\(path): error: no such file or folder"
        case .unreadable(let path, let reason):
            return "\(path): error: cannot read file: \(reason)"
        case .templateSyntax(let path, let line, let message):
            return "\(path):\(line): error: template syntax: \(message)"
        case .templateMissing(let name):
            return "\(name).mustache: error: template not found in --templates folder or the default theme"
        case .unsafeOutput(let path, let reason):
            return "\(path): error: \(reason)"
        case .writeFailed(let path, let reason):
            return "\(path): error: cannot write the site: \(reason); the previous site is unchanged"
        case .cannotWrite(let path, let reason):
            return "\(path): error: cannot write: \(reason)"
        case .busy(let path):
            return "\(path): error: another peel command (a build, serve or export) is writing this folder; wait for it to finish or stop it"
        case .shards(let path, let reason):
            return "\(path): error: \(reason)"
        }
    }

    /// A mistake in what the command was asked to do (exit status 2), not a failure while doing it.
    public var isUsageError: Bool {
        switch self {
        case .contentFolderMissing, .noPacks, .unsafeOutput, .notInCatalog, .atCatalogTop, .insidePackFolder, .pathMissing, .shards: return true
        default: return false
        }
    }

    /// What went wrong, without the path (for messages that name the file themselves).
    public var reason: String {
        switch self {
        case .contentFolderMissing: return "content folder not found"
        case .notInCatalog: return "not part of a catalog"
        case .atCatalogTop: return "at the top of the content folder, where no sticker is read"
        case .noPacks: return "no packs here"
        case .insidePackFolder: return "in a folder inside a pack, which Peel does not read"
        case .pathMissing: return "no such file or folder"
        case .unreadable(_, let reason), .unsafeOutput(_, let reason), .writeFailed(_, let reason), .cannotWrite(_, let reason),
             .shards(_, let reason):
            return reason
        case .templateSyntax(_, _, let message): return "template syntax: \(message)"
        case .templateMissing: return "template not found"
        case .busy: return "another peel command (a build, serve or export) is writing it"
        }
    }

    /// The file or folder the error is about, and its line: where machine output puts it.
    public var location: (path: String, line: Int?) {
        switch self {
        case .contentFolderMissing(let path), .notInCatalog(let path), .atCatalogTop(let path), .noPacks(let path), .insidePackFolder(let path, _), .pathMissing(let path),
             .unreadable(let path, _), .unsafeOutput(let path, _), .writeFailed(let path, _), .cannotWrite(let path, _), .busy(let path),
             .shards(let path, _):
            return (path, nil)
        case .templateSyntax(let path, let line, _): return (path, line)
        case .templateMissing(let name): return (name, nil)
        }
    }

    /// The error as the finding machine output carries (`run-failed`): a run that stopped still
    /// prints its JSON, SARIF or annotations, so a pipeline reading them sees no clean run.
    public var finding: Finding {
        // The description without its "path:line: error: " lead, which the finding's fields hold.
        let text = description
        let message = text.range(of: ": error: ").map { String(text[$0.upperBound...]) } ?? text
        return Finding(.error, .runFailed, file: location.path, line: location.line, message: message)
    }

    /// The same error with every path under `folder` (a staging folder) named under `shown`
    /// instead (the folder the user asked for), so no message names Peel's internal folders.
    public func relocated(from folder: String, to shown: String) -> PeelError {
        mappingPaths { path in
            if path == folder { return shown }
            return path.hasPrefix(folder + "/") ? shown + path.dropFirst(folder.count) : path
        }
    }

    /// The same error with its path (the file or folder it is about) passed through `move`: the
    /// CLI shows it as seen from the current directory, as it shows findings' paths.
    public func mappingPaths(_ move: (String) -> String) -> PeelError {
        switch self {
        case .contentFolderMissing(let path): return .contentFolderMissing(path: move(path))
        case .notInCatalog(let path): return .notInCatalog(path: move(path))
        case .atCatalogTop(let path): return .atCatalogTop(path: move(path))
        case .noPacks(let path): return .noPacks(path: move(path))
        case .insidePackFolder(let path, let pack): return .insidePackFolder(path: move(path), pack: pack)
        case .pathMissing(let path): return .pathMissing(path: move(path))
        case .unreadable(let path, let reason): return .unreadable(path: move(path), reason: reason)
        case .templateSyntax(let path, let line, let message): return .templateSyntax(path: move(path), line: line, message: message)
        case .unsafeOutput(let path, let reason): return .unsafeOutput(path: move(path), reason: reason)
        case .writeFailed(let path, let reason): return .writeFailed(path: move(path), reason: reason)
        case .cannotWrite(let path, let reason): return .cannotWrite(path: move(path), reason: reason)
        case .busy(let path): return .busy(path: move(path))
        case .shards(let path, let reason): return .shards(path: move(path), reason: reason)
        case .templateMissing: return self
        }
    }
}
