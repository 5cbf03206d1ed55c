import Foundation

/// The `.gitignore` Peel puts in `.peel-cache/`, as pytest, mypy and ruff do in their cache
/// folders: the usual layout (`content/` at a repository's root) put the cache beside it, a routine
/// `git add -A` committed it, and switching branches then stopped at "untracked working tree
/// files would be overwritten".
enum CacheGitIgnore {
    static let name = ".gitignore"
    static let text = "# Made by Peel: its caches are no part of the repository.\n*\n"

    /// Writes the file into `folder` when it is a `.peel-cache` folder (beside the content, or given
    /// as `--cache-dir .peel-cache`) without one; a failure only leaves the cache visible to Git.
    /// `owned`: the folder is a cache Peel claimed (`--cache-dir .peel-cache-ci` at a repository's
    /// root, as the README's CI workflow names it, was committed by `git add -A`); never its parent.
    static func place(in folder: URL, owned: Bool = false) {
        guard owned || folder.lastPathComponent == ".peel-cache" else { return }
        let path = folder.appendingPathComponent(name).path
        guard !FileManager.default.fileExists(atPath: path) else { return }
        try? SafeFile.write(Data(text.utf8), toPath: path, mode: .createOnly)
    }

    /// Whether `name` in `folder` is this file as Peel wrote it.
    static func isPeels(_ name: String, in folder: URL) -> Bool {
        name == Self.name && (try? ContentFile.read(folder.appendingPathComponent(name))) == Data(text.utf8)
    }
}
