/// Why `peel init` or `peel new sticker` wrote nothing. Each names the path and says what to do.
public enum ScaffoldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Files that already exist; nothing was written.
    case wouldOverwrite(paths: [String], command: String)
    /// No pack folder of that name in the content folder.
    case packMissing(path: String, pack: String, suggestion: String?, packs: [String])
    /// No sticker image of that name in the pack.
    case imageMissing(path: String, name: String, withoutSidecar: [String])
    /// Several images share the name (`party.png` and `party.gif`).
    case ambiguousImage(path: String, candidates: [String])
    /// The sidecar exists under a name that differs in case or Unicode form (`moon.md` for
    /// `Moon.png`): a second beside it would be a pair a Mac or a PC keeps one of.
    case sidecarUnderAnotherName(path: String, existing: String)
    /// The argument is not `PACK/NAME`.
    case badStickerPath(String)
    /// `peel new pack` was given a path or a hidden name, not a folder name.
    case badPackName(String)

    public var description: String {
        switch self {
        case .wouldOverwrite(let paths, let command):
            let list = paths.map { "  \(TerminalEscaping.escaped($0))" }.joined(separator: "\n")
            return "error: \(paths.count == 1 ? "this file already exists" : "these files already exist"); \(command) never overwrites, so nothing was written:\n\(list)\n"
                + (command == "peel init"
                    ? "Choose a folder without them (peel init FOLDER, a new or empty one) or move the files away."
                    : command == "peel new pack" ? "The pack exists: edit its pack.md instead." : "Edit the sidecar instead, or remove it first.")
        case .packMissing(let path, let pack, let suggestion, let packs):
            var message = "\(path): error: no pack folder '\(pack)'"
            if let suggestion { message += "; did you mean '\(suggestion)'?" }
            message += packs.isEmpty ? "; the content folder has no packs yet (peel init makes one)"
                                     : "; packs: \(packs.joined(separator: ", "))"
            return message
        case .imageMissing(let path, let name, let withoutSidecar):
            var message = "\(path): error: no sticker image named '\(name)' (.png, .apng, .gif, .jpg or .jpeg); add the image first"
            if !withoutSidecar.isEmpty { message += ". Images here without a sidecar: \(withoutSidecar.joined(separator: ", "))" }
            return message
        case .ambiguousImage(let path, let candidates):
            let stem = StickerFileKind.stem(candidates[0])
            let renamed = stem + "-2." + (candidates[candidates.count - 1].split(separator: ".").last.map(String.init) ?? "png")
            return "\(path): error: several images have this name (\(candidates.joined(separator: ", "))), and one sidecar, \(stem).md, "
                + "would describe them all; rename one (e.g. \(candidates[candidates.count - 1]) to \(renamed)), then run peel new sticker again"
        case .sidecarUnderAnotherName(let path, let existing):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return "\(path): error: \(existing) is there, which differs from \(name) only in the case of its letters (or in Unicode form); "
                + "macOS and Windows take the two for one file, so nothing was written: rename \(existing) to \(name), and it is this sticker's sidecar"
        case .badPackName(let argument):
            return "error: '\(argument)' is not a pack folder's name; give one name, e.g. peel new pack animals"
        case .badStickerPath(let argument):
            return "error: '\(argument)' is not PACK/NAME; name the pack folder and the image, e.g. peel new sticker faces/party"
        }
    }
}
